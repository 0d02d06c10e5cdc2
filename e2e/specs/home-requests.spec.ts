import { expect, type Page, test } from '@playwright/test';
import { requestsStrings } from '../../apps/web/src/features/home/widgets/requests/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Home's requests widget (issue 15; spec 002 §4 Requests, §5, §6, §8): the manager approves a booking
 * request with a mark-off category (the register then shows the session off), declines a change
 * request, sees her own request refused, and the widget's empty, error and offline states.
 */
const tx = { ...MESSAGES_EN_GB, ...requestsStrings };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/home-requests-${name}.png`, fullPage: true });

interface BookingAnswer {
  siteID: number;
  requests: { id: number; date: string; comboID: number; child: { id: number } }[];
  markOffCategories: { id: number; value: string }[];
}
interface ListItem {
  id: number;
  personID?: number;
  permittedActions: { approve: boolean; reason: string | null };
}

test.use({ viewport: viewports.tablet });

async function openHome(page: Page) {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  const widget = page.locator('[data-qa="home-requests"]');
  await expect(widget).toBeVisible({ timeout: 30_000 });
  await expect(widget.getByRole('heading', { level: 2 })).toHaveText(tx['widget-requests-title']);
  return widget;
}

test('the manager approves a booking request with a category; her own requests are refused', async ({
  page,
}, testInfo) => {
  const widget = await openHome(page);
  const bookings = (await (await page.request.get('/api/v1/booking-requests')).json()) as BookingAnswer;
  expect(bookings.requests.length).toBeGreaterThan(0);
  const request = bookings.requests[0]!;
  const card = widget.locator(`[data-qa="booking-request"][data-request-id="${request.id}"]`);
  await expect(card).toBeVisible();
  await expect(widget.locator('[data-qa="booking-request"]')).toHaveCount(bookings.requests.length);
  // Sections by permission: the manager has them all, each loaded.
  for (const section of ['bookings', 'changes', 'gdpr'])
    await expect(widget.locator(`[data-qa="requests-${section}"] li`).first()).toBeVisible();

  // Her own GDPR request: approve disabled, the reason beside it.
  const gdpr = (await (await page.request.get('/api/v1/gdpr-erasure-requests')).json())
    .requests as ListItem[];
  const own = gdpr.find((r) => r.permittedActions.reason === 'cannot-approve-own-request')!;
  const ownCard = widget.locator(`[data-qa="gdpr-request"][data-request-id="${own.id}"]`);
  await expect(ownCard.locator('[data-qa="gdpr-request-approve"]')).toBeDisabled();
  await expect(ownCard.locator('[data-qa="request-refusal"]')).toHaveText(tx['cannot-approve-own-request']);
  // The contact whose details a third-party system manages.
  const changes = (await (await page.request.get('/api/v1/change-requests')).json()).requests as ListItem[];
  const managed = changes.find((r) => r.permittedActions.reason === 'third-party-managed-details')!;
  const managedCard = widget.locator(`[data-qa="change-request"][data-request-id="${managed.id}"]`);
  await expect(managedCard.locator('[data-qa="change-request-approve"]')).toBeDisabled();
  await expect(managedCard.locator('[data-qa="change-request-decline"]')).toBeEnabled();
  await expect(managedCard.locator('[data-qa="request-refusal"]')).toHaveText(
    tx['third-party-managed-details'],
  );
  await shot(page, 'loaded');
  await expectTouchSized(page, 'home requests');
  await expectNoSeriousA11yViolations(page, testInfo, 'home-requests');

  // Approving needs a category.
  await card.locator('[data-qa="booking-request-approve"]').click();
  await card.locator('[data-qa="booking-request-confirm-approve"]').click();
  await expect(card.getByText(tx['widget-requests-must-select-off-category'])).toBeVisible();
  const category = bookings.markOffCategories[0]!;
  await card.locator('[data-qa="booking-request-category"]').click();
  await page.getByRole('option', { name: category.value, exact: true }).click();
  await shot(page, 'approve');
  await expectTouchSized(page, 'home requests, approving');
  await card.locator('[data-qa="booking-request-confirm-approve"]').click();
  await expect(card).toHaveCount(0);

  // The register shows the session marked off with that category.
  const register = await (
    await page.request.get(`/api/v1/sites/${bookings.siteID}/registers?date=${request.date}`)
  ).json();
  const child = register.children.find((c: { id: number }) => c.id === request.child.id);
  const session = child.sessions.find((s: { comboID: number }) => s.comboID === request.comboID);
  expect(session).toMatchObject({ isOff: true, markedOffCategoryID: category.id });

  // Approving her own request through the call is refused too.
  const refused = await page.request.put(`/api/v1/gdpr-erasure-requests/${own.id}`, {
    headers: { 'X-Requested-With': 'nursery' },
    data: { approved: true },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).err.message).toBe(tx['cannot-approve-own-request']);
});

test('the manager declines a change request and a booking request with a message', async ({ page }) => {
  const widget = await openHome(page);
  const changes = (await (await page.request.get('/api/v1/change-requests')).json()).requests as ListItem[];
  const change = changes.find((r) => r.permittedActions.approve)!;
  const card = widget.locator(`[data-qa="change-request"][data-request-id="${change.id}"]`);
  await expect(card.locator('[data-qa="change-request-field"]').first()).toBeVisible();
  await card.locator('[data-qa="change-request-decline"]').click();
  await expect(card).toHaveCount(0);
  const after = (await (await page.request.get('/api/v1/change-requests')).json()).requests as ListItem[];
  expect(after.map((r) => r.id)).not.toContain(change.id);

  // A booking request declined with a message: the counter counts, over 500 cannot be sent.
  const booking = widget.locator('[data-qa="booking-request"]').first();
  const id = await booking.getAttribute('data-request-id');
  await booking.locator('[data-qa="booking-request-decline"]').click();
  const message = booking.locator('[data-qa="booking-request-message"]');
  await message.fill('x'.repeat(501));
  await expect(booking.locator('[data-qa="booking-request-count"]')).toHaveText('501 / 500');
  await expect(booking.locator('[data-qa="booking-request-confirm-decline"]')).toBeDisabled();
  const text = 'Please speak to the office.';
  await message.fill(text);
  await expect(booking.locator('[data-qa="booking-request-count"]')).toHaveText(`${text.length} / 500`);
  await shot(page, 'decline');
  await booking.locator('[data-qa="booking-request-confirm-decline"]').click();
  await expect(widget.locator(`[data-qa="booking-request"][data-request-id="${id}"]`)).toHaveCount(0);
});

test('empty, failed and offline: the widget says so, and retries', async ({ page, context }) => {
  // No booking requests pending.
  await page.route('**/api/v1/booking-requests?*', (route) =>
    route.fulfill({ json: { siteID: 1, requests: [], markOffCategories: [] } }),
  );
  // The change requests fail once.
  let failChanges = true;
  await page.route('**/api/v1/change-requests', (route) =>
    failChanges
      ? route.fulfill({ status: 500, json: { err: { code: 'err-x', message: 'x' } } })
      : route.continue(),
  );
  const widget = await openHome(page);
  await expect(widget.locator('[data-qa="requests-bookings-empty"]')).toHaveText(tx['no-booking-requests']);
  await expect(widget.locator('[data-qa="requests-changes-error"]')).toContainText(
    tx['widget-requests-load-failed'],
  );
  await shot(page, 'empty-error');
  failChanges = false;
  await widget.locator('[data-qa="requests-changes-retry"]').click();
  await expect(widget.locator('[data-qa="change-request"]').first()).toBeVisible();

  await goOffline(page, context);
  await expect(widget.locator('[data-qa="requests-offline"]')).toHaveText(tx['widget-requires-network']);
  await expect(widget.locator('[data-qa="requests-bookings"]')).toHaveCount(0);
  await shot(page, 'offline');
  await goOnline(page, context);
});

test('the practitioner, without markOff, editChildContacts, editStaff or approveGDPR, has no requests widget', async ({
  page,
}) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-widgets"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="home-requests"]')).toHaveCount(0);
});
