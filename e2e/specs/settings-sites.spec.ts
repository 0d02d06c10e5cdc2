import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The Sites page (issue 29): the manager's list of sites (search, archived on request), adding a site
 * that then shows in the site switcher's configuration, editing it, a field's refusal shown under the
 * field, rooms (add, edit, archive, a capacity out of range), a session and a closure, and archiving and
 * restoring the site. At 1280, 768 and 390 px wide.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/settings-sites-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

/** A name of this run's own (a retry finds the first try's site). */
const SITE = `Birch House ${Date.now().toString(36).slice(-5)}`;

const rows = (page: Page) => page.locator('[data-qa="sites-row"]');

async function pickFirstOfNextMonth(page: Page, qa: string): Promise<string> {
  await page.locator(`[data-qa="${qa}"]`).click();
  const dropdown = page.locator('.mantine-Popover-dropdown');
  await dropdown.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="next"]').click();
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const label = first.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await dropdown.getByRole('button', { name: label, exact: true }).click();
  await expect(dropdown).toHaveCount(0);
  return `01/${String(first.getUTCMonth() + 1).padStart(2, '0')}/${first.getUTCFullYear()}`;
}

test('the manager adds, edits, archives and restores a site with its rooms, a session and a closure', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings');
  await page.locator('[data-qa="settings-card"][data-card="sites"]').click();
  await expect(page).toHaveURL(/#\/settings\/sites$/);
  await expect(rows(page).filter({ hasText: 'Oak Tree Nursery' })).toHaveCount(1, { timeout: 30_000 });
  await expect(rows(page).filter({ hasText: 'Willow Nursery' })).toHaveCount(1);
  await shot(page, 'list');
  await expectTouchSized(page, 'sites list');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-sites');

  // A taken name is refused under the field.
  await page.locator('[data-qa="sites-new-name"]').fill('oak tree nursery');
  await page.locator('[data-qa="sites-add"]').click();
  await expect(page.getByText('A site with this name already exists.')).toBeVisible();

  await page.locator('[data-qa="sites-new-name"]').fill(SITE);
  await page.locator('[data-qa="sites-add"]').click();
  await expect(page).toHaveURL(/#\/settings\/sites\/\d+$/);
  await expect(page.locator('[data-qa="site-title"]')).toHaveText(SITE);
  // The site switcher's configuration holds the new site.
  const config = (await (await page.request.get('/api/v1/config')).json()) as {
    sitesByID: Record<string, { name: string }>;
  };
  expect(Object.values(config.sitesByID).map((s) => s.name)).toContain(SITE);

  // Edit the details: an address, Saturdays, and a closing time before the opening one refused.
  await page.locator('[data-qa="site-address-line"]').first().fill('2 Birch Lane');
  await page.locator('[data-qa="site-postcode"]').fill('LS2 7EE');
  await page.locator('[data-qa="site-opening-day"][data-day="6"]').check();
  await page.locator('[data-qa="site-closes-at-hours"]').fill('07');
  await page.locator('[data-qa="site-closes-at-minutes"]').fill('00');
  await expect(page.getByText('The site must open before it closes.')).toBeVisible();
  await expect(page.locator('[data-qa="site-save"]')).toBeDisabled();
  await page.locator('[data-qa="site-closes-at-hours"]').fill('17');
  await page.locator('[data-qa="site-closes-at-minutes"]').fill('30');
  await page.locator('[data-qa="site-save"]').click();
  await expect(page.getByText(`Saved ${SITE}.`).last()).toBeVisible();
  await expect(page.locator('[data-qa="site-save"]')).toBeDisabled();

  // Rooms: a capacity out of range is refused under its field; then added, edited and archived.
  await expect(page.locator('[data-qa="site-rooms-empty"]')).toBeVisible();
  const addRoom = page.locator('[data-qa="room-add-form"]');
  await addRoom.locator('[data-qa="room-name"]').fill('Saplings');
  await addRoom.locator('[data-qa="room-capacity"]').fill('250');
  await addRoom.locator('[data-qa="room-age-from"]').fill('0');
  await addRoom.locator('[data-qa="room-age-to"]').fill('24');
  await page.locator('[data-qa="room-add"]').click();
  await expect(addRoom.getByText('A room holds from 1 to 200 children.')).toBeVisible();
  await addRoom.locator('[data-qa="room-capacity"]').fill('12');
  await page.locator('[data-qa="room-add"]').click();
  const room = page.locator('[data-qa="site-room"][data-room="Saplings"]');
  await expect(room).toContainText('Capacity 12 · 0–24 months · 0 children');
  await room.getByRole('button').first().click();
  await room.locator('[data-qa="room-capacity"]').fill('14');
  await room.locator('[data-qa="room-save"]').click();
  await expect(room).toContainText('Capacity 14');

  // A session within the opening hours, and a closure on the first of next month.
  await page.locator('[data-qa="session-name"]').last().fill('Morning');
  await page.locator('[data-qa="session-end-hours"]').last().fill('13');
  await page.locator('[data-qa="session-end-minutes"]').last().fill('00');
  await page.locator('[data-qa="session-add"]').click();
  await expect(page.locator('[data-qa="site-session"][data-session="Morning"]')).toBeVisible();
  const firstDay = await pickFirstOfNextMonth(page, 'closure-from');
  await page.locator('[data-qa="closure-reason"]').fill('Training day');
  await page.locator('[data-qa="closure-add"]').click();
  const closure = page.locator('[data-qa="site-closure"][data-reason="Training day"]');
  await expect(closure).toContainText(firstDay);
  await shot(page, 'site');
  await expectTouchSized(page, 'site page');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-site');

  // Archive the room, after a confirmation: hidden unless archived rooms are shown.
  await room.locator('[data-qa="room-archive"]').click();
  await page.locator('[data-qa="room-archive-confirm"]').click();
  await expect(page.getByText('Archived Saplings.').last()).toBeVisible();
  await expect(room).toHaveCount(0);
  await page.locator('[data-qa="site-rooms-show-archived"]').check();
  await expect(room).toContainText('Archived');

  // Archive the site: it leaves the list until archived sites are shown, and is restored from its page.
  await page.locator('[data-qa="site-archive"]').click();
  await page.locator('[data-qa="site-archive-confirm"]').click();
  await expect(page.locator('[data-qa="site-archived-notice"]')).toBeVisible();
  await page.locator('[data-qa="site-back"]').click();
  await page.locator('[data-qa="sites-search"]').fill(SITE);
  await expect(page.locator('[data-qa="sites-empty"]')).toBeVisible();
  await page.locator('[data-qa="sites-show-archived"]').check();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('[data-qa="sites-archived-badge"]')).toBeVisible();
  await rows(page).first().locator('[data-qa="sites-open"]').click();
  await page.locator('[data-qa="site-restore"]').click();
  await expect(page.getByText(`Restored ${SITE}.`).last()).toBeVisible();
  await expect(page.locator('[data-qa="site-archived-notice"]')).toHaveCount(0);
});

