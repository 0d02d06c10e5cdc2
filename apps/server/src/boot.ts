// Opening the database the way the run contract says: PGlite in DATA_DIR unless DATABASE_URL is set,
// migrations at start, demo data (or the first manager) on an empty database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ServerEnv } from './config/env.ts';
import { type Database, openDatabase, runMigrations } from './db/client.ts';
import { seedDemo, seedEmptyInstall } from './demo/index.ts';
import { sha512Hex } from './modules/auth/passwords.ts';

export const pgliteDir = (env: ServerEnv) => path.join(env.dataDir, 'pglite');

export async function wipeData(env: ServerEnv): Promise<void> {
  if (env.databaseUrl) {
    const database = await openDatabase({ databaseUrl: env.databaseUrl });
    try {
      await database.query('drop schema if exists public cascade');
      await database.query('drop schema if exists drizzle cascade');
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

export async function openAndPrepare(
  env: ServerEnv,
  now: Date,
  log: (msg: string) => void,
): Promise<BootResult> {
  const database = await openDatabase(
    env.databaseUrl ? { databaseUrl: env.databaseUrl } : { pgliteDir: pgliteDir(env) },
  );
  try {
    await runMigrations(database);
    const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from providers');
    if (n > 0) return { database, seeded: 'existing' };
    if (env.demoData) {
      log('empty database: loading the demo nursery');
      await seedDemo(database, { now });
      return { database, seeded: 'demo' };
    }
    if (!env.adminEmail || !env.adminPassword) {
      throw new Error('DEMO_DATA=0 needs ADMIN_EMAIL and ADMIN_PASSWORD to create the first manager');
    }
    log('empty database: creating the first manager');
    await seedEmptyInstall(database, {
      adminEmail: env.adminEmail,
      adminPasswordClientHash: sha512Hex(env.adminPassword),
    });
    return { database, seeded: 'empty-install' };
  } catch (err) {
    await database.close();
    throw err;
  }
}
