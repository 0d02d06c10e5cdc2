// Opening the database the way the run contract says: PGlite in DATA_DIR unless DATABASE_URL is set,
// migrations at start, demo data (or the first manager) on an empty database. A first start stopped
// at any moment (kill -9, power cut) is recovered by the next start (db/pglite-cluster.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ServerEnv } from './config/env.ts';
import { type Database, openDatabase, runMigrations } from './db/client.ts';
import {
  type ClusterLog,
  createCluster,
  finishFirstStart,
  firstStartPending,
  openPgliteCluster,
  setAsideIfEmpty,
  userTableCount,
} from './db/pglite-cluster.ts';
import { seedDemo, seedEmptyInstall } from './demo/index.ts';
import { openObjectStore } from './lib/object-store/open.ts';
import { sha512Hex } from './modules/auth/passwords.ts';

export const pgliteDir = (env: ServerEnv) => path.join(env.dataDir, 'pglite');
/** Media files and signature images (DATA_DIR/media). */
export const mediaDirOf = (env: ServerEnv) => path.join(env.dataDir, 'media');

export async function wipeData(env: ServerEnv): Promise<void> {
  if (env.databaseUrl) {
    const database = await openDatabase({ databaseUrl: env.databaseUrl });
    try {
      await database.query('drop schema if exists public cascade');
      await database.query('drop schema if exists drizzle cascade');
      // The job queue's own schema (issue 32): no job of the wiped data is left to run.
      await database.query('drop schema if exists pgboss cascade');
      await database.query('create schema public');
    } finally {
      await database.close();
    }
  }
  rmSync(env.dataDir, { recursive: true, force: true });
}

export interface BootResult {
  database: Database;
  seeded: 'demo' | 'empty-install' | 'existing';
}

export async function openAndPrepare(env: ServerEnv, now: Date, log: ClusterLog): Promise<BootResult> {
  if (env.databaseUrl) {
    const database = await openDatabase({ databaseUrl: env.databaseUrl });
    try {
      await runMigrations(database);
      return { database, seeded: await seedIfEmpty(database, env, now, log) };
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  // PGlite: see db/pglite-cluster.ts for what a crash during the first start leaves and how it is
  // recovered. Migrations run in one transaction and each seed in one transaction, so a crash during
  // them leaves the schema as it was and no provider: the next start migrates and seeds again.
  const dir = pgliteDir(env);
  let database = await openPgliteCluster(dir, log);
  try {
    const pending = firstStartPending(dir);
    if (pending)
      log.info(
        'first start: migrating and loading the data (the cluster is new or its first start was interrupted)',
      );
    const tablesBefore = pending ? 0 : await userTableCount(database);
    try {
      await runMigrations(database);
    } catch (err) {
      // A cluster with no table of ours whose migrations fail was left broken by an older version's
      // interrupted initdb (a CREATE FUNCTION failing on a half-made catalog): made again, once.
      if (tablesBefore > 0) throw err;
      await database.close();
      const message = err instanceof Error ? err.message : String(err);
      setAsideIfEmpty(
        dir,
        `could not be migrated (${message})`,
        log,
        pending ? undefined : 'it held no table',
      );
      await createCluster(dir, log);
      database = await openDatabase({ pgliteDir: dir });
      await runMigrations(database);
    }
    const seeded = await seedIfEmpty(database, env, now, log);
    if (firstStartPending(dir)) {
      finishFirstStart(dir);
      log.info('first start complete: migrations and data committed');
    }
    return { database, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Demo data (or the first manager) on a database without providers; each seed is one transaction. */
async function seedIfEmpty(
  database: Database,
  env: ServerEnv,
  now: Date,
  log: ClusterLog,
): Promise<BootResult['seeded']> {
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from providers');
  if (n > 0) return 'existing';
  if (env.demoData) {
    log.info('empty database: loading the demo nursery');
    await seedDemo(database, { now, objects: openObjectStore(env, mediaDirOf(env)) });
    return 'demo';
  }
  if (!env.adminEmail || !env.adminPassword) {
    throw new Error('DEMO_DATA=0 needs ADMIN_EMAIL and ADMIN_PASSWORD to create the first manager');
  }
  log.info('empty database: creating the first manager');
  await seedEmptyInstall(database, {
    adminEmail: env.adminEmail,
    adminPasswordClientHash: sha512Hex(env.adminPassword),
  });
  return 'empty-install';
}
