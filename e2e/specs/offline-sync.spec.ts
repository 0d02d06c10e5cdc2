import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { EventEditorPage } from '../pages/eventEditor';
import { waitForServiceWorker } from '../pages/offline';
import { png } from '../pages/png';
import { keyChildren, logInByApi, typeByTag, WRITE } from '../pages/session';
import { type RegisterInfo, StaffRegisterPage } from '../pages/staffRegister';
import { SyncPage } from '../pages/sync';

const DRAFT = 1;

const API = ['**/api/**', '**/graphql'];
const abortAll = (route: import('@playwright/test').Route) => route.abort();

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  for (const url of API) await page.route(url, abortAll);
}

async function goOnline(page: Page, context: BrowserContext): Promise<void> {
  for (const url of API) await page.unroute(url, abortAll);
  await context.setOffline(false);
}

/** Aborts the uploads only: the app loads and reads online, but nothing it sends arrives. */
const isUpload = (url: URL) =>
  url.pathname.endsWith('/api/v2/events') || url.pathname.endsWith('/api/v1/media');
const abortUploads = (route: import('@playwright/test').Route) =>
  route.request().method() === 'POST' ? route.abort() : route.continue();

/**
 * The first POST to `url` reaches the server, which does the work (201), but the connection is reset
 * before the answer arrives; later POSTs go through. `count` is how many POSTs were sent.
 */
async function loseFirstAnswer(page: Page, url: string): Promise<{ count: number }> {
  const posts = { count: 0 };
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts.count += 1;
    if (posts.count > 1) return route.continue();
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    return route.abort('connectionreset');
  });
  return posts;
}

/** Logged in as the practitioner: the editor and sync page objects, the observation type, the key children. */
async function practitionerOnEditor(page: Page) {
  await logInByApi(page, demoUsers.practitioner.email);
  return {
    editor: new EventEditorPage(page),
    sync: new SyncPage(page),
    observation: await typeByTag(page, 'observation'),
    keyChildIDs: await keyChildren(page),
  };
}

interface ServerEvent {
  id: number;
  notes: string;
  childID: number;
}

