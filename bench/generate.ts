// Bench data: one large provider ('Bench Provider') generated straight into the database with
// set-based SQL (INSERT ... SELECT over generate_series, pseudo-random values hashed from the
// series index), deterministic for a given scale and day. See bench/GENERATE.md.
//
//   node --import tsx bench/generate.ts --scale 0.01 [--database-url URL | --pglite-dir DIR]
//        [--today YYYY-MM-DD] [--vacuum]
import { todayInZone } from '@nursery/domain/common';
import { type Database, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { providers } from '../apps/server/src/db/schema/index.ts';
import { DEFAULT_PROVIDER_FLAGS, DEMO_PASSWORD } from '../apps/server/src/demo/index.ts';
import { seedReferenceData } from '../apps/server/src/demo/reference.ts';
import { hashPassword, sha512Hex } from '../apps/server/src/modules/auth/passwords.ts';
import { generateEvents } from './generate/events.ts';
import { generateLearning } from './generate/learning.ts';
import { BENCH_MANAGER_EMAIL, BENCH_PRACTITIONER_EMAIL, generateOrg } from './generate/org.ts';
import { type GenCtx, type IdBases, type Plan, planFor } from './generate/plan.ts';
import { generateRegisters } from './generate/registers.ts';
import { lit, Runner, type StepTiming, setSequence } from './generate/sql.ts';

export { BENCH_MANAGER_EMAIL, BENCH_PRACTITIONER_EMAIL } from './generate/org.ts';
export { type Plan, planFor } from './generate/plan.ts';

export const BENCH_PROVIDER_NAME = 'Bench Provider';
export const BENCH_PASSWORD = DEMO_PASSWORD;

export interface GenerateOptions {
  scale: number;
  log?: (msg: string) => void;
  /** 'YYYY-MM-DD' (Europe/London) the data is relative to; default today. */
  today?: string;
  /** VACUUM (ANALYZE) the touched tables instead of ANALYZE (sets the visibility map and hint bits). */
  vacuum?: boolean;
}

export interface GenerateResult {
  providerId: number;
  counts: Record<string, number>;
  ms: number;
  /** Time of each statement, in order (several statements may book to one table). */
  steps: StepTiming[];
  plan: Plan;
}

/** Tables with explicit ids (the identity sequence is moved past them at the end). */
const EXPLICIT_ID_TABLES: [keyof IdBases, string][] = [
  ['site', 'sites'],
  ['room', 'rooms'],
  ['area', 'areas'],
  ['group', 'session_groups'],
  ['combo', 'session_combos'],
  ['person', 'people'],
  ['staff', 'staff'],
  ['user', 'user_accounts'],
  ['contact', 'contacts'],
  ['child', 'children'],
  ['event', 'events'],
  ['grading', 'gradings'],
  ['nextStep', 'next_steps'],
];

/**
 * Generates the bench provider. Refuses (throws) if a provider named 'Bench Provider' already
 * exists: the bench logins are unique across providers, so there is one bench provider per
 * database. Runs in one transaction: a failed run leaves nothing behind.
 */
export async function generate(database: Database, opts: GenerateOptions): Promise<GenerateResult> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const plan = planFor(opts.scale, opts.today ?? todayInZone(new Date()));

  const [{ migrated }] = await database.query<{ migrated: boolean }>(
    `select to_regclass('public.providers') is not null as migrated`,
  );
  if (!migrated) {
    log('database not migrated: running the migrations');
    await runMigrations(database);
  }
  const existing = await database.query<{ id: number }>(
    `select id from providers where name = ${lit(BENCH_PROVIDER_NAME)} order by id limit 1`,
  );
  if (existing.length > 0) {
    throw new Error(
      `bench generate: a provider named '${BENCH_PROVIDER_NAME}' already exists (id ${existing[0].id}); ` +
        'the generator makes one per database: use a fresh database',
    );
  }
  const taken = await database.query<{ email: string }>(
    `select email from user_accounts where lower(email) in (${lit(BENCH_MANAGER_EMAIL)}, ${lit(BENCH_PRACTITIONER_EMAIL)})
       or lower(email) like 'bench.staff%@example.org' limit 1`,
  );
  if (taken.length > 0) throw new Error(`bench generate: the login ${taken[0].email} already exists`);

  const passwordHash = await hashPassword(sha512Hex(DEMO_PASSWORD));
  log(
    `scale ${plan.scale}, today ${plan.today}: ${plan.sites} sites, ${plan.children} children, ${plan.staff} staff, ` +
      `${plan.contacts} contacts, ${plan.events} events, ${plan.gradings} gradings`,
  );

  let runner: Runner | undefined;
  let providerId = 0;
  await database.db.transaction(async (tx) => {
    const [p] = await tx
      .insert(providers)
      .values({ name: BENCH_PROVIDER_NAME, flags: DEFAULT_PROVIDER_FLAGS })
      .returning({ id: providers.id });
    providerId = p.id;
    const run = new Runner(tx, database.kind, providerId, log);
    runner = run;
    // Session settings for a bulk load (local to this transaction).
    await run.rows(`set local synchronous_commit = off`);
    await run.rows(`set local work_mem = '${database.kind === 'postgres' ? '256MB' : '64MB'}'`);
    await run.rows(`set local maintenance_work_mem = '${database.kind === 'postgres' ? '1GB' : '128MB'}'`);
    if (database.kind === 'postgres') await run.rows(`set local jit = off`);

    const t0 = performance.now();
    const ref = await seedReferenceData(tx, providerId);
    run.steps.push({ table: 'reference data', ms: performance.now() - t0, rows: 0 });
    log(
      `${'reference data'.padEnd(26)} ${''.padStart(9)}      ${((performance.now() - t0) / 1000).toFixed(2).padStart(7)} s`,
    );

    const ids = {} as IdBases;
    for (const [key, table] of EXPLICIT_ID_TABLES) ids[key] = await run.idBase(table);
    const g: GenCtx = {
      run,
      P: providerId,
      plan,
      ref,
      ids,
      T: `date ${lit(plan.today)}`,
      practitionerIndex: 1 + plan.sites,
      passwordHash,
    };
    await generateOrg(g);
    await generateRegisters(g);
    await generateEvents(g);
    await generateLearning(g);

    const t1 = performance.now();
    const maxIds: Record<string, number> = {
      sites: ids.site + plan.sites,
      rooms: ids.room + plan.sites * 3,
      areas: ids.area + plan.sites * 9,
      session_groups: ids.group + plan.sites * 2,
      session_combos: ids.combo + plan.sites * 3,
      people: ids.person + plan.staff + plan.contacts,
      staff: ids.staff + plan.staff,
      user_accounts: ids.user + plan.staff,
      contacts: ids.contact + plan.contacts,
      children: ids.child + plan.children,
      events: ids.event + plan.events,
      gradings: ids.grading + plan.gradings,
      next_steps: ids.nextStep + plan.nextSteps,
    };
    for (const [, table] of EXPLICIT_ID_TABLES) await run.rows(setSequence(table, maxIds[table]));
    run.steps.push({ table: 'sequences', ms: performance.now() - t1, rows: 0 });
  });
  const run = runner!;

  // Statistics for the planner, after the commit (VACUUM cannot run in a transaction).
  const t2 = performance.now();
  const touched = [...new Set(run.steps.filter((s) => s.rows > 0).map((s) => s.table))];
  const analyzed = [...touched, 'providers', 'event_types', 'event_codes', 'framework_items', 'age_ranges'];
  if (opts.vacuum) {
    for (const table of analyzed) await database.query(`vacuum (analyze) "${table}"`);
  } else {
    await database.query(`analyze ${analyzed.map((t) => `"${t}"`).join(', ')}`);
  }
  const analyzeMs = performance.now() - t2;
  run.steps.push({ table: opts.vacuum ? 'vacuum analyze' : 'analyze', ms: analyzeMs, rows: 0 });
  log(
    `${(opts.vacuum ? 'vacuum analyze' : 'analyze').padEnd(26)} ${''.padStart(9)}      ${(analyzeMs / 1000).toFixed(2).padStart(7)} s`,
  );

  return { providerId, counts: { ...run.counts }, ms: performance.now() - started, steps: run.steps, plan };
}

