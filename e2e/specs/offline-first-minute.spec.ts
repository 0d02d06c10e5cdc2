import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demoUsers } from '../pages/demo';
import { DRAFT, DraftsPage } from '../pages/drafts';
import { EventEditorPage } from '../pages/eventEditor';
import { logInByApi } from '../pages/session';
import { SyncPage } from '../pages/sync';

/**
 * Issue 13 "Offline from the first minute": after one online login (Home only, no other screen
 * visited), a fresh tab with no network opens Add (and saves to the outbox), Edit of a draft, the
 * drafts list (device copy plus what waits in the outbox) and the sync screen.
 */

const SCREENS = 'test-results/screens';
const FIRST_LOAD_MS = 30_000;

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The persisted read cache's text (Dexie database 'nursery', table 'cache'), read with plain IndexedDB. */
function persistedCopy(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('nursery');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) {
            db.close();
            resolve('');
            return;
          }
          const request = db.transaction('cache').objectStore('cache').getAll();
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { value: string }[]).map((r) => r.value).join('\n'));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/**
 * Logs in online and opens Home once (no capture screen); returns when the device page says the device
 * is ready to work offline and that record is in the device's persisted copy.
 */
async function loginOnlineOnce(page: Page): Promise<void> {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await waitForServiceWorker(page);
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible();
  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="device-settings"]').click();
  await expect(page.locator('[data-qa="offline-readiness"]')).toHaveAttribute('data-state', 'ready', {
    timeout: FIRST_LOAD_MS,
  });
  await expect.poll(() => persistedCopy(page), { timeout: 10_000 }).toContain('offline-ready');
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

test('after one online login a fresh tab with no network opens Add, Edit, drafts and sync', async ({
  page,
  context,
}) => {
  await loginOnlineOnce(page);
  const draftID = await firstDraftID(page);

  const tab = await freshOfflineTab(context);
  const editor = new EventEditorPage(tab);
  await tab.goto('/#/add');
  await expect(editor.saveBar).toBeVisible({ timeout: FIRST_LOAD_MS });
  await tab.screenshot({ path: `${SCREENS}/first-minute-add.png`, fullPage: true });

  await tab.goto(`/#/edit/${draftID}`);
  await expect(editor.saveBar).toBeVisible({ timeout: FIRST_LOAD_MS });

  const drafts = new DraftsPage(tab);
  await tab.goto('/#/draft');
  await expect(drafts.root).toBeVisible();
  await expect(drafts.cards.first()).toBeVisible();

  const sync = new SyncPage(tab);
  await tab.goto('/#/sync');
  await expect(tab.locator('[data-qa="sync-page"]')).toBeVisible();
  await expect(sync.button).toBeVisible();
  await context.setOffline(false);
});