async function serverEventsWithNotes(page: Page, typeID: number, childID: number, notes: string) {
  const res = await page.request.get(`/api/v2/events?statusID=${DRAFT}&typeID=${typeID}&childIDs=${childID}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()).events as ServerEvent[]).filter((e) => e.notes === notes);
}

async function mediaOf(page: Page, id: number): Promise<string[]> {
  return (await (await page.request.get(`/api/v2/events/${id}`)).json()).mediaIDs as string[];
}

/** Fills and saves one observation on the add screen (the photo waits when offline). */
async function addObservation(editor: EventEditorPage, child: number, notes: string, shade: number) {
  await editor.pickChild(child);
  await editor.pickCodeIfAsked();
  await editor.notes.fill(notes);
  await editor.page.locator('input[data-qa="media-input"]').setInputFiles({
    name: `photo-${shade}.png`,
    mimeType: 'image/png',
    buffer: png(64, 48, shade),
  });
}

test('offline: two observations with photos wait on the device, survive a reload and upload exactly once', async ({
  page,
  context,
}) => {
  const { editor, sync, observation, keyChildIDs } = await practitionerOnEditor(page);
  const [childA, childB] = keyChildIDs;
  const stamp = Date.now().toString(36);
  const notesA = `Offline A ${stamp}: poured water between jugs.`;
  const notesB = `Offline B ${stamp}: built a den from blankets.`;

  await editor.openAdd(`typeID=${observation.id}`);
  await goOffline(page, context);

  await addObservation(editor, childA!, notesA, 0x40);
  // The photo could not upload: it waits on the device with its id, shown from the local file.
  await expect(page.locator('[data-qa="media-waiting"]')).toHaveCount(1);
  await expect(page.locator('[data-qa="media-error"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/sync-editor-waiting-photo.png', fullPage: true });
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText(
    'Saved to drafts on this device. It will be uploaded when you are back online.',
  );
  await expect(page.locator('[data-qa="event-created-link"]')).toHaveCount(0);
  await expect(editor.notes).toHaveValue('');

  await addObservation(editor, childB!, notesB, 0xc0);
  await expect(page.locator('[data-qa="media-waiting"]')).toHaveCount(1);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('Saved to drafts on this device.');

  // Reload: the app shell needs the network until the service worker lands, so the reload happens
  // online with every upload (event and media POST) aborted; the queue must still be there.
  await page.route((url) => isUpload(url), abortUploads);
  await goOnline(page, context);
  await sync.open();
  await expect(sync.items).toHaveCount(2);
  await expect(sync.count('to-upload')).toHaveText('2');
  await expect(sync.count('finished')).toHaveText('0');
  await expect(sync.item(notesA.slice(0, 20))).toContainText('1 photo or video waiting');
  // The navigation's Sync entry counts what waits, and logging out warns that it stays on the tablet.
  await expect(page.locator('[data-qa="nav-sync-pending"]')).toHaveText('2');
  await expect(page.locator('[data-qa="nav-sync-pending"]')).toHaveAttribute(
    'aria-label',
    '2 items not uploaded',
  );
  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="logout"]').click();
  const warning = page.getByRole('dialog', { name: 'Work not uploaded yet' });
  await expect(warning).toContainText('2 items you saved on this device have not been uploaded.');
  await page.screenshot({ path: 'test-results/screens/sync-logout-warning.png', animations: 'disabled' });
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  await expect(page.locator('[data-qa="sync-page"]')).toBeVisible();
  await expect(page.locator('[data-qa="sync-group"]').first()).toContainText('Observation');
  await sync.screenshot('waiting');
  await page.setViewportSize({ width: 390, height: 844 });
  // The shell folds its side navigation into the burger below 992 px: wait until it has.
  await expect(page.locator('[data-qa="nav-burger"]')).toBeVisible();
  await expect(page.locator('[data-qa="main-navigation"]')).not.toBeInViewport();
  await expect(page.locator('[data-qa="nav-burger"]')).toHaveAccessibleName(
    'Open navigation (2 items not uploaded)',
  );
  await sync.screenshot('waiting-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Nothing reached the server.
  expect(await serverEventsWithNotes(page, observation.id, childA!, notesA)).toHaveLength(0);

  // Back online for real: Sync uploads both, media first, exactly once each.
  let mediaPosts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/media')) mediaPosts += 1;
  });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await sync.syncIfIdle();
  await expect(sync.count('finished')).toHaveText('2', { timeout: 20_000 });
  await expect(sync.count('to-upload')).toHaveText('0');
  await expect(sync.button).toBeDisabled();
  await expect(page.locator('[data-qa="sync-all-done"]')).toBeVisible();
  await expect(sync.items.filter({ has: page.locator('[data-qa="sync-item-saved"]') })).toHaveCount(2);
  await expect(page.locator('[data-qa="nav-sync-pending"]')).toHaveCount(0);
  await sync.screenshot('done');

  const a = await serverEventsWithNotes(page, observation.id, childA!, notesA);
  const b = await serverEventsWithNotes(page, observation.id, childB!, notesB);
  expect(a).toHaveLength(1);
  expect(b).toHaveLength(1);
  expect(await mediaOf(page, a[0]!.id)).toHaveLength(1);
  expect(await mediaOf(page, b[0]!.id)).toHaveLength(1);
  expect(mediaPosts).toBe(2);

  // Another pass (the online event, a revisit) sends nothing again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(500);
  expect(await serverEventsWithNotes(page, observation.id, childA!, notesA)).toHaveLength(1);
  expect(mediaPosts).toBe(2);
});

test('a connection lost after the server saved: the item resumes and is never duplicated', async ({
  page,
  context,
}) => {
  const { editor, sync, observation, keyChildIDs } = await practitionerOnEditor(page);
  const [child] = keyChildIDs;
  const notes = `Dropped answer ${Date.now().toString(36)}: rolled cars down the ramp.`;

  await editor.openAdd(`typeID=${observation.id}`);
  await goOffline(page, context);
  await addObservation(editor, child!, notes, 0x90);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('on this device');

  // Halfway through the upload the network goes: the first photo POST reaches the server, which
  // stores the file, but its answer never arrives; then the first event POST likewise.
  const mediaPosts = await loseFirstAnswer(page, '**/api/v1/media');
  const eventPosts = await loseFirstAnswer(page, '**/api/v2/events');
  await goOnline(page, context);
  await sync.open();
  await sync.syncIfIdle();
  // The backoff retry (2 s) replays the same uuid; the server answers the stored event.
  await expect(sync.count('finished')).toHaveText('1', { timeout: 20_000 });
  expect(eventPosts.count).toBeGreaterThanOrEqual(2);
  // The photo went again under the same client id and the server answered its stored row.
  expect(mediaPosts.count).toBeGreaterThanOrEqual(2);
  const saved = await serverEventsWithNotes(page, observation.id, child!, notes);
  expect(saved).toHaveLength(1);
  expect(await mediaOf(page, saved[0]!.id)).toHaveLength(1);
  await expect(sync.items.first()).toContainText(`Saved as event ${saved[0]!.id}`);
});

test('a 4xx answer shows the error state with the message; Retry sends it again', async ({
  page,
  context,
}) => {
  const { editor, sync, observation, keyChildIDs } = await practitionerOnEditor(page);
  const [child] = keyChildIDs;
  const notes = `Refused once ${Date.now().toString(36)}: sorted the shells by size.`;

  await editor.openAdd(`typeID=${observation.id}`);
  await goOffline(page, context);
  await editor.pickChild(child!);
  await editor.pickCodeIfAsked();
  await editor.notes.fill(notes);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('on this device');

  // The next try (backoff or the reload below) gets a 400 once.
  let refused = false;
  await page.route('**/api/v2/events', async (route) => {
    if (route.request().method() === 'POST' && !refused) {
      refused = true;
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          err: { code: 'err-invalid-request', message: 'The notes were refused today.' },
        }),
      });
    }
    return route.continue();
  });
  await goOnline(page, context);
  await sync.open();
  const item = sync.items.first();
  await expect(item).toHaveAttribute('data-status', 'error');
  await expect(item.locator('[data-qa="sync-item-error"]')).toContainText('The notes were refused today.');
  await expect(sync.count('error')).toHaveText('1');
  await expect(sync.count('to-upload')).toHaveText('0');
  // An error waits for the user: no automatic retry.
  await page.waitForTimeout(2_500);
  await expect(item).toHaveAttribute('data-status', 'error');
  await expect(sync.button).toHaveText('Retry');
  await expect(sync.button).toBeEnabled();
  await sync.screenshot('error');

  await sync.button.click();
  await expect(item).toHaveAttribute('data-status', 'done');
  await expect(sync.count('error')).toHaveText('0');
  expect(await serverEventsWithNotes(page, observation.id, child!, notes)).toHaveLength(1);
});

test('an edit made offline that meets a newer server row shows both sides; Keep mine wins', async ({
  page,
  context,
}) => {
  const { editor, sync, observation, keyChildIDs } = await practitionerOnEditor(page);
  const [child] = keyChildIDs;
  const created = await page.request.post('/api/v2/events', {
    headers: WRITE,
    data: {
      uuid: crypto.randomUUID(),
      typeID: observation.id,
      codeID: observation.codes[0]!.id,
      statusID: DRAFT,
      raised: new Date(Date.now() - 3_600_000).toISOString(),
      subjects: [child],
      notes: 'Original notes before anyone edited.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [event] = (await created.json()) as { id: number; version: number }[];

  await editor.openEdit(String(event!.id));
  await expect(editor.notes).toHaveValue('Original notes before anyone edited.');
  // Offline the edit waits on the device. The browser's own offline mode, not aborted routes: a sync
  // request caught between a route and its removal would be left unanswered by the test harness.
  await context.setOffline(true);
  await editor.notes.fill('My offline notes: she counted to twenty.');
  await editor.saveButton(DRAFT).click();
  await expect(page.locator('.mantine-Notification-root')).toContainText('on this device');

  // Meanwhile someone changes the event on the server.
  const current = await (await page.request.get(`/api/v2/events/${event!.id}`)).json();
  const theirs = await page.request.put(`/api/v2/events/${event!.id}`, {
    headers: WRITE,
    data: {
      typeID: current.typeID,
      codeID: current.codeID,
      statusID: current.statusID,
      raised: current.raised,
      notes: 'Their notes from the office PC.',
      version: current.version,
    },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);

  await context.setOffline(false);
  await sync.open();
  await sync.syncIfIdle();
  const item = sync.items.first();
  await expect(item).toHaveAttribute('data-status', 'conflict');
  await expect(sync.button).toHaveText('Retry');
  await item.locator('[data-qa="sync-item-conflicts"]').click();
  const notesRow = page.locator('[data-qa="sync-conflict-notes"]');
  await expect(notesRow.locator('[data-qa="sync-conflict-server-value"]')).toHaveText(
    'Their notes from the office PC.',
  );
  await expect(notesRow.locator('[data-qa="sync-conflict-mine-value"]')).toHaveText(
    'My offline notes: she counted to twenty.',
  );
  await expect(page.locator('[data-qa="sync-conflict-children"]')).toBeVisible();
  await sync.screenshot('conflict');

  await page.locator('[data-qa="sync-keep-mine"]').click();
  await expect(item).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  const after = await (await page.request.get(`/api/v2/events/${event!.id}`)).json();
  expect(after.notes).toBe('My offline notes: she counted to twenty.');
  expect(after.version).toBe(current.version + 2);
});

test('upload without media drops the waiting photo; delete all removes an item after confirmation', async ({
  page,
  context,
}) => {
  const { editor, sync, observation, keyChildIDs } = await practitionerOnEditor(page);
  const [child] = keyChildIDs;
  const stamp = Date.now().toString(36);
  const keep = `Without photo ${stamp}: planted cress seeds.`;
  const drop = `Deleted ${stamp}: this one is removed.`;

  await editor.openAdd(`typeID=${observation.id}`);
  await goOffline(page, context);
  await addObservation(editor, child!, keep, 0x30);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('on this device');
  await addObservation(editor, child!, drop, 0x60);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('on this device');

  // Media uploads keep failing; events could go.
  await page.route(
    (url) => url.pathname.endsWith('/api/v1/media'),
    (route) => route.abort(),
  );
  await goOnline(page, context);
  await sync.open();
  await expect(sync.items).toHaveCount(2);

  await sync.item(drop.slice(0, 20)).locator('[data-qa="sync-item-delete"]').click();
  await page.locator('[data-qa="sync-delete-confirm"]').click();
  await expect(sync.items).toHaveCount(1);

  await sync.item(keep.slice(0, 20)).locator('[data-qa="sync-item-without-media"]').click();
  await page.locator('[data-qa="sync-without-media-confirm"]').click();
  await expect(sync.item(keep.slice(0, 20))).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  const saved = await serverEventsWithNotes(page, observation.id, child!, keep);
  expect(saved).toHaveLength(1);
  expect(await mediaOf(page, saved[0]!.id)).toHaveLength(0);
  expect(await serverEventsWithNotes(page, observation.id, child!, drop)).toHaveLength(0);
});

/** Removes rows of the app's own IndexedDB store from the page (storage the browser evicted). */
async function deleteFromDevice(page: Page, table: 'media' | 'events', key?: string): Promise<void> {
  await page.evaluate(
    ({ table, key }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('nursery');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(table, 'readwrite');
          const store = tx.objectStore(table);
          if (key === undefined) store.clear();
          else store.delete(key);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { table, key },
  );
}

test('a photo lost from the device: sync-no-media names it; upload without media saves the event; a vanished item answers err-unknown', async ({
  page,
  context,
}, testInfo) => {
  const { editor, sync, observation, keyChildIDs } = await practitionerOnEditor(page);
  const [child] = keyChildIDs;
  const stamp = Date.now().toString(36);
  const notes = `Photo lost ${stamp}: stacked the wooden rings.`;
  const other = `Vanishing ${stamp}: another tab sends this one.`;

  await editor.openAdd(`typeID=${observation.id}`);
  await goOffline(page, context);
  await addObservation(editor, child!, notes, 0x22);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('on this device');
  await editor.pickChild(child!);
  await editor.pickCodeIfAsked();
  await editor.notes.fill(other);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('on this device');
  // The browser evicted the stored photo: the event still lists its id.
  await deleteFromDevice(page, 'media');

  await page.route((url) => isUpload(url), abortUploads);
  await goOnline(page, context);
  await sync.open();
  await expect(sync.items).toHaveCount(2);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const lost = sync.item(notes.slice(0, 20));
  const vanishing = sync.item(other.slice(0, 20));

  // Another tab syncs or deletes an item while this screen shows it: its Delete answers err-unknown.
  await page.route(
    (url) => url.pathname.endsWith('/api/v2/events'),
    (route) => route.abort(),
  );
  await vanishing.locator('[data-qa="sync-item-delete"]').click();
  const vanishingUuid = await vanishing.getAttribute('data-uuid');
  await deleteFromDevice(page, 'events', vanishingUuid!);
  await page.locator('[data-qa="sync-delete-confirm"]').click();
  await expect(page.locator('[data-qa="sync-item-unknown"]')).toContainText(
    'Something went wrong. Please try again.',
  );
  // The row went behind this page's back (raw IndexedDB, not another Dexie tab): a reload shows it gone.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(sync.items).toHaveCount(1);

  await sync.syncIfIdle();
  await expect(lost).toHaveAttribute('data-status', 'error', { timeout: 15_000 });
  const card = lost.locator('[data-qa="sync-item-error"]');
  await expect(card).toHaveAttribute('data-code', 'sync-no-media');
  await expect(card).toContainText('The media for this item could not be found on this device.');
  await expect(card).toContainText('Some photos or videos of this event were not found on the server.');
  await sync.screenshot('no-media');
  await expectNoSeriousA11yViolations(page, testInfo, 'sync-no-media');
  expect(await serverEventsWithNotes(page, observation.id, child!, notes)).toHaveLength(0);

  await lost.locator('[data-qa="sync-item-without-media"]').click();
  await page.locator('[data-qa="sync-without-media-confirm"]').click();
  await expect(lost).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  const saved = await serverEventsWithNotes(page, observation.id, child!, notes);
  expect(saved).toHaveLength(1);
  expect(await mediaOf(page, saved[0]!.id)).toHaveLength(0);
});

test("a manager sees other devices' unsynced work on #/sync; a practitioner does not", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // The demo data holds a report from the practitioner's room tablet with unsynced events.
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const sync = new SyncPage(page);
  await sync.open();
  const devices = page.locator('[data-qa="sync-other-devices"]');
  await expect(devices).toBeVisible();
  await expect(devices).toContainText('Other devices have work that is not uploaded');
  await expect(devices.locator('[data-qa="sync-other-device"]').first()).toContainText(
    /'s device: \d+ events?/,
  );
  await sync.screenshot('other-devices');
  await expectNoSeriousA11yViolations(page, testInfo, 'sync-other-devices');

  // The practitioner on a tablet of their own (a fresh browser context).
  const tablet = await browser.newContext({ baseURL, locale: 'en-GB', timezoneId: 'Europe/London' });
  const other = await tablet.newPage();
  await logInByApi(other, demoUsers.practitioner.email);
  let asked = false;
  other.on('request', (r) => {
    if (r.url().includes('/api/v1/sync/devices')) asked = true;
  });
  await new SyncPage(other).open();
  await expect(other.locator('[data-qa="sync-counters"]')).toBeVisible();
  await expect(other.locator('[data-qa="sync-other-devices"]')).toHaveCount(0);
  expect(asked).toBe(false);
  await tablet.close();
});

test('a staff check-in made offline is listed on #/sync with the other kinds, and the loop sends it once back online', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(page);
  const register = new StaffRegisterPage(page);
  await register.open();
  await register.expectLoaded();
  const config = await (await page.request.get('/api/v1/config')).json();
  const answer = (await (
    await page.request.get(`/api/v1/sites/${config.siteID}/staff-register`)
  ).json()) as RegisterInfo;
  const member = answer.staff.find(
    (m) =>
      m.id !== answer.viewer.staffID && m.shifts.some((s) => s.state === 'due' && s.permittedActions.checkIn),
  )!;
  expect(member, 'a due shift of another member at Oak Tree today').toBeTruthy();
  const shift = member.shifts.find((s) => s.state === 'due' && s.permittedActions.checkIn)!;

  // Offline: the check-in is kept on the device.
  await goOffline(page, context);
  await register.row(shift.id).locator('[data-qa="staff-shift-check-in"]').click();
  await expect(page.locator('[data-qa="staff-register-unsynced"]')).toBeVisible();

  // The sync screen lists it under the staff register, waiting, with its Delete.
  await page.locator('[data-qa="nav-sync"]').first().click();
  const item = page.locator('[data-qa="sync-queue-item"][data-group="staff-register"]');
  await expect(item).toHaveCount(1);
  await expect(item.locator('[data-qa="sync-queue-item-title"]')).toHaveText(
    `Staff register: check-in of ${member.display}`,
  );
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(item.locator('[data-qa="sync-queue-item-delete"]')).toBeVisible();
  await expect(new SyncPage(page).count('to-upload')).toHaveText('1');
  await expect(page.locator('[data-qa="sync-empty"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/sync-staff-register-item.png', fullPage: true });
  await expectNoSeriousA11yViolations(page, testInfo, 'sync-queue-items');

  // Back online: the one sync loop sends it; it leaves the list and the server has the check-in.
  await goOnline(page, context);
  await expect(item).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => {
      const now = (await (
        await page.request.get(`/api/v1/sites/${config.siteID}/staff-register`)
      ).json()) as RegisterInfo;
      return now.staff.flatMap((m) => m.shifts).find((s) => s.id === shift.id)?.state;
    })
    .toBe('in');

  // Back as the demo had it, for the other specs.
  const now = (await (
    await page.request.get(`/api/v1/sites/${config.siteID}/staff-register`)
  ).json()) as RegisterInfo;
  const saved = now.staff.flatMap((m) => m.shifts).find((s) => s.id === shift.id)!;
  const undo = await page.request.post(`/api/v1/shifts/${shift.id}/actions`, {
    headers: WRITE,
    data: { action: 'undo', undo: 'checkIn', version: saved.version },
  });
  expect(undo.status(), await undo.text()).toBe(200);
});
