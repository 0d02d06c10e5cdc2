// Offline helpers shared by the specs: the service worker, the device's persisted read cache and the
// network switched off for the page (the context's offline mode plus aborted API calls, since a
// request already in flight would otherwise still reach the server).
import { type BrowserContext, expect, type Page } from '@playwright/test';

const API = ['**/api/**', '**/graphql'];
const abortAll = (route: { abort: () => Promise<void> }) => route.abort();

export async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  for (const url of API) await page.route(url, abortAll);
}

export async function goOnline(page: Page, context: BrowserContext): Promise<void> {
  for (const url of API) await page.unroute(url, abortAll);
  await context.setOffline(false);
}

/**
 * Waits until a service worker controls the page (reloading once if it installed after the load) and
 * has stored every file of the build (it takes control once the floor screens' files are stored and
 * stores the rest after, apps/web/src/serviceWorker/sw.ts).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const source = await (await fetch('./sw.js', { cache: 'no-store' })).text();
          const files = new Set([...source.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1])).size;
          let stored = 0;
          for (const name of await caches.keys())
            if (name.startsWith('nursery-code-'))
              stored = Math.max(stored, (await (await caches.open(name)).keys()).length);
          return files > 0 && stored >= files;
        }),
      { message: 'every file of the build is on the device', timeout: 60_000 },
    )
    .toBe(true);
}

/** The persisted read cache's text (Dexie database 'nursery', table 'cache'), read with plain IndexedDB. */
export function persistedCopy(page: Page): Promise<string> {
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
            resolve(JSON.stringify(request.result));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** When the device's last offline preparation finished (its persisted record's `at`), or 0. */
export function preparedAt(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('nursery');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) {
            db.close();
            resolve(0);
            return;
          }
          const request = db.transaction('cache').objectStore('cache').getAll();
          request.onsuccess = () => {
            db.close();
            let at = 0;
            for (const row of request.result as { value: string }[]) {
              try {
                const client = JSON.parse(row.value) as {
                  clientState?: { queries?: { queryKey?: unknown[]; state?: { data?: { at?: unknown } } }[] };
                };
                for (const q of client.clientState?.queries ?? []) {
                  const when = q.state?.data?.at;
                  if (q.queryKey?.[0] === 'offline-ready' && typeof when === 'number')
                    at = Math.max(at, when);
                }
              } catch {
                // The pointer row (a user id) is not a persisted client.
              }
            }
            resolve(at);
          };
          request.onerror = () => resolve(0);
        };
      }),
  );
}
