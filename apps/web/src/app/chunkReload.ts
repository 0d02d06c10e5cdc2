/**
 * A screen's code that failed to load (a lazy chunk fetched while the network was gone, before the
 * service worker controlled the page). Browsers keep a failed module import for the page's lifetime, so
 * every later visit to a screen that shares the chunk fails too, even back online: only a new page load
 * fetches it again. The route error page reloads once for such a failure when the device is online (or
 * when it comes back); everything typed is in IndexedDB, so the reload loses nothing.
 */

/** The engines' messages for a dynamic import or a module script that could not be fetched. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_FAILURE.test(message);
}

/** At most one automatic reload in this window, so a chunk that is really gone cannot loop the page. */
export const CHUNK_RELOAD_WINDOW_MS = 30_000;
const LAST_RELOAD_KEY = 'nursery.chunkReloadAt';

export function mayReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < CHUNK_RELOAD_WINDOW_MS);
}

/** Reloads the page for a failed chunk unless it did so within the window; true when it reloads. */
export function reloadForChunk(storage: Storage, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(LAST_RELOAD_KEY));
  if (!mayReloadForChunk(now, Number.isFinite(last) && last > 0 ? last : null)) return false;
  storage.setItem(LAST_RELOAD_KEY, String(now));
  reload();
  return true;
}
