// Issue 11 figure: acknowledged saves survive kill -9. One DATA_DIR (demo data, first start once);
// then each run starts the built server (the previous run's restart), logs in as the demo
// practitioner, sends saves (POST api/v2/events, a fresh uuid and a unique note each, 2 children)
// from a few concurrent clients, records the acknowledged ones (201/200 with their event ids), kills
// the server with SIGKILL at a seeded random moment 0.5–3 s after the load starts, starts it again,
// times it to healthy and reads every acknowledged event back (GET api/v2/events/{id}). At the end the
// server stops cleanly (SIGTERM) and the events of every uuid sent are counted in the database
// directly: an acknowledged save must be there once per child, no save more than once per child;
// saves in flight at the kill (unacknowledged) may or may not be there. On PostgreSQL (DATABASE_URL)
// the kill only kills the app, the database survives: still a check of acknowledgements and replays.
// Slow (a restart per run): runs only when named.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { sha512Hex } from '../../apps/server/src/modules/auth/passwords.ts';
import { type Row, seededRandom, sleep, tempDir } from '../lib.ts';
import { type Started, spawnServer, untilHealthy } from './firstStartCrash.ts';

const PRACTITIONER = { email: 'practitioner@example.org', password: sha512Hex('nursery-demo') };
const CLIENTS = 4;
const CHILDREN = 2;
const NOTE_PREFIX = 'Bench saves crash';

interface SaveTarget {
  typeId: number;
  codeId: number;
  childIds: number[];
}

async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery' },
    body: JSON.stringify(PRACTITIONER),
  });
  if (res.status !== 200) throw new Error(`practitioner login: ${res.status} ${await res.text()}`);
  const token = /nursery_sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('practitioner login set no session cookie');
  return `nursery_sid=${token}`;
}

/** The observation type and code and two children of the practitioner's site, through the API. */
async function saveTarget(baseUrl: string, cookie: string): Promise<SaveTarget> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'nursery', cookie };
  const config = (await (await fetch(`${baseUrl}/api/v1/config`, { headers })).json()) as {
    siteID: number;
    eventTypes: Array<{ id: number; tag: string; codes: Array<{ id: number; key: string }> }>;
  };
  const type = config.eventTypes.find((t) => t.tag === 'observation');
  const code = type?.codes.find((c) => c.key === 'observation') ?? type?.codes[0];
  if (!type || !code) throw new Error('no observation type and code in the config');
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query: 'query K($siteID: Int!) { children(siteID: $siteID) { id } }',
      variables: { siteID: config.siteID },
    }),
  });
  const kids = ((await res.json()) as { data?: { children?: Array<{ id: number }> } }).data?.children ?? [];
  if (kids.length < CHILDREN) throw new Error(`site ${config.siteID}: fewer than ${CHILDREN} children`);
  return { typeId: type.id, codeId: code.id, childIds: kids.slice(0, CHILDREN).map((k) => k.id) };
}

interface Ack {
  uuid: string;
  ids: number[];
}

/** Saves from `CLIENTS` concurrent clients until the server stops answering. */
function saveLoad(baseUrl: string, cookie: string, target: SaveTarget, run: number) {
  const sent: string[] = [];
  const acks: Ack[] = [];
  const refused: string[] = [];
  const client = async (c: number) => {
    for (let n = 0; ; n++) {
      const uuid = randomUUID();
      const body = JSON.stringify({
        uuid,
        raised: new Date(Date.now() - 3_600_000).toISOString(),
        statusID: 1,
        typeID: target.typeId,
        codeID: target.codeId,
        notes: `${NOTE_PREFIX} run ${run} client ${c} save ${n} ${uuid}`,
        subjects: target.childIds,
      });
      sent.push(uuid);
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/api/v2/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery', cookie },
          body,
        });
      } catch {
        return; // killed: refused or reset
      }
      let text: string;
      try {
        text = await res.text();
      } catch {
        return; // killed while answering: not acknowledged
      }
      if (res.status === 201 || res.status === 200) {
        const saved = JSON.parse(text) as Array<{ id: number }>;
        acks.push({ uuid, ids: saved.map((e) => e.id) });
      } else {
        if (refused.length < 3) refused.push(`${res.status} ${text.slice(0, 200)}`);
        // A refused payload would refuse again: stop rather than spin.
        if (res.status >= 400 && res.status < 500) return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return { sent, acks, refused, done };
}

export interface SavesCrashRun {
  killAtMs: number;
  acknowledged: number;
  missing: number;
  restartMs: number | null;
}

