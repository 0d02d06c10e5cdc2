import { expect, type Locator, type Page } from '@playwright/test';
import { childPageStrings } from '../../apps/web/src/features/child/strings.ts';
import { registerStrings } from '../../apps/web/src/features/register/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';

/** The texts the signature screens show (the spec's messages and the screens' labels). */
export const signatureTexts = { ...MESSAGES_EN_GB, ...registerStrings, ...childPageStrings };

/** The signature dialog opened from the register's side panel. */
export class SignatureDialog {
  readonly contacts: Locator;
  readonly pad: Locator;
  readonly confirm: Locator;
  readonly noContacts: Locator;
  readonly unsignedAccidents: Locator;

  constructor(readonly page: Page) {
    this.contacts = page.locator('[data-qa="signature-contact"]');
    this.pad = page.locator('canvas[data-qa="signature-pad"]');
    this.confirm = page.locator('[data-qa="signature-confirm"]');
    this.noContacts = page.locator('[data-qa="signature-no-contacts"]');
    this.unsignedAccidents = page.locator('[data-qa="signature-unsigned-accidents"]');
  }

  /** Draws a squiggle across the pad with the mouse. */
  async draw(): Promise<void> {
    await expect(this.pad).toBeVisible();
    const box = (await this.pad.boundingBox())!;
    const { page } = this;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -40 : 40), { steps: 3 });
    }
    await page.mouse.up();
  }

  /** Chooses the first contact, draws and confirms (confirm is enabled only after both). */
  async signWithFirstContact(): Promise<void> {
    await expect(this.confirm).toBeDisabled();
    await this.contacts.first().click();
    await expect(this.contacts.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(this.confirm).toBeDisabled();
    await this.draw();
    await expect(this.confirm).toBeEnabled();
    await this.confirm.click();
  }
}

/** The child page (#/child/{childID}). */
export class ChildPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly bookings: Locator;
  readonly signatureImages: Locator;
  readonly reminders: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="child-page"]');
    this.title = page.locator('[data-qa="child-page-title"]');
    this.bookings = page.locator('[data-qa="child-booking"]');
    this.signatureImages = page.locator('img[data-qa="child-signature-image"]');
    this.reminders = page.locator('[data-qa="child-reminder"]');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-status', 'loaded');
  }
}
