import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demoUsers } from '../pages/demo';
import { DRAFT, DraftsPage } from '../pages/drafts';
import { EventEditorPage } from '../pages/eventEditor';
import { preparedAt, waitForServiceWorker } from '../pages/offline';
import { keyChildren, logInByApi, typeByTag, WRITE } from '../pages/session';
import { SyncPage } from '../pages/sync';

/**
 * Issue 13 "Offline from the first minute": after one online login (Home only, no other screen
 * visited), a fresh tab with no network opens Add (and saves to the outbox), Edit of a draft, the
 * drafts list (device copy plus what waits in the outbox) and the sync screen.
 */

const SCREENS = 'test-results/screens';
const FIRST_LOAD_MS = 30_000;

/**
 * Logs in online and opens Home once (no capture screen); returns when the device page says the device
 * is ready to work offline and that record is in the device's persisted copy.
 */
async function loginOnlineOnce(page: Page, logIn = true): Promise<void> {
  if (logIn) await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await waitForServiceWorker(page);
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible();
  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="device-settings"]').click();
  await expect(page.locator('[data-qa="offline-readiness"]')).toHaveAttribute('data-state', 'ready', {
    timeout: FIRST_LOAD_MS,
  });
  // The record of this page's own preparation: every page load of a live session prepares again (a
  // moment after it starts), so a record from before waitForServiceWorker's reload is not enough.
  const loadedAt = await page.evaluate(() => performance.timeOrigin);
  await expect.poll(() => preparedAt(page), { timeout: FIRST_LOAD_MS }).toBeGreaterThan(loadedAt);
  await expect(page.locator('[data-qa="offline-readiness"]')).toHaveAttribute('data-state', 'ready');
}

/** Stores the user's drafts filter (the default one with `over` applied), as the list's filters do. */
async function storeDraftsFilter(page: Page, userID: number, over: Record<string, unknown>): Promise<void> {
  const filter = {
    statusID: DRAFT,
    typeID: null,
    childIDs: [],
    authorID: null,
    areaID: null,
    from: null,
    to: null,
    oldestFirst: false,
    ...over,
  };
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: `nursery.draftsFilter.${userID}`,
    value: JSON.stringify(filter),
  });
}

/** Ids of the session site's children who have a photo (GetChildren's hasImage). */
async function childrenWithPhoto(page: Page): Promise<number[]> {
  const config = await (await page.request.get('/api/v1/config')).json();
  const res = await page.request.post('/graphql', {
    headers: WRITE,
    data: {
      query: 'query GetChildren($siteID: Int!) { children(siteID: $siteID) { id hasImage } }',
      variables: { siteID: config.siteID },
    },
  });
  expect(res.ok()).toBe(true);
  const children = (await res.json()).data.children as { id: number; hasImage: boolean }[];
  return children.filter((c) => c.hasImage).map((c) => c.id);
}

/** A fresh tab of the same browser with no network at all. */
async function freshOfflineTab(context: BrowserContext): Promise<Page> {
  await context.setOffline(true);
  return context.newPage();
}

async function firstDraftID(page: Page): Promise<number> {
  const config = await (await page.request.get('/api/v1/config')).json();
  const res = await page.request.get(
    `/api/v2/events?siteID=${config.siteID}&statusID=${DRAFT}&fields=cards&limit=25`,
  );
  const events = (await res.json()).events as { id: number; typeID: number; editable?: boolean }[];
  const tags = new Map((config.eventTypes as { id: number; tag: string }[]).map((t) => [t.id, t.tag]));
  const draft = events.find(
    (e) => e.editable !== false && !['snapshot', 'learningStory'].includes(tags.get(e.typeID) ?? ''),
  );
  if (!draft) throw new Error('no editable draft in the first page');
  return draft.id;
}

