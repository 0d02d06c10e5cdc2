// Issue 32, lean requests. (1) "Server time per request at most 3x its SQL time plus 1 ms, at 1
// connection, for config, drafts, event save, register and home overview": the HTTP scenarios' rows at
// one connection, their server p50 held to 3 × the requests' SQL p50 + 1 ms (leanLimitMs; bench/run.ts).
// Both come from the answers' Server-Timing (`app;dur=`, `sql;dur=`: apps/server/src/db/request-sql-time.ts).
// (2) "/api/health at least half the throughput of a bare Fastify route answering the same
// `select 1` on the same database, measured side by side in one bench run". Both servers run in this
// process on one Database (the app as the HTTP scenarios build it, and a Fastify app with one route and
// nothing else), and autocannon (bench/load.ts, a child process) drives each at the same connections.
// The two are measured in alternating halves (bare, app, bare, app) so a change of the machine's load
// during the run falls on both alike; req/s is the sum of answers over the sum of the time.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp, SERVED_APP_OPTIONS } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { freePort, type Row, root } from '../lib.ts';
import type { LoadOptions, LoadResult } from '../load.ts';

const run = promisify(execFile);

/** The HTTP scenarios whose server time is held to 3 × their SQL time + 1 ms at one connection. */
export const LEAN_SCENARIOS = ['config', 'drafts p1', 'event save', 'register', 'home overview'];
/** The limit on a request's server time (p50) from its SQL time (ms). */
export const leanLimitMs = (sqlMs: number) => 3 * sqlMs + 1;

/** The floor: the app's health answers at least half as many requests per second as the bare route. */
export const HEALTH_VS_BARE_RATIO_LIMIT = 0.5;
export const HEALTH_VS_BARE_CONNECTIONS = 10;

/** autocannon in a child process (so load and servers do not share an event loop). */
export async function loadInChild(o: LoadOptions): Promise<LoadResult> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/load.ts', JSON.stringify(o)], {
    cwd: root,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

/** The bare server: Fastify's defaults and one route that runs the health check's statement. */
async function bareServer(database: Database) {
  const bare = Fastify({ logger: false });
  bare.get('/health', async () => {
    await database.query('select 1');
    return { status: 'ok', db: database.kind };
  });
  const port = await freePort();
  await bare.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/health`, close: () => bare.close() };
}

export async function healthVsBare(
  database: Database,
  opts: { durationSeconds: number; connections?: number },
): Promise<Row[]> {
  const connections = opts.connections ?? HEALTH_VS_BARE_CONNECTIONS;
  const app = await buildApp({ database, rateLimitAllowList: ['127.0.0.1'], ...SERVED_APP_OPTIONS });
  const appPort = await freePort();
  await app.listen({ port: appPort, host: '127.0.0.1' });
  const bare = await bareServer(database);
  const targets = { app: `http://127.0.0.1:${appPort}/api/health`, bare: bare.url };
  const half = Math.max(1, Math.round(opts.durationSeconds / 2));
  const totals = {
    app: { requests: 0, seconds: 0, failed: 0 },
    bare: { requests: 0, seconds: 0, failed: 0 },
  };
  try {
    const once = async (which: 'app' | 'bare', durationSeconds: number) => {
      const r = await loadInChild({
        url: targets[which],
        method: 'GET',
        headers: {},
        connections,
        durationSeconds,
      });
      return r;
    };
    // Warm-up of both (JIT) unless this is a smoke run.
    if (opts.durationSeconds >= 5) for (const w of ['bare', 'app'] as const) await once(w, 1);
    // The smoke's one-second run measures one pair (the harness, not the figure).
    const order =
      opts.durationSeconds >= 2 ? (['bare', 'app', 'bare', 'app'] as const) : (['bare', 'app'] as const);
    for (const which of order) {
      const r = await once(which, half);
      totals[which].requests += r.requests;
      totals[which].seconds += half;
      totals[which].failed += r.non2xx + r.errors;
    }
  } finally {
    await bare.close();
    await app.close();
  }
  const rps = (w: 'app' | 'bare') => totals[w].requests / totals[w].seconds;
  const failed = totals.app.failed + totals.bare.failed;
  return [
    {
      scenario: 'health vs bare',
      database: database.kind,
      figure: `bare Fastify select 1, req/s, ${connections} conn.`,
      value: rps('bare'),
      unit: 'req/s',
    },
    {
      scenario: 'health vs bare',
      database: database.kind,
      figure: `GET /api/health, req/s, ${connections} conn.`,
      value: rps('app'),
      unit: 'req/s',
    },
    {
      scenario: 'health vs bare',
      database: database.kind,
      figure: 'health req/s / bare req/s',
      value: rps('app') / rps('bare'),
      unit: '×',
      limit: HEALTH_VS_BARE_RATIO_LIMIT,
      atLeast: true,
    },
    // Any failed answer breaks the run (the smoke too): the unit '' rows are held to equality.
    {
      scenario: 'health vs bare',
      database: database.kind,
      figure: 'failed answers (both servers)',
      value: failed,
      unit: '',
      limit: 0,
    },
  ];
}
