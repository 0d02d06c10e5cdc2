// `npm run backup` and `npm run restore -- <backup> [--force]` (issue 32; docs/operations.md "Backups
// and restore"). A backup is one folder, DATA_DIR/backups/backup-<instant>/: the database dump
// (pglite.tar, or database.dump from pg_dump -Fc when DATABASE_URL is set), media/ (the media folder)
// and manifest.json (each table's row count and checksum, each media file's size and sha256). The
// restore writes into an empty DATA_DIR (or database), then reads back what it wrote and compares it
// with the manifest, line by line.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { mediaDirOf, pgliteDir } from '../boot.ts';
import { readEnv, type ServerEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { backupsDir, controlSocketPath, requestSnapshot } from './control-socket.ts';
import {
  type BackupManifest,
  type Comparison,
  compareWithManifest,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  mediaFiles,
  tableFingerprints,
} from './manifest.ts';
import { backupName, linkTree, PGLITE_DUMP, snapshotPglite } from './snapshot.ts';

export const PG_DUMP_FILE = 'database.dump';

export type BackupEnv = Pick<ServerEnv, 'dataDir' | 'databaseUrl'>;
// boot.ts' folders of DATA_DIR (they read only dataDir).
const pgliteFolder = (env: BackupEnv) => pgliteDir(env as ServerEnv);
const mediaFolder = (env: BackupEnv) => mediaDirOf(env as ServerEnv);

type Print = (line: string) => void;

/** The PGlite tarball's tables, read from a copy in memory. */
async function fingerprintsOfTarball(file: string) {
  const database = await openDatabase({
    pgliteDir: 'memory://',
    loadDataDir: new Blob([readFileSync(file)]),
  });
  try {
    return await tableFingerprints((text) => database.query(text));
  } finally {
    await database.close();
  }
}

async function writeManifest(dir: string, manifest: Omit<BackupManifest, 'media'>): Promise<BackupManifest> {
  const full: BackupManifest = { ...manifest, media: await mediaFiles(path.join(dir, MEDIA_FOLDER)) };
  writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(full, null, 2)}\n`, { mode: 0o600 });
  return full;
}

/** A PostgreSQL client program: on PATH, else the newest under /usr/lib/postgresql (Debian's layout). */
export function pgProgram(name: 'pg_dump' | 'pg_restore'): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin', name) : null;
}

const NO_PG_DUMP =
  'pg_dump is not installed: install the PostgreSQL client of the server’s version (apt-get install ' +
  'postgresql-client-15) or run `pg_dump -Fc` on the database host (docs/operations.md).';

/**
 * pg_dump of the database in a snapshot exported from a transaction that reads the manifest's
 * fingerprints too: the dump and the manifest describe the same instant.
 */
async function backupPostgres(
  env: BackupEnv,
  dir: string,
  afterSnapshot: () => void,
): Promise<Omit<BackupManifest, 'media'>> {
  const pgDump = pgProgram('pg_dump');
  if (!pgDump) throw new Error(NO_PG_DUMP);
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    afterSnapshot();
    const dump = spawnSync(
      pgDump,
      ['-Fc', `--snapshot=${rows[0].id}`, '-f', path.join(dir, PG_DUMP_FILE), '-d', env.databaseUrl!],
      { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' },
    );
    if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr || dump.error?.message}`);
    const tables = await tableFingerprints(async (text) => (await client.query(text)).rows);
    await client.query('commit');
    return {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'postgres',
      dump: PG_DUMP_FILE,
      tables,
    };
  } finally {
    await client.end();
  }
}

/** Takes a backup of DATA_DIR (or DATABASE_URL and DATA_DIR's media) and answers its folder. */
export async function runBackup(env: BackupEnv, print: Print = console.log): Promise<string> {
  let dir: string;
  let manifest: Omit<BackupManifest, 'media'>;
  if (env.databaseUrl) {
    dir = path.join(backupsDir(path.resolve(env.dataDir)), backupName(new Date()));
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // The media once the snapshot is fixed: a media file is renamed into place before its row commits.
    manifest = await backupPostgres(env, dir, () => linkTree(mediaFolder(env), path.join(dir, MEDIA_FOLDER)));
  } else {
    const fromServer = await requestSnapshot(env.dataDir);
    if (fromServer) {
      print('the running server took the snapshot');
      dir = fromServer;
    } else {
      // No server holds the folder: it is opened here, the same way.
      if (!existsSync(path.join(pgliteFolder(env), 'PG_VERSION')))
        throw new Error(`no database in ${pgliteFolder(env)}`);
      dir = path.join(backupsDir(path.resolve(env.dataDir)), backupName(new Date()));
      const database = await openDatabase({ pgliteDir: pgliteFolder(env) });
      try {
        await snapshotPglite(database, mediaFolder(env), dir);
      } finally {
        await database.close();
      }
      print('no server running: the data folder was opened for the snapshot');
    }
    const tables = await fingerprintsOfTarball(path.join(dir, PGLITE_DUMP));
    manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      dump: PGLITE_DUMP,
      tables,
    };
  }
  const full = await writeManifest(dir, manifest);
  print(
    `backup written to ${dir}: ${Object.keys(full.tables).length} tables, ${full.media.length} media files`,
  );
  return dir;
}

