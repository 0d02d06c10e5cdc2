// Issue 32, "load as people make it": the built server (as `npm start` runs it, LOG_LEVEL info) on the
// PostgreSQL bench dataset, driven by bench/openLoop.ts at a fixed arrival rate with the day's mix of
// 7 reads to 3 writes, as up to 200 bench staff (bench.staffK@example.org, each at their home site).
//   open loop   100 req/s (200 staff, one action every 2 s) for --duration s, one instance: p50/p95/p99,
//               errors, achieved rate; limits p95 ≤ 200 ms and 0 errors.
//   saturation  the same mix at rates stepped up (×1.4 from 20 req/s, --duration s each) until p95 > 1 s
//               or errors > 1 %, with 1 instance and with 2 (two server processes on the same database,
//               requests round-robin): the highest achieved rate of a step within both, and the ratio.
//   soak        the open loop for --soak-seconds (300), the server's RSS every 5 s; growth from the end
//               of the warm-up (the first 60 s, or a fifth of a shorter run) to the end ≤ 10 %; and the
//               live heap after full collections at both ends (bench/soak-probe.cjs), the leak check.
// The staff's sessions are written straight into server_sessions (the log-in route allows 60 attempts a
// minute per address, and argon2 for 200 log-ins is not what is measured); they, the saves (the event
// save's marker) and the sync reports are removed afterwards.

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '../../apps/server/src/db/client.ts';
import { hashToken } from '../../apps/server/src/plugins/auth.ts';
import { median, type Row, type RunningServer, root, rssMiB, sleep, startServer, tempDir } from '../lib.ts';
import { errorShare, type OpenLoopRequest, type OpenLoopResult, type OpenLoopSpec } from '../openLoop.ts';
import { observationTemplate, removeSaves, SAVE_MARKER, type SaveContext, savePayload } from './save.ts';

const run = promisify(execFile);

/** "200 staff, one action every 2 s". */
export const OPEN_LOOP_STAFF = 200;
export const OPEN_LOOP_RATE = 100;
export const OPEN_LOOP_P95_LIMIT_MS = 200;
/** A saturation step passes while p95 ≤ 1 s and errors ≤ 1 %. */
export const SATURATION_P95_MS = 1000;
export const SATURATION_ERROR_SHARE = 0.01;
/** The first step's rate: low enough that a busy machine still has a step within the limits. */
const SATURATION_FIRST_RATE = 20;
export const SOAK_RSS_GROWTH_LIMIT_PCT = 10;
const SOAK_SAMPLE_MS = 5_000;
/** Under way at once before a due request is dropped (an error): far above 100 req/s × 200 ms. */
const MAX_IN_FLIGHT = 512;
const DEVICE_PREFIX = 'bench-open-loop-';
/** The bench staff's sessions (server_sessions.user_agent), so an interrupted run's are found. */
const SESSION_AGENT = 'bench open loop';

/** Ten actions in turn: 7 reads (register 2, drafts 3, Home 2) and 3 writes (event save 2, sync 1). */
export const OPEN_LOOP_MIX = [
  'register',
  'drafts',
  'home',
  'save',
  'drafts',
  'register',
  'sync',
  'home',
  'drafts',
  'save',
] as const;
export type MixKind = (typeof OPEN_LOOP_MIX)[number];

export interface BenchStaff {
  cookie: string;
  siteId: number;
  deviceId: string;
}

/**
 * The order of requests: request i is staff member i mod S's turn, and over ten rounds every member
 * takes every slot of the mix once (slot (member + round) mod 10), so each second holds the mix.
 */
export function planOrder(staffCount: number): Array<{ staff: number; kind: MixKind }> {
  const order: Array<{ staff: number; kind: MixKind }> = [];
  for (let round = 0; round < OPEN_LOOP_MIX.length; round++)
    for (let staff = 0; staff < staffCount; staff++)
      order.push({ staff, kind: OPEN_LOOP_MIX[(staff + round) % OPEN_LOOP_MIX.length]! });
  return order;
}

