import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { closeToasts } from '../pages/toasts';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The settings' Children page and the Bookings page (issue 29): the list (search, filters, paging), a
 * child added with a field error shown under its field first, edited, given a booking pattern the
 * register then shows, archived after a confirmation (hidden from the current list, shown under
 * Archived) and restored; the Bookings page with the spec's placeholder parts; the no-access page.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/settings-children-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const surname = `Testwood${Date.now().toString(36).slice(-4)}`;

async function chooseOption(page: Page, qa: string, option: RegExp | string) {
  await page.locator(`[data-qa="${qa}"]`).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('the manager lists, adds, edits, books, archives and restores a child', async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings');
  await page.locator('[data-qa="settings-card"][data-card="children"]').click();
  await expect(page).toHaveURL(/#\/settings\/children$/);
  const rows = page.locator('[data-qa="children-admin-row"]');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="children-admin-count"]')).toHaveText(/children shown/);
  await shot(page, 'list');
  await expectTouchSized(page, 'children list');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-children-list');
  // Search narrows the list to the matching names.
  const first = (await rows.first().getByRole('link').textContent())!.trim();
  await page.locator('[data-qa="children-admin-search"]').fill(first.split(' ')[1]!);
  await expect(rows.first()).toContainText(first.split(' ')[1]!);

  // Add: a date of birth in the future is refused under its field before anything is sent.
  await page.locator('[data-qa="children-admin-add"]').click();
  await expect(page).toHaveURL(/#\/settings\/children\/new$/);
  await page.locator('[data-qa="child-record-forename"]').fill('Poppy');
  await page.locator('[data-qa="child-record-surname"]').fill(surname);
  await page.locator('[data-qa="child-record-dob"]').fill(isoDay(3));
  await page.locator('[data-qa="child-record-start"]').fill(isoDay(-7));
  await chooseOption(page, 'child-record-room', /^(?!No room)/);
  await page.locator('[data-qa="child-record-allergies"]').fill('Sesame');
  await page.locator('[data-qa="child-record-save"]').click();
  await expect(page.getByText('Future dates are not allowed.')).toBeVisible();
  await shot(page, 'field-error');
  await page.locator('[data-qa="child-record-dob"]').fill('2024-03-14');
  await page.locator('[data-qa="child-record-save"]').click();
  await expect(page.getByText(`Added Poppy ${surname}.`)).toBeVisible();
  await expect(page).toHaveURL(/#\/settings\/children\/\d+$/);
  const childID = Number(page.url().split('/').pop());
  await expect(page.locator('[data-qa="child-record-title"]')).toHaveText(`Poppy ${surname}`);

  // Edit.
  await page.locator('[data-qa="child-record-forename"]').fill('Poppie');
  await page.locator('[data-qa="child-record-send"]').check();
  await page.locator('[data-qa="child-record-save"]').click();
  await expect(page.getByText(`Saved Poppie ${surname}.`)).toBeVisible();

  // A booking pattern every day of the week: the child is in today's register.
  await chooseOption(page, 'booking-pattern-session', /./);
  for (const day of [1, 2, 3, 4, 5, 6, 7])
    await page.locator(`[data-qa="booking-pattern-day-${day}"]`).check();
  await page.locator('[data-qa="booking-pattern-add"]').click();
  await expect(page.locator('[data-qa="booking-pattern"]')).toHaveCount(1);
  await expect(page.locator('[data-qa="booking-pattern-status"]')).toHaveText('Active');
  await shot(page, 'child');
  await expectTouchSized(page, 'child page');
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-children-child');
  const options = await (await page.request.get('/api/v1/settings/children/options')).json();
  const oak = options.sites.find((s: { name: string }) => s.name === demoSites.oakTree).id;
  const register = await (await page.request.get(`/api/v1/sites/${oak}/registers`)).json();
  expect(register.children.map((c: { id: number }) => c.id)).toContain(childID);

  // Edit the pattern: every other week from now on.
  await page.locator('[data-qa="booking-pattern-edit"]').click();
  await expect(page.locator('[data-qa="booking-pattern-editing"]')).toBeVisible();
  await chooseOption(page, 'booking-pattern-interval', 'Every 2 weeks');
  await page.locator('[data-qa="booking-pattern-add"]').click();
  await expect(page.getByText('Booking pattern saved.')).toBeVisible();
  await expect(page.locator('[data-qa="booking-pattern"]')).toContainText('every 2 weeks');

  // The phone.
  await page.setViewportSize(viewports.phone);
  await shot(page, 'child-phone');
  await page.goto('/#/settings/children');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'list-phone');
  await page.setViewportSize(viewports.tablet);

  // The Bookings page: nothing until a child is chosen, then the child's real patterns.
  await page.goto('/#/bookings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bookings');
  await expect(page.locator('[data-qa="bookings-note"]')).toHaveText(
    'Bookings will be moved to the Children area.',
  );
  await expect(page.locator('[data-qa="bookings-select-child"]')).toHaveText(
    'You need to select a child before you can view bookings.',
  );
  await page.locator('[data-qa="bookings-child"]').fill(surname);
  await page.getByRole('option', { name: `Poppie ${surname}` }).click();
  await expect(page.locator('[data-qa="bookings-patterns"] [data-qa="booking-pattern"]')).toHaveCount(1);
  await expect(page.locator('[data-qa="bookings-add-ad-hoc"]')).toContainText('Coming soon');
  await expect(page.locator('[data-qa="bookings-add-ad-hoc"]')).toBeDisabled();
  await page.locator('[data-qa="bookings-manage"]').click();
  await expect(page.locator('[data-qa="bookings-confirm"]')).toBeDisabled();
  // The drawer slides in (200 ms): the picture is taken once it is open.
  await page.waitForTimeout(400);
  await shot(page, 'bookings-drawer');
  await page.locator('[data-qa="bookings-discard"]').click();
  await expect(page.locator('[data-qa="bookings-confirm"]')).toBeHidden();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'bookings-page');

  // Archive after a confirmation: gone from the current list, shown under Archived, restored.
  await page.goto(`/#/settings/children/${childID}`);
  await page.locator('[data-qa="child-record-archive"]').click();
  await page.locator('[data-qa="child-record-archive-confirm"]').click();
  await expect(page.locator('[data-qa="child-record-archived"]')).toBeVisible();
  await page.goto('/#/settings/children');
  await page.locator('[data-qa="children-admin-search"]').fill(surname);
  await expect(page.locator('[data-qa="children-admin-empty"]')).toBeVisible();
  await page.locator('[data-qa="children-admin-status"]').selectOption('archived');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();
  await page.locator('[data-qa="child-record-restore"]').click();
  await expect(page.getByText(`Restored Poppie ${surname}.`)).toBeVisible();
  await expect(page.locator('[data-qa="child-record-save"]')).toBeVisible();
});

