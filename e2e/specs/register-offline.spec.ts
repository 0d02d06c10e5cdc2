import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { goOffline, goOnline, persistedCopy, waitForServiceWorker } from '../pages/offline';
import { addMinutes, RegisterPage, type RegisterRowInfo, registerTexts as tx } from '../pages/register';
import { logInByApi, WRITE } from '../pages/session';

/**
 * The register offline (issue 14, spec 002 §2 and §4 "Saving and offline"): check-ins made without a
 * network are kept on the device (a later change of a booking replaces the earlier, undo removes it),
 * survive a reload, and are sent when the device is online again; a session someone else changed
 * meanwhile goes to #/conflict, resolved there one at a time.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/register-${name}.png`, fullPage: true });

interface ServerSession {
  bookingID: number;
  comboID: number;
  date: string;
  typeID: number | null;
  actualStart: string | null;
  actualEnd: string | null;
  version: number;
}

async function serverSession(page: Page, siteID: number, bookingID: number) {
  const answer = await (await page.request.get(`/api/v1/sites/${siteID}/registers`)).json();
  for (const child of answer.children as { id: number; sessions: ServerSession[] }[]) {
    const session = child.sessions.find((s) => s.bookingID === bookingID);
    if (session) return { childID: child.id, ...session };
  }
  throw new Error(`booking ${bookingID} is not on the register`);
}

test('offline check-ins are kept on the device, survive a reload, are sent online, and a conflicting change is resolved on #/conflict', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(page);
  const register = new RegisterPage(page);
  await register.open();
  await expect
    .poll(async () => /\[\\*"register\\*",\d+,/.test(await persistedCopy(page)), { timeout: 15_000 })
    .toBe(true);
  const siteID = (await (await page.request.get('/api/v1/config')).json()).siteID as number;

  // Three children due at one start.
  await register.showTab('due');
  const due = (await register.rowInfo()).filter((r) => r.status === tx['register-status-due']);
  const byStart = new Map<string, RegisterRowInfo[]>();
  for (const r of due) {
    const list = byStart.get(r.start) ?? [];
    if (!list.some((x) => x.childID === r.childID)) list.push(r);
    byStart.set(r.start, list);
  }
  const rows = [...byStart.values()].sort((x, y) => y.length - x.length)[0] ?? [];
  expect(rows.length, 'due rows of one start in the demo').toBeGreaterThanOrEqual(3);
  const [a, b, c] = rows as [RegisterRowInfo, RegisterRowInfo, RegisterRowInfo];

  // Offline: the due tab is not offered and the register shows all.
  await goOffline(page, context);
  await expect(page.locator('[data-qa="register-offline"]')).toBeVisible();
  await expect(register.tab('due')).toBeDisabled();
  await expect(register.tab('all')).toHaveAttribute('aria-selected', 'true');

  for (const r of [a, b, c]) await register.select(r.bookingID);
  await register.setTime(a.start);
  await register.checkIn.click();
  // Offline the check-in is on this device, not on the register yet (issue 27): never 'Checked in.'.
  await register.expectToast(tx['register-kept-on-device']);
  await expect(page.getByText(tx['checked-in'], { exact: true })).toHaveCount(0);
  for (const r of [a, b, c]) {
    await expect(register.status(r.bookingID)).toHaveText(tx['register-status-in']);
    await expect(register.row(r.bookingID)).toContainText(tx['register-row-unsent']);
  }
  const unsent = page.locator('[data-qa="register-unsent"]');
  await expect(unsent).toHaveAttribute('data-count', '3');

  // Undo removes the kept change: the row is as the server has it.
  await register.select(a.bookingID);
  await register.undoCheckIn.click();
  await expect(register.status(a.bookingID)).toHaveText(tx['register-status-due']);
  await expect(register.row(a.bookingID)).not.toContainText(tx['register-row-unsent']);
  await expect(unsent).toHaveAttribute('data-count', '2');
  await shot(page, 'offline-unsent');
  await expectNoSeriousA11yViolations(page, testInfo, 'register-offline-unsent');

  // A reload without a network: the register and the kept changes are still there.
  await page.reload();
  await register.expectLoaded();
  for (const r of [b, c]) await expect(register.row(r.bookingID)).toContainText(tx['register-row-unsent']);
  await expect(unsent).toHaveAttribute('data-count', '2');

  // Meanwhile someone else checks b in, five minutes later than this device did.
  const theirs = addMinutes(a.start, 5);
  const server = await serverSession(page, siteID, b.bookingID);
  const put = await page.request.put('/api/v1/bookings', {
    headers: WRITE,
    data: {
      siteID,
      updates: [
        {
          childID: server.childID,
          comboID: server.comboID,
          date: server.date,
          typeID: server.typeID,
          actualStart: theirs,
          actualEnd: null,
          version: server.version,
        },
      ],
    },
  });
  expect(put.ok()).toBe(true);

  // Online again: c is sent; b's conflict goes to #/conflict.
  await goOnline(page, context);
  await expect(page).toHaveURL(/#\/conflict$/, { timeout: 20_000 });
  const card = page.locator('[data-qa="conflict-card"]');
  await expect(page.locator('[data-qa="conflict-remaining"]')).toHaveText(tx['conflict-final']);
  await expect(page.locator('[data-qa="conflict-child"]')).toHaveText(b.name);
  await expect(card.locator('[data-qa="conflict-mine"]')).toContainText(`In ${a.start}`);
  await expect(card.locator('[data-qa="conflict-theirs"]')).toContainText(`In ${theirs}`);
  expect((await serverSession(page, siteID, c.bookingID)).actualStart).toBe(a.start);
  await shot(page, 'conflict');
  await expectNoSeriousA11yViolations(page, testInfo, 'register-conflict');

  // Use my offline change: sent over the newer version, then back to the register.
  await page.locator('[data-qa="conflict-use-mine"]').click();
  await expect(page).toHaveURL(/#\/register$/, { timeout: 20_000 });
  await register.expectLoaded();
  // The page remembers the due tab chosen before going offline: b and c are checked in now.
  await expect(register.row(b.bookingID)).toHaveCount(0);
  await register.showTab('all');
  await expect(register.row(b.bookingID)).toContainText(`In ${a.start}`);
  await expect(register.row(b.bookingID)).not.toContainText(tx['register-row-unsent']);
  await expect(unsent).toHaveCount(0);
  expect((await serverSession(page, siteID, b.bookingID)).actualStart).toBe(a.start);
  expect((await serverSession(page, siteID, a.bookingID)).actualStart).toBeNull();
});
