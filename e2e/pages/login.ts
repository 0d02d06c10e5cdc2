import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';

export class LoginPage {
  readonly root: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="login-page"]');
    this.email = page.locator('input[data-qa="login-email"]');
    this.password = page.locator('input[data-qa="login-password"]');
    this.submit = page.locator('[data-qa="login-submit"]');
    this.error = page.locator('[data-qa="login-error"]');
    this.notice = page.locator('[data-qa="login-notice"]');
  }

  async open(): Promise<void> {
    await this.page.goto('/#/login');
    await expect(this.root).toBeVisible();
  }

  /** Types the credentials and submits with Enter, as a keyboard user would. */
  async logIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.password.press('Enter');
  }
}
