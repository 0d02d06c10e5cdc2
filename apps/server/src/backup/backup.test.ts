// Issue 32: `npm run backup` of a running server (a write under way during it) and `npm run restore`
// into an empty data folder, which then holds the same data: every table's row count and checksum,
// every media file. PGlite, the run contract's database (PostgreSQL's pg_dump path: docs/operations.md).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openAndPrepare } from '../boot.ts';
import { readEnv } from '../config/env.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO, loginRequest } from '../test/harness.ts';
import { runBackup, runRestore } from './cli.ts';
import { serveBackups } from './control-socket.ts';
import {
  type BackupManifest,
  MANIFEST_FILE,
  mediaFiles,
  type TableFingerprint,
  tableFingerprints,
} from './manifest.ts';

const quiet = () => {};
const silentLog = { info: quiet, warn: quiet };

/** The tables of an open database, read from a snapshot of it (its own session is left as it is). */
async function fingerprintsOf(database: Database) {
  const copy = await openDatabase({ pgliteDir: 'memory://', loadDataDir: await database.snapshotDataDir!() });
  try {
    return await tableFingerprints((text) => copy.query(text));
  } finally {
    await copy.close();
  }
}

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;

describe('backup and restore (PGlite)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'nursery-backup-'));
  const dataDir = path.join(root, 'live');
  const restoredDir = path.join(root, 'restored');
  const mediaDir = path.join(dataDir, 'media');
  let database: Database;
  let app: FastifyInstance;
  let sockets: { close(): Promise<void> };
  let before: Record<string, TableFingerprint>;
  let after: Record<string, TableFingerprint>;
  let backupDir: string;

  beforeAll(async () => {
    database = await openDatabase({
      pgliteDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    for (const file of ['p1/events/a.jpg', 'p1/people/b.jpg', 'p2/c.mp4', 'top.png']) {
      mkdirSync(path.dirname(path.join(mediaDir, file)), { recursive: true });
      writeFileSync(path.join(mediaDir, file), randomBytes(2000 + file.length * 100));
    }
    app = await buildApp({ database, mediaDir });
    await app.ready();
    sockets = await serveBackups({ dataDir, mediaDir, database, log: silentLog });
  });

  afterAll(async () => {
    await sockets?.close();
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('takes a consistent snapshot of the running server while it writes', async () => {
    before = await fingerprintsOf(database);
    // Log-ins (each writes a session and its log) during the backup.
    const writes = (async () => {
      for (let i = 0; i < 3; i++) expect((await loginRequest(app, DEMO.manager)).statusCode).toBe(200);
    })();
    const printed: string[] = [];
    [backupDir] = await Promise.all([runBackup({ dataDir }, (l) => printed.push(l)), writes]);
    after = await fingerprintsOf(database);
    expect(printed[0]).toBe('the running server took the snapshot');
    expect(path.dirname(backupDir)).toBe(path.join(dataDir, 'backups'));

    const manifest = readManifest(backupDir);
    expect(Object.keys(manifest.tables)).toEqual(Object.keys(before));
    const changed = Object.keys(before).filter((t) => before[t].checksum !== after[t].checksum);
    expect(changed).toEqual(['public.audit_log', 'public.server_sessions']);
    for (const [table, fingerprint] of Object.entries(manifest.tables)) {
      if (changed.includes(table)) {
        // Taken between two statements: some of the writes, whole.
        expect(fingerprint.rows).toBeGreaterThanOrEqual(before[table].rows);
        expect(fingerprint.rows).toBeLessThanOrEqual(after[table].rows);
      } else expect(fingerprint, table).toEqual(before[table]);
    }
    expect(manifest.tables['public.events'].rows).toBeGreaterThan(100);
    expect(manifest.media).toEqual(await mediaFiles(mediaDir));
    expect(manifest.media.map((m) => m.path)).toEqual([
      'p1/events/a.jpg',
      'p1/people/b.jpg',
      'p2/c.mp4',
      'top.png',
    ]);
  });

  it('restores into an empty data folder the same tables and media files', async () => {
    const printed: string[] = [];
    const lines = await runRestore({ dataDir: restoredDir }, backupDir, {}, (l) => printed.push(l));
    expect(lines.filter((l) => !l.same)).toEqual([]);
    expect(printed.at(-1)).toMatch(/every table and media file is the same/);

    // Read back independently: the restored folder opens as the server opens it, with the same data.
    const manifest = readManifest(backupDir);
    const env = readEnv({ DATA_DIR: restoredDir, DEMO_DATA: '1' });
    const { database: restored, seeded } = await openAndPrepare(env, new Date(), silentLog);
    try {
      expect(seeded).toBe('existing');
      expect(await tableFingerprints((text) => restored.query(text))).toEqual(manifest.tables);
    } finally {
      await restored.close();
    }
    const files = await mediaFiles(path.join(restoredDir, 'media'));
    expect(files).toEqual(manifest.media);
    for (const file of files)
      expect(readFileSync(path.join(restoredDir, 'media', file.path))).toEqual(
        readFileSync(path.join(backupDir, 'media', file.path)),
      );
  });

  it('refuses a data folder that holds data, unless --force', async () => {
    await expect(runRestore({ dataDir: restoredDir }, backupDir, {}, quiet)).rejects.toThrow(/not empty/);
    const lines = await runRestore({ dataDir: restoredDir }, backupDir, { force: true }, quiet);
    expect(lines.every((l) => l.same)).toBe(true);
  });

  it('opens the data folder itself when no server runs', async () => {
    await sockets.close();
    await app.close();
    await database.close();
    const printed: string[] = [];
    const dir = await runBackup({ dataDir }, (l) => printed.push(l));
    expect(printed[0]).toBe('no server running: the data folder was opened for the snapshot');
    expect(readManifest(dir).tables).toEqual(after);
  });
});