test('a site with children cannot be archived; the pages work at 768 and 390 px', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings/sites');
  const oak = rows(page).filter({ hasText: 'Oak Tree Nursery' });
  await oak.locator('[data-qa="sites-open"]').click({ timeout: 30_000 });
  await expect(page.locator('[data-qa="site-title"]')).toHaveText('Oak Tree Nursery');
  await page.locator('[data-qa="site-archive"]').click();
  await page.locator('[data-qa="site-archive-confirm"]').click();
  await expect(
    page.getByText('Children are still at this site: move them or set their leaving date first.'),
  ).toBeVisible();

  for (const [name, width] of [
    ['768', 768],
    ['390', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/#/settings/sites');
    await expect(oak).toHaveCount(1, { timeout: 30_000 });
    await shot(page, `list-${name}`);
    await expectTouchSized(page, `sites list at ${name}`);
    await oak.locator('[data-qa="sites-open"]').click();
    await expect(page.locator('[data-qa="site-title"]')).toBeVisible();
    await shot(page, `site-${name}`);
    await expectTouchSized(page, `site page at ${name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scrolling at ${name}`).toBeLessThanOrEqual(0);
  }
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-site-phone');
});

test('a practitioner without settingsSites has no Sites card and the page says so', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/settings');
  await expect(page.locator('[data-qa="settings-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="settings-card"][data-card="sites"]')).toHaveCount(0);
  await page.goto('/#/settings/sites');
  await expect(page.locator('[data-qa="sites-no-access"]')).toBeVisible();
});

test.describe('offline', () => {
  // No service worker: an API answer it serves from its cache would tell the page it is online again.
  test.use({ serviceWorkers: 'block' });

  test('offline a site’s page says so, keeps what was typed and adds the room once back online', async ({
    page,
    context,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/#/settings/sites');
    await rows(page)
      .filter({ hasText: 'Willow Nursery' })
      .locator('[data-qa="sites-open"]')
      .click({ timeout: 30_000 });
    await expect(page.locator('[data-qa="site-title"]')).toHaveText('Willow Nursery');
    await goOffline(page, context);
    await expect(page.locator('[data-qa="site-offline-notice"]')).toHaveText(
      'You are offline. Managing sites needs a connection; what you type is kept until you are back online.',
    );
    const name = `Conkers ${Date.now().toString(36).slice(-4)}`;
    const addRoom = page.locator('[data-qa="room-add-form"]');
    await addRoom.locator('[data-qa="room-name"]').fill(name);
    await addRoom.locator('[data-qa="room-capacity"]').fill('10');
    await addRoom.locator('[data-qa="room-age-from"]').fill('24');
    await addRoom.locator('[data-qa="room-age-to"]').fill('36');
    await expect(page.locator('[data-qa="room-add"]')).toBeDisabled();
    await goOnline(page, context);
    await expect(page.locator('[data-qa="room-add"]')).toBeEnabled({ timeout: 30_000 });
    await expect(addRoom.locator('[data-qa="room-name"]')).toHaveValue(name);
    await page.locator('[data-qa="room-add"]').click();
    await expect(page.locator(`[data-qa="site-room"][data-room="${name}"]`)).toContainText(
      'Capacity 10 · 24–36 months',
    );
  });
});