/** Per-table totals of the steps (time and rows), in first-seen order. */
export function summarise(steps: StepTiming[]): StepTiming[] {
  const byTable = new Map<string, StepTiming>();
  for (const s of steps) {
    const t = byTable.get(s.table) ?? { table: s.table, ms: 0, rows: 0 };
    t.ms += s.ms;
    t.rows += s.rows;
    byTable.set(s.table, t);
  }
  return [...byTable.values()];
}

async function main(argv: string[]): Promise<void> {
  const flag = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const scale = Number(flag('scale') ?? 1);
  const databaseUrl = flag('database-url');
  const pgliteDir = flag('pglite-dir') ?? 'memory://';
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir });
  try {
    const where = databaseUrl ? 'PostgreSQL' : `PGlite (${pgliteDir})`;
    console.log(`bench generate on ${where}`);
    const r = await generate(database, {
      scale,
      today: flag('today'),
      vacuum: argv.includes('--vacuum'),
      log: (m) => console.log(`  ${m}`),
    });
    console.log(`\nprovider ${r.providerId} (${BENCH_PROVIDER_NAME}), per table:`);
    for (const s of summarise(r.steps)) {
      console.log(
        `  ${s.table.padEnd(26)} ${s.rows ? String(s.rows).padStart(10) : ''.padStart(10)} ${(s.ms / 1000).toFixed(2).padStart(8)} s`,
      );
    }
    const total = Object.values(r.counts).reduce((a, b) => a + b, 0);
    console.log(
      `  ${'total'.padEnd(26)} ${String(total).padStart(10)} ${(r.ms / 1000).toFixed(2).padStart(8)} s`,
    );
    console.log(
      `\nlogins: ${BENCH_MANAGER_EMAIL}, ${BENCH_PRACTITIONER_EMAIL} (password '${BENCH_PASSWORD}')`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