/** A saturation step passes while people still get answers in time and nearly all of them. */
export const stepPasses = (r: Pick<OpenLoopResult, 'p95' | 'due' | 'failed' | 'dropped'>) =>
  r.p95 <= SATURATION_P95_MS && errorShare(r) <= SATURATION_ERROR_SHARE;

/** The rates tried: from `from`, ×1.4 each step, up to `max`. */
export function saturationRates(from: number, max: number): number[] {
  const rates: number[] = [];
  for (let r = from; r <= max; r = Math.round(r * 1.4)) rates.push(r);
  return rates;
}

/**
 * RSS growth (%) from just after the warm-up to the end. RSS saws up and down with the garbage collector
 * (a 300 s run at 100 req/s swung between 264 and 368 MiB), so each end is the median of a window of
 * samples: the first minute after the warm-up and the last minute (a quarter of a shorter run each).
 */
export function rssGrowth(samples: Array<{ atSeconds: number; mib: number }>, warmUpSeconds: number) {
  const lastAt = samples.at(-1)!.atSeconds;
  const window = Math.min(60, Math.max(0, (lastAt - warmUpSeconds) / 4));
  const within = (from: number, to: number) =>
    samples.filter((s) => s.atSeconds >= from && s.atSeconds <= to).map((s) => s.mib);
  const early = within(warmUpSeconds, warmUpSeconds + window);
  const late = within(lastAt - window, lastAt);
  const afterWarmUp = median(early.length ? early : [samples[0]!.mib]);
  const end = median(late);
  return { afterWarmUp, end, growthPct: ((end - afterWarmUp) / afterWarmUp) * 100 };
}

/** The warm-up before a measured window: half the window, at least 5 s (1 s for a smoke-sized window). */
export const warmUpSeconds = (windowSeconds: number) =>
  windowSeconds < 2 ? 1 : Math.max(5, Math.round(windowSeconds / 2));

interface Setup {
  staff: BenchStaff[];
  plan: OpenLoopRequest[];
  providerId: number;
  maxEventId: number;
  sessionIds: string[];
}

