// Bench datasets: one generated provider per scale, kept between runs (generation at scale 1 takes
// minutes). PGlite: a data dir under .tmp/bench; PostgreSQL: a database per scale on the server
// of BENCH_DATABASE_URL (or the run's throwaway cluster). A dataset is regenerated when the
// migrations or the generator change.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, MIGRATIONS_DIR, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { generate } from './generate.ts';
import { root } from './lib.ts';

export type DbKind = 'pglite' | 'postgres';

/** Identity of the data: the migrations and the generator's sources. */
function datasetVersion(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => path.join(MIGRATIONS_DIR, f)),
    ...readdirSync(path.join(root, 'bench'))
      .filter((f) => f.startsWith('generate') && f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(root, 'bench', f)),
  ].sort();
  for (const f of files) hash.update(readFileSync(f));
  const genDir = path.join(root, 'bench/generate');
  if (existsSync(genDir))
    for (const f of readdirSync(genDir).sort()) hash.update(readFileSync(path.join(genDir, f)));
  return hash.digest('hex').slice(0, 16);
}

const scaleName = (scale: number) => `s${String(scale).replace('.', '_')}`;

export interface Dataset {
  database: Database;
  kind: DbKind;
  scale: number;
  generatedMs: number | null;
  /** PostgreSQL: the dataset's connection URL (issue 32: server processes of its own open it). */
  url?: string;
}

export async function openDataset(
  kind: DbKind,
  scale: number,
  opts: { pgUrl?: string; log: (m: string) => void },
): Promise<Dataset> {
  const version = datasetVersion();
  if (kind === 'pglite') {
    const dir = path.join(root, '.tmp/bench', `pglite-${scaleName(scale)}`);
    const marker = path.join(dir, 'bench-dataset.json');
    const fresh = existsSync(marker) && JSON.parse(readFileSync(marker, 'utf8')).version === version;
    if (!fresh) rmSync(dir, { recursive: true, force: true });
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    if (fresh) return { database, kind, scale, generatedMs: null };
    await runMigrations(database);
    const { ms } = await generate(database, { scale, log: opts.log });
    writeFileSync(marker, JSON.stringify({ version, scale, ms }));
    return { database, kind, scale, generatedMs: ms };
  }
  if (!opts.pgUrl) throw new Error('PostgreSQL dataset needs a server URL');
  const name = `nursery_bench_${scaleName(scale)}_${version}`;
  const urlOf = (db: string) => {
    const url = new URL(opts.pgUrl!);
    url.pathname = `/${db}`;
    return url.toString();
  };
  const admin = await openDatabase({ databaseUrl: opts.pgUrl });
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).length > 0;
    if (exists)
      return {
        database: await openDatabase({ databaseUrl: urlOf(name) }),
        kind,
        scale,
        generatedMs: null,
        url: urlOf(name),
      };
    // Generate under a temporary name and rename when complete, so a failed run leaves no half dataset.
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const target = await openDatabase({ databaseUrl: urlOf(building) });
    let ms: number;
    try {
      await runMigrations(target);
      ({ ms } = await generate(target, { scale, log: opts.log }));
    } finally {
      await target.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return {
      database: await openDatabase({ databaseUrl: urlOf(name) }),
      kind,
      scale,
      generatedMs: ms,
      url: urlOf(name),
    };
  } finally {
    await admin.close();
  }
}
