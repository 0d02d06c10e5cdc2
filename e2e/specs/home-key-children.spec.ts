import { expect, type Page, test } from '@playwright/test';
import { considerationsStrings } from '../../apps/web/src/features/home/widgets/considerations/strings.ts';
import { keyChildrenStrings } from '../../apps/web/src/features/home/widgets/keyChildren/strings.ts';
import { reportsStrings } from '../../apps/web/src/features/reports/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline, persistedCopy, waitForServiceWorker } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Home's key children and pending considerations, and the last-published-observation report (issue 15;
 * spec 002 §2 Home and Links, §3, §6, §8, §9): the practitioner's key children with recent marks, kept
 * for offline; the manager's pending considerations linking to their events, the 99+ badge; the report
 * with its room filter and pages.
 */
const tx = { ...MESSAGES_EN_GB, ...keyChildrenStrings, ...considerationsStrings, ...reportsStrings };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/home-key-children-${name}.png`, fullPage: true });
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

interface KeyChildrenAnswer {
  children: { id: number; forename: string; surname: string; lastObservationDates: { recent: boolean }[] }[];
}

test.use({ viewport: viewports.tablet });

test('the practitioner sees their key children with recent marks, also offline', async ({
  page,
  context,
}, testInfo) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/');
  const widget = page.locator('[data-qa="widget-key-children"]');
  await expect(widget.locator('[data-qa="key-children-table"]')).toBeVisible({ timeout: 30_000 });
  const answer = (await (
    await page.request.get(`/api/v1/key-children?date=${londonToday()}`)
  ).json()) as KeyChildrenAnswer;
  expect(answer.children.length).toBeGreaterThan(0);
  const rows = widget.locator('[data-qa="key-child"]');
  await expect(rows).toHaveCount(answer.children.length);
  await expect(rows.first().locator('[data-qa="key-child-name"]')).toHaveText(
    `${answer.children[0]!.forename} ${answer.children[0]!.surname}`,
  );
  // Recent marks where the server says so (Development Matters is the first framework shown).
  await expect(widget.locator('[data-qa="key-child-area"][data-recent="true"]').first()).toBeVisible();
  await expect(widget.locator('[data-qa="key-child-area"][data-recent="true"]').first()).toHaveText(
    /^\d{2}\/\d{2}, recent$/,
  );
  await expect(widget.getByRole('columnheader', { name: 'Communication and Language' })).toBeVisible();
  // A practitioner has neither the considerations list nor the report button.
  await expect(page.locator('[data-qa="widget-considerations"]')).toHaveCount(0);
  await expect(page.locator('[data-qa="home-last-published-report"]')).toHaveCount(0);
  await shot(page, 'loaded');
  await expectTouchSized(page, 'home with key children');
  await expectNoSeriousA11yViolations(page, testInfo, 'home-key-children');

  // Kept on the device per day (cache version 2): offline, the table comes back with the info notice.
  await waitForServiceWorker(page);
  await expect
    .poll(async () => /\[\\*"key-children\\*",2,/.test(await persistedCopy(page)), { timeout: 10_000 })
    .toBe(true);
  await goOffline(page, context);
  await page.reload();
  await expect(widget.locator('[data-qa="key-child"]')).toHaveCount(answer.children.length, {
    timeout: 30_000,
  });
  await expect(widget.locator('[data-qa="widget-key-children-offline"]')).toHaveText(
    tx['widget-key-children-offline'],
  );
  await shot(page, 'offline');
  await goOnline(page, context);
});

test('a failed load shows the error with a retry that loads the table', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email);
  let fail = true;
  await page.route('**/api/v1/key-children?*', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"err":{"code":"err-internal","message":"x"}}',
        })
      : route.continue(),
  );
  await page.goto('/');
  const widget = page.locator('[data-qa="widget-key-children"]');
  await expect(widget.locator('[data-qa="widget-key-children-error"]')).toContainText(
    tx['key-children-load-failed'],
    {
      timeout: 30_000,
    },
  );
  await expect(widget.locator('[data-qa="widget-key-children-error"]')).toHaveAttribute('role', 'alert');
  await shot(page, 'error');
  fail = false;
  await widget.locator('[data-qa="widget-key-children-retry"]').click();
  await expect(widget.locator('[data-qa="key-children-table"]')).toBeVisible();
});

test('the manager reviews pending considerations and opens one', async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  const widget = page.locator('[data-qa="widget-considerations"]');
  const items = widget.locator('[data-qa="consideration"]');
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  const res = await page.request.post('/graphql', {
    headers: { 'X-Requested-With': 'nursery' },
    data: { query: '{ pendingConsiderations(limit: 100) { id eventID } }' },
  });
  const list = (await res.json()).data.pendingConsiderations as { eventID: number }[];
  await expect(items).toHaveCount(list.length);
  await expect(widget.locator('[data-qa="considerations-badge"]')).toContainText(
    list.length >= 100 ? '99+' : String(list.length),
  );
  await expect(widget.locator('[data-qa="considerations-first-100"]')).toHaveCount(
    list.length >= 100 ? 1 : 0,
  );
  await shot(page, 'considerations');
  await expectNoSeriousA11yViolations(page, testInfo, 'home-considerations');
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`#/view/${list[0]!.eventID}$`));
});

