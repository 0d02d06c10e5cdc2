import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The staff page (issue 29), #/staff/{id}: every author link of a drafts card leads to it; it is titled
 * with the member's forename and surname and lists their key children as tiles that open the child page.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/staff-page-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

test('a drafts card’s author link opens the staff page; its key children open the child page', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/draft');
  const author = page.locator('[data-qa="draft-card-author-link"]').first();
  await expect(author).toBeVisible({ timeout: 30_000 });
  const name = (await author.textContent())!.trim();
  await author.click();
  await expect(page).toHaveURL(/#\/staff\/\d+$/);
  await expect(page.locator('[data-qa="staff-page-name"]')).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^${name} – `));

  // The practitioner's own page: she is a key person at Oak Tree (DEMO.md).
  const config = await (await page.request.get('/api/v1/config')).json();
  await page.goto(`/#/staff/${config.me.staffID}`);
  await expect(page.locator('[data-qa="staff-page-name"]')).toHaveText(demoUsers.practitioner.name);
  const tiles = page.locator('[data-qa="staff-page-child"]');
  await expect(tiles.first()).toBeVisible();
  await expect(tiles.first()).toContainText(/\d+y \d+m|\d+m/);
  await shot(page, 'practitioner');
  await expectTouchSized(page, 'staff page');
  await expectNoSeriousA11yViolations(page, testInfo, 'staff-page');
  const childID = await tiles.first().getAttribute('data-child-id');
  await tiles.first().click();
  await expect(page).toHaveURL(new RegExp(`#/child/${childID}$`));

  // An id of nobody the user may see says so.
  await page.goto('/#/staff/2147483647');
  await expect(page.locator('[data-qa="staff-page-not-found"]')).toBeVisible();
});