const hasEntries = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

async function restorePostgres(env: BackupEnv, dir: string, force: boolean) {
  const pgRestore = pgProgram('pg_restore');
  if (!pgRestore) throw new Error(NO_PG_DUMP.replace('pg_dump', 'pg_restore'));
  const database = await openDatabase({ databaseUrl: env.databaseUrl });
  try {
    const [{ n }] = await database.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    if (n > 0 && !force)
      throw new Error('the database is not empty: restore into an empty one, or pass --force');
  } finally {
    await database.close();
  }
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '-d', env.databaseUrl!];
  if (force) args.push('--clean', '--if-exists');
  const restored = spawnSync(pgRestore, [...args, path.join(dir, PG_DUMP_FILE)], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (restored.status !== 0)
    throw new Error(`pg_restore failed: ${restored.stderr || restored.error?.message}`);
}

/** PGlite: the tarball unpacked beside DATA_DIR/pglite and renamed into place once whole. */
async function restorePglite(env: BackupEnv, dir: string) {
  const target = pgliteFolder(env);
  // The name boot.ts' unfinished-creation cleanup removes if this is stopped half-way.
  const unpacking = path.join(path.dirname(target), `${path.basename(target)}.creating-${process.pid}`);
  rmSync(unpacking, { recursive: true, force: true });
  const database = await openDatabase({
    pgliteDir: unpacking,
    loadDataDir: new Blob([readFileSync(path.join(dir, PGLITE_DUMP))]),
  });
  await database.close();
  renameSync(unpacking, target);
}

/** What the restore holds, against the manifest. */
async function verifyRestore(env: BackupEnv, manifest: BackupManifest): Promise<Comparison[]> {
  const database = env.databaseUrl
    ? await openDatabase({ databaseUrl: env.databaseUrl })
    : await openDatabase({ pgliteDir: pgliteFolder(env) });
  try {
    const tables = await tableFingerprints((text) => database.query(text));
    return compareWithManifest(manifest, tables, await mediaFiles(mediaFolder(env)));
  } finally {
    await database.close();
  }
}

/**
 * Restores `dir` into DATA_DIR (and DATABASE_URL's database when the backup is of PostgreSQL), which
 * must hold no data unless `force` (its database and media are then replaced). Answers the comparison.
 */
export async function runRestore(
  env: BackupEnv,
  dir: string,
  { force = false } = {},
  print: Print = console.log,
): Promise<Comparison[]> {
  const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;
  if ((manifest.database === 'postgres') !== Boolean(env.databaseUrl))
    throw new Error(
      manifest.database === 'postgres'
        ? 'a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore into'
        : 'a PGlite backup: unset DATABASE_URL to restore into DATA_DIR',
    );
  if (existsSync(controlSocketPath(path.resolve(env.dataDir))))
    throw new Error('a server is running on this DATA_DIR: stop it before restoring');
  const media = mediaFolder(env);
  const held = [manifest.database === 'pglite' ? pgliteFolder(env) : null, media].filter(
    (d): d is string => d !== null && hasEntries(d),
  );
  if (held.length > 0 && !force)
    throw new Error(`${held.join(' and ')} not empty: restore into an empty DATA_DIR, or pass --force`);
  if (manifest.database === 'postgres') await restorePostgres(env, dir, force);
  else {
    rmSync(pgliteFolder(env), { recursive: true, force: true });
    await restorePglite(env, dir);
  }
  rmSync(media, { recursive: true, force: true });
  if (existsSync(path.join(dir, MEDIA_FOLDER)))
    cpSync(path.join(dir, MEDIA_FOLDER), media, { recursive: true });

  const lines = await verifyRestore(env, manifest);
  for (const line of lines)
    print(
      `${line.same ? 'same     ' : 'DIFFERENT'} ${line.what}: ${line.found}${line.same ? '' : ` (backup: ${line.expected})`}`,
    );
  const different = lines.filter((l) => !l.same).length;
  print(
    different === 0
      ? `restored ${dir}: every table and media file is the same as in the backup`
      : `restored ${dir}: ${different} of ${lines.length} differ from the backup`,
  );
  return lines;
}

async function cli(argv: string[]) {
  const [command, ...rest] = argv;
  const env = readEnv();
  if (command === 'backup') {
    await runBackup(env);
    return 0;
  }
  const dir = rest.find((a) => !a.startsWith('--'));
  if (command === 'restore' && dir) {
    const lines = await runRestore(env, path.resolve(dir), { force: rest.includes('--force') });
    return lines.every((l) => l.same) ? 0 : 1;
  }
  console.error('usage: npm run backup | npm run restore -- <backup folder> [--force]');
  return 2;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
