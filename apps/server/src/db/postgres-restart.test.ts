// Issue 32: PostgreSQL restarted while the app runs. During the outage every request is answered
// 503 err-unavailable with Retry-After within a bounded time (none hangs), the process survives its
// pool's broken connections, and once the database is back requests succeed again within 5 s, with
// no restart of the app. PostgreSQL only: a throwaway cluster of its own that the test stops and starts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pauseCluster,
  pgBinDir,
  resumeCluster,
  startCluster,
  stopCluster,
} from '../../../../scripts/pg-cluster.mjs';
import { buildApp } from '../app.ts';
import { seedEmptyInstall } from '../demo/index.ts';
import { isDatabaseUnavailable } from '../lib/db-unavailable.ts';
import { sha512Hex } from '../modules/auth/passwords.ts';
import { WRITE_HEADERS } from '../test/harness.ts';
import { type Database, openDatabase, runMigrations } from './client.ts';

const ADMIN = { email: 'admin@example.org', password: 'restart-test-password' };
/** The longest an answer may take while the database is down: the pool's connect timeout and a margin. */
const OUTAGE_ANSWER_MS = 4_500;
const RECOVERY_MS = 5_000;

const hasPostgres = pgBinDir() !== null;
if (!hasPostgres && process.env.CI === 'true') throw new Error('CI=true: PostgreSQL binaries are required');

describe.skipIf(!hasPostgres)('PostgreSQL restarted while the app runs', () => {
  let cluster: { dir: string; url: string };
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let cookie: string;

  beforeAll(async () => {
    cluster = await startCluster();
    database = await openDatabase({ databaseUrl: cluster.url });
    await runMigrations(database);
    await seedEmptyInstall(database, {
      adminEmail: ADMIN.email,
      adminPasswordClientHash: sha512Hex(ADMIN.password),
    });
    app = await buildApp({ database });
    await app.ready();
    const login = await loginRequest();
    expect(login.statusCode).toBe(200);
    cookie = login.headers['set-cookie']!.toString().split(';')[0];
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    if (cluster) stopCluster(cluster.dir);
  });

  const config = () => app.inject({ url: '/api/v1/config', headers: { cookie } });
  const graphql = () =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query: '{ __typename }' },
    });

  it('answers 503 err-unavailable with Retry-After during the outage and recovers within 5 s', async () => {
    // A pool with idle connections, which the restart breaks under it.
    expect((await Promise.all([config(), config(), config()])).map((r) => r.statusCode)).toEqual([
      200, 200, 200,
    ]);

    pauseCluster(cluster.dir);
    const started = performance.now();
    const during = await Promise.all([config(), config(), graphql(), loginRequest()]);
    const tookMs = performance.now() - started;
    expect(tookMs).toBeLessThan(OUTAGE_ANSWER_MS);
    for (const res of during) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json().err?.code ?? res.json().errors?.[0]?.extensions?.code).toBe('err-unavailable');
    }
    expect(during[2].json().errors[0].extensions.code).toBe('err-unavailable');

    await resumeAndRecover();
    // And a new session too (the log-in's statements on a fresh connection).
    expect((await loginRequest()).statusCode).toBe(200);
  });

  it('a statement under way and a transaction between statements fail as unavailable, and the process lives on', async () => {
    const running = database.query('select pg_sleep(30)').then(
      () => 'finished',
      (err: unknown) => err,
    );
    let midTransaction!: () => void;
    const paused = new Promise<void>((resolve) => {
      midTransaction = resolve;
    });
    let entered!: () => void;
    const inTransaction = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        entered();
        // The connection is checked out and idle when the server goes: pg emits 'error' on it.
        await paused;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (err: unknown) => err,
      );
    await inTransaction;
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    pauseCluster(cluster.dir);
    midTransaction();
    const [statementError, transactionError] = await Promise.all([running, transaction]);
    expect(performance.now() - started).toBeLessThan(OUTAGE_ANSWER_MS);
    expect(isDatabaseUnavailable(statementError)).toBe(true);
    expect(isDatabaseUnavailable(transactionError)).toBe(true);

    await resumeAndRecover();
  });

  /**
   * Brings the database back and asks for the config every 100 ms until it answers 200: the issue's
   * behaviour is that requests recover by themselves within 5 s, with nothing restarted.
   */
  async function resumeAndRecover() {
    resumeCluster(cluster.dir, cluster.url);
    const back = performance.now();
    let status = 0;
    while (performance.now() - back < RECOVERY_MS + 2_000) {
      status = (await config()).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect(performance.now() - back).toBeLessThan(RECOVERY_MS);
  }

  function loginRequest() {
    return app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: WRITE_HEADERS,
      payload: { email: ADMIN.email, password: sha512Hex(ADMIN.password) },
    });
  }
});
