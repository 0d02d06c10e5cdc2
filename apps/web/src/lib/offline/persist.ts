/**
 * The device's read cache (issue 6): TanStack Query persisted to IndexedDB through Dexie (`cache`
 * table), one row per user plus a pointer to the user whose copy the next start restores. Loaded
 * lazily (Providers), so Dexie and the persister stay out of the login bundle.
 *
 * Shared tablets: a copy is written only while this page has a live session (config fetched in this
 * page load) and only under that config's user; writing one user's copy deletes any other user's;
 * logout and session expiry remove the copy (dropPersistedCache in cache.ts).
 */
import type { AppConfig } from '@nursery/domain/account';
import { APP_VERSION } from '@nursery/domain/common';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { AsyncStorage, PersistedClient } from '@tanstack/react-query-persist-client';
import { offlineDB } from './db';
import {
  CACHE_KEY_PREFIX,
  CACHE_POINTER_KEY,
  cacheRowKey,
  isPersistedQueryKey,
  keepFirstPages,
  keepNewestEventDetails,
  PERSIST_MAX_AGE_MS,
  restorableUser,
  shouldPersistQuery,
} from './persistRules';
import { clearPhotoCache } from './photoCache';
import { requestPersistentStorage, resetPersistentStorageRequest } from './storage';

/**
 * What persisting needs to know of the session, handed in by the app (lib knows no feature): whether
 * this page has a live session, and the key of the config query that names its user.
 */
export interface PersistSession {
  isActive(): boolean;
  configKey: readonly unknown[];
}

let client: QueryClient | null = null;
let session: PersistSession | null = null;
/**
 * The device page's clear empties the copy; the copy must stay empty until something changes after it.
 * `quiet` hides the clear's own query removals from the saver; `dropQueuedWrite` drops a throttled write
 * queued before the clear (it holds the data just cleared). The next real change saves again.
 */
let quiet = false;
let dropQueuedWrite = false;

/** The user whose data may be written now: the config's user, only while the session is live. */
function writableUser(): number | null {
  if (!client || !session?.isActive()) return null;
  return client.getQueryData<AppConfig>(session.configKey)?.me.userID ?? null;
}

const storage: AsyncStorage<string> = {
  getItem: async () => {
    const db = offlineDB();
    return db.transaction('r', db.cache, async () => {
      const user = restorableUser((await db.cache.get(CACHE_POINTER_KEY))?.value);
      if (user === null) return null;
      return (await db.cache.get(cacheRowKey(user)))?.value ?? null;
    });
  },
  setItem: (_key, value) => {
    const user = writableUser();
    if (user === null || dropQueuedWrite) return Promise.resolve();
    const db = offlineDB();
    const own = cacheRowKey(user);
    // One transaction, started now: a logout's delete issued after this waits for it, never interleaves.
    return db.transaction('rw', db.cache, async () => {
      const at = Date.now();
      await db.cache
        .where('key')
        .startsWith(CACHE_KEY_PREFIX)
        .and((row) => row.key !== own && row.key !== CACHE_POINTER_KEY)
        .delete();
      await db.cache.bulkPut([
        { key: own, value, updatedAt: at },
        { key: CACHE_POINTER_KEY, value: String(user), updatedAt: at },
      ]);
    });
  },
  removeItem: async () => {
    await removePersistedRows();
  },
};

const persister = createAsyncStoragePersister({ storage, key: 'nursery-query-cache', throttleTime: 1000 });

// A new app version may read other shapes: its first start discards the old copy.
const BUSTER = APP_VERSION;

/*
 * Restore and save follow persistQueryClientRestore / persistQueryClientSubscribe of
 * @tanstack/query-persist-client-core, but with the app's own hydrate/dehydrate: that package pins
 * query-core 5.104.5 while react-query is 5.108.0, and two QueryClient classes do not mix (types, and
 * a second query-core in the bundle). See docs/decisions.md "Offline (issue 6)".
 */
