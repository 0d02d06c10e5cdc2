import type { Page } from '@playwright/test';

/**
 * Closes the notifications a save left, as a user would (axe would measure one fading in mid-animation;
 * a screenshot should show the page). A toast may close by itself (its timer) while it is being clicked:
 * the click then has nothing to wait for, so each is given 5 s and the count is read again.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  for (let attempt = 0; attempt < 20 && (await toasts.count()) > 0; attempt++) {
    await toasts
      .first()
      .locator('button')
      .click({ timeout: 5_000 })
      .catch(() => {});
    await page.waitForTimeout(300);
  }
}
