// Issue 32: caches kept in one process are dropped on every instance at once through PostgreSQL
// LISTEN/NOTIFY. A change that makes a cached value stale calls notifyCacheChange inside its transaction
// (the NOTIFY is delivered when it commits, never for a rolled-back change); every instance, the sender
// too, listens on one channel and drops the entry. On PGlite the same NOTIFY is delivered in process.
// While the listener is down a notification may be missed, so the caches are dropped and paused (every
// read goes to the database) until it listens again.
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { keepListening, type Listener, type ListenerLog } from './listener.ts';

export const CACHE_CHANNEL = 'nursery_cache';

/** What a notification names: which cache, and the key in it (a provider's id). */
export type CacheTopic = 'event-config';

/** One cache the bus looks after. */
export interface CacheOnBus {
  /** The entries of `key` are stale. */
  drop(key: string): void;
  /** Everything may be stale; `live` is whether the cache may keep entries from now on. */
  reset(live: boolean): void;
}

/** Tells every instance that `topic`'s entries for `key` are stale: run it inside the change's transaction. */
export async function notifyCacheChange(db: Db, topic: CacheTopic, key: string | number): Promise<void> {
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${cachePayload(topic, key)})`);
}

export const cachePayload = (topic: CacheTopic, key: string | number) => `${topic}:${key}`;

/** The topic and key of a payload; null for one this version does not know. */
export function parseCachePayload(
  payload: string,
  topics: readonly string[],
): { topic: string; key: string } | null {
  const at = payload.indexOf(':');
  if (at <= 0) return null;
  const topic = payload.slice(0, at);
  return topics.includes(topic) ? { topic, key: payload.slice(at + 1) } : null;
}

export type CacheBusLog = ListenerLog;
export type CacheBus = Listener;

/**
 * Listens for cache changes and routes them to `caches`. Answers once the first LISTEN is made or has
 * failed (then it keeps trying in the background, the caches paused).
 */
export async function startCacheBus(
  database: Database,
  caches: Partial<Record<CacheTopic, CacheOnBus>>,
  log: CacheBusLog,
): Promise<CacheBus> {
  const topics = Object.keys(caches);
  const all = Object.values(caches) as CacheOnBus[];
  const resetAll = (live: boolean) => {
    for (const cache of all) cache.reset(live);
  };
  resetAll(false);
  return keepListening(
    database,
    CACHE_CHANNEL,
    {
      onPayload(payload) {
        const change = parseCachePayload(payload, topics);
        if (change) caches[change.topic as CacheTopic]?.drop(change.key);
      },
      // Notifications may have been missed before this LISTEN: nothing kept from before is trusted.
      onUp: () => resetAll(true),
      onDown: () => resetAll(false),
    },
    log,
    'cache bus',
  );
}
