// Issue 32: `npm run backup` with DATABASE_URL (pg_dump -Fc in an exported snapshot, the manifest read
// in it) and `npm run restore` into an empty database: the same tables and media. A throwaway cluster.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBinDir, startCluster, stopCluster } from '../../../../scripts/pg-cluster.mjs';
import { openDatabase, runMigrations } from '../db/client.ts';
import { seedEmptyInstall } from '../demo/index.ts';
import { sha512Hex } from '../modules/auth/passwords.ts';
import { withDatabase } from '../test/global-setup.ts';
import { pgProgram, runBackup, runRestore } from './cli.ts';

const hasPostgres = pgBinDir() !== null && pgProgram('pg_dump') !== null;
if (!hasPostgres && process.env.CI === 'true') throw new Error('CI=true: PostgreSQL binaries are required');

describe.skipIf(!hasPostgres)('backup and restore (PostgreSQL)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'nursery-pg-backup-'));
  let cluster: { dir: string; url: string };

  beforeAll(async () => {
    cluster = await startCluster();
    const database = await openDatabase({ databaseUrl: cluster.url });
    await runMigrations(database);
    await seedEmptyInstall(database, {
      adminEmail: 'admin@example.org',
      adminPasswordClientHash: sha512Hex('backup-test-password'),
    });
    await database.query(`create database restored`);
    await database.close();
    mkdirSync(path.join(root, 'live/media/1'), { recursive: true });
    writeFileSync(path.join(root, 'live/media/1/photo.jpg'), 'not really a photo');
  });

  afterAll(() => {
    if (cluster) stopCluster(cluster.dir);
    rmSync(root, { recursive: true, force: true });
  });

  it('dumps with pg_dump and restores into an empty database the same tables and media', async () => {
    const dir = await runBackup({ dataDir: path.join(root, 'live'), databaseUrl: cluster.url }, () => {});
    const target = {
      dataDir: path.join(root, 'restored'),
      databaseUrl: withDatabase(cluster.url, 'restored'),
    };
    const lines = await runRestore(target, dir, {}, () => {});
    expect(lines.filter((l) => !l.same)).toEqual([]);
    expect(lines.find((l) => l.what === 'table public.user_accounts')?.found).toMatch(/^1 rows/);
    expect(lines.some((l) => l.what === 'media 1/photo.jpg')).toBe(true);
    // Not into a database that holds data.
    await expect(runRestore(target, dir, {}, () => {})).rejects.toThrow(/not empty/);
  });
});
