// Issue 32, lean requests: parameterised statements are prepared once per PostgreSQL connection
// (statement-cache.ts), and every answer says its SQL time in Server-Timing (request-sql-time.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEMO,
  databaseKinds,
  describeEachDb,
  loginAs,
  makeTestApp,
  openTestDatabase,
  type TestApp,
} from '../test/harness.ts';
import type { Database } from './client.ts';
import { sqlTimeOfRequest, statementStarted, timeStatement, withSqlTime } from './request-sql-time.ts';
import { PREPARED_STATEMENTS_PER_CONNECTION, PreparingClient, statementName } from './statement-cache.ts';

const timing = (header: unknown, name: string) => {
  const m = new RegExp(`${name};dur=([0-9.]+)`).exec(String(header ?? ''));
  return m ? Number(m[1]) : null;
};

describe('a request’s SQL time', () => {
  it('counts statements side by side once: the time at least one was in flight', async () => {
    await withSqlTime(async () => {
      const account = sqlTimeOfRequest()!;
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const started = performance.now();
      await Promise.all([timeStatement(() => wait(40)), timeStatement(() => wait(40))]);
      const wall = performance.now() - started;
      // Two 40 ms waits side by side: about 40 ms, never the 80 ms of their sum.
      expect(account.ms).toBeGreaterThanOrEqual(35);
      expect(account.ms).toBeLessThanOrEqual(wall + 1);
      expect(account.ms).toBeLessThan(75);
      expect(account.inFlight).toBe(0);
    });
  });

  it('an answer ended twice is counted once; outside a request nothing is counted', async () => {
    const account = { ms: 0, inFlight: 0, since: 0 };
    const ended = statementStarted(account);
    ended();
    ended();
    expect(account.inFlight).toBe(0);
    expect(await timeStatement(async () => 7)).toBe(7);
  });
});

describeEachDb('Server-Timing sql;dur', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await makeTestApp(kind);
    cookie = await loginAs(t.app, DEMO.manager);
  });
  afterAll(() => t.close());

  it('an answer carries its SQL time, within its server time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const app = timing(res.headers['server-timing'], 'app');
    const sqlMs = timing(res.headers['server-timing'], 'sql');
    expect(app).not.toBeNull();
    expect(sqlMs).not.toBeNull();
    expect(sqlMs!).toBeGreaterThan(0);
    expect(sqlMs!).toBeLessThanOrEqual(app!);
  });

  it('a route that sends no statement answers sql;dur=0.00', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(timing(res.headers['server-timing'], 'sql')).toBe(0);
  });
});

describe.skipIf(!databaseKinds().includes('postgres'))('prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database.close());

  const prepared = (db: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) =>
    db.execute<{ name: string; statement: string }>(sql`select name, statement from pg_prepared_statements`);

  it('a parameterised statement is prepared once per connection and reused; one without parameters is not', async () => {
    await database.db.transaction(async (tx) => {
      const first = await tx.execute<{ x: number }>(sql`select ${41}::int + 1 as x`);
      const second = await tx.execute<{ x: number }>(sql`select ${1}::int + 1 as x`);
      expect(first.rows[0]!.x).toBe(42);
      expect(second.rows[0]!.x).toBe(2);
      await tx.execute(sql`select 1 as plain`);
      const rows = (await prepared(tx)).rows;
      const mine = rows.filter((r) => r.statement === 'select $1::int + 1 as x');
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toBe(statementName('select $1::int + 1 as x'));
      expect(rows.some((r) => r.statement.includes('select 1 as plain'))).toBe(false);
    });
  });

  it('a statement PostgreSQL refuses is refused again the same way, not as a missing prepared statement', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(database.query('select $1::int frm nothing', [1])).rejects.toMatchObject({
        code: '42601',
      });
    }
    expect(await database.query<{ x: number }>('select $1::int as x', [5])).toEqual([{ x: 5 }]);
  });

  it(`keeps at most ${PREPARED_STATEMENTS_PER_CONNECTION} statements per connection; past that they run unnamed`, async () => {
    const client = new PreparingClient({ connectionString: inject('pgAdminUrl')! });
    await client.connect();
    try {
      for (let i = 0; i <= PREPARED_STATEMENTS_PER_CONNECTION; i++) {
        const r = await client.query(`select $1::int + ${i} as x`, [1]);
        expect(r.rows[0].x).toBe(1 + i);
      }
      const count = await client.query('select count(*)::int as n from pg_prepared_statements');
      expect(count.rows[0].n).toBe(PREPARED_STATEMENTS_PER_CONNECTION);
      // The one past the limit still answers, again and again.
      const again = await client.query(`select $1::int + ${PREPARED_STATEMENTS_PER_CONNECTION} as x`, [2]);
      expect(again.rows[0].x).toBe(2 + PREPARED_STATEMENTS_PER_CONNECTION);
    } finally {
      await client.end();
    }
  });
});
