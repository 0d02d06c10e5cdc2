import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoSites, demoUsers } from '../pages/demo';
import { goOffline, goOnline, persistedCopy, waitForServiceWorker } from '../pages/offline';
import { png } from '../pages/png';
import { logInByApi, WRITE } from '../pages/session';
import { type RegisterInfo, StaffRegisterPage, staffRegisterTexts as tx } from '../pages/staffRegister';

/**
 * The staff register on the device and its signatures (issue 18, spec 002 §2 "Staff register", §3
 * Shift signatures, §4): today's register is fetched into the device's copy at login (the screen
 * opens offline from it) and stays there offline; a check-in signed on the pad is stored and served
 * through its shift, and marking the shift off clears it.
 */
interface ShiftJson {
  id: number;
  version: number;
  signatures: { actualFrom: string | null; actualTo: string | null };
  permittedActions: { checkIn: boolean; markOff: boolean };
}

test("today's staff register is kept on the device from login; a signed check-in is served until mark-off clears it", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(page);
  const siteID = (await (await page.request.get('/api/v1/config')).json()).siteID as number;
  const answer = await (await page.request.get(`/api/v1/sites/${siteID}/staff-register`)).json();

  // Prepared at login: the register of today at this site is in the device's persisted copy.
  const key = new RegExp(`\\[\\\\*"staff-register\\\\*",${siteID},\\\\*"${answer.today}\\\\*"\\]`);
  await expect.poll(async () => key.test(await persistedCopy(page)), { timeout: 30_000 }).toBe(true);
  // And it stays there with no network (a reload offline restores from it).
  await goOffline(page, context);
  await page.reload();
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  expect(key.test(await persistedCopy(page))).toBe(true);
  await goOnline(page, context);

  // A signed check-in of a due shift: its image is served through the shift.
  const shift = (answer.staff as { shifts: ShiftJson[] }[])
    .flatMap((s) => s.shifts)
    .find((s) => s.permittedActions.checkIn && s.permittedActions.markOff);
  expect(shift, 'a due working shift at Oak Tree today').toBeTruthy();
  const image = png(48, 20);
  const signed = await page.request.post(`/api/v1/shifts/${shift!.id}/actions`, {
    headers: WRITE,
    data: {
      action: 'checkIn',
      time: '00:00',
      signature: `data:image/png;base64,${image.toString('base64')}`,
      version: shift!.version,
    },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  const after = (await signed.json()).shift as ShiftJson;
  expect(after.signatures.actualFrom).toBe(`/api/v1/shifts/${shift!.id}/signatures/actualFrom`);
  const served = await page.request.get(after.signatures.actualFrom!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await served.body(), image)).toBe(0);
  // The browser shows it (an <img> of the URL loads with the session's cookie).
  const width = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return img.naturalWidth;
  }, after.signatures.actualFrom!);
  expect(width).toBe(48);

  // Mark-off clears actual times, signatures and breaks (spec 002 §4): the image is gone.
  const status = answer.markOffStatuses[0] as { id: number };
  const off = await page.request.post(`/api/v1/shifts/${shift!.id}/actions`, {
    headers: WRITE,
    data: { action: 'markOff', statusID: status.id, notes: 'e2e', version: after.version },
  });
  expect(off.status(), await off.text()).toBe(200);
  const offShift = (await off.json()).shift as ShiftJson & { actualFrom: string | null };
  expect(offShift.signatures).toEqual({ actualFrom: null, actualTo: null });
  expect(offShift.actualFrom).toBeNull();
  expect((await page.request.get(after.signatures.actualFrom!)).status()).toBe(404);

  // Back to working, as the demo had it.
  const back = await page.request.post(`/api/v1/shifts/${shift!.id}/actions`, {
    headers: WRITE,
    data: { action: 'undo', undo: 'markOff', version: offShift.version },
  });
  expect(back.status()).toBe(200);
});

/** Draws a squiggle across a signature pad with the mouse. */
async function drawOn(page: Page, pad: Locator): Promise<void> {
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
}

async function registerOf(page: Page): Promise<RegisterInfo> {
  const config = await (await page.request.get('/api/v1/config')).json();
  return (await (
    await page.request.get(`/api/v1/sites/${config.siteID}/staff-register`)
  ).json()) as RegisterInfo;
}

/** Puts a shift back as the demo had it (working, not checked in) for the other specs. */
async function restore(page: Page, shiftID: number): Promise<void> {
  for (const undo of ['markOff', 'checkIn'] as const) {
    const now = (await registerOf(page)).staff.flatMap((m) => m.shifts).find((s) => s.id === shiftID)!;
    if (!now.permittedActions[undo === 'markOff' ? 'undoMarkOff' : 'undoCheckIn']) continue;
    await page.request.post(`/api/v1/shifts/${shiftID}/actions`, {
      headers: WRITE,
      data: { action: 'undo', undo, version: now.version },
    });
  }
}

