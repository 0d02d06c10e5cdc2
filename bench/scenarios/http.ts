// HTTP scenarios: the server runs in this process on a generated dataset, autocannon loads it from
// a child process, and each scenario's main query is timed directly with EXPLAIN ANALYZE.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { accountByEmailQuery } from '../../apps/server/src/modules/auth/queries.ts';
import { childrenForSite } from '../../apps/server/src/modules/children/queries.ts';
import { decodeCursor } from '../../apps/server/src/modules/events/cursor.ts';
import {
  loadVisibility,
  searchEventsSql,
  type Visibility,
} from '../../apps/server/src/modules/events/queries.ts';
import { hashToken, sessionSql } from '../../apps/server/src/plugins/auth.ts';
import { rawSqlMs, type SqlText, toSqlText } from '../explain.ts';
import { freePort, root } from '../lib.ts';
import type { LoadOptions, LoadResult } from '../load.ts';

const run = promisify(execFile);
export const BENCH_EMAIL = 'bench.manager@example.org';

export interface Context {
  database: Database;
  baseUrl: string;
  cookie: string;
  sessionId: string;
  providerId: number;
  staffId: number;
  siteId: number;
  visibility: Visibility;
  page40Cursor: string;
  passwordHash: string;
}

interface HttpScenario {
  name: string;
  connections: number;
  request(c: Context): { method: 'GET' | 'POST'; path: string; body?: unknown; json?: boolean };
  mainQuery(c: Context): SqlText;
}

const eventsSql = (c: Context, extra: { statusId?: number; after?: string }) =>
  toSqlText(
    searchEventsSql(
      c.providerId,
      { siteId: c.siteId, statusId: extra.statusId, oldestFirst: false },
      c.visibility,
      { limit: 25, after: extra.after ? decodeCursor(extra.after) : undefined },
    ),
  );

export const HTTP_SCENARIOS: HttpScenario[] = [
  {
    name: 'health',
    connections: 10,
    request: () => ({ method: 'GET', path: '/api/health' }),
    mainQuery: () => ({ sql: 'select 1', params: [] }),
  },
  {
    name: 'login',
    // argon2id is CPU-bound: two connections keep both cores busy without queueing.
    connections: 2,
    request: (c) => ({
      method: 'POST',
      path: '/api/v1/login',
      body: { email: BENCH_EMAIL, password: c.passwordHash },
    }),
    mainQuery: (c) => accountByEmailQuery(c.database.db, BENCH_EMAIL).toSQL(),
  },
  {
    name: 'config',
    connections: 10,
    request: () => ({ method: 'GET', path: '/api/v1/config' }),
    mainQuery: (c) => toSqlText(sessionSql(c.sessionId, new Date())),
  },
  {
    name: 'GetChildren',
    connections: 10,
    request: (c) => ({
      method: 'POST',
      path: '/graphql',
      body: {
        operationName: 'GetChildren',
        query:
          'query GetChildren($siteID: Int!) { children(siteID: $siteID) { id forename surname hasImage dob siteID contacts { id forename surname } } }',
        variables: { siteID: c.siteId },
      },
    }),
    mainQuery: (c) => childrenForSite(c.database.db, c.providerId, c.siteId).toSQL(),
  },
  {
    name: 'events p1',
    connections: 10,
    request: (c) => ({ method: 'GET', path: `/api/v2/events?siteID=${c.siteId}&limit=25` }),
    mainQuery: (c) => eventsSql(c, {}),
  },
  {
    name: 'events p40',
    connections: 10,
    request: (c) => ({
      method: 'GET',
      path: `/api/v2/events?siteID=${c.siteId}&limit=25&after=${c.page40Cursor}`,
    }),
    mainQuery: (c) => eventsSql(c, { after: c.page40Cursor }),
  },
  {
    name: 'drafts p1',
    connections: 10,
    request: (c) => ({ method: 'GET', path: `/api/v2/events?siteID=${c.siteId}&statusID=1&limit=25` }),
    mainQuery: (c) => eventsSql(c, { statusId: 1 }),
  },
];

