import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { SitePickerPage } from '../pages/home';
import { LoginPage } from '../pages/login';
import { addMinutes, RegisterPage, type RegisterRowInfo, registerTexts as tx } from '../pages/register';
import { WRITE } from '../pages/session';

/**
 * The child register (issue 14, spec 002 §2 "Child register"): against the demo's bookings for today,
 * whose check-ins are never after the real now. The test works at any hour: it picks rows by state
 * from the page and sets the time box from the sessions' own times (at the session start, before every
 * booked end), not from the clock.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/register-${name}.png` });

async function logIn(page: Page, email: string, site?: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(email);
  if (site) await new SitePickerPage(page).choose(site);
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible();
}

/** Rows of `count` different children sharing the start that has the most rows. */
function pickSameStart(rows: RegisterRowInfo[], count: number): RegisterRowInfo[] {
  const byStart = new Map<string, RegisterRowInfo[]>();
  for (const r of rows) {
    const list = byStart.get(r.start) ?? [];
    if (!list.some((x) => x.childID === r.childID)) list.push(r);
    byStart.set(r.start, list);
  }
  const best = [...byStart.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  expect(best.length, 'due rows of one start in the demo').toBeGreaterThanOrEqual(count);
  return best.slice(0, count);
}

/**
 * The due rows, without the children a parent's pending request is about (register-signatures confirms
 * one of those requests in the same shard and needs its child still due).
 */
async function dueRows(page: Page, register: RegisterPage): Promise<RegisterRowInfo[]> {
  const config = await (await page.request.get('/api/v1/config')).json();
  const reg = await (await page.request.get(`/api/v1/sites/${config.siteID}/registers`)).json();
  const answer = await (
    await page.request.get(`/api/v1/sites/${config.siteID}/attendance/${reg.date}/requests`)
  ).json();
  const requesters = new Set(
    (answer.requests as { childID: number; approved: boolean | null }[])
      .filter((r) => r.approved === null)
      .map((r) => r.childID),
  );
  return (await register.rowInfo()).filter(
    (r) => r.status === tx['register-status-due'] && !requesters.has(r.childID),
  );
}

test('the manager checks in three children, checks one out, undoes, and marks one off', async ({
  page,
}, testInfo) => {
  await logIn(page, demoUsers.manager.email, demoSites.oakTree);
  await page.locator('[data-qa="nav-register"]').first().click();
  const register = new RegisterPage(page);
  await register.expectLoaded();
  await expect(page).toHaveURL(/#\/register$/);
  await expect(register.previousDay).toBeDisabled();
  await expect(register.rows.first()).toBeVisible();
  // Rows are grouped under their session start.
  await expect(page.locator('[data-qa="register-group-start"]').first()).toHaveText(/^\d\d:\d\d$/);
  await shot(page, 'loaded');
  // The first render of the rows is measured for the bench (issue 14: 120 rows under 100 ms).
  const render = await page.evaluate(() =>
    performance.getEntriesByName('register-render').map((e) => Math.round(e.duration)),
  );
  expect(render).toHaveLength(1);
  const rowCount = await register.rows.count();
  console.log(`register-render: ${render[0]} ms for ${rowCount} rows`);
  await expectNoSeriousA11yViolations(page, testInfo, 'register');

  // Nothing selected: the spec's message.
  await register.showTab('due');
  await register.checkIn.click();
  await expect(register.problem).toContainText(tx['select-at-least-one-child-register']);

  const due = await dueRows(page, register);
  const [a, b, c, spare] = pickSameStart(due, 4) as [
    RegisterRowInfo,
    RegisterRowInfo,
    RegisterRowInfo,
    RegisterRowInfo,
  ];

  // A time at or after the session's end is refused, with the child's name.
  await register.select(a!.bookingID);
  await register.setTime('23:59');
  await register.checkIn.click();
  await expect(register.problem).toContainText(tx['children-cannot-be-checked']);
  const [forename, ...surname] = a!.name.split(' ');
  await expect(register.refusals).toContainText(
    tx['cannot-check-in-session-ended']
      .replace('{{forename}}', forename!)
      .replace('{{surname}}', surname.join(' ')),
  );

  // Check in three at their session's start (before every booked end, whatever the hour).
  const start = a!.start;
  await register.select(b!.bookingID);
  await register.select(c!.bookingID);
  await expect(page.locator('[data-qa="register-selected-count"]')).toHaveText('3 selected');
  await register.setTime(start);
  await register.checkIn.click();
  await register.expectToast(tx['checked-in']);
  for (const r of [a, b, c]) await expect(register.row(r!.bookingID)).toHaveCount(0);
  await register.showTab('in');
  for (const r of [a, b, c]) {
    await expect(register.status(r!.bookingID)).toHaveText(tx['register-status-in']);
    await expect(register.row(r!.bookingID)).toContainText(`In ${start}`);
  }
  await shot(page, 'checked-in');

  // Check one out an hour later.
  const out = addMinutes(start, 60);
  await register.select(a!.bookingID);
  await expect(register.details).toContainText(a!.name);
  await register.setTime(out);
  await register.checkOut.click();
  await register.expectToast(tx['checked-out']);
  await expect(register.status(a!.bookingID)).toHaveText(tx['register-status-left']);
  await expect(register.row(a!.bookingID)).toContainText(`Out ${out}`);
  // On the in tab a session that ended cannot be selected.
  await expect(register.row(a!.bookingID).locator('input')).toBeDisabled();

  // Undo the check-out (after the booked end it asks first) and undo one check-in.
  await register.showTab('all');
  await register.select(a!.bookingID);
  await register.undoCheckOut.click();
  // After the booked end it asks first. Whether it asks is the app's reading of now at the tap, not one
  // the test takes before or after it (the minute may turn over in between): wait for either outcome.
  const confirm = page.locator('[data-qa="register-undo-check-out-confirm"]');
  const undone = register.status(a!.bookingID).getByText(tx['register-status-in'], { exact: true });
  await expect(confirm.or(undone)).toBeVisible();
  if (await confirm.isVisible()) {
    await shot(page, 'undo-confirm');
    await confirm.click();
  }
  await expect(register.status(a!.bookingID)).toHaveText(tx['register-status-in']);
  await expect(register.row(a!.bookingID)).not.toContainText('Out ');
  await register.select(b!.bookingID);
  await register.undoCheckIn.click();
  await expect(register.status(b!.bookingID)).toHaveText(tx['register-status-due']);

  // Mark off with a category.
  await register.showTab('due');
  await register.select(spare.bookingID);
  await register.markOff.click();
  await expect(register.markOffModal).toBeVisible();
  await expect(register.markOffModal).toContainText(spare.name);
  await expect(page.locator('[data-qa="register-mark-off-step"]')).toHaveText('1 of 1');
  await page.locator('[data-qa="register-mark-off-next"]').click();
  await expect(register.markOffModal).toContainText(tx['register-mark-off-category-required']);
  await page.locator('[data-qa="register-mark-off-category"]').click();
  await page.getByRole('option', { name: 'Holiday' }).click();
  await page.locator('textarea[data-qa="register-mark-off-notes"]').fill('Family holiday');
  await expect(page.locator('[data-qa="register-mark-off-count"]')).toHaveText('14 / 200');
  await shot(page, 'mark-off');
  await page.locator('[data-qa="register-mark-off-next"]').click();
  await register.expectToast(tx['marked-off']);
  await expect(register.markOffModal).toBeHidden();
  await register.showTab('off');
  await expect(register.status(spare.bookingID)).toHaveText(tx['register-status-off']);

  // The tab is remembered for the page.
  await page.reload();
  await register.expectLoaded();
  await expect(register.tab('off')).toHaveAttribute('aria-selected', 'true');

  // Undo mark-off: the session is due again.
  await register.select(spare.bookingID);
  await page.locator('[data-qa="register-undo-mark-off"]').click();
  await register.expectToast(tx['register-mark-off-undone']);
  await expect(register.row(spare.bookingID)).toHaveCount(0);
  await register.showTab('due');
  await expect(register.status(spare.bookingID)).toHaveText(tx['register-status-due']);

  // A date with no bookings (beyond the demo's month ahead): the empty state; a past date goes to today.
  const far = new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10);
  await register.open(far);
  await register.showTab('all');
  await expect(register.empty).toHaveText(tx['no-children-to-display']);
  await expect(register.previousDay).toBeEnabled();
  await shot(page, 'empty');
  await page.goto('/#/register/2020-01-01');
  await expect(page).toHaveURL(/#\/register$/);
  await register.expectLoaded();
});

test('the practitioner sends a mark-off request', async ({ page }) => {
  await logIn(page, demoUsers.practitioner.email);
  const register = new RegisterPage(page);
  await register.open();
  await register.showTab('due');
  const row = (await dueRows(page, register))[0];
  expect(row, 'a due row').toBeDefined();
  await register.select(row!.bookingID);
  await register.markOff.click();
  await expect(register.markOffModal).toContainText(tx['request-needs-manager-approval']);
  await expect(page.locator('[data-qa="register-mark-off-category"]')).toHaveCount(0);
  await page.locator('textarea[data-qa="register-mark-off-notes"]').fill('Parent phoned: dentist');
  await expect(page.locator('[data-qa="register-mark-off-next"]')).toHaveText(
    tx['register-mark-off-send-request'],
  );
  await page.locator('[data-qa="register-mark-off-next"]').click();
  await register.expectToast(tx['request-sent']);
  await register.showTab('all');
  await expect(register.status(row!.bookingID)).toHaveText(tx['register-status-requested']);
  await shot(page, 'requested');

  // Someone else checks a child in meanwhile: this page's check-in is a conflict, the register is
  // fetched again and says so.
  await register.showTab('due');
  const other = (await dueRows(page, register))[0];
  expect(other, 'another due row').toBeDefined();
  const config = await (await page.request.get('/api/v1/config')).json();
  const answer = await (await page.request.get(`/api/v1/sites/${config.siteID}/registers`)).json();
  const child = answer.children.find((c: { id: number }) => c.id === other!.childID);
  const booked = child.sessions.find((x: { bookingID: number }) => x.bookingID === other!.bookingID);
  const put = await page.request.put('/api/v1/bookings', {
    headers: WRITE,
    data: {
      siteID: config.siteID,
      updates: [
        {
          childID: child.id,
          comboID: booked.comboID,
          date: booked.date,
          typeID: booked.typeID,
          actualStart: booked.start,
          actualEnd: null,
          version: booked.version,
        },
      ],
    },
  });
  expect(put.ok()).toBe(true);
  await register.select(other!.bookingID);
  // Not the same time as theirs (the same change twice is no conflict).
  await register.setTime(addMinutes(booked.start, 5));
  await register.checkIn.click();
  // Spec 002 §4 "Online save": the conflict is kept and resolved on #/conflict; deleting my change
  // leaves the register as the other user made it.
  await expect(page).toHaveURL(/#\/conflict$/);
  await expect(page.locator('[data-qa="conflict-remaining"]')).toHaveText(tx['conflict-final']);
  await expect(page.locator('[data-qa="conflict-theirs"]')).toContainText(`In ${booked.start}`);
  await shot(page, 'conflict');
  await page.locator('[data-qa="conflict-delete"]').click();
  await expect(page).toHaveURL(/#\/register$/);
  await register.expectLoaded();
  await register.showTab('all');
  await expect(register.status(other!.bookingID)).toHaveText(tx['register-status-in']);
  await expect(register.row(other!.bookingID)).toContainText(`In ${booked.start}`);

  // A background change (someone checks in another child): the 30 s refresh holds it behind the
  // refresh warning; Refresh shows it.
  const fresh = await (await page.request.get(`/api/v1/sites/${config.siteID}/registers`)).json();
  const third = (await dueRows(page, register)).find((r) => r.childID !== other!.childID);
  expect(third, 'a third due row').toBeDefined();
  const thirdSession = fresh.children
    .find((c: { id: number }) => c.id === third!.childID)
    .sessions.find((x: { bookingID: number }) => x.bookingID === third!.bookingID);
  const put2 = await page.request.put('/api/v1/bookings', {
    headers: WRITE,
    data: {
      siteID: config.siteID,
      updates: [
        {
          childID: third!.childID,
          comboID: thirdSession.comboID,
          date: thirdSession.date,
          typeID: thirdSession.typeID,
          actualStart: thirdSession.start,
          actualEnd: null,
          version: thirdSession.version,
        },
      ],
    },
  });
  expect(put2.ok()).toBe(true);
  const warning = page.locator('[data-qa="register-refresh-warning"]');
  await expect(warning).toContainText(tx['register-refresh-warning'], { timeout: 45_000 });
  await expect(register.status(third!.bookingID)).toHaveText(tx['register-status-due']);
  await shot(page, 'refresh-warning');
  await page.locator('[data-qa="register-refresh"]').click();
  await expect(warning).toBeHidden();
  await expect(register.status(third!.bookingID)).toHaveText(tx['register-status-in']);

  // A portrait tablet: the side panel is a drawer.
  await page.setViewportSize(viewports.tabletPortrait);
  await register.select(row!.bookingID);
  await page.locator('[data-qa="register-details-open"]').click();
  await expect(register.details).toContainText(row!.name);
  await shot(page, 'portrait-details');
  await page.keyboard.press('Escape');

  // Offline: the register stays, with the notice; check-in stays (kept on the device, see
  // register-offline.spec.ts), mark-off needs a connection and the due tab is not offered.
  await page.context().setOffline(true);
  await expect(page.locator('[data-qa="register-offline"]')).toContainText(tx['currently-working-offline']);
  await expect(register.checkIn).toBeEnabled();
  await expect(register.markOff).toBeDisabled();
  await expect(register.tab('due')).toBeDisabled();
  await expect(register.rows.first()).toBeVisible();
  await shot(page, 'offline');
  await page.context().setOffline(false);
});

test('a register that fails to load says so with the site name, and Retry loads it', async ({ page }) => {
  // Failing from the login on: the device fetches today's register at once after login (issue 27), and a
  // register it holds is shown rather than the error.
  let failing = true;
  await page.route('**/api/v1/sites/*/registers*', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { err: { code: 'err-internal', message: 'Internal error' } } })
      : route.continue(),
  );
  await logIn(page, demoUsers.practitioner.email);
  const register = new RegisterPage(page);
  await page.goto('/#/register');
  const error = page.locator('[data-qa="register-error"]');
  await expect(error).toContainText(
    tx['registers-error-fetching-online'].replace('{{site}}', demoSites.oakTree),
  );
  await shot(page, 'error');
  failing = false;
  await page.locator('[data-qa="register-retry"]').click();
  await register.expectLoaded();
  await expect(register.rows.first()).toBeVisible();
});