async function setUp(database: Database): Promise<Setup> {
  const q = <T>(text: string, params: unknown[]) => database.query<T>(text, params);
  const [bench] = await q<{ provider_id: number }>(
    `select provider_id from user_accounts where email = 'bench.manager@example.org'`,
    [],
  );
  if (!bench) throw new Error('no bench provider: generate the dataset first');
  const providerId = bench.provider_id;
  // An interrupted run's sessions and reports go first (its saves stay: drafts with the save's marker).
  await q(`delete from server_sessions where provider_id = $1 and user_agent = $2`, [
    providerId,
    SESSION_AGENT,
  ]);
  await q('delete from device_sync_reports where provider_id = $1 and device_id like $2', [
    providerId,
    `${DEVICE_PREFIX}%`,
  ]);
  const accounts = await q<{ user_id: number; site_id: number }>(
    `select ua.id as user_id, st.site_id from user_accounts ua
       join staff st on st.provider_id = ua.provider_id and st.person_id = ua.person_id
     where ua.provider_id = $1 and ua.email like 'bench.%@example.org' and st.site_id is not null
       and not ua.disabled
     order by ua.id limit $2`,
    [providerId, OPEN_LOOP_STAFF],
  );
  const now = new Date();
  const staff: BenchStaff[] = [];
  const sessionIds: string[] = [];
  for (const a of accounts) {
    const token = randomBytes(32).toString('base64url');
    const id = hashToken(token);
    await q(
      `insert into server_sessions (id, provider_id, user_id, site_id, created_at, last_seen_at, expires_at, timeout_minutes, user_agent)
       values ($1, $2, $3, $4, $5, $5, $6, 480, $7)`,
      [
        id,
        providerId,
        a.user_id,
        a.site_id,
        now.toISOString(),
        new Date(now.getTime() + 8 * 3_600_000).toISOString(),
        SESSION_AGENT,
      ],
    );
    sessionIds.push(id);
    staff.push({
      cookie: `nursery_sid=${token}`,
      siteId: a.site_id,
      deviceId: `${DEVICE_PREFIX}${a.user_id}`,
    });
  }
  const template = await observationTemplate(q, providerId);
  const kids = await q<{ site_id: number; ids: number[] }>(
    `select site_id, (array_agg(id order by id))[1:3] as ids from children where provider_id = $1
     group by site_id having count(*) >= 3`,
    [providerId],
  );
  const childrenOf = new Map(kids.map((k) => [k.site_id, k.ids.map(Number)]));
  const [max] = await q<{ max: number }>(
    'select coalesce(max(id), 0)::int8 as max from events where provider_id = $1',
    [providerId],
  );
  const json = { 'content-type': 'application/json', 'x-requested-with': 'nursery' };
  const request = (s: BenchStaff, kind: MixKind): OpenLoopRequest => {
    const headers = { cookie: s.cookie };
    switch (kind) {
      case 'register':
        return { kind, method: 'GET', path: `/api/v1/sites/${s.siteId}/registers`, headers };
      case 'drafts':
        return {
          kind,
          method: 'GET',
          path: `/api/v2/events?siteID=${s.siteId}&statusID=1&fields=cards&limit=25`,
          headers,
        };
      case 'home':
        return { kind, method: 'GET', path: `/api/v1/home/overview?siteID=${s.siteId}`, headers };
      case 'save': {
        const childIds = childrenOf.get(s.siteId);
        if (!childIds) throw new Error(`site ${s.siteId} has fewer than 3 children`);
        const body = savePayload({ ...template, childIds } as SaveContext);
        return {
          kind,
          method: 'POST',
          path: '/api/v2/events',
          headers: { ...headers, ...json },
          body: JSON.stringify(body),
          uuidField: 'uuid',
        };
      }
      case 'sync':
        return {
          kind,
          method: 'POST',
          path: '/api/v1/sync/report',
          headers: { ...headers, ...json },
          body: JSON.stringify({ deviceID: s.deviceId, unsyncedEvents: 0, unsyncedMedia: 0 }),
        };
    }
  };
  const plan = planOrder(staff.length).map(({ staff: i, kind }) => request(staff[i]!, kind));
  return { staff, plan, providerId, maxEventId: Number(max!.max), sessionIds };
}

async function cleanUp(database: Database, s: Setup, log: (m: string) => void) {
  const saves = await removeSaves(database, {
    providerId: s.providerId,
    maxEventId: s.maxEventId,
  } as SaveContext);
  await database.query('delete from server_sessions where id = any($1::text[])', [s.sessionIds]);
  await database.query('delete from device_sync_reports where provider_id = $1 and device_id like $2', [
    s.providerId,
    `${DEVICE_PREFIX}%`,
  ]);
  log(
    `open loop: removed ${saves} saved events ('${SAVE_MARKER.slice(0, 20)}…'), the sessions and sync reports`,
  );
}

