/**
 * The service worker's precache plan (issue 27, "Offline from the first second"), pure so it is unit
 * tested: which cache a build's code goes in, each file's key in it, and the order files are fetched
 * (the floor screens first). Used by the worker (sw.ts) and by the page's readiness banner
 * (lib/offline/codeReadiness.ts reads the same cache names).
 */

/** One file of the build as the manifest lists it: content-hashed files have no revision. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** Every build's code cache starts so; the page counts what is stored under it. */
export const CODE_CACHE_PREFIX = 'nursery-code-';

/** The build's code cache: one per manifest, so an update never mixes two builds' files. */
export function codeCacheName(entries: readonly PrecacheEntry[]): string {
  // FNV-1a over every url and revision: stable, short, and different whenever a file changes.
  let hash = 0x811c9dc5;
  for (const { url, revision } of entries) {
    for (const ch of `${url}\u0000${revision ?? ''}\u0001`) {
      hash ^= ch.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return `${CODE_CACHE_PREFIX}${hash.toString(36)}`;
}

/**
 * A file's key in the cache, relative to the worker's scope: a revisioned file (index.html, icons) is
 * kept under its revision, so a new build's copy never answers as an old one's.
 */
export function cacheKey(entry: PrecacheEntry, scope: string): string {
  const url = new URL(entry.url, scope);
  if (entry.revision) url.searchParams.set('__revision', entry.revision);
  return url.href;
}

/**
 * The manifest split in the order it is fetched: `first` (the page, the entry and the floor screens'
 * files, without which the device cannot work offline: the worker takes control once they are stored)
 * and `rest` (every other screen's files, stored right after). Unknown floor names are ignored; each
 * file appears once.
 */
export function fetchOrder(
  entries: readonly PrecacheEntry[],
  floor: readonly string[],
): { first: PrecacheEntry[]; rest: PrecacheEntry[] } {
  const byUrl = new Map<string, PrecacheEntry>();
  for (const entry of entries) if (!byUrl.has(entry.url)) byUrl.set(entry.url, entry);
  const firstUrls = new Set<string>();
  for (const url of ['index.html', ...floor]) if (byUrl.has(url)) firstUrls.add(url);
  const first = [...firstUrls].map((url) => byUrl.get(url) as PrecacheEntry);
  const rest = [...byUrl.values()].filter((entry) => !firstUrls.has(entry.url));
  return { first, rest };
}

/**
 * Runs `task` over `items`, at most `concurrency` at once, in order of start. Every item is tried; the
 * answer lists the items whose task threw (a file the network did not give this time).
 */
export async function eachAtMost<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<T[]> {
  const failed: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch {
        failed.push(item);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return failed;
}
