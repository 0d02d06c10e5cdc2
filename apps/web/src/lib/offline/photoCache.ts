/**
 * Children's photos for offline use (issue 13): the one API path the service worker answers from a
 * cache (vite.config.ts runtimeCaching, CacheFirst, cache `child-photos`; docs/decisions.md "Issue 13:
 * offline from the first minute"). The offline preparation warms it from the page after login and
 * site change; logout and session expiry delete it (cache.ts), as they delete the read cache.
 */

import { BUSY_RETRIES, busyDelayMs, isBusyStatus, pause } from './busyAnswer';

/** The Cache Storage name; vite.config.ts names the same cache for its runtime route. */
export const CHILD_PHOTO_CACHE = 'child-photos';

/** Path of a child's photo (GET api/v1/children/{id}/photo), as the service worker route matches it. */
export const CHILD_PHOTO_PATH = /\/api\/v1\/children\/\d+\/photo$/;

/**
 * At most this many photo downloads at once while warming: it runs in the background, so it leaves
 * the server's request slots (4 on PGlite) to the screen in front of the user.
 */
const WARM_CONCURRENCY = 2;

/** A cached photo older than this is fetched again (the worker's route has the same bound). */
export const CHILD_PHOTO_MAX_AGE_MS = 24 * 60 * 60_000;

/** Whether a cached answer is still young enough to use (by its Date header; none: too old). */
export function isFreshPhoto(dateHeader: string | null, nowMs: number): boolean {
  const at = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return Number.isFinite(at) && nowMs - at < CHILD_PHOTO_MAX_AGE_MS;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches !== 'undefined' ? caches : null;
}

export interface WarmResult {
  /** Photos now in the cache (already there or fetched). */
  stored: number;
  failed: number;
}

/**
 * Puts each photo URL not cached yet into the `child-photos` cache (a 200 answer only; a 404, a child
 * without a photo after all, is left out and not counted as a failure). Calls `onEach` after each URL.
 */
export async function warmPhotoCache(
  urls: readonly string[],
  opts: { signal?: AbortSignal; onEach?: () => void } = {},
): Promise<WarmResult> {
  const storage = cacheStorage();
  if (!storage || urls.length === 0) {
    for (const _ of urls) opts.onEach?.();
    return { stored: 0, failed: storage ? 0 : urls.length };
  }
  const cache = await storage.open(CHILD_PHOTO_CACHE);
  const result: WarmResult = { stored: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !opts.signal?.aborted) {
      const url = urls[next++] as string;
      try {
        const cached = await cache.match(url);
        if (cached && isFreshPhoto(cached.headers.get('date'), Date.now())) {
          result.stored += 1;
        } else {
          let response = await fetch(url, { credentials: 'same-origin', signal: opts.signal });
          for (let attempt = 0; isBusyStatus(response.status) && attempt < BUSY_RETRIES; attempt++) {
            await pause(busyDelayMs(response.headers.get('retry-after'), attempt), opts.signal);
            response = await fetch(url, { credentials: 'same-origin', signal: opts.signal });
          }
          if (response.ok) {
            await cache.put(url, response);
            result.stored += 1;
          } else if (response.status !== 404) {
            result.failed += 1;
          }
        }
      } catch {
        result.failed += 1;
      }
      opts.onEach?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(WARM_CONCURRENCY, urls.length) }, worker));
  return result;
}

/** How many photos the cache holds (the device page). */
export async function cachedPhotoCount(): Promise<number | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  if (!(await storage.has(CHILD_PHOTO_CACHE))) return 0;
  return (await (await storage.open(CHILD_PHOTO_CACHE)).keys()).length;
}

/** Logout and session expiry: no child's photo stays on a shared tablet. */
export async function clearPhotoCache(): Promise<void> {
  await cacheStorage()?.delete(CHILD_PHOTO_CACHE);
}
