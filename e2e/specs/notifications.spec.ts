import { expect, type Page, test } from '@playwright/test';
import { notificationsStrings as tx } from '../../apps/web/src/features/notifications/strings.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Notifications (spec 002 §2 "Notifications page", Profile "notification settings", §6, §7): the
 * practitioner reads a notification (it becomes read, the counts drop), filters by type, changes a
 * setting (saving, saved), sees a disabled method with its reason; offline, empty and error states.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/notifications-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

const unreadOf = async (page: Page) =>
  Number(await page.locator('[data-qa="notifications-unread-count"]').getAttribute('data-count'));

test('the practitioner reads a notification: it becomes read and the unread counts drop', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  const navBadge = page.locator('[data-qa="nav-notifications-unread"]').first();
  await expect(navBadge).toBeVisible();
  const navBefore = Number(await navBadge.getAttribute('data-count'));
  expect(navBefore).toBeGreaterThan(0);
  await page.locator('[data-qa="nav-notifications"]').first().click();
  await expect(page).toHaveURL(/#\/notifications$/);
  const root = page.locator('[data-qa="notifications-page"]');
  await expect(root).toHaveAttribute('data-status', 'success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx['notifications-title']);
  const before = await unreadOf(page);
  expect(before).toBe(navBefore);
  const unread = page.locator('[data-qa="notification"][data-read="false"]').first();
  const id = await unread.getAttribute('data-id');
  await expect(unread.locator('[data-qa="notification-state"]')).toHaveText(tx['notifications-unread']);
  await shot(page, 'loaded');
  await expectTouchSized(page, 'notifications list');
  await expectNoSeriousA11yViolations(page, testInfo, 'notifications');

  await unread.locator('[data-qa="notification-mark-read"]').click();
  const row = page.locator(`[data-qa="notification"][data-id="${id}"]`);
  await expect(row).toHaveAttribute('data-read', 'true');
  await expect(row.locator('[data-qa="notification-state"]')).toHaveText(tx['notifications-read']);
  await expect(row.locator('[data-qa="notification-mark-read"]')).toHaveCount(0);
  await expect(page.locator('[data-qa="notifications-unread-count"]')).toHaveAttribute(
    'data-count',
    String(before - 1),
  );
  if (before - 1 > 0) await expect(navBadge).toHaveAttribute('data-count', String(before - 1));
  else await expect(navBadge).toHaveCount(0);
  // The server holds it read.
  const page1 = await page.request.post('/graphql', {
    headers: { 'X-Requested-With': 'nursery' },
    data: { query: '{ notifications(limit: 100) { items { id read } unreadCount } }' },
  });
  const body = await page1.json();
  expect(body.data.notifications.items.find((n: { id: number }) => String(n.id) === id).read).toBe(true);
  expect(body.data.notifications.unreadCount).toBe(before - 1);

  // The filter by type: only that type's notifications, or the empty state.
  await page.locator('[data-qa="notifications-type"]').selectOption('in-app-message');
  await expect(root).toHaveAttribute('data-status', 'success');
  await expect(page.locator('[data-qa="notification"]').first()).toHaveAttribute(
    'data-name',
    'in-app-message',
  );
  await expect(page.locator('[data-qa="notification"]:not([data-name="in-app-message"])')).toHaveCount(0);
  await page.locator('[data-qa="notifications-type"]').selectOption('event-published');
  await expect(
    page
      .locator('[data-qa="notifications-empty"], [data-qa="notification"][data-name="event-published"]')
      .first(),
  ).toBeVisible();
  await shot(page, 'filtered');
});

test('the practitioner changes a notification setting; a method she may not choose is disabled with its reason', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/#/notifications/settings');
  const root = page.locator('[data-qa="notification-settings-page"]');
  await expect(root).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  // Booking requests do not offer push: disabled, with the reason under the type's name.
  const booking = page.locator('[data-qa="notification-type"][data-code="booking-request"]');
  await expect(booking.locator('[data-qa="notification-method"][data-method="4"]')).toBeDisabled();
  await expect(booking.locator('[data-qa="notification-reason"][data-reason="not-offered"]')).toHaveText(
    tx['notification-settings-reason-not-offered'],
  );
  await expectTouchSized(page, 'notification settings');
  await expectNoSeriousA11yViolations(page, testInfo, 'notification settings');

  const save = page.locator('[data-qa="notification-settings-save"]');
  await expect(save).toBeDisabled();
  const email = page
    .locator('[data-qa="notification-type"][data-code="in-app-message"]')
    .locator('[data-qa="notification-method"][data-method="1"]');
  const wasOn = await email.isChecked();
  await email.click();
  await expect(email).toBeChecked({ checked: !wasOn });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.locator('[data-qa="save-icon"]')).toHaveAttribute('data-state', 'saved');
  await shot(page, 'saved');
  await expect(page.locator('[data-qa="save-icon"]')).toHaveAttribute('data-state', 'idle', {
    timeout: 10_000,
  });
  await expect(save).toBeDisabled();
  // Stored: the config call answers the new choice, and it is there after a reload.
  const config = await (await page.request.get('/api/v1/notifications/config')).json();
  const stored = config.types.find((x: { code: string }) => x.code === 'in-app-message')
    .methodIDs as number[];
  expect(stored.includes(1)).toBe(!wasOn);
  await page.reload();
  await expect(root).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(email).toBeChecked({ checked: !wasOn });
});

test('offline, the list is the copy last fetched and marking as read waits for a connection', async ({
  page,
  context,
}) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/notifications');
  const root = page.locator('[data-qa="notifications-page"]');
  await expect(root).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await goOffline(page, context);
  await expect(page.locator('[data-qa="notifications-offline"]')).toHaveText(tx['notifications-offline']);
  await expect(page.locator('[data-qa="notification"]').first()).toBeVisible();
  const markRead = page.locator('[data-qa="notification-mark-read"]');
  if ((await markRead.count()) > 0) await expect(markRead.first()).toBeDisabled();
  await shot(page, 'offline');
  await goOnline(page, context);
});

test('an empty list and a failed load (with retry) have their own states', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  // The manager has no key children: no 'Events published' notification is hers.
  await page.goto('/#/notifications');
  const root = page.locator('[data-qa="notifications-page"]');
  await expect(root).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await page.locator('[data-qa="notifications-type"]').selectOption('event-published');
  await expect(page.locator('[data-qa="notifications-empty"]')).toHaveText(tx['notifications-empty-type']);
  await shot(page, 'empty');

  let fail = true;
  await page.route('**/graphql', async (route) => {
    const text = route.request().postData() ?? '';
    if (fail && text.includes('query Notifications')) return route.fulfill({ status: 500, body: '{}' });
    return route.continue();
  });
  await page.locator('[data-qa="notifications-type"]').selectOption('in-app-message');
  await expect(page.locator('[data-qa="notifications-error"]')).toContainText(
    tx['notifications-load-failed'],
    {
      timeout: 30_000,
    },
  );
  await shot(page, 'error');
  fail = false;
  await page.locator('[data-qa="notifications-retry"]').click();
  await expect(page.locator('[data-qa="notification"]').first()).toBeVisible();
});
