// Issue 32's open-loop load generator: requests are sent on a clock (a fixed arrival rate), not when
// the previous answer arrives, so a slow server meets the same demand a room of staff makes instead of
// a politely waiting benchmark (a closed loop hides queueing: "coordinated omission"). Run as a child
// process so the load and the servers do not share an event loop:
//   node --import tsx bench/openLoop.ts <spec.json>  ->  prints JSON OpenLoopResult
// Request i is sent at start + i / rate to base URL i mod n (round-robin over the instances) from the
// plan (cycled); its time is measured from when it was due, not from when it left. At most maxInFlight
// requests are under way: one due when that many are waiting is dropped and counted as an error.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { percentile, serverDuration } from './load.ts';

export interface OpenLoopRequest {
  /** What the request is (register, drafts, home, save, sync): answers are reported by kind too. */
  kind: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A top-level field of the JSON body given a fresh UUID on every request (a save's idempotency key). */
  uuidField?: string;
}

export interface OpenLoopSpec {
  baseUrls: string[];
  plan: OpenLoopRequest[];
  /** Requests per second. */
  rate: number;
  durationSeconds: number;
  maxInFlight: number;
  /** Give up on an answer after this long (counted as an error). */
  timeoutMs?: number;
}

export interface KindFigures {
  sent: number;
  failed: number;
  p95: number;
}

export interface OpenLoopResult {
  /** Requests due in the window. */
  due: number;
  ok: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failed: number;
  /** Due while maxInFlight were under way: never sent (errors too). */
  dropped: number;
  /** Over 2xx answers, from when each was due. */
  p50: number;
  p95: number;
  p99: number;
  /** The server's own time (Server-Timing app) at p95. */
  serverP95: number;
  /** 2xx answers per second over the window (the first due to the last answer). */
  achievedRate: number;
  byKind: Record<string, KindFigures>;
  firstFailure?: string;
}

/** Errors of a run: failed answers and drops, as a share of the requests due. */
export const errorShare = (r: Pick<OpenLoopResult, 'due' | 'failed' | 'dropped'>) =>
  r.due === 0 ? 0 : (r.failed + r.dropped) / r.due;

/** When request i of a run is due (ms after its start): a fixed clock, whatever the answers do. */
export const dueAt = (i: number, rate: number) => (i * 1000) / rate;

export async function runOpenLoop(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const timeoutMs = spec.timeoutMs ?? 30_000;
  const agents = spec.baseUrls.map(() => new http.Agent({ keepAlive: true, maxSockets: spec.maxInFlight }));
  const targets = spec.baseUrls.map((u) => new URL(u));
  const templates = spec.plan.map((r) =>
    r.uuidField && r.body ? (JSON.parse(r.body) as Record<string, unknown>) : null,
  );
  const total = Math.round(spec.rate * spec.durationSeconds);
  const times: number[] = [];
  const serverTimes: number[] = [];
  const kinds = new Map<string, { sent: number; failed: number; times: number[] }>();
  let failed = 0;
  let dropped = 0;
  let inFlight = 0;
  let lastAnswer = 0;
  let firstFailure: string | undefined;
  const pending: Promise<void>[] = [];

  const send = (i: number, due: number) => {
    const planIndex = i % spec.plan.length;
    const r = spec.plan[planIndex]!;
    const kind = kinds.get(r.kind) ?? { sent: 0, failed: 0, times: [] };
    kinds.set(r.kind, kind);
    kind.sent++;
    if (inFlight >= spec.maxInFlight) {
      dropped++;
      kind.failed++;
      firstFailure ??= `dropped: ${inFlight} requests under way at ${i}`;
      return;
    }
    inFlight++;
    const template = templates[planIndex];
    const body = template ? JSON.stringify({ ...template, [r.uuidField!]: randomUUID() }) : r.body;
    const target = targets[i % targets.length]!;
    const fail = (why: string) => {
      failed++;
      kind.failed++;
      firstFailure ??= why;
    };
    pending.push(
      new Promise<void>((resolve) => {
        const req = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: r.path,
            method: r.method,
            headers: { ...r.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
            agent: agents[i % agents.length],
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              inFlight--;
              lastAnswer = performance.now();
              const status = res.statusCode ?? 0;
              if (status >= 200 && status <= 299) {
                const ms = lastAnswer - due;
                times.push(ms);
                kind.times.push(ms);
                const dur = serverDuration(res.headers['server-timing']);
                if (dur !== null) serverTimes.push(dur);
              } else {
                fail(`${status} ${r.method} ${r.path}: ${Buffer.concat(chunks).toString().slice(0, 300)}`);
              }
              resolve();
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
        req.on('error', (e) => {
          inFlight--;
          fail(`${r.method} ${r.path}: ${e.message}`);
          resolve();
        });
        req.end(body);
      }),
    );
  };

  const start = performance.now() + 20;
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request due by now goes out now (a late timer sends the ones it owes at once).
      while (next < total && start + dueAt(next, spec.rate) <= now) {
        send(next, start + dueAt(next, spec.rate));
        next++;
      }
      if (next >= total) return resolve();
      setTimeout(tick, Math.max(0, start + dueAt(next, spec.rate) - performance.now()));
    };
    setTimeout(tick, 20);
  });
  await Promise.all(pending);
  for (const a of agents) a.destroy();
  times.sort((a, b) => a - b);
  serverTimes.sort((a, b) => a - b);
  const windowSeconds = Math.max(spec.durationSeconds, (lastAnswer - start) / 1000);
  return {
    due: total,
    ok: times.length,
    failed,
    dropped,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    serverP95: percentile(serverTimes, 95),
    achievedRate: times.length / windowSeconds,
    byKind: Object.fromEntries(
      [...kinds].map(([k, v]) => [
        k,
        {
          sent: v.sent,
          failed: v.failed,
          p95: percentile(
            v.times.sort((a, b) => a - b),
            95,
          ),
        },
      ]),
    ),
    ...(firstFailure ? { firstFailure } : {}),
  };
}

if (process.argv[1]?.endsWith('openLoop.ts')) {
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as OpenLoopSpec;
  runOpenLoop(spec).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
