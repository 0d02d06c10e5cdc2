import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import {
  DEMO,
  databaseKinds,
  describeEachDb,
  loginAs,
  makeTestApp,
  openTestDatabase,
  type TestApp,
  WRITE_HEADERS,
} from '../test/harness.ts';
import {
  CACHE_CHANNEL,
  type CacheOnBus,
  notifyCacheChange,
  parseCachePayload,
  startCacheBus,
} from './cache-bus.ts';
import { relistenDelayMs } from './listener.ts';

const quiet = { warn: () => {}, info: () => {} };

/** A cache that records what the bus told it. */
function recordingCache() {
  const calls: string[] = [];
  const cache: CacheOnBus = {
    drop: (key) => calls.push(`drop ${key}`),
    reset: (live) => calls.push(live ? 'live' : 'paused'),
  };
  return { calls, cache };
}

async function until(check: () => boolean | Promise<boolean>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('cache bus payloads', () => {
  it('reads topic and key, and ignores topics this version does not know', () => {
    expect(parseCachePayload('event-config:12', ['event-config'])).toEqual({
      topic: 'event-config',
      key: '12',
    });
    expect(parseCachePayload('frameworks:3', ['event-config'])).toBeNull();
    expect(parseCachePayload('no-colon', ['event-config'])).toBeNull();
    expect(parseCachePayload(':12', ['event-config'])).toBeNull();
  });

  it('waits longer after each failed attempt to listen again, at most 10 s', () => {
    expect(relistenDelayMs(0)).toBe(500);
    expect(relistenDelayMs(1)).toBe(1000);
    expect(relistenDelayMs(10)).toBe(10_000);
  });
});

describeEachDb('cache bus', (kind) => {
  let database: Database | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await database?.close();
    t = undefined;
    database = undefined;
  });

  it('delivers a committed change to the listener, and nothing of a rolled-back one', async () => {
    database = await openTestDatabase(kind);
    const { calls, cache } = recordingCache();
    const bus = await startCacheBus(database, { 'event-config': cache }, quiet);
    expect(bus.live).toBe(true);
    expect(calls).toEqual(['paused', 'live']);
    await database.db
      .transaction(async (tx) => {
        await notifyCacheChange(tx, 'event-config', 7);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await notifyCacheChange(database.db, 'event-config', 8);
    expect(await until(() => calls.includes('drop 8'), 2000)).toBe(true);
    expect(calls).not.toContain('drop 7');
    await bus.close();
    expect(calls.at(-1)).toBe('paused');
  });

  it('drops a member’s kept configuration at once when their roles change', async () => {
    t = await makeTestApp(kind, { eventConfigCacheMs: 60_000 });
    const manager = await loginAs(t.app, DEMO.manager);
    const practitioner = await loginAs(t.app, DEMO.practitioner);
    const configOf = async (cookie: string) =>
      (await t!.app.inject({ url: '/api/v1/config', headers: { cookie } })).json() as {
        me: { staffID: number };
        eventTypes: { tag: string; ownRoleIDs: number[]; othersRoleIDs: number[] }[];
      };
    const before = await configOf(practitioner);
    const options = (
      await t.app.inject({ url: '/api/v1/settings/staff-options', headers: { cookie: manager } })
    ).json() as { roles: { id: number; name: string }[] };
    const managerRole = options.roles.find((r) => r.name === 'Manager')!;
    const url = `/api/v1/settings/staff/${before.me.staffID}`;
    const member = (await t.app.inject({ url, headers: { cookie: manager } })).json() as {
      roleIDs: number[];
    };
    const changed = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...WRITE_HEADERS, cookie: manager },
      payload: { ...member, roleIDs: [...member.roleIDs, managerRole.id] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The NOTIFY arrives at commit (PGlite) or a moment later (PostgreSQL's listener connection).
    const roleIds = (c: Awaited<ReturnType<typeof configOf>>) => JSON.stringify(c.eventTypes);
    expect(await until(async () => roleIds(await configOf(practitioner)) !== roleIds(before), 1000)).toBe(
      true,
    );
  });
});

describe.runIf(databaseKinds().includes('postgres'))('cache bus on PostgreSQL', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('pauses the caches when its connection drops, and listens again with the caches emptied', async () => {
    database = await openTestDatabase('postgres');
    const { calls, cache } = recordingCache();
    const bus = await startCacheBus(database, { 'event-config': cache }, quiet);
    const [{ n }] = await database.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and query like 'listen %${CACHE_CHANNEL}%'`,
    );
    expect(n).toBe(1);
    expect(await until(() => !bus.live, 2000)).toBe(true);
    expect(calls.at(-1)).toBe('paused');
    expect(await until(() => bus.live, 5000)).toBe(true);
    expect(calls.at(-1)).toBe('live');
    await notifyCacheChange(database.db, 'event-config', 9);
    expect(await until(() => calls.includes('drop 9'), 2000)).toBe(true);
    await bus.close();
  });
});