test("at 100 considerations the badge reads '99+' with the warning", async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const created = new Date().toISOString();
  const hundred = Array.from({ length: 100 }, (_, i) => ({
    id: i + 1,
    status: 'Intervention',
    notes: `Consideration ${i + 1}`,
    visibleToParents: false,
    staffID: null,
    eventID: 1000 + i,
    created,
    child: { id: i + 1, forename: 'Test', surname: `Child ${i + 1}`, hasImage: false },
    staffMember: null,
  }));
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('PendingConsiderations')
      ? route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ data: { pendingConsiderations: hundred } }),
        })
      : route.continue(),
  );
  await page.goto('/');
  const widget = page.locator('[data-qa="widget-considerations"]');
  await expect(widget.locator('[data-qa="considerations-badge"]')).toContainText('99+', { timeout: 30_000 });
  await expect(widget.locator('[data-qa="considerations-first-100"]')).toHaveText(
    tx['considerations-first-100'],
  );
  await expect(widget.locator('[data-qa="consideration"]')).toHaveCount(100);
  await shot(page, 'considerations-99');
});

test('the manager opens the last published observation report, filters by room and shows more', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await page.locator('[data-qa="home-last-published-report"]').click({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/reports\/last-published-observation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx['last-published-title']);
  const rows = page.locator('[data-qa="last-published-child"]');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const config = await (await page.request.get('/api/v1/config')).json();
  const first = await (
    await page.request.get(`/api/v1/reports/last-published-observation?siteID=${config.siteID}`)
  ).json();
  await expect(rows).toHaveCount(first.children.length);
  if (first.next) {
    await page.locator('[data-qa="last-published-more"]').click();
    await expect(rows).toHaveCount(
      first.children.length +
        (
          await (
            await page.request.get(
              `/api/v1/reports/last-published-observation?siteID=${config.siteID}&after=${first.next}`,
            )
          ).json()
        ).children.length,
    );
  }
  await expect(
    page
      .locator('[data-qa="last-published-cell"]')
      .filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ })
      .first(),
  ).toBeVisible();
  await shot(page, 'report');
  // The wide table scrolls in its own box; the page itself never scrolls sideways on a tablet.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await expectTouchSized(page, 'last published observation report');
  await expectNoSeriousA11yViolations(page, testInfo, 'last-published-report');

  // A room: only its children.
  const room = config.sitesByID[String(config.siteID)].rooms[0] as { id: number; name: string };
  await page.locator('[data-qa="last-published-room"]').selectOption({ label: room.name });
  const inRoom = await (
    await page.request.get(
      `/api/v1/reports/last-published-observation?siteID=${config.siteID}&roomID=${room.id}`,
    )
  ).json();
  await expect(rows).toHaveCount(inRoom.children.length);
  await shot(page, 'report-room');
});
