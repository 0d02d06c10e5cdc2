import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { logInByApi } from '../pages/session';

const SHOTS = '.tmp/shots';

async function openTimeline(page: Page, query = ''): Promise<void> {
  await page.goto(`/#/events${query}`);
  await expect(page.locator('[data-qa="timeline-page"]')).toBeVisible();
  await expect(page.locator('[data-qa="timeline-card"]').first()).toBeVisible();
}

test.describe('events timeline', () => {
  test('lists the site events grouped by day, newest first', async ({ page }, testInfo) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.setViewportSize({ width: 1024, height: 900 });
    await openTimeline(page);
    await expect(page.locator('[data-qa="nav-events"]')).toHaveAttribute('aria-current', 'page');
    const headings = await page.locator('[data-qa="timeline-day"]').allTextContents();
    expect(headings.length).toBeGreaterThan(0);
    for (const h of headings) expect(h).toMatch(/^[A-Z][a-z]+day \d{2}\/\d{2}\/\d{4}$/);
    await page.screenshot({ path: `${SHOTS}/timeline-1024.png` });
    await expectNoSeriousA11yViolations(page, testInfo, 'timeline');
  });
});
