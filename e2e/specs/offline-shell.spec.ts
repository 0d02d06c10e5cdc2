import { expect, type Page, type Route, test } from '@playwright/test';
import { demoSites, demoUsers } from '../pages/demo';
import { DraftsPage } from '../pages/drafts';
import { HomePage } from '../pages/home';
import { waitForServiceWorker } from '../pages/offline';
import { logInByApi } from '../pages/session';

/**
 * Issue 6: after one online visit the app opens with no network. The service worker serves the app
 * shell from its precache and the read cache (IndexedDB) gives Home its config, with the offline notice
 * and how old the data is. The device page shows the storage figures and clears the read cache only.
 */

const SCREENS = 'test-results/screens';

/** The persisted read cache's rows (Dexie database 'nursery', table 'cache'), read with plain IndexedDB. */
function cacheKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('nursery');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('cache').objectStore('cache').getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve(request.result.map(String));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function openHomeOnline(page: Page): Promise<HomePage> {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  const home = new HomePage(page);
  await home.expectLoaded();
  await expect(home.siteName).toHaveText(demoSites.oakTree);
  await waitForServiceWorker(page);
  await home.expectLoaded();
  // The config is in the device's read cache (written at most a second after it changes).
  await expect.poll(() => cacheKeys(page)).toContain('rq:current-user');
  return home;
}

test('the app shell and Home open with no network after one online visit', async ({ page, context }) => {
  const home = await openHomeOnline(page);

  await context.setOffline(true);
  await page.reload();
  await home.expectLoaded();
  await expect(home.siteName).toHaveText(demoSites.oakTree);
  await expect(page.locator('[data-qa="product-name"]').first()).toBeVisible();
  await expect(home.offlineNotice).toBeVisible();
  await expect(home.offlineNotice).toContainText('You are currently working offline.');
  // Home's own notice comes first; the widgets that show a device copy (agenda, key children) each
  // say how old theirs is below it.
  const fetched = page.locator('[data-qa="data-fetched"]').first();
  await expect(fetched).toBeVisible();
  await expect(fetched).toContainText(/This data was fetched: (a few seconds|a minute|\d+ minutes) ago/);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SCREENS}/offline-home.png`, fullPage: true });

  // A lazy screen that was never opened still loads offline (its chunk is precached).
  await page.goto('/#/settings/device');
  await expect(page.locator('[data-qa="device-page"]')).toBeVisible();

  // Back online, the notice goes and the data refreshes.
  await context.setOffline(false);
  await page.goto('/');
  await home.expectLoaded();
  await expect(home.offlineNotice).toBeHidden();
  await expect(page.locator('[data-qa="data-fetched"]')).toBeHidden();
});

test('the drafts list opens offline with the cards last fetched and how old they are', async ({
  page,
  context,
}) => {
  await openHomeOnline(page);
  const drafts = new DraftsPage(page);
  await page.goto('/#/draft');
  await expect(drafts.cards.first()).toBeVisible();
  const online = await drafts.cards.count();
  const firstCard = (await drafts.cards.first().innerText()).split('\n')[0]!;
  await expect.poll(() => cacheKeys(page)).toContain('rq:current-user');
  // The persisted copy is written at most a second after the list arrives.
  await page.waitForTimeout(1_500);

  await context.setOffline(true);
  await page.reload();
  await expect(drafts.root).toBeVisible();
  await expect(page.locator('[data-qa="drafts-offline"]')).toContainText(
    'You are offline, please go online to see all draft events.',
  );
  await expect(drafts.cards).toHaveCount(online);
  await expect(drafts.cards.first()).toContainText(firstCard);
  await expect(page.locator('[data-qa="data-fetched"]')).toContainText(/This data was fetched: .* ago/);
  await expect(page.locator('[data-qa="drafts-load-error"]')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/offline-drafts.png`, fullPage: true });
  await context.setOffline(false);
});

