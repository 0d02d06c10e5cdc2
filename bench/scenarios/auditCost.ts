// Issue 26's figure: what the record audit trail costs the two calls it touches most, the drafts read
// (GET api/v2/events?fields=cards: one read row per event of the page) and the event save (POST
// api/v2/events: one create row in the save's transaction). The app runs in this process on the demo
// data (PGlite in memory, or a throwaway PostgreSQL database), read rows batched every 200 ms as in
// main.ts; calls go in pairs, one with auditing on and one off (setRecordAuditEnabled) in a drawn order,
// so the machine's load and V8's collections fall into both equally. The figures are the server time
// (Server-Timing `app`): the median of each side, and the paired overhead.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, runMigrations } from '../../apps/server/src/db/client.ts';
import { seedDemo } from '../../apps/server/src/demo/index.ts';
import { setRecordAuditEnabled } from '../../apps/server/src/lib/record-audit.ts';
import { sha512Hex } from '../../apps/server/src/modules/auth/passwords.ts';
import { median, type Row, seededRandom } from '../lib.ts';

/** Issue 26: auditing may add at most 10 % to the server time of each call. */
export const AUDIT_OVERHEAD_LIMIT_PERCENT = 10;

const serverMs = (header: string | string[] | number | undefined) =>
  Number(/app;dur=([\d.]+)/.exec(String(header ?? ''))?.[1] ?? Number.NaN);

export async function auditCost(opts: { databaseUrl?: string; runs: number }): Promise<Row[]> {
  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  const database = await openDatabase(
    opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : { pgliteDir: 'memory://' },
  );
  await runMigrations(database);
  // The bench's PostgreSQL database is shared by its scenarios: the demo data is loaded once, as the
  // server does on an empty database.
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from providers');
  if (n === 0) await seedDemo(database, { now: new Date() });
  const app = await buildApp({ database, readAuditFlushMs: 200 });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-requested-with': 'nursery' },
      payload: { email: 'manager@example.org', password: sha512Hex('nursery-demo') },
    });
    const sid = login.cookies.find((c) => c.name === 'nursery_sid')?.value;
    if (!sid) throw new Error(`bench audit cost: login failed (${login.statusCode})`);
    const cookie = `nursery_sid=${sid}`;
    const config = (await app.inject({ url: '/api/v1/config', headers: { cookie } })).json();
    // A manager of several sites picks one first (the session's site).
    const siteID = (config.siteID as number | null) ?? Number(Object.keys(config.sitesByID)[0]);
    await app.inject({
      method: 'POST',
      url: '/api/v1/session/site',
      headers: { cookie, 'x-requested-with': 'nursery' },
      payload: { siteID },
    });
    const type = (
      config.eventTypes as { id: number; tag: string; codes: { id: number; key?: string }[] }[]
    ).find((t) => t.tag === 'observation')!;
    const children = await database.query<{ id: number }>(
      `select id from children where site_id = ${siteID} order by id limit 20`,
    );
    const drafts = () =>
      app.inject({
        url: `/api/v2/events?siteID=${siteID}&statusID=1&fields=cards&limit=25`,
        headers: { cookie },
      });
    const save = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/events',
        headers: { cookie, 'x-requested-with': 'nursery' },
        payload: {
          uuid: randomUUID(),
          typeID: type.id,
          codeID: type.codes[0]!.id,
          subjects: [children[i % children.length]!.id],
          raised: new Date(Date.now() - 3_600_000).toISOString(),
          statusID: 1,
          notes: 'Bench observation.',
        },
      });
    const times = {
      drafts: { on: [] as number[], off: [] as number[] },
      save: { on: [] as number[], off: [] as number[] },
    };
    // Warm-up (plans, caches), then alternate.
    for (let i = 0; i < 5; i++) {
      await drafts();
      await save(i);
    }
    // Unmeasured saves first (plans, caches, the table's first pages). Then pairs of saves naming the
    // same child (children differ in what a save reads), one audited and one not.
    for (let pair = 0; pair < opts.runs; pair++) await save(pair);
    // Which call of a pair is audited is drawn at random (seeded, so a rerun draws the same). Each save
    // allocates about a quarter of V8's young generation, so a scavenge (~5 ms) lands on every 4th
    // save or so: a fixed on-off order locked that pause onto one side (an A/A run, auditing on both
    // sides, gave +17.9 %; fixed orders gave -23 % to +41 %). Drawn at random, the pauses fall on each
    // side as often as its own allocation makes them, which is part of what auditing costs.
    const random = seededRandom(26);
    for (let pair = 0; pair < opts.runs; pair++) {
      const auditedFirst = random() < 0.5;
      for (const on of auditedFirst ? [true, false] : [false, true]) {
        setRecordAuditEnabled(on);
        const s = await save(pair);
        if (s.statusCode !== 201) throw new Error(`bench audit cost: save ${s.statusCode} ${s.body}`);
        times.save[on ? 'on' : 'off'].push(serverMs(s.headers['server-timing']));
      }
    }
    // The drafts reads go in pairs of blocks of 8, each block followed by a pause longer than the flush
    // interval: a batched insert of read rows (one every 200 ms) would otherwise land in whichever
    // request runs next, audited or not. The batched insert itself runs between requests and is not in
    // these figures (docs/security.md "Audit trail"). Which block of a pair is audited is drawn too.
    const BLOCK = 8;
    for (let pair = 0; pair < Math.ceil(opts.runs / BLOCK); pair++) {
      const auditedFirst = random() < 0.5;
      for (const on of auditedFirst ? [true, false] : [false, true]) {
        setRecordAuditEnabled(on);
        for (let i = 0; i < BLOCK; i++) {
          const d = await drafts();
          if (d.statusCode !== 200) throw new Error(`bench audit cost: drafts ${d.statusCode} ${d.body}`);
          times.drafts[on ? 'on' : 'off'].push(serverMs(d.headers['server-timing']));
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    setRecordAuditEnabled(true);
    const rows: Row[] = [];
    for (const [call, label] of [
      ['drafts', 'drafts read (cards, 25 a page)'],
      ['save', 'event save'],
    ] as const) {
      const on = median(times[call].on);
      const off = median(times[call].off);
      // The overhead from pairs (the k-th audited call and the k-th unaudited one: the same child, in
      // a drawn order): the trimmed mean of their differences over the trimmed mean without.
      const n = Math.min(times[call].on.length, times[call].off.length);
      const differences = times[call].on.slice(0, n).map((x, k) => x - times[call].off[k]!);
      const overhead = (trimmedMean(differences) / trimmedMean(times[call].off)) * 100;
      rows.push(
        {
          scenario: 'audit cost',
          database: kind,
          figure: `${label}, server p50 without audit`,
          value: off,
          unit: 'ms',
        },
        {
          scenario: 'audit cost',
          database: kind,
          figure: `${label}, server p50 with audit`,
          value: on,
          unit: 'ms',
        },
        {
          scenario: 'audit cost',
          database: kind,
          figure: `${label}, audit overhead (paired)`,
          value: overhead,
          unit: '%',
          limit: AUDIT_OVERHEAD_LIMIT_PERCENT,
          ok: overhead <= AUDIT_OVERHEAD_LIMIT_PERCENT,
        },
      );
    }
    return rows;
  } finally {
    setRecordAuditEnabled(true);
    await app.close();
    await database.close();
  }
}

/** The mean without the lowest and highest tenth (a garbage collection or a flush in one call). */
function trimmedMean(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length / 10);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, x) => sum + x, 0) / kept.length;
}
