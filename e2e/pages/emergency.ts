import { expect, type Locator, type Page } from '@playwright/test';
import { emergencyStrings } from '../../apps/web/src/features/emergency/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';

/** The texts the emergency list shows (the screen's own strings and the spec's messages). */
export const emergencyTexts = { ...MESSAGES_EN_GB, ...emergencyStrings };

/** The emergency contacts list (#/emergency). */
export class EmergencyPage {
  readonly root: Locator;
  readonly children: Locator;
  readonly groups: Locator;
  readonly letters: Locator;
  readonly room: Locator;
  readonly showAll: Locator;
  readonly fetched: Locator;
  readonly notAvailable: Locator;
  readonly offline: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="emergency-page"]');
    this.children = page.locator('[data-qa="emergency-child"]');
    this.groups = page.locator('[data-qa="emergency-group"]');
    this.letters = page.locator('[data-qa="emergency-letter-link"]');
    this.room = page.locator('[data-qa="emergency-room"]');
    this.showAll = page.locator('[data-qa="emergency-show-all"]');
    this.fetched = page.locator('[data-qa="emergency-fetched"]');
    this.notAvailable = page.locator('[data-qa="emergency-not-available"]');
    this.offline = page.locator('[data-qa="emergency-offline"]');
    this.empty = page.locator('[data-qa="emergency-empty"]');
  }

  async open(): Promise<void> {
    await this.page.goto('/#/emergency');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-status', 'loaded', { timeout: 30_000 });
  }

  child(id: number): Locator {
    return this.page.locator(`[data-qa="emergency-child"][data-child-id="${id}"]`);
  }

  group(letter: string): Locator {
    return this.page.locator(`[data-qa="emergency-group"][data-letter="${letter}"]`);
  }

  async chooseRoom(name: string): Promise<void> {
    await this.room.selectOption({ label: name });
  }
}