test('after one online login a fresh tab with no network opens Add, Edit, the register, emergency contacts, Spotlight, drafts and sync; after reconnecting the synced event is on the list at once', async ({
  page,
  context,
}) => {
  // One login (and its offline preparation) on a busy 2-CPU machine, then five screens offline.
  test.setTimeout(240_000);
  await loginOnlineOnce(page);
  await expect(page.locator('[data-qa="offline-readiness-contents"]')).toContainText(/\d+ children/);
  await page.screenshot({ path: `${SCREENS}/first-minute-device-ready.png`, fullPage: true });
  const draftID = await firstDraftID(page);
  const observation = await typeByTag(page, 'observation');
  const [child] = await keyChildren(page);
  const notes = `First minute ${Date.now().toString(36)}: stacked five cups into a tower.`;

  // A fresh tab, no network at all: Add opens from the device's copy and saves to the outbox.
  const tab = await freshOfflineTab(context);
  const editor = new EventEditorPage(tab);
  await tab.goto(`/#/add?typeID=${observation.id}`);
  await expect(editor.saveBar).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(tab.locator('[data-qa="event-load-error"]')).toHaveCount(0);
  await expect(tab).not.toHaveURL(/#\/login/);
  await tab.screenshot({ path: `${SCREENS}/first-minute-add-offline.png`, fullPage: true });
  await editor.pickChild(child!);
  await editor.pickCodeIfAsked();
  await editor.notes.fill(notes);
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('Saved to drafts on this device.');

  // Edit of a draft from the first page of the drafts list opens for editing.
  await tab.goto(`/#/edit/${draftID}`);
  await expect(editor.saveBar).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(tab.locator('[data-qa="event-load-error"]')).toHaveCount(0);
  await expect(editor.notes).toBeEditable();

  // Today's register (issue 14) opens from the device's copy: its children, with the offline notice.
  await tab.goto('/#/register');
  await expect(tab.locator('[data-qa="register-offline"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(tab.locator('[data-qa="register-row"]').first()).toBeVisible();
  await tab.screenshot({ path: `${SCREENS}/first-minute-register-offline.png`, fullPage: true });

  // The emergency contacts list, prepared at login too (spec 002 §8: it works offline).
  await tab.goto('/#/emergency');
  await expect(tab.locator('[data-qa="emergency-page"]')).toHaveAttribute('data-status', 'loaded', {
    timeout: FIRST_LOAD_MS,
  });

  // The Spotlight editor (issue 16): its setup and the development checkpoints were prepared at login,
  // so a snapshot can be written offline (the form is kept on the device until it can be saved).
  await tab.goto('/#/spotlight/add');
  await expect(tab.locator('[data-qa="spotlight-editor"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(tab.locator('[data-qa="spotlight-load-error"]')).toHaveCount(0);
  await expect(tab.locator('[data-qa="spotlight-children"]')).toBeVisible();

  // The drafts list: the device's copy plus the save waiting in the outbox, marked "on this device".
  const drafts = new DraftsPage(tab);
  await tab.goto('/#/draft');
  await expect(drafts.root).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(tab.locator('[data-qa="drafts-offline"]')).toBeVisible();
  await expect(drafts.cards.first()).toBeVisible();
  const device = tab.locator('[data-qa="drafts-device-card"]');
  await expect(device).toHaveCount(1);
  await expect(device).toContainText('On this device');
  await expect(device).toContainText(notes);
  await expect(drafts.root).not.toHaveAttribute('data-list-status', 'loading');
  await tab.screenshot({ path: `${SCREENS}/first-minute-drafts-offline.png`, fullPage: true });

  // The waiting save follows the list's filters (offline, from the device): another type leaves it out,
  // its own type and child show it. The filter is the stored one the list opens with.
  const config = await (await page.request.get('/api/v1/config')).json();
  const other = (config.eventTypes as { id: number; tag: string }[]).find(
    (x) => x.id !== observation.id && !['snapshot', 'learningStory'].includes(x.tag),
  );
  if (!other) throw new Error('no second event type');
  const openWithFilter = async (over: Record<string, unknown>) => {
    await tab.goto('/#/sync');
    await expect(tab.locator('[data-qa="sync-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
    await storeDraftsFilter(tab, config.me.userID, { siteID: config.siteID, ...over });
    await tab.goto('/#/draft');
    await expect(drafts.root).toBeVisible({ timeout: FIRST_LOAD_MS });
  };
  await openWithFilter({ typeID: other.id });
  await expect(tab.locator('[data-qa="drafts-offline-no-copy"]')).toBeVisible();
  await expect(device).toHaveCount(0);
  await openWithFilter({ typeID: observation.id, childIDs: [child] });
  await expect(device).toHaveCount(1);
  await expect(device).toContainText(notes);
  await expect(tab.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(tab.locator('[data-qa="drafts-offline-no-copy"]')).toBeVisible();
  await tab.screenshot({ path: `${SCREENS}/first-minute-drafts-offline-filtered.png`, fullPage: true });
  await tab.evaluate((userID) => localStorage.removeItem(`nursery.draftsFilter.${userID}`), config.me.userID);

  // The sync screen opens and lists it.
  const sync = new SyncPage(tab);
  await tab.goto('/#/sync');
  await expect(tab.locator('[data-qa="sync-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(sync.items).toHaveCount(1);
  // The record of the last preparation is shown (the first tab may have prepared once more as the
  // browser went offline, and then says how many items it could not fetch).
  await expect(tab.locator('[data-qa="offline-readiness"]')).toHaveAttribute(
    'data-state',
    /^(ready|partial)$/,
  );
  // A partial run after the complete one at login still says when everything was last fetched.
  if ((await tab.locator('[data-qa="offline-readiness"]').getAttribute('data-state')) === 'partial') {
    await expect(tab.locator('[data-qa="offline-readiness-last-complete"]')).toContainText(
      'Everything was last prepared',
    );
  }

  // Back online on the drafts list: the sync sends it and the list shows it from the server at once
  // (well before the list's own 30-second refresh).
  await tab.goto('/#/draft');
  await expect(device).toHaveCount(1, { timeout: FIRST_LOAD_MS });
  // "At once" is checked by order, not by the clock (the CI machine is busy): the list is asked for
  // again as soon as the sync's save is answered, well before its next 30-second refresh.
  // Either tab may hold the sync loop (one per browser): the save is watched on the whole context.
  // Only the tab that syncs refreshes at once; another tab waits for its own 30-second refresh (a known
  // gap, see the closing note of stop 22), so "at once" is checked when this tab sent the save.
  let savedAt = 0;
  let savedByThisTab = false;
  context.on('response', (r) => {
    if (r.request().method() !== 'POST' || !/\/api\/v2\/events$/.test(new URL(r.url()).pathname)) return;
    if (savedAt === 0) {
      savedAt = Date.now();
      try {
        savedByThisTab = r.frame().page() === tab;
      } catch {
        savedByThisTab = false;
      }
    }
  });
  const listAfterSave = tab.waitForRequest(
    (r) => savedAt > 0 && r.method() === 'GET' && /\/api\/v2\/events\?.*fields=cards/.test(r.url()),
    { timeout: 60_000 },
  );
  await context.setOffline(false);
  await listAfterSave;
  if (savedByThisTab) expect(Date.now() - savedAt).toBeLessThan(20_000);
  const synced = drafts.cards.filter({ hasText: notes });
  await expect(synced).toHaveCount(1, { timeout: FIRST_LOAD_MS });
  await expect(device).toHaveCount(0);
  await tab.screenshot({ path: `${SCREENS}/first-minute-drafts-synced.png`, fullPage: true });
});

test('a drafts list with no copy on the device says so offline instead of loading for ever', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await loginOnlineOnce(page);
  const tab = await freshOfflineTab(context);
  const drafts = new DraftsPage(tab);
  // Oldest first: a list the preparation did not fetch (it fetches the one the user opens with), set
  // in this tab only after the online login.
  const config = await (await page.request.get('/api/v1/config')).json();
  await tab.goto('/#/');
  await storeDraftsFilter(tab, config.me.userID, { siteID: config.siteID, oldestFirst: true });
  await tab.goto('/#/draft');
  await expect(drafts.root).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(tab.locator('[data-qa="drafts-offline-no-copy"]')).toContainText(
    'This list has not been saved on this device for offline use.',
  );
  await expect(drafts.root).toHaveAttribute('data-list-status', 'offline');
  await expect(tab.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await context.setOffline(false);
  await tab.evaluate((userID) => localStorage.removeItem(`nursery.draftsFilter.${userID}`), config.me.userID);
});

test("children's photos are cached for offline use after login, shown on the offline Add screen's tiles, and removed at logout", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // The demo's children with a photo (GET api/v1/children/{id}/photo): the preparation caches them all.
  await logInByApi(page, demoUsers.practitioner.email);
  const withPhoto = await childrenWithPhoto(page);
  const keyWithPhoto = (await keyChildren(page)).find((id) => withPhoto.includes(id));
  if (keyWithPhoto === undefined) throw new Error('no key child with a photo in the demo data');
  await loginOnlineOnce(page, false);
  await expect(page.locator('[data-qa="offline-readiness-contents"]')).toContainText(
    `${withPhoto.length} photos`,
  );
  const cached = await page.evaluate(async () =>
    (await (await caches.open('child-photos')).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(cached.sort()).toEqual(withPhoto.map((id) => `/api/v1/children/${id}/photo`).sort());
  const observation = await typeByTag(page, 'observation');

  // A fresh tab with no network: the Add screen's child tiles show the photos from the worker's cache.
  const tab = await freshOfflineTab(context);
  await tab.goto(`/#/add?typeID=${observation.id}`);
  const photo = tab.locator(`[data-qa="child-option-${keyWithPhoto}"] [data-qa="child-photo"]`);
  await expect(photo).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await tab.close();
  await context.setOffline(false);

  // Logging out removes the photos with the rest of the user's copy.
  await page.goto('/#/');
  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="logout"]').click();
  await expect(page).toHaveURL(/#\/login/);
  await expect.poll(() => page.evaluate(() => caches.has('child-photos'))).toBe(false);
});