test('without settingsChildren the pages say there is no access', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/bookings');
  await expect(page.locator('[data-qa="bookings-no-access"]')).toBeVisible({ timeout: 30_000 });
  await page.goto('/#/settings/children');
  await expect(page.locator('[data-qa="children-admin-no-access"]')).toBeVisible();
});

test.describe('offline', () => {
  // No service worker: an API answer it serves from its cache would tell the page it is online again.
  test.use({ serviceWorkers: 'block' });

  test('offline a new child says it needs a connection, keeps what was typed and adds once back online', async ({
    page,
    context,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/#/settings/children/new');
    await expect(page.locator('[data-qa="child-record-site"]')).toHaveValue(demoSites.oakTree, {
      timeout: 30_000,
    });
    await goOffline(page, context);
    // The device's preparation may have had an answer in flight, which marks the app online again:
    // the browser's 'offline' signal is repeated until the page shows it has taken it.
    const notice = page.locator('[data-qa="children-admin-offline"]');
    await expect
      .poll(async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('offline')));
        return notice.isVisible();
      })
      .toBe(true);
    await expect(notice).toHaveText(
      'You are offline. Managing children needs a connection; what you type is kept until you are back online.',
    );
    const name = `Offline${Date.now().toString(36).slice(-4)}`;
    await page.locator('[data-qa="child-record-forename"]').fill('Ivy');
    await page.locator('[data-qa="child-record-surname"]').fill(name);
    await page.locator('[data-qa="child-record-dob"]').fill('2024-05-01');
    await page.locator('[data-qa="child-record-start"]').fill('2025-01-06');
    await expect(page.locator('[data-qa="child-record-save"]')).toBeDisabled();
    await goOnline(page, context);
    await expect(page.locator('[data-qa="child-record-save"]')).toBeEnabled({ timeout: 30_000 });
    await expect(page.locator('[data-qa="child-record-surname"]')).toHaveValue(name);
    await page.locator('[data-qa="child-record-save"]').click();
    await expect(page.getByText(`Added Ivy ${name}.`)).toBeVisible();
  });
});
