import { expect, test } from '@playwright/test';
import { demoSites, demoUsers } from '../pages/demo';
import { goOffline, goOnline, persistedCopy, waitForServiceWorker } from '../pages/offline';
import { png } from '../pages/png';
import { logInByApi, WRITE } from '../pages/session';

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
