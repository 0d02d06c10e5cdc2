import { expect, type Locator, type Page } from '@playwright/test';

/** The sync screen (#/sync). */
export class SyncPage {
  readonly button: Locator;
  readonly items: Locator;
  readonly offline: Locator;
  readonly conflictModal: Locator;

  constructor(readonly page: Page) {
    this.button = page.locator('[data-qa="sync-button"]');
    this.items = page.locator('[data-qa="sync-item"]');
    this.offline = page.locator('[data-qa="sync-offline"]');
    this.conflictModal = page.locator('.mantine-Modal-content').filter({ hasText: 'Conflicting changes' });
  }

  async open(): Promise<void> {
    await this.page.goto('/#/sync');
    await expect(this.page.locator('[data-qa="sync-page"]')).toBeVisible();
  }

  count(which: 'to-upload' | 'error' | 'finished'): Locator {
    return this.page.locator(`[data-qa="sync-count-${which}"] [data-qa="sync-count-value"]`);
  }

  item(title: string | RegExp): Locator {
    return this.items.filter({ hasText: title });
  }

  /** Starts a sync unless an automatic retry already did (the button is then disabled). */
  async syncIfIdle(): Promise<void> {
    await this.button.click({ timeout: 3_000 }).catch(() => undefined);
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screens/sync-${name}.png`, fullPage: true });
  }
}
