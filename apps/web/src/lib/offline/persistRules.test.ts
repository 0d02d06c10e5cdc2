import { describe, expect, it } from 'vitest';
import {
  CACHE_POINTER_KEY,
  cacheRowKey,
  isPersistedQueryKey,
  keepFirstPages,
  keepNewestEventDetails,
  PERSIST_MAX_AGE_MS,
  restorableUser,
  shouldPersistQuery,
  userOfCacheRowKey,
} from './persistRules';

const success = (queryKey: unknown[], data: unknown = { ok: true }) => ({
  queryKey,
  state: { status: 'success' as const, data },
});

describe('persisted query allow-list', () => {
  it('keeps the shell config, the add/edit reference data, the Home overview and event details', () => {
    expect(isPersistedQueryKey(['config'])).toBe(true);
    expect(isPersistedQueryKey(['site-children', 4])).toBe(true);
    expect(isPersistedQueryKey(['frameworks', 4])).toBe(true);
    expect(isPersistedQueryKey(['meals', 4])).toBe(true);
    expect(isPersistedQueryKey(['home', 'overview', 4])).toBe(true);
    expect(isPersistedQueryKey(['event', 12])).toBe(true);
    expect(isPersistedQueryKey(['drafts', 'list', { statusID: '1' }])).toBe(true);
  });

  it('keeps what capture needs offline from the first minute (issue 13): staff and the readiness record', () => {
    expect(isPersistedQueryKey(['site-staff', 4])).toBe(true);
    expect(isPersistedQueryKey(['offline-ready', 4])).toBe(true);
  });

  it("keeps the child register's site days (issue 14: today's is prepared at login)", () => {
    expect(isPersistedQueryKey(['register', 4, '2026-11-24'])).toBe(true);
  });

  it("keeps the staff register's site days (issue 18: today's is prepared at login)", () => {
    expect(isPersistedQueryKey(['staff-register', 4, '2026-11-24'])).toBe(true);
    expect(isPersistedQueryKey(['staff', 4])).toBe(false);
  });

  it('keeps the emergency contacts list of each site (spec 002 §8: it works offline)', () => {
    expect(isPersistedQueryKey(['emergency', 4])).toBe(true);
    expect(isPersistedQueryKey(['emergency-contacts', 4])).toBe(false);
  });

  it("keeps Home's key children per site and day (issue 15), not the pending considerations", () => {
    expect(isPersistedQueryKey(['key-children', 2, 4, '2026-11-25'])).toBe(true);
    expect(isPersistedQueryKey(['pending-considerations'])).toBe(false);
  });

  it("keeps the Spotlight editor's setup per site and the checkpoints (issue 16), not its panels", () => {
    expect(isPersistedQueryKey(['spotlight-setup', 4])).toBe(true);
    expect(isPersistedQueryKey(['spotlight-checkpoints'])).toBe(true);
    expect(isPersistedQueryKey(['favourite-frameworks'])).toBe(true);
    expect(isPersistedQueryKey(['spotlight-events', 12, 3])).toBe(false);
    expect(isPersistedQueryKey(['spotlight-event', 12])).toBe(false);
  });

  it('leaves out everything else, matching whole key parts from the start', () => {
    expect(isPersistedQueryKey(['health'])).toBe(false);
    expect(isPersistedQueryKey(['drafts', 'counts', {}])).toBe(false);
    expect(isPersistedQueryKey(['home'])).toBe(false); // a prefix longer than the key
    expect(isPersistedQueryKey(['home', 'agenda', 4])).toBe(false);
    expect(isPersistedQueryKey(['events'])).toBe(false); // not 'event'
    expect(isPersistedQueryKey(['x', 'config'])).toBe(false);
    expect(isPersistedQueryKey([])).toBe(false);
  });

  it('persists successful queries with data only', () => {
    expect(shouldPersistQuery(success(['config']))).toBe(true);
    expect(shouldPersistQuery({ queryKey: ['config'], state: { status: 'error', data: { old: 1 } } })).toBe(
      false,
    );
    expect(shouldPersistQuery({ queryKey: ['config'], state: { status: 'pending', data: undefined } })).toBe(
      false,
    );
    expect(shouldPersistQuery({ queryKey: ['config'], state: { status: 'success', data: undefined } })).toBe(
      false,
    );
    expect(shouldPersistQuery(success(['health'], { version: '2.67.0' }))).toBe(false);
  });

  it('keeps a copy for 24 hours', () => {
    expect(PERSIST_MAX_AGE_MS).toBe(86_400_000);
  });
});

describe('cache rows per user', () => {
  it('names one row per user and reads the user back', () => {
    expect(cacheRowKey(42)).toBe('rq:user:42');
    expect(userOfCacheRowKey(cacheRowKey(42))).toBe(42);
    expect(cacheRowKey(7)).not.toBe(cacheRowKey(42));
    expect(userOfCacheRowKey(CACHE_POINTER_KEY)).toBeNull();
    expect(userOfCacheRowKey('rq:user:')).toBeNull();
    expect(userOfCacheRowKey('other')).toBeNull();
  });

  it('restores only a valid pointer', () => {
    expect(restorableUser('42')).toBe(42);
    expect(restorableUser(undefined)).toBeNull();
    expect(restorableUser(null)).toBeNull();
    expect(restorableUser('')).toBeNull();
    expect(restorableUser('0')).toBeNull();
    expect(restorableUser('-3')).toBeNull();
    expect(restorableUser('4x')).toBeNull();
  });
});

describe('paged lists on the device', () => {
  it('keeps the first page of an infinite query and leaves other data alone', () => {
    const state = {
      mutations: [],
      queries: [
        {
          queryKey: ['drafts', 'list', {}],
          state: { data: { pages: ['p1', 'p2', 'p3'], pageParams: [null, 'a', 'b'] } },
        },
        { queryKey: ['config'], state: { data: { pages: 'not a list', user: 1 } } },
        { queryKey: ['event', 3], state: { data: undefined } },
      ],
    };
    const kept = keepFirstPages(state);
    expect(kept.queries[0]!.state.data).toEqual({ pages: ['p1'], pageParams: [null] });
    expect(kept.queries[1]).toBe(state.queries[1]);
    expect(kept.queries[2]).toBe(state.queries[2]);
    // The live cache is not touched.
    expect(state.queries[0]!.state.data!.pages).toHaveLength(3);
  });
});

describe('keepNewestEventDetails', () => {
  const q = (queryKey: unknown[], dataUpdatedAt: number) => ({ queryKey, state: { dataUpdatedAt } });

  it('keeps every query when the event details are within the limit', () => {
    const state = { queries: [q(['event', 1], 1), q(['config'], 0)] };
    expect(keepNewestEventDetails(state, 2)).toBe(state);
  });

  it('keeps the newest event details only and every other query', () => {
    const state = {
      queries: [
        q(['event', 1], 10),
        q(['config'], 1),
        q(['event', 2], 30),
        q(['event', 3], 20),
        q(['meals', 4], 5),
      ],
    };
    const kept = keepNewestEventDetails(state, 2).queries.map((x) => x.queryKey);
    expect(kept).toEqual([['config'], ['event', 2], ['event', 3], ['meals', 4]]);
  });
});