test('the device page shows storage, the offline app and clears only the read cache', async ({ page }) => {
  await openHomeOnline(page);

  // An unsynced outbox row (another table) must survive "clear cached data".
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('nursery');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('events', 'readwrite');
          tx.objectStore('events').put({
            uuid: 'e2e-outbox-row',
            userID: 1,
            siteID: 1,
            kind: 'create',
            eventID: null,
            baseVersion: null,
            payload: {},
            group: 'test',
            title: 'test',
            status: 'pending',
            error: null,
            attempts: 0,
            createdAt: Date.now(),
            updatedAt: Date.now(),
            savedIDs: [],
          });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );

  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="device-settings"]').click();
  const device = page.locator('[data-qa="device-page"]');
  await expect(device).toBeVisible();
  await expect(page.locator('[data-qa="device-version"]')).toHaveText(/^\d+\.\d+\.\d+$/);
  await expect(page.locator('[data-qa="device-sw"]')).toHaveText('Ready to work offline');
  await expect(page.locator('[data-qa="device-usage"]')).toHaveText(/^[\d,]+\.\d MB$/);
  await expect(page.locator('[data-qa="device-quota"]')).toHaveText(/^[\d,]+\.\d MB$/);
  await expect(page.locator('[data-qa="device-persistent"]')).toHaveText(/Persistent|Best effort/);
  await expect(page.locator('[data-qa="device-cache"]')).toHaveText(/^Saved /);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SCREENS}/offline-device.png`, fullPage: true });

  await page.locator('[data-qa="device-cache-clear"]').click();
  await page.locator('[data-qa="device-cache-clear-confirm"]').click();
  await expect(page.getByText("This device's cached data was cleared.")).toBeVisible();
  await expect(page.locator('[data-qa="device-cache"]')).toHaveText('No cached data on this device');

  const outboxKept = await page.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('nursery');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('events').objectStore('events').get('e2e-outbox-row');
          request.onsuccess = () => {
            db.close();
            resolve(request.result !== undefined);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
  expect(outboxKept).toBe(true);
});

test('logging out removes the persisted copy from the device', async ({ page }) => {
  const home = await openHomeOnline(page);
  expect((await cacheKeys(page)).some((key) => key.startsWith('rq:user:'))).toBe(true);
  await home.logOut();
  await expect(page).toHaveURL(/#\/login/);
  await expect.poll(() => cacheKeys(page)).toEqual([]);
});

/**
 * The server's JSON answer with `changes` on top. A request the page drops by reloading (the health
 * check runs on its own timer) is left alone: its answer is disposed and nobody reads it.
 */
async function withAnswer(route: Route, changes: Record<string, unknown>): Promise<void> {
  try {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...changes } });
  } catch {
    // The page went away (reload) while this request was in flight.
  }
}

test('a newer server version shows one notice; below the minimum it is danger; Reload reloads', async ({
  page,
}) => {
  await openHomeOnline(page);
  // The page is controlled by the worker now: the API still goes to the network (and to page.route).
  await page.route('**/api/health', (route) => withAnswer(route, { version: '9.0.0' }));
  await page.reload();
  const notice = page.locator('[data-qa="version-notice"]');
  await expect(notice).toHaveCount(1);
  await expect(notice).toHaveAttribute('data-level', 'info');
  await expect(notice).toContainText(
    'A newer version of the app (9.0.0) is available. Please refresh to update.',
  );
  await page.screenshot({ path: `${SCREENS}/offline-version-info.png` });

  // The server's minimum is above this version: danger, prompting the update.
  await page.route('**/api/v1/config', (route) => withAnswer(route, { minVersion: '8.0.0' }));
  await page.reload();
  await expect(notice).toHaveAttribute('data-level', 'danger');
  await expect(notice).toContainText(
    'This version of the app (2.67.0) is out of date. Please update to version 9.0.0.',
  );
  await page.screenshot({ path: `${SCREENS}/offline-version-danger.png` });

  // Reload reloads (no new worker to wait for). The page's first sync starts once its first screen is
  // up; on a busy machine it can still be running at the click, and then the app asks first ('Reload
  // now?', spec: work in progress is not interrupted silently): confirming reloads too.
  const reloaded = page.waitForEvent('framenavigated');
  await page.locator('[data-qa="version-reload"]').click();
  const confirmIfAsked = page
    .locator('[data-qa="version-reload-confirm"]')
    .click({ timeout: 20_000 })
    .catch(() => undefined);
  await Promise.race([reloaded, confirmIfAsked]);
  await reloaded;
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible();
});
