import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { png } from '../pages/png';
import { logInByApi, WRITE } from '../pages/session';
import {
  type RegisterInfo,
  type ShiftInfo,
  StaffRegisterPage,
  staffRegisterTexts as tx,
} from '../pages/staffRegister';

/**
 * The staff register (issue 18, spec 002 §2 "Staff register", §4, §5, §8): as a manager on the demo's
 * shifts of today. Times come from the app's clock (the time box defaults to now) or are fixed times
 * never after now ('00:00'), so the test works at any hour. The conflicts are made from a second
 * browser context while the first has the shift open in a modal (the row is pinned at the version it
 * was shown at, so no auto-refresh can take the conflict away).
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/staff-register-${name}.png` });

test.use({ viewport: viewports.tablet });

async function registerOf(page: Page): Promise<RegisterInfo> {
  const config = await (await page.request.get('/api/v1/config')).json();
  const res = await page.request.get(`/api/v1/sites/${config.siteID}/staff-register`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as RegisterInfo;
}

const shiftsOf = (register: RegisterInfo): ShiftInfo[] => register.staff.flatMap((m) => m.shifts);

test('the manager checks in, takes a break, edits breaks, marks off, undoes and settles conflicts', async ({
  page,
  browser,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-qa="nav-staff-register"]').first().click();
  const register = new StaffRegisterPage(page);
  await register.expectLoaded();
  await expect(page).toHaveURL(/#\/staff-register$/);
  // The Times tab is the default.
  await expect(page.locator('[data-qa="staff-register-tab-times"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-qa="staff-room-name"]').first()).toBeVisible();

  const answer = await registerOf(page);
  const due = shiftsOf(answer).filter(
    (s) => s.state === 'due' && s.permittedActions.checkIn && s.staffID !== answer.viewer.staffID,
  );
  expect(due.length, 'due shifts in the demo').toBeGreaterThanOrEqual(2);
  const [a, b] = due as [ShiftInfo, ShiftInfo];
  await expect(register.rows).toHaveCount(shiftsOf(answer).length);
  // The demo's running break shows its running total.
  await expect(
    page.locator('[data-qa="staff-shift-edit-breaks"][data-running="true"]').first(),
  ).toBeVisible();
  await shot(page, 'times');
  await expectNoSeriousA11yViolations(page, testInfo, 'staff-register-times');

  // Check in A (the time box: now).
  const rowA = register.row(a.id);
  await rowA.locator('[data-qa="staff-shift-check-in"]').click();
  await expect(rowA).toHaveAttribute('data-state', 'in');
  await expect(rowA.locator('[data-qa="staff-shift-actual-from"]')).toBeVisible();

  // Start a break, then end it.
  await rowA.locator('[data-qa="staff-shift-start-break"]').click();
  await expect(rowA.locator('[data-qa="staff-shift-edit-breaks"]')).toHaveAttribute('data-running', 'true');
  await rowA.locator('[data-qa="staff-shift-end-break"]').click();
  await expect(rowA.locator('[data-qa="staff-shift-end-break"]')).toHaveCount(0);
  const editBreaks = rowA.locator('[data-qa="staff-shift-edit-breaks"]');
  await expect(editBreaks).not.toHaveAttribute('data-running', 'true');
  const minutesBefore = Number(await editBreaks.getAttribute('data-minutes'));

  // The breaks modal: a break ending before it starts is warned about and blocks saving; then
  // 15 additional minutes are saved.
  await editBreaks.click();
  const modal = register.breaksModal;
  await expect(modal).toBeVisible();
  await expect(modal.locator('[data-qa="staff-break-row"]')).toHaveCount(1);
  await modal.locator('[data-qa="staff-break-add"]').click();
  await register.setTime(modal, 'staff-break-from', '23:59');
  await register.setTime(modal, 'staff-break-to', '00:00');
  await expect(modal.locator('[data-qa="staff-break-warning"]')).toHaveText(
    tx['end-time-must-be-after-start-time'],
  );
  await expect(modal.locator('[data-qa="staff-breaks-save"]')).toBeDisabled();
  await shot(page, 'breaks-modal');
  await modal.locator('[data-qa="staff-break-remove"]').last().click();
  await expect(modal.locator('[data-qa="staff-break-warning"]')).toHaveCount(0);
  await modal.locator('[data-qa="staff-breaks-additional"]').fill('15');
  await expect(modal.locator('[data-qa="staff-breaks-total"]')).toHaveText(
    `Total: ${minutesBefore + 15} minutes`,
  );
  await modal.locator('[data-qa="staff-breaks-save"]').click();
  await expect(modal).toHaveCount(0);
  await expect(editBreaks).toHaveAttribute('data-minutes', String(minutesBefore + 15));

  // Mark off B: without a status the spec's message first, then a status.
  const rowB = register.row(b.id);
  await register.menu(b.id, 'mark-off');
  await expect(register.markOffModal).toBeVisible();
  await register.markOffModal.locator('[data-qa="staff-mark-off-submit"]').click();
  await expect(register.markOffModal).toContainText(tx['must-select-mark-off-category']);
  const status = answer.markOffStatuses[0]!;
  await page.locator('[data-qa="staff-mark-off-status"]').click();
  await page.getByRole('option', { name: status.value }).click();
  await register.markOffModal.locator('[data-qa="staff-mark-off-notes"]').fill('Dentist');
  await expect(register.markOffModal.locator('[data-qa="staff-mark-off-count"]')).toHaveText('7 / 50');
  await shot(page, 'mark-off-modal');
  await register.markOffModal.locator('[data-qa="staff-mark-off-submit"]').click();
  await expect(register.markOffModal).toHaveCount(0);
  await expect(rowB).toHaveAttribute('data-state', 'off');
  await expect(rowB.locator('[data-qa="staff-shift-status"]')).toHaveText(status.value);
  // Undo.
  await register.menu(b.id, 'undo-mark-off');
  await expect(rowB).toHaveAttribute('data-state', 'due');

  // Bulk with nothing selected: the spec's message.
  await page.locator('[data-qa="staff-bulk-check-in"]').click();
  await expect(register.info).toHaveText(tx['must-select-one-staff-member']);

  // The All staff tab: letters and a details pane.
  await page.locator('[data-qa="staff-register-tab-all"]').click();
  await expect(page).toHaveURL(/#\/staff-register\/\d+\/all\/\d{4}-\d\d-\d\d$/);
  await expect(page.locator('[data-qa="staff-initial-letter"]').first()).toHaveText(/^[A-Z#]$/);
  await page.locator('[data-qa="staff-member"]').first().click();
  await expect(page.locator('[data-qa="staff-details"]')).toBeVisible();
  await shot(page, 'all-details');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-qa="staff-details"]')).toHaveCount(0);
  await shot(page, 'all');
  await page.locator('[data-qa="staff-register-tab-times"]').click();
  await register.expectLoaded();

  // A second browser context: the same manager elsewhere.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInByApi(otherPage, demoUsers.manager.email, demoSites.oakTree);
  const act = async (body: object) => {
    const now = shiftsOf(await registerOf(otherPage)).find((s) => s.id === b.id)!;
    const res = await otherPage.request.post(`/api/v1/shifts/${b.id}/actions`, {
      headers: WRITE,
      data: { ...body, version: now.version },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };

  // Conflict 1: I mark B off while they check B in; I use theirs.
  await register.menu(b.id, 'mark-off');
  await page.locator('[data-qa="staff-mark-off-status"]').click();
  await page.getByRole('option', { name: status.value }).click();
  await act({ action: 'checkIn', time: '00:00' });
  await register.markOffModal.locator('[data-qa="staff-mark-off-submit"]').click();
  await expect(register.conflict).toBeVisible();
  await expect(register.conflict.locator('[data-qa="staff-conflict-mine"]')).toContainText(
    tx['staff-register-my-changes'],
  );
  await expect(
    register.conflict.locator('[data-qa="staff-conflict-theirs"] [data-field="actualFrom"]'),
  ).toContainText('00:00');
  await expect(
    register.conflict.locator('[data-qa="staff-conflict-mine"] [data-field="statusID"]'),
  ).toContainText(status.value);
  await expect(rowB).toHaveAttribute('data-conflict', 'true');
  await shot(page, 'conflict');
  await expectNoSeriousA11yViolations(page, testInfo, 'staff-register-conflict');
  await register.conflict.locator('[data-qa="staff-conflict-use-theirs"]').click();
  await expect(register.conflict).toHaveCount(0);
  await expect(rowB).toHaveAttribute('data-state', 'in');
  await expect(rowB.locator('[data-qa="staff-shift-actual-from"]')).toContainText('00:00');

  // Conflict 2: I set 20 additional minutes while they set 10; I use mine.
  await rowB.locator('[data-qa="staff-shift-edit-breaks"]').click();
  await expect(register.breaksModal).toBeVisible();
  await act({ action: 'saveBreaks', breaks: [], additionalMins: 10 });
  await register.breaksModal.locator('[data-qa="staff-breaks-additional"]').fill('20');
  await register.breaksModal.locator('[data-qa="staff-breaks-save"]').click();
  await expect(register.conflict).toBeVisible();
  await expect(
    register.conflict.locator('[data-qa="staff-conflict-theirs"] [data-field="additionalMins"]'),
  ).toContainText('10');
  await register.conflict.locator('[data-qa="staff-conflict-use-mine"]').click();
  await expect(register.conflict).toHaveCount(0);
  const after = shiftsOf(await registerOf(otherPage)).find((s) => s.id === b.id)! as ShiftInfo & {
    additionalMins: number;
  };
  expect(after.additionalMins).toBe(20);
  await other.close();
});

test('offline with no copy on the device, and a failing server with retry', async ({ page, context }) => {
  // The server fails from the login on: the device fetches today's staff register at once after login
  // (issue 27) and retries it, and a register it holds is shown rather than the error. It stays failing
  // until the moment of Retry, so nothing but Retry can load it.
  let failing = true;
  await page.route('**/api/v1/sites/*/staff-register?*', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { err: { code: 'err-internal', message: 'boom' } } })
      : route.continue(),
  );
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const register = new StaffRegisterPage(page);
  // The error panel with Retry and Network tests.
  await register.open();
  await expect(register.root).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
  await expect(page.locator('[data-qa="staff-register-network-tests"]')).toBeVisible();
  await shot(page, 'error');
  failing = false;
  await page.locator('[data-qa="staff-register-retry"]').click();
  await register.expectLoaded();

  // No network and no copy for another day: 'Unable to get registers whilst offline.'
  await context.setOffline(true);
  await page.locator('[data-qa="staff-register-next-day"]').click();
  await expect(page.locator('[data-qa="staff-register-offline"]')).toHaveText(tx['staff-register-offline']);
  await page.locator('[data-qa="staff-register-refresh"]').click();
  await expect(register.info).toHaveText(tx['nothing-to-refresh']);
  await shot(page, 'offline-no-copy');

  // Back to the loaded day, still offline: the copy with when it was retrieved.
  await page.locator('[data-qa="staff-register-previous-day"]').click();
  await register.expectLoaded();
  await expect(page.locator('[data-qa="staff-register-cached"]')).toContainText(
    'You are working offline. The register shown below was retrieved:',
  );
  await page.locator('[data-qa="staff-register-refresh"]').click();
  await expect(register.info).toHaveText(tx['staff-register-refresh-offline']);
  await shot(page, 'offline-cached');
  await context.setOffline(false);
});

test('a site day with no shifts, and a deep link to a shift that is not there', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const register = new StaffRegisterPage(page);
  const config = await (await page.request.get('/api/v1/config')).json();
  // A day far ahead carries no shifts (the demo plans a week ahead).
  await register.open(`/${config.siteID}/times/2099-01-05?shift=999999`);
  await register.expectLoaded();
  await expect(page.locator('[data-qa="staff-register-no-staff-assigned-today"]')).toHaveText(
    tx['no-staff-assigned-today'],
  );
  await expect(page.locator('[data-qa="staff-register-shift-missing"]')).toHaveText(
    'Shift not found: 999999',
  );
  await shot(page, 'empty');
});

test('the manager amends the times of a working shift, and a break signed at its start shows its signature', async ({
  page,
}) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const register = new StaffRegisterPage(page);
  await register.open();
  await register.expectLoaded();
  const answer = await registerOf(page);
  const shift = shiftsOf(answer).find(
    (s) =>
      s.state === 'in' &&
      s.permittedActions.amendTimes &&
      s.permittedActions.startBreak &&
      s.staffID !== answer.viewer.staffID,
  );
  expect(shift, 'a working shift checked in, with no break running, at Oak Tree today').toBeTruthy();
  const row = register.row(shift!.id);

  // A check-out with no check-in is refused in the form; '00:00' is never after now, at any hour.
  await register.menu(shift!.id, 'amend-times');
  const modal = page.getByRole('dialog').filter({ has: page.locator('[data-qa="staff-amend-save"]') });
  await expect(modal).toBeVisible();
  await modal.locator('input[data-qa="staff-amend-from-hours"]').fill('');
  await modal.locator('input[data-qa="staff-amend-from-minutes"]').fill('');
  await register.setTime(modal, 'staff-amend-to', '00:00');
  await expect(modal).toContainText(tx['staff-register-amend-to-needs-from']);
  await expect(modal.locator('[data-qa="staff-amend-save"]')).toBeDisabled();
  await shot(page, 'amend-modal');
  // Checked in at 00:00, still working (no check-out).
  await register.setTime(modal, 'staff-amend-from', '00:00');
  await modal.locator('input[data-qa="staff-amend-to-hours"]').fill('');
  await modal.locator('input[data-qa="staff-amend-to-minutes"]').fill('');
  await modal.locator('input[data-qa="staff-amend-to-minutes"]').blur();
  await expect(modal.locator('[data-qa="staff-amend-save"]')).toBeEnabled();
  await modal.locator('[data-qa="staff-amend-save"]').click();
  await expect(modal).toHaveCount(0);
  await expect(row.locator('[data-qa="staff-shift-actual-from"]')).toContainText('00:00');
  await expect(row).toHaveAttribute('data-state', 'in');
  const amended = shiftsOf(await registerOf(page)).find((s) => s.id === shift!.id)!;
  expect(amended.actualFrom).toBe('00:00');

  // A break started at 00:00 with a signature (as a signing device sends it): the breaks modal shows it.
  const image = png(48, 20);
  const signed = await page.request.post(`/api/v1/shifts/${shift!.id}/actions`, {
    headers: WRITE,
    data: {
      action: 'startBreak',
      time: '00:00',
      signature: `data:image/png;base64,${image.toString('base64')}`,
      version: amended.version,
    },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  await page.locator('[data-qa="staff-register-refresh"]').click();
  const editBreaks = row.locator('[data-qa="staff-shift-edit-breaks"]');
  await expect(editBreaks).toHaveAttribute('data-running', 'true');
  await editBreaks.click();
  await expect(register.breaksModal).toBeVisible();
  const thumb = register.breaksModal.locator('[data-qa="staff-break-signature-from"]');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  // The running break's end is not signed.
  await expect(register.breaksModal.locator('[data-qa="staff-break-signature-to"]')).toHaveCount(0);
  await shot(page, 'breaks-signed');
  await register.breaksModal.locator('[data-qa="staff-breaks-cancel"]').click();
  await expect(register.breaksModal).toHaveCount(0);
});

test('a practitioner checks themself in and out and may not check anyone else in', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  const register = new StaffRegisterPage(page);
  await register.open();
  await register.expectLoaded();
  const answer = await registerOf(page);
  const shifts = shiftsOf(answer);
  const own = shifts.find((s) => s.staffID === answer.viewer.staffID && s.state !== 'off');
  expect(own, "the practitioner's working shift at Oak Tree today").toBeTruthy();
  // Only their own shift offers the live actions (checkInSelf, spec 002 §6).
  for (const s of shifts.filter((x) => x.staffID !== answer.viewer.staffID)) {
    expect(s.permittedActions.checkIn || s.permittedActions.checkOut, `shift ${s.id}`).toBe(false);
  }
  await expect(
    page.locator(
      `[data-qa="staff-shift-row"]:not([data-shift-id="${own!.id}"]) :is([data-qa="staff-shift-check-in"], [data-qa="staff-shift-check-out"])`,
    ),
  ).toHaveCount(0);

  const row = register.row(own!.id);
  if (own!.state === 'out') {
    await register.menu(own!.id, 'undo-check-out');
    await expect(row).toHaveAttribute('data-state', 'in');
  }
  if (own!.state === 'due') {
    await row.locator('[data-qa="staff-shift-check-in"]').click();
    await expect(row).toHaveAttribute('data-state', 'in');
    await expect(row.locator('[data-qa="staff-shift-actual-from"]')).toBeVisible();
  }
  await row.locator('[data-qa="staff-shift-check-out"]').click();
  await expect(row).toHaveAttribute('data-state', 'out');
  await shot(page, 'practitioner-out');
  // Undo puts the shift back as it was, so the demo stays a working day.
  await register.menu(own!.id, 'undo-check-out');
  await expect(row).toHaveAttribute('data-state', 'in');
  const after = shiftsOf(await registerOf(page)).find((s) => s.id === own!.id)!;
  expect(after.state).toBe('in');
});

test('the Times tab fits portrait and landscape tablets with no sideways scrolling', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const register = new StaffRegisterPage(page);
  // iPad-sized tablets (768 × 1024 both ways): the narrowest the floor uses.
  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    await register.open();
    await register.expectLoaded();
    await expect(register.rows.first()).toBeVisible();
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(client);
    // Each row's check-in / check-out button lies inside its row.
    const row = await register.rows.first().boundingBox();
    const button = await register.rows
      .first()
      .locator(
        '[data-qa="staff-shift-check-in"], [data-qa="staff-shift-check-out"], [data-qa="staff-shift-menu"]',
      )
      .last()
      .boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(row!.x + row!.width);
    await shot(page, `times-${viewport.width}`);
  }
});
