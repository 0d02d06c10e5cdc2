import { expect, type Locator, type Page } from '@playwright/test';

export class SitePickerPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="site-picker"]');
  }

  option(siteName: string): Locator {
    return this.root.locator(`[data-site-name="${siteName}"]`);
  }

  async choose(siteName: string): Promise<void> {
    await this.option(siteName).click();
  }
}

export class HomePage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly date: Locator;
  readonly time: Locator;
  readonly siteName: Locator;
  readonly headerSiteName: Locator;
  readonly dueIn: Locator;
  readonly pinPrompt: Locator;
  readonly pin: Locator;
  readonly pinConfirm: Locator;
  readonly pinSave: Locator;
  readonly pinNoThanks: Locator;
  readonly offlineNotice: Locator;
  readonly userMenu: Locator;
  readonly burger: Locator;
  readonly navigation: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="home-page"]');
    this.heading = page.locator('[data-qa="home-heading"]');
    this.date = page.locator('[data-qa="home-date"]');
    this.time = page.locator('[data-qa="home-time"]');
    this.siteName = page.locator('[data-qa="home-site-name"]');
    this.headerSiteName = page.locator('[data-qa="app-header"] [data-qa="current-site-name"]');
    this.dueIn = page.locator('[data-qa="home-due-in"]');
    this.pinPrompt = page.locator('[data-qa="pin-prompt"]');
    this.pin = page.locator('input[data-qa="pin-new"]');
    this.pinConfirm = page.locator('input[data-qa="pin-confirm"]');
    this.pinSave = page.locator('[data-qa="pin-save"]');
    this.pinNoThanks = page.locator('[data-qa="pin-no-thanks"]');
    this.offlineNotice = page.locator('[data-qa="offline-notice"]');
    this.userMenu = page.locator('[data-qa="user-menu"]');
    this.burger = page.locator('[data-qa="nav-burger"]');
    this.navigation = page.locator('[data-qa="main-navigation"]');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.heading).toBeVisible();
  }

  async logOut(): Promise<void> {
    await this.userMenu.click();
    await this.page.locator('[data-qa="logout"]').click();
  }
}