test('a mark-off made offline waits on the device; on reconnect its conflict is settled in the panel', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const register = new StaffRegisterPage(page);
  await register.open();
  await register.expectLoaded();
  const answer = await registerOf(page);
  const shift = answer.staff
    .flatMap((m) => m.shifts)
    .find((s) => s.state === 'due' && s.permittedActions.markOff && s.staffID !== answer.viewer.staffID)!;
  expect(shift, 'a due shift at Oak Tree today').toBeTruthy();
  const status = answer.markOffStatuses[0]!;
  const row = register.row(shift.id);

  // Offline: the mark-off is kept on the device and shown on the register at once.
  await goOffline(page, context);
  await register.menu(shift.id, 'mark-off');
  await page.locator('[data-qa="staff-mark-off-status"]').click();
  await page.getByRole('option', { name: status.value }).click();
  await register.markOffModal.locator('[data-qa="staff-mark-off-submit"]').click();
  await expect(register.markOffModal).toHaveCount(0);
  await expect(page.locator('[data-qa="staff-register-unsynced"]')).toHaveText(
    tx['staff-offline-unsynced_one'].replace('{{count}}', '1'),
  );
  await expect(row).toHaveAttribute('data-state', 'off');
  await page.screenshot({ path: 'test-results/screens/staff-register-offline-kept.png' });

  // Meanwhile someone checks the same shift in on another device.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInByApi(otherPage, demoUsers.manager.email, demoSites.oakTree);
  const checkedIn = await otherPage.request.post(`/api/v1/shifts/${shift.id}/actions`, {
    headers: WRITE,
    data: { action: 'checkIn', time: '00:00', version: shift.version },
  });
  expect(checkedIn.status(), await checkedIn.text()).toBe(200);

  // Back online: the kept change is sent, refused as stale, and shown in the conflict panel.
  await goOnline(page, context);
  await expect(register.conflict).toBeVisible({ timeout: 30_000 });
  await expect(
    register.conflict.locator('[data-qa="staff-conflict-theirs"] [data-field="actualFrom"]'),
  ).toContainText('00:00');
  await expect(
    register.conflict.locator('[data-qa="staff-conflict-mine"] [data-field="statusID"]'),
  ).toContainText(status.value);
  await page.screenshot({ path: 'test-results/screens/staff-register-offline-conflict.png' });
  await register.conflict.locator('[data-qa="staff-conflict-use-mine"]').click();
  await expect(register.conflict).toHaveCount(0);
  await expect(page.locator('[data-qa="staff-register-unsynced"]')).toHaveCount(0);
  await expect(row).toHaveAttribute('data-state', 'off');
  const saved = (await registerOf(otherPage)).staff.flatMap((m) => m.shifts).find((s) => s.id === shift.id)!;
  expect(saved.state).toBe('off');
  expect(saved.actualFrom).toBeNull();
  await restore(otherPage, shift.id);
  await other.close();
});

test('with "Ask for a signature" on, a check-in is signed on the pad and its signature shows on the row', async ({
  page,
}) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const register = new StaffRegisterPage(page);
  await register.open();
  await register.expectLoaded();
  const answer = await registerOf(page);
  const shift = answer.staff
    .flatMap((m) => m.shifts)
    .find((s) => s.state === 'due' && s.permittedActions.checkIn && s.staffID !== answer.viewer.staffID)!;
  const row = register.row(shift.id);
  await page.locator('[data-qa="staff-register-ask-signature"]').check();

  const dialog = page.locator('[data-qa="shift-signature-dialog"]');
  // Cancel sends nothing.
  await row.locator('[data-qa="staff-shift-check-in"]').click();
  await expect(dialog.getByRole('dialog')).toBeVisible();
  await dialog.locator('[data-qa="shift-signature-cancel"]').click();
  await expect(row).toHaveAttribute('data-state', 'due');
  // Confirm is enabled once something is drawn; the check-in goes with the signature.
  await row.locator('[data-qa="staff-shift-check-in"]').click();
  const confirm = page.locator('[data-qa="shift-signature-apply"]');
  await expect(confirm).toBeDisabled();
  await drawOn(page, page.locator('canvas[data-qa="shift-signature-pad"]'));
  await page.screenshot({ path: 'test-results/screens/staff-register-sign.png' });
  await confirm.click();
  await expect(row).toHaveAttribute('data-state', 'in');
  const thumb = row.locator('img[data-qa="staff-shift-signature-from"]');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await row.screenshot({ path: 'test-results/screens/staff-register-signed-row.png' });
  // The switch is the device's: still on after a reload.
  await page.reload();
  await register.expectLoaded();
  await expect(page.locator('[data-qa="staff-register-ask-signature"]')).toBeChecked();
  await page.locator('[data-qa="staff-register-ask-signature"]').uncheck();
  await restore(page, shift.id);
});
