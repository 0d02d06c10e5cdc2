import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The record audit trail (issue 26), #/audit: the manager reads one event of a child 55 times (55
 * read rows), opens the screen from the navigation, filters by the child and by herself, pages (50,
 * then 'Show more' to 55), and downloads the CSV of the same filters. The practitioner has no entry.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/audit-trail-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

/** Opens a date picker, goes back a month and picks its 1st; answers the date as shown (DD/MM/YYYY). */
async function pickFirstOfLastMonth(page: Page, qa: string): Promise<string> {
  await page.locator(`[data-qa="${qa}"]`).click();
  const dropdown = page.locator('.mantine-Popover-dropdown');
  await dropdown.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="previous"]').click();
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const label = first.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await dropdown.getByRole('button', { name: label, exact: true }).click();
  await expect(dropdown).toHaveCount(0);
  const mm = String(first.getUTCMonth() + 1).padStart(2, '0');
  return `01/${mm}/${first.getUTCFullYear()}`;
}

test('the manager filters the audit trail by child and staff member, pages it and downloads the CSV', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const config = await (await page.request.get('/api/v1/config')).json();
  const list = await (await page.request.get(`/api/v2/events?siteID=${config.siteID}&limit=25`)).json();
  const event = (list.events as { id: number; childID: number | null }[]).find((e) => e.childID !== null)!;
  const childID = event.childID!;
  const staffID = config.me.staffID as number;
  for (let i = 0; i < 55; i++) expect((await page.request.get(`/api/v2/events/${event.id}`)).ok()).toBe(true);
  const filtered = `childID=${childID}&staffID=${staffID}`;
  // Read rows are written in batches (every 200 ms): wait until all 55 are there.
  await expect
    .poll(async () => {
      const csv = await (await page.request.get(`/api/v1/audit.csv?${filtered}`)).text();
      return csv.split('\r\n').filter((l) => l.includes(`,read,event,${event.id},`)).length;
    })
    .toBeGreaterThanOrEqual(55);
  const expected =
    (await (await page.request.get(`/api/v1/audit.csv?${filtered}`)).text()).trimEnd().split('\r\n').length -
    1;

  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-qa="nav-audit"]').first().click();
  await expect(page).toHaveURL(/#\/audit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail');
  await expect(page.locator('[data-qa="audit-entry"]')).toHaveCount(50);

  await page.locator('[data-qa="audit-child"]').selectOption(String(childID));
  await page.locator('[data-qa="audit-staff"]').selectOption(String(staffID));
  const rows = page.locator('[data-qa="audit-entry"]');
  await expect(rows).toHaveCount(50);
  // Newest first: the screens opened since (Home's lists) read this child's events too.
  const mine = rows.filter({ hasText: `#${event.id}` }).first();
  await expect(mine).toContainText(demoUsers.manager.name);
  await expect(mine).toContainText('Read');
  await expect(page.locator('[data-qa="audit-count"]')).toHaveText('Showing 50 entries');
  await shot(page, 'filtered');
  await expectTouchSized(page, 'audit trail');
  await expectNoSeriousA11yViolations(page, testInfo, 'audit-trail');

  // The next page by cursor.
  await page.locator('[data-qa="audit-more"]').click();
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(Math.min(expected, 100));
  await expect.poll(() => rows.count()).toBeGreaterThan(50);

  // The CSV of the same filters.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-qa="audit-export"]').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,at,operation,recordType,recordID,childID,staffID,userID,staffName,childName');
  expect(lines.length - 1).toBeGreaterThanOrEqual(expected);
  expect(lines.slice(1).every((l) => l.split(',')[5] === String(childID))).toBe(true);

  // A range of days with nothing in it (the 1st of last month, before this test's reads): the empty
  // state. The pickers show DD/MM/YYYY whatever the browser's language.
  const firstOfLastMonth = await pickFirstOfLastMonth(page, 'audit-from');
  await pickFirstOfLastMonth(page, 'audit-to');
  await expect(page.locator('[data-qa="audit-from"]')).toHaveText(firstOfLastMonth);
  await expect(page.locator('[data-qa="audit-empty"]')).toBeVisible();
  await expectTouchSized(page, 'audit trail with dates');
  await shot(page, 'empty');
  // Clearing the dates brings the rows back.
  await page.getByRole('button', { name: 'From: clear' }).click();
  await page.getByRole('button', { name: 'To: clear' }).click();
  await expect(page.locator('[data-qa="audit-entry"]').first()).toBeVisible();
});

test('the practitioner has no audit trail entry and the screen says so', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="nav-audit"]')).toHaveCount(0);
  await page.goto('/#/audit');
  await expect(page.locator('[data-qa="audit-no-access"]')).toBeVisible();
});
