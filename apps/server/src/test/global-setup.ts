// Builds the seeded templates once per test run: a PGlite data-dir tarball, and (when
// TEST_DATABASE_URL is set) a PostgreSQL template database. Each test file clones one.
// The demo data is seeded at now: NURSERY_TEST_NOW when set (fixed-now.ts), else the real time.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { todayInZone } from '@nursery/domain/common';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../db/client.ts';
import { seedDemo } from '../demo/index.ts';
import { repoRoot } from '../lib/paths.ts';
import { fixedTestNow } from './fixed-now.ts';

export const PG_TEMPLATE_DB = 'nursery_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateUrl: string | null;
    pgAdminUrl: string | null;
    /** The seed's now (ISO) and its date in Europe/London. */
    seedNow: string;
    seedToday: string;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const now = fixedTestNow() ?? new Date();
  const today = todayInZone(now);
  const dir = path.join(repoRoot, '.tmp/test');
  mkdirSync(dir, { recursive: true });

  const lite = await openDatabase({ pgliteDir: 'memory://' });
  await runMigrations(lite);
  await seedDemo(lite, { now });
  const tarball = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(tarball, Buffer.from(await (await lite.dumpDataDir!()).arrayBuffer()));
  await lite.close();

  const adminUrl = process.env.TEST_DATABASE_URL || null;
  // The fixed-clock passes of `npm test` (NURSERY_TEST_NOW) run on PGlite only: a PostgreSQL
  // server's now() keeps the real clock. The normal pass may not skip PostgreSQL under CI.
  if (!adminUrl && process.env.CI === 'true' && !fixedTestNow()) {
    throw new Error('CI=true needs TEST_DATABASE_URL: the PostgreSQL integration tests may not be skipped');
  }
  let templateUrl: string | null = null;
  if (adminUrl) {
    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.close();
    templateUrl = withDatabase(adminUrl, PG_TEMPLATE_DB);
    const pgdb = await openDatabase({ databaseUrl: templateUrl });
    await runMigrations(pgdb);
    await seedDemo(pgdb, { now });
    await pgdb.close();
  }
  project.provide('pgliteTemplate', tarball);
  project.provide('pgTemplateUrl', templateUrl);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('seedNow', now.toISOString());
  project.provide('seedToday', today);
  // Teardown: each run's tarball (about 50 MB) goes with it.
  return () => rmSync(tarball, { force: true });
}
