/// <reference lib="webworker" />
/**
 * The app's service worker (issue 27, "Offline from the first second"; issue 6 for the app shell).
 * Built by vite-plugin-pwa (injectManifest) into sw.js at the app root, with the build's file list in
 * `self.__WB_MANIFEST` and the floor screens' files in `self.__NURSERY_FLOOR` (vite.config.ts).
 *
 * Why not workbox's generated worker: it stores its precache one file after another and gives up the
 * whole install when one file fails, so a network that goes a few seconds after login leaves a device
 * with nothing. Here:
 * - install stores the page, the entry and the floor screens' files first, several at once, each file
 *   kept as soon as it arrives (a retry fetches only what is missing); the first worker then takes
 *   control at once (skipWaiting + clients.claim) and stores every other screen's files straight after;
 * - an update stores every file before it waits, and waits until the user presses Reload in the
 *   version notice (the page posts SKIP_WAITING, as workbox-window's messageSkipWaiting does);
 * - the page asks for the rest again (FILL_CODE) when it comes back online, until all is stored.
 * Requests: navigations get the stored page; the build's files come from the device, else the network
 * (and are kept); children's photos are cache first for a day (lib/offline/photoCache.ts warms them);
 * the API is never answered here.
 */
import {
  CODE_CACHE_PREFIX,
  cacheKey,
  codeCacheName,
  eachAtMost,
  fetchOrder,
  type PrecacheEntry,
} from './precachePlan';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  __NURSERY_FLOOR?: string[];
};

/** Files fetched at once (a browser keeps about six connections to one server). */
const CONCURRENCY = 6;
/** Children's photos (photoCache.ts CHILD_PHOTO_CACHE): at most this many, for at most a day. */
const PHOTO_CACHE = 'child-photos';
const PHOTO_MAX_ENTRIES = 600;
const PHOTO_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const PHOTO_URL = /\/api\/v1\/children\/\d+\/photo(\?.*)?$/;
/** The previous worker's (workbox generateSW) caches, removed once this one is active. */
const OLD_PRECACHE_PREFIX = 'workbox-precache';

const manifest: PrecacheEntry[] = self.__WB_MANIFEST.map((entry) =>
  typeof entry === 'string' ? { url: entry, revision: null } : entry,
);
const CODE_CACHE = codeCacheName(manifest);
const scope = self.registration.scope;
const order = fetchOrder(manifest, self.__NURSERY_FLOOR ?? []);
const keyOf = new Map(manifest.map((entry) => [new URL(entry.url, scope).href, cacheKey(entry, scope)]));
const INDEX_KEY = cacheKey(
  manifest.find((e) => e.url === 'index.html') ?? { url: 'index.html', revision: null },
  scope,
);

/** Stores the entries not in the code cache yet; answers those the network did not give. */
async function store(entries: readonly PrecacheEntry[]): Promise<PrecacheEntry[]> {
  const cache = await caches.open(CODE_CACHE);
  // One read of what is stored (a lookup per file costs a round trip to the cache each).
  const stored = new Set((await cache.keys()).map((request) => request.url));
  const missing = entries.filter((entry) => !stored.has(cacheKey(entry, scope)));
  // Another build's cache may hold the very same file (hashed, or the same revision): an update.
  const others = (await caches.keys()).filter(
    (name) => name.startsWith(CODE_CACHE_PREFIX) && name !== CODE_CACHE,
  );
  return eachAtMost(missing, CONCURRENCY, async (entry) => {
    const key = cacheKey(entry, scope);
    for (const name of others) {
      const kept = await (await caches.open(name)).match(key);
      if (kept) {
        await cache.put(key, kept);
        return;
      }
    }
    // A revisioned file is checked with the server; a hashed one may come from the HTTP cache.
    const response = await fetch(new URL(entry.url, scope).href, {
      credentials: 'same-origin',
      cache: entry.revision ? 'no-cache' : 'default',
    });
    if (!response.ok) throw new Error(`${entry.url}: ${response.status}`);
    await cache.put(key, response);
  });
}

let filling: Promise<void> | null = null;
/** Stores every file not stored yet, once at a time; a failed file is tried at the next call. */
function fillRest(): Promise<void> {
  filling ??= store(manifest)
    .then(() => undefined)
    .finally(() => {
      filling = null;
    });
  return filling;
}

self.addEventListener('install', (event) => {
  const first = !self.registration.active;
  event.waitUntil(
    (async () => {
      // The first worker needs the floor's files; an update needs every file before it may wait.
      const failed = await store(first ? order.first : [...order.first, ...order.rest]);
      if (failed.length > 0) throw new Error(`not stored: ${failed.map((e) => e.url).join(', ')}`);
      if (first) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (
          (name.startsWith(CODE_CACHE_PREFIX) && name !== CODE_CACHE) ||
          name.startsWith(OLD_PRECACHE_PREFIX)
        )
          await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
  // Every other screen's files straight after, without holding back the requests waiting for activation.
  void fillRest().catch(() => undefined);
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'FILL_CODE') event.waitUntil(fillRest().catch(() => undefined));
});

async function fromCodeCache(key: string, request: Request): Promise<Response> {
  const cache = await caches.open(CODE_CACHE);
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
  return response;
}

async function photo(request: Request): Promise<Response> {
  const cache = await caches.open(PHOTO_CACHE);
  const kept = await cache.match(request);
  const keptAt = kept ? Date.parse(kept.headers.get('date') ?? '') : Number.NaN;
  if (kept && !(Date.now() - keptAt > PHOTO_MAX_AGE_MS)) return kept;
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      await cache.put(request, response.clone());
      const keys = await cache.keys();
      // Oldest first (the cache keeps insertion order).
      for (const old of keys.slice(0, Math.max(0, keys.length - PHOTO_MAX_ENTRIES))) await cache.delete(old);
    }
    return response;
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PHOTO_URL.test(url.pathname + url.search)) {
    event.respondWith(photo(request));
    return;
  }
  const path = url.pathname.slice(new URL(scope).pathname.length);
  if (path.startsWith('api/') || path === 'graphql') return;
  if (request.mode === 'navigate') {
    event.respondWith(
      caches
        .open(CODE_CACHE)
        .then((cache) => cache.match(INDEX_KEY))
        .then((kept) => kept ?? fetch(request)),
    );
    return;
  }
  const key = keyOf.get(url.origin + url.pathname);
  if (key) event.respondWith(fromCodeCache(key, request));
});