/** The generator in a child process (the plan is too long for an argument: it goes in a file). */
async function generate(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const dir = tempDir('bench-open-loop-');
  const file = path.join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/openLoop.ts', file], {
      cwd: root,
      maxBuffer: 1 << 20,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startInstances(
  databaseUrl: string,
  n: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer[]> {
  const servers: RunningServer[] = [];
  for (let i = 0; i < n; i++)
    servers.push(
      await startServer({
        DATABASE_URL: databaseUrl,
        DATA_DIR: tempDir('bench-instance-'),
        LOG_LEVEL: 'info',
        ...extraEnv,
      }),
    );
  return servers;
}

/** The soak server's heap probe (bench/soak-probe.cjs): its file and the environment that loads it. */
function heapProbe() {
  const file = path.join(tempDir('bench-soak-probe-'), 'heap.json');
  const env = {
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --expose-gc --require ${path.join(root, 'bench/soak-probe.cjs')}`.trim(),
    SOAK_PROBE_FILE: file,
  };
  /** The live heap (MiB) after full collections in the server `pid`, read through the probe. */
  const liveHeapMiB = async (pid: number): Promise<number> => {
    const before = Date.now();
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 100; i++) {
      const read = await readFile(file, 'utf8').then(
        (text) => JSON.parse(text) as { at: number; heapUsed: number },
        () => null,
      );
      if (read && read.at >= before) return read.heapUsed / 1048576;
      await sleep(50);
    }
    throw new Error('the soak heap probe did not answer within 5 s');
  };
  return { env, liveHeapMiB };
}

const urlsOf = (servers: RunningServer[]) => servers.map((s) => `http://127.0.0.1:${s.port}`);

const describe = (r: OpenLoopResult) =>
  `p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} p99 ${r.p99.toFixed(1)} ms, ${r.ok}/${r.due} ok, ${r.failed} failed, ${r.dropped} dropped, ${r.achievedRate.toFixed(1)} req/s; p95 by kind ${Object.entries(
    r.byKind,
  )
    .map(([k, v]) => `${k} ${v.p95.toFixed(0)}`)
    .join(', ')}${r.firstFailure ? `; first failure: ${r.firstFailure.slice(0, 200)}` : ''}`;

function openLoopRows(scenario: string, r: OpenLoopResult, label: string, limited: boolean): Row[] {
  const row = (figure: string, value: number, unit: string, limit?: number): Row => ({
    scenario,
    database: 'postgres',
    figure: `${figure}, ${label}`,
    value,
    unit,
    ...(limited && limit !== undefined ? { limit } : {}),
  });
  return [
    row('p50 from due', r.p50, 'ms'),
    row('p95 from due', r.p95, 'ms', OPEN_LOOP_P95_LIMIT_MS),
    row('p99 from due', r.p99, 'ms'),
    row('errors (failed + dropped)', r.failed + r.dropped, 'req', 0),
    row('achieved', r.achievedRate, 'req/s'),
  ];
}

export interface OpenLoopOptions {
  database: Database;
  databaseUrl: string;
  which: { openLoop: boolean; saturation: boolean; soak: boolean };
  durationSeconds: number;
  soakSeconds: number;
  log: (m: string) => void;
}

export async function openLoopScenarios(o: OpenLoopOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const setup = await setUp(o.database);
  const staffLabel = `${setup.staff.length} staff`;
  o.log(
    `open loop: ${setup.staff.length} bench staff at ${new Set(setup.staff.map((s) => s.siteId)).size} sites`,
  );
  const spec = (baseUrls: string[], rate: number, durationSeconds: number): OpenLoopSpec => ({
    baseUrls,
    plan: setup.plan,
    rate,
    durationSeconds,
    maxInFlight: MAX_IN_FLIGHT,
  });
  try {
    if (o.which.openLoop) {
      const [server] = await startInstances(o.databaseUrl, 1);
      try {
        // Warm-up (JIT, pool, caches) before the measured window: a fresh process at 100 req/s queues for
        // its first seconds (a 1-second warm-up left a 5-second window at p50 2.9 s on a loaded machine).
        await generate(spec(urlsOf([server!]), OPEN_LOOP_RATE, warmUpSeconds(o.durationSeconds)));
        const r = await generate(spec(urlsOf([server!]), OPEN_LOOP_RATE, o.durationSeconds));
        o.log(`open loop ${OPEN_LOOP_RATE} req/s, 1 instance: ${describe(r)}`);
        rows.push(...openLoopRows('open loop', r, `${OPEN_LOOP_RATE} req/s, 1 inst., ${staffLabel}`, true));
      } finally {
        await server!.stop();
      }
    }
    if (o.which.saturation) {
      const saturated: number[] = [];
      for (const instances of [1, 2]) {
        const servers = await startInstances(o.databaseUrl, instances);
        let best = 0;
        try {
          await generate(spec(urlsOf(servers), SATURATION_FIRST_RATE, warmUpSeconds(o.durationSeconds)));
          for (const rate of saturationRates(SATURATION_FIRST_RATE, 2000)) {
            const r = await generate(spec(urlsOf(servers), rate, o.durationSeconds));
            const passes = stepPasses(r);
            o.log(
              `saturation, ${instances} inst., ${rate} req/s: ${passes ? 'within' : 'past'}: ${describe(r)}`,
            );
            if (!passes) break;
            best = Math.max(best, r.achievedRate);
          }
        } finally {
          for (const s of servers) await s.stop();
        }
        saturated.push(best);
        rows.push({
          scenario: 'saturation',
          database: 'postgres',
          figure: `req/s within p95 ≤ 1 s and errors ≤ 1 %, ${instances} inst.`,
          value: best,
          unit: 'req/s',
        });
      }
      rows.push({
        scenario: 'saturation',
        database: 'postgres',
        figure: '2 instances / 1 instance',
        // No step within the limits on one instance: no ratio (NaN prints as '-').
        value: saturated[0]! > 0 ? saturated[1]! / saturated[0]! : Number.NaN,
        unit: '×',
      });
    }
    if (o.which.soak) {
      const probe = heapProbe();
      const [server] = await startInstances(o.databaseUrl, 1, probe.env);
      const pid = server!.child.pid!;
      const warmUpSeconds = Math.min(60, o.soakSeconds / 5);
      const samples: Array<{ atSeconds: number; mib: number }> = [];
      const started = performance.now();
      let sampling = true;
      let heapAfterWarmUp: Promise<number> | null = null;
      const sampler = (async () => {
        while (sampling) {
          const atSeconds = (performance.now() - started) / 1000;
          samples.push({ atSeconds, mib: rssMiB(pid) });
          // The live heap once, at the end of the warm-up (under load, as the end's is).
          if (!heapAfterWarmUp && atSeconds >= warmUpSeconds) heapAfterWarmUp = probe.liveHeapMiB(pid);
          await sleep(SOAK_SAMPLE_MS);
        }
      })();
      try {
        const r = await generate(spec(urlsOf([server!]), OPEN_LOOP_RATE, o.soakSeconds));
        sampling = false;
        await sampler;
        samples.push({ atSeconds: (performance.now() - started) / 1000, mib: rssMiB(pid) });
        const g = rssGrowth(samples, warmUpSeconds);
        const heapStart = await (heapAfterWarmUp ?? probe.liveHeapMiB(pid));
        const heapEnd = await probe.liveHeapMiB(pid);
        o.log(
          `soak ${o.soakSeconds} s: ${describe(r)}; RSS ${samples.map((s) => s.mib.toFixed(0)).join(' ')} MiB`,
        );
        const label = `${OPEN_LOOP_RATE} req/s, ${o.soakSeconds} s`;
        rows.push(
          {
            scenario: 'soak',
            database: 'postgres',
            figure: `RSS after warm-up (${warmUpSeconds} s; median of a window)`,
            value: g.afterWarmUp,
            unit: 'MiB',
          },
          {
            scenario: 'soak',
            database: 'postgres',
            figure: `RSS at the end (${o.soakSeconds} s; median of a window)`,
            value: g.end,
            unit: 'MiB',
          },
          {
            scenario: 'soak',
            database: 'postgres',
            figure: `RSS growth after warm-up, ${label}`,
            value: g.growthPct,
            unit: '%',
            limit: SOAK_RSS_GROWTH_LIMIT_PCT,
          },
          // What a leak would grow: the heap still reachable after full collections (RSS also holds
          // the collector's room to grow and the allocator's free pages, which saw up and down).
          {
            scenario: 'soak',
            database: 'postgres',
            figure: `live heap after full GC, after warm-up (${warmUpSeconds} s)`,
            value: heapStart,
            unit: 'MiB',
          },
          {
            scenario: 'soak',
            database: 'postgres',
            figure: `live heap after full GC, at the end (${o.soakSeconds} s)`,
            value: heapEnd,
            unit: 'MiB',
          },
          {
            scenario: 'soak',
            database: 'postgres',
            figure: `live heap growth after warm-up, ${label}`,
            value: ((heapEnd - heapStart) / heapStart) * 100,
            unit: '%',
            limit: SOAK_RSS_GROWTH_LIMIT_PCT,
          },
          ...openLoopRows('soak', r, label, false),
        );
      } finally {
        sampling = false;
        await sampler;
        await server!.stop();
      }
    }
  } finally {
    await cleanUp(o.database, setup, o.log);
  }
  return rows;
}