export async function savesCrash(opts: {
  runs: number;
  databaseUrl?: string;
  log: (m: string) => void;
}): Promise<{ rows: Row[]; runs: SavesCrashRun[] }> {
  const database = opts.databaseUrl ? 'postgres' : 'pglite';
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  };
  const random = seededRandom(Number(process.env.BENCH_SAVES_CRASH_SEED ?? 11));
  const dir = tempDir('nursery-bench-saves-crash-');
  const runs: SavesCrashRun[] = [];
  const sent = new Set<string>();
  const acked = new Map<string, number[]>();
  let server: Started | null = null;
  try {
    server = await spawnServer(dir, false, env);
    const first = await untilHealthy(server, 180_000);
    if (first === null) throw new Error(`first start failed: ${server.lines.map((l) => l[1]).join(' | ')}`);
    opts.log(`saves crash ${database}: first start healthy in ${Math.round(first)} ms`);
    let target: SaveTarget | null = null;
    for (let i = 0; i < opts.runs; i++) {
      const baseUrl = `http://127.0.0.1:${server.port}`;
      const cookie = await login(baseUrl);
      target ??= await saveTarget(baseUrl, cookie);
      const load = saveLoad(baseUrl, cookie, target, i + 1);
      const wait = 500 + random() * 2500;
      const t0 = performance.now();
      await Promise.race([sleep(wait), load.done]);
      const killAtMs = performance.now() - t0;
      server.child.kill('SIGKILL');
      await server.exited;
      await load.done;
      if (load.refused.length && load.acks.length === 0)
        throw new Error(`saves refused: ${load.refused.join(' | ')}`);
      for (const u of load.sent) sent.add(u);
      for (const a of load.acks) acked.set(a.uuid, a.ids);

      server = await spawnServer(dir, false, env);
      const restartMs = await untilHealthy(server, 120_000);
      let missing = 0;
      if (restartMs !== null) {
        const again = `http://127.0.0.1:${server.port}`;
        const readCookie = await login(again);
        for (const a of load.acks) {
          let found = true;
          for (const id of a.ids) {
            const res = await fetch(`${again}/api/v2/events/${id}`, { headers: { cookie: readCookie } });
            // The event's own uuid is not the save's: its note carries the save's uuid.
            const e =
              res.status === 200 ? ((await res.json()) as { id: number; notes: string | null }) : null;
            if (!e || e.id !== id || !e.notes?.includes(a.uuid)) found = false;
          }
          if (!found) missing++;
        }
      }
      runs.push({ killAtMs, acknowledged: load.acks.length, missing, restartMs });
      opts.log(
        `saves crash ${database} ${i + 1}/${opts.runs}: kill at ${Math.round(killAtMs)} ms, ${load.sent.length} sent, ${load.acks.length} acknowledged, ${missing} missing; restart ${restartMs === null ? 'NOT healthy' : `healthy in ${Math.round(restartMs)} ms`}${load.refused.length ? `; refused: ${load.refused[0]}` : ''}`,
      );
      if (restartMs === null) {
        opts.log(server.lines.map((l) => l[1]).join(' | '));
        break;
      }
    }
    server.child.kill('SIGTERM');
    await server.exited;
    server = null;

    // Every uuid sent, counted in the database itself.
    const db = await openDatabase(
      opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : { pgliteDir: path.join(dir, 'pglite') },
    );
    const counts = new Map<string, number>();
    try {
      const rows = await db.query<{ save_uuid: string; n: number }>(
        'select save_uuid::text as save_uuid, count(*)::int as n from events where save_uuid = any($1::uuid[]) group by save_uuid',
        [[...sent]],
      );
      for (const r of rows) counts.set(r.save_uuid, Number(r.n));
    } finally {
      await db.close();
    }
    const missingAtEnd = [...acked].filter(([u, ids]) => (counts.get(u) ?? 0) < ids.length).length;
    const duplicates = [...counts.values()].reduce((s, n) => s + Math.max(0, n - CHILDREN), 0);
    const unackedStored = [...counts.keys()].filter((u) => !acked.has(u)).length;
    const missingAfterRestart = runs.reduce((s, r) => s + r.missing, 0);
    opts.log(
      `saves crash ${database}: ${sent.size} sent, ${acked.size} acknowledged; at the end ${counts.size} uuids stored, ${missingAtEnd} acknowledged missing, ${duplicates} duplicate events, ${unackedStored} unacknowledged stored`,
    );
    const healthy = runs.filter((r) => r.restartMs !== null);
    const row = (figure: string, value: number, unit: string, limit?: number): Row => ({
      scenario: 'saves kill',
      database,
      figure,
      value,
      unit,
      ...(limit !== undefined ? { limit } : {}),
    });
    return {
      runs,
      rows: [
        row('runs killed with SIGKILL during saves', runs.length, ''),
        row('restarts healthy', healthy.length, '', opts.runs),
        row('saves acknowledged (201/200)', acked.size, ''),
        row('acknowledged saves missing after restart', Math.max(missingAfterRestart, missingAtEnd), '', 0),
        row('duplicate events (uuid × child stored twice)', duplicates, '', 0),
        row('unacknowledged saves stored (informational)', unackedStored, ''),
        row('restart to healthy, max', Math.max(0, ...healthy.map((r) => r.restartMs!)), 'ms'),
      ],
    };
  } finally {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