async function restore(queryClient: QueryClient): Promise<void> {
  try {
    const persisted = await persister.restoreClient();
    if (!persisted) return;
    const expired = !persisted.timestamp || Date.now() - persisted.timestamp > PERSIST_MAX_AGE_MS;
    if (expired || persisted.buster !== BUSTER) {
      await persister.removeClient();
      return;
    }
    // Type-only bridge: the persisted state has the shape dehydrate() produced (same query-core API).
    hydrate(queryClient, persisted.clientState as unknown as Parameters<typeof hydrate>[1]);
    // Shown at once, but never trusted as fresh: each refetches when its screen mounts (online), so a
    // reload still picks up server changes (a new site, new permissions) as it did without the cache.
    await queryClient.invalidateQueries({
      predicate: (query) => isPersistedQueryKey(query.queryKey),
      refetchType: 'none',
    });
  } catch {
    // Unreadable copy: drop it; the screens load from the server.
    await Promise.resolve(persister.removeClient()).catch(() => undefined);
  }
}

function save(queryClient: QueryClient): void {
  if (quiet) return;
  dropQueuedWrite = false;
  const persisted = {
    buster: BUSTER,
    timestamp: Date.now(),
    clientState: keepNewestEventDetails(
      keepFirstPages(
        dehydrate(queryClient, {
          shouldDehydrateQuery: shouldPersistQuery,
          shouldDehydrateMutation: () => false,
        }),
      ),
    ),
  } as unknown as PersistedClient;
  void Promise.resolve(persister.persistClient(persisted)).catch(() => undefined);
}

let started: Promise<void> | null = null;

/**
 * Restores this device's copy into the client (resolves when done, or at once on failure) and from then
 * on saves allow-listed successful queries (throttled to one write a second).
 */
export function startPersisting(queryClient: QueryClient, liveSession: PersistSession): Promise<void> {
  if (started) return started;
  client = queryClient;
  session = liveSession;
  started = restore(queryClient).then(() => {
    queryClient.getQueryCache().subscribe((event) => {
      // Cache changes only (not observers coming and going), as the persist-client subscriber does.
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save(queryClient);
      // After login (config fetched in this page load): ask the browser to keep our storage.
      if (
        event.type === 'updated' &&
        event.query.queryKey[0] === liveSession.configKey[0] &&
        event.query.state.status === 'success' &&
        liveSession.isActive()
      ) {
        void requestPersistentStorage();
      }
    });
    if (liveSession.isActive()) void requestPersistentStorage();
  });
  return started;
}

async function removePersistedRows(): Promise<void> {
  const db = offlineDB();
  await db.cache.where('key').startsWith(CACHE_KEY_PREFIX).delete();
}

/** Logout and session expiry: no user's copy stays on the device. */
export async function clearPersistedCache(): Promise<void> {
  resetPersistentStorageRequest();
  await removePersistedRows();
}

/**
 * The device page's "Clear this device's cached data": empties the `cache` table and the children's
 * photos cached for offline use (the outbox, media and register queues are other tables and stay), and drops the persisted queries no screen is
 * showing, so they are not written straight back. What is on screen is saved again at its next change.
 */
export async function clearDeviceCache(queryClient: QueryClient): Promise<void> {
  const db = offlineDB();
  quiet = true;
  try {
    queryClient.removeQueries({
      predicate: (query) => isPersistedQueryKey(query.queryKey) && query.getObserversCount() === 0,
    });
  } finally {
    quiet = false;
  }
  dropQueuedWrite = true;
  await Promise.all([db.cache.clear(), clearPhotoCache()]);
}

export interface CacheInfo {
  /** When this user's copy was last written, or null when there is none. */
  updatedAt: number | null;
  /** Size of the stored text (UTF-16 code units ≈ bytes of JSON). */
  size: number;
}

export async function cacheInfo(): Promise<CacheInfo> {
  const rows = await offlineDB().cache.where('key').startsWith(CACHE_KEY_PREFIX).toArray();
  const copies = rows.filter((row) => row.key !== CACHE_POINTER_KEY);
  if (copies.length === 0) return { updatedAt: null, size: 0 };
  return {
    updatedAt: Math.max(...copies.map((row) => row.updatedAt)),
    size: copies.reduce((sum, row) => sum + row.value.length, 0),
  };
}
