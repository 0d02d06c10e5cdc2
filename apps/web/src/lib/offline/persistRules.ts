/**
 * Which TanStack queries go into the device's read cache (issue 6; docs/decisions.md "Offline"). Pure
 * functions, unit-tested; the Dexie persister (persist.ts) uses them.
 */

/** A persisted cache older than this is discarded on start (24 h: yesterday's room lists are wrong). */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Query-key prefixes worth having offline: the shell's config, the add/edit screen's reference data
 * (site children, frameworks, meals), the site's staff (the drafts author filter), the Home overview,
 * event details (the newest PERSISTED_EVENT_DETAILS_MAX), the drafts list's pages as last fetched per
 * filter, the child register per site day (issue 14: prepared for today at login), the emergency
 * contacts list per site (it must open offline: spec 002 §8), the notifications as last fetched and
 * the unread count (issue 15: the page's offline state), Home's key children per site and day
 * (issue 15: cache version 2 per day, spec 002 §9), the Spotlight editor's setup per site and the
 * development checkpoints and the user's favourite frameworks (issue 16: prepared at login, so a
 * snapshot can be written offline), the staff register per site day (issue 18: prepared for today at
 * login, it opens offline with the changes waiting on the device shown on it), the medication form's
 * setup per site and per child (issue 31: prepared at login, so a medication can be recorded offline
 * with the child's contacts, allergies and recent doses), and the record of
 * the device's last offline preparation per site (issue 13). Anything else
 * (health, counts, history) is refetched online only.
 */
export const PERSISTED_QUERY_PREFIXES: readonly (readonly string[])[] = [
  ['config'],
  ['site-children'],
  ['frameworks'],
  ['meals'],
  ['site-staff'],
  ['home', 'overview'],
  ['event'],
  ['drafts', 'list'],
  // The events timeline's pages as last fetched per filter (issue 31: readable offline).
  ['timeline', 'list'],
  ['register'],
  ['staff-register'],
  ['emergency'],
  ['notifications', 'list'],
  ['notifications', 'unread'],
  ['key-children'],
  ['spotlight-setup'],
  ['spotlight-checkpoints'],
  ['favourite-frameworks'],
  ['medication', 'setup'],
  ['offline-ready'],
];

/**
 * Event details kept in the device's copy: the newest fetched (the first drafts page prepared at login,
 * 25, and the events opened since). Enough to edit offline what is on the list; a bounded copy.
 */
export const PERSISTED_EVENT_DETAILS_MAX = 60;

/** Whether a query key starts with one of the allow-listed prefixes (element by element). */
export function isPersistedQueryKey(queryKey: readonly unknown[]): boolean {
  return PERSISTED_QUERY_PREFIXES.some(
    (prefix) => prefix.length <= queryKey.length && prefix.every((part, i) => queryKey[i] === part),
  );
}

/** The part of a TanStack query the dehydrate filter looks at. */
export interface PersistCandidate {
  queryKey: readonly unknown[];
  state: { status: 'pending' | 'error' | 'success'; data: unknown };
}

/** Only successful, allow-listed queries with data are persisted (never an error, never a pending one). */
export function shouldPersistQuery(query: PersistCandidate): boolean {
  return (
    query.state.status === 'success' && query.state.data !== undefined && isPersistedQueryKey(query.queryKey)
  );
}

/** Rows of the Dexie `cache` table: one per user, plus a pointer to the user whose copy to restore. */
export const CACHE_KEY_PREFIX = 'rq:';
export const CACHE_POINTER_KEY = 'rq:current-user';

export function cacheRowKey(userID: number): string {
  return `${CACHE_KEY_PREFIX}user:${userID}`;
}

/** The user id a row key belongs to, or null for the pointer and foreign keys. */
export function userOfCacheRowKey(key: string): number | null {
  const match = /^rq:user:(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/**
 * Whose persisted copy may be restored: the pointer's user, only when the pointer is a positive id.
 * A shared tablet keeps one user's copy at most; logout and session expiry remove it and the pointer.
 */
export function restorableUser(pointerValue: string | undefined | null): number | null {
  if (!pointerValue || !/^\d+$/.test(pointerValue)) return null;
  const id = Number(pointerValue);
  return id > 0 ? id : null;
}

interface InfiniteData {
  pages: unknown[];
  pageParams: unknown[];
}

function isInfiniteData(data: unknown): data is InfiniteData {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as InfiniteData).pages) &&
    Array.isArray((data as InfiniteData).pageParams)
  );
}

/**
 * The device keeps the first page of a paged list (the drafts list): enough to work from offline, and
 * a restored list online then refetches one page, not every page that was scrolled through.
 */
export function keepFirstPages<S extends { queries: { state: { data?: unknown } }[] }>(state: S): S {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const data = q.state.data;
      if (!isInfiniteData(data) || data.pages.length <= 1) return q;
      return {
        ...q,
        state: {
          ...q.state,
          data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
        },
      };
    }),
  };
}

interface DehydratedQueryLike {
  queryKey: readonly unknown[];
  state: { dataUpdatedAt?: number };
}

/**
 * Keeps the newest `max` event details (`['event', id]`, by when their data arrived) and every other
 * query: the copy does not grow with each event opened over a long day.
 */
export function keepNewestEventDetails<S extends { queries: DehydratedQueryLike[] }>(
  state: S,
  max = PERSISTED_EVENT_DETAILS_MAX,
): S {
  const details = state.queries.filter((q) => q.queryKey[0] === 'event');
  if (details.length <= max) return state;
  const kept = new Set(
    [...details].sort((a, b) => (b.state.dataUpdatedAt ?? 0) - (a.state.dataUpdatedAt ?? 0)).slice(0, max),
  );
  return { ...state, queries: state.queries.filter((q) => q.queryKey[0] !== 'event' || kept.has(q)) };
}
