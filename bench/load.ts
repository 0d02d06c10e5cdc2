// The load generator, run as a child process so it does not share the server's event loop:
//   node --import tsx bench/load.ts '<json LoadOptions>'  ->  prints JSON LoadResult
// autocannon drives the requests; every response time is kept so p50/p95/p99 are exact.
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  /** A top-level field of the JSON body set to a fresh UUID on every request (saves are idempotent per uuid). */
  uuidField?: string;
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /**
   * The server's own time (its `Server-Timing: app;dur=` header), when every answer carried it, and the
   * p50 of the requests' SQL time (`sql;dur=`, apps/server/src/db/request-sql-time.ts).
   */
  server?: ServerTimes;
  /** Status and body of the first answer that was not 2xx. */
  firstError?: string;
}

export interface ServerTimes {
  p50: number;
  p95: number;
  p99: number;
  /** The p50 of the answers' `sql;dur=` (every answer carried one), ms. */
  sqlP50?: number;
}

/** `app;dur=12.34` from a Server-Timing header value. */
export function serverDuration(value: unknown): number | null {
  return serverTiming(value, 'app');
}

/** One metric's duration (`<name>;dur=12.34`) from a Server-Timing header value. */
export function serverTiming(value: unknown, name: 'app' | 'sql'): number | null {
  const m = new RegExp(`(?:^|,)\\s*${name};dur=([0-9.]+)`).exec(String(value ?? ''));
  return m ? Number(m[1]) : null;
}

/** The percentiles of the server times, with the SQL p50 when every answer had one. */
export function serverTimes(app: number[], sql: number[], answers: number): ServerTimes | undefined {
  if (app.length === 0 || app.length < answers) return undefined;
  app.sort((a, b) => a - b);
  sql.sort((a, b) => a - b);
  return {
    p50: percentile(app, 50),
    p95: percentile(app, 95),
    p99: percentile(app, 99),
    ...(sql.length === app.length ? { sqlP50: percentile(sql, 50) } : {}),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const appTimes: number[] = [];
  const sqlTimes: number[] = [];
  let non2xx = 0;
  let firstError: string | undefined;
  const template = o.uuidField && o.body ? (JSON.parse(o.body) as Record<string, unknown>) : null;
  // Without a callback autocannon answers an EventEmitter that is also a promise of the result
  // (its type declaration only says the promise).
  const instance = autocannon({
    url: o.url,
    method: o.method,
    headers: o.headers,
    body: o.body,
    connections: o.connections,
    duration: o.durationSeconds,
    requests: [
      {
        ...(template
          ? {
              setupRequest: (req: autocannon.Request) => {
                req.body = JSON.stringify({ ...template, [o.uuidField!]: randomUUID() });
                return req;
              },
            }
          : {}),
        onResponse: (status: number, body: string, _context: object, headers?: Record<string, unknown>) => {
          const header = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'server-timing');
          const dur = serverDuration(header?.[1]);
          if (dur !== null) appTimes.push(dur);
          const sql = serverTiming(header?.[1], 'sql');
          if (sql !== null) sqlTimes.push(sql);
          if ((status < 200 || status > 299) && firstError === undefined)
            firstError = `${status} ${String(body).slice(0, 2000)}`;
        },
      },
    ],
  }) as unknown as EventEmitter & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (statusCode < 200 || statusCode > 299) non2xx++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const server = serverTimes(appTimes, sqlTimes, times.length);
  return {
    requests: times.length,
    non2xx,
    errors: result.errors,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / o.durationSeconds,
    ...(server ? { server } : {}),
    ...(firstError !== undefined ? { firstError } : {}),
  };
}

if (process.argv[1]?.endsWith('load.ts')) {
  const opts = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  runLoad(opts).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