export interface LatencyRow {
  scenario: string;
  database: string;
  scale: number;
  requests: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  sqlMs: number;
  ratio: number;
  seqScans: string[];
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function setUp(database: Database, baseUrl: string, passwordHash: string): Promise<Context> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'nursery' };
  const login = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: BENCH_EMAIL, password: passwordHash }),
  });
  const me = await json(login);
  const token = /nursery_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('bench login set no session cookie');
  const cookie = `nursery_sid=${token}`;
  const config = await json(await fetch(`${baseUrl}/api/v1/config`, { headers: { cookie } }));
  const siteIds = Object.values(config.sitesByID as Record<string, { id: number }>)
    .map((s) => s.id)
    .sort((a, b) => a - b);
  const siteId = siteIds[0]!;
  await fetch(`${baseUrl}/api/v1/session/site`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ siteID: siteId }),
  });
  // Page 40 is reached the way a user reaches it: 39 pages of 25 by the next cursor.
  let cursor: string | null = null;
  for (let page = 1; page < 40; page++) {
    const r = await json(
      await fetch(`${baseUrl}/api/v2/events?siteID=${siteId}&limit=25${cursor ? `&after=${cursor}` : ''}`, {
        headers: { cookie },
      }),
    );
    cursor = r.next;
    if (!cursor) throw new Error(`the dataset has fewer than 40 pages of events at site ${siteId}`);
  }
  const [{ provider_id: providerId }] = await database.query<{ provider_id: number }>(
    'select provider_id from sites where id = $1',
    [siteId],
  );
  return {
    database,
    baseUrl,
    cookie,
    sessionId: hashToken(token),
    providerId,
    staffId: me.staffID,
    siteId,
    visibility: await loadVisibility(database.db, providerId, me.staffID),
    page40Cursor: cursor!,
    passwordHash,
  };
}

async function load(o: LoadOptions): Promise<LoadResult> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/load.ts', JSON.stringify(o)], {
    cwd: root,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

export async function runHttpScenarios(
  database: Database,
  opts: { scale: number; durationSeconds: number; only?: string[]; passwordHash: string },
): Promise<LatencyRow[]> {
  const app = await buildApp({ database, rateLimitAllowList: ['127.0.0.1'] });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const rows: LatencyRow[] = [];
  try {
    const ctx = await setUp(database, baseUrl, opts.passwordHash);
    for (const s of HTTP_SCENARIOS.filter((x) => !opts.only || opts.only.includes(x.name))) {
      const req = s.request(ctx);
      const loadOpts: LoadOptions = {
        url: `${baseUrl}${req.path}`,
        method: req.method,
        headers: {
          cookie: ctx.cookie,
          'x-requested-with': 'nursery',
          ...(req.body ? { 'content-type': 'application/json' } : {}),
        },
        body: req.body ? JSON.stringify(req.body) : undefined,
        connections: s.connections,
        durationSeconds: opts.durationSeconds,
      };
      // Warm-up (JIT, caches) before the measured run; the smoke's one-second runs skip it.
      if (opts.durationSeconds >= 5)
        await load({ ...loadOpts, durationSeconds: Math.round(opts.durationSeconds / 5) });
      const result = await load(loadOpts);
      const sql = await rawSqlMs(database, s.mainQuery(ctx));
      rows.push({
        scenario: s.name,
        database: database.kind,
        scale: opts.scale,
        requests: result.requests,
        failed: result.non2xx + result.errors,
        p50: result.p50,
        p95: result.p95,
        p99: result.p99,
        rps: result.rps,
        sqlMs: sql.ms,
        ratio: result.p50 / sql.ms,
        seqScans: sql.seqScans,
      });
    }
  } finally {
    await app.close();
  }
  return rows;
}
