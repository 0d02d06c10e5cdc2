// The load generator, run as a child process so it does not share the server's event loop:
//   node --import tsx bench/load.ts '<json LoadOptions>'  ->  prints JSON LoadResult
// autocannon drives the requests; every response time is kept so p50/p95/p99 are exact.
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  let non2xx = 0;
  // Without a callback autocannon answers an EventEmitter that is also a promise of the result
  // (its type declaration only says the promise).
  const instance = autocannon({
    url: o.url,
    method: o.method,
    headers: o.headers,
    body: o.body,
    connections: o.connections,
    duration: o.durationSeconds,
  }) as unknown as EventEmitter & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (statusCode < 200 || statusCode > 299) non2xx++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    non2xx,
    errors: result.errors,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / o.durationSeconds,
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
