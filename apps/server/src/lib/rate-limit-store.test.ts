import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { databaseKinds, openTestDatabase } from '../test/harness.ts';
import { rateLimitStoreOf } from './rate-limit-store.ts';

describe.runIf(databaseKinds().includes('postgres'))('rate-limit store on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database.close());

  const routeStore = (url: string) => {
    const Store = rateLimitStoreOf(database).store!;
    const child = new Store({}).child({ routeInfo: { method: 'POST', url } } as never);
    return (key: string, windowMs: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        (child.incr as (...args: unknown[]) => void)(
          key,
          ((err, res) => (err ? reject(err) : resolve(res!))) as Parameters<FastifyRateLimitStore['incr']>[1],
          windowMs,
          5,
        ),
      );
  };

  it('counts hits per route and address inside a window, and starts again after it', async () => {
    const login = routeStore('/api/v1/login');
    const other = routeStore('/api/v1/other');
    const first = await login('10.0.0.1', 300);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(300);
    expect((await login('10.0.0.1', 300)).current).toBe(2);
    expect((await login('10.0.0.2', 300)).current).toBe(1);
    expect((await other('10.0.0.1', 300)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await login('10.0.0.1', 300)).current).toBe(1);
  });

  it('is the plugin’s own in-memory store on PGlite (one process)', () => {
    expect(rateLimitStoreOf({ ...database, kind: 'pglite' })).toEqual({});
  });
});
