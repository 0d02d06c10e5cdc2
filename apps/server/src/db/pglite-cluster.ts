// The PGlite data folder (DATA_DIR/pglite) made safe against a crash during the first start.
//
// PGlite runs initdb inside PGlite.create when the folder is empty, writing straight into it; a
// process killed then (1–2.5 s into a first start) used to leave a folder that never opened again
// (`Aborted()`), or one without PG_VERSION that the next start ran initdb over (a failing CREATE
// FUNCTION). Now:
// - the cluster is created in DATA_DIR/pglite.creating-<pid>, closed cleanly and only then renamed to
//   DATA_DIR/pglite (a rename on the same file system is atomic), with a first-start marker file in
//   it; the marker is removed once migrations and the seed are committed (boot.ts), before the server
//   listens. A folder with the marker has never answered a request, so it holds nobody's data.
// - at start, a leftover pglite.creating-* folder is removed, and a folder that cannot be a cluster
//   (no PG_VERSION or global/pg_control), cannot be opened, or never finished its initdb is moved
//   aside to pglite.broken-<time> and a new cluster is created — but only when it provably holds no
//   data: it carries the marker, or it has no relation file of its own (PostgreSQL names every
//   table's files by an OID of 16384 or more once initdb is done). Anything else is left as it is
//   and the start fails with a message that says what to do.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from './client.ts';

export interface ClusterLog {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
}

/** In the cluster folder from its creation until the first start's migrations and seed are committed. */
export const FIRST_START_MARKER = 'nursery-first-start';
/** PostgreSQL's FirstNormalObjectId: objects made after initdb get OIDs (and file names) from here. */
const FIRST_NORMAL_OID = 16384;

const creatingName = (dir: string) => `${path.basename(dir)}.creating-${process.pid}`;

/** fsync a directory so a rename or removal in it survives a power cut (best effort off Linux). */
function syncDir(dir: string) {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory for fsync; the rename is still atomic.
  }
}

const isEmptyDir = (dir: string) => statSync(dir).isDirectory() && readdirSync(dir).length === 0;

/** What lies at `dir` before PGlite opens it. */
export function clusterState(dir: string): 'absent' | 'incomplete' | 'present' {
  if (!existsSync(dir) || isEmptyDir(dir)) return 'absent';
  if (!existsSync(path.join(dir, 'PG_VERSION')) || !existsSync(path.join(dir, 'global', 'pg_control')))
    return 'incomplete';
  return 'present';
}

export const firstStartPending = (dir: string) => existsSync(path.join(dir, FIRST_START_MARKER));

/**
 * Why the folder holds no data (null: it may). Only two answers are trusted: the first-start marker
 * (the server never listened on this cluster) and the absence of any relation file named by an OID
 * of FirstNormalObjectId or more in any database (no table was ever created after initdb).
 */
export function noDataReason(dir: string): string | null {
  if (firstStartPending(dir)) return 'its first start never finished, so it never answered a request';
  const base = path.join(dir, 'base');
  if (existsSync(base)) {
    for (const db of readdirSync(base)) {
      const dbDir = path.join(base, db);
      if (!statSync(dbDir).isDirectory()) continue;
      if (readdirSync(dbDir).some((f) => Number.parseInt(f, 10) >= FIRST_NORMAL_OID)) return null;
    }
  }
  return 'it holds no table besides PostgreSQL’s own';
}

/** Removes pglite.creating-* folders: clusters of first starts that stopped before they were complete. */
export function removeUnfinishedCreations(dir: string, log: ClusterLog): void {
  const parent = path.dirname(dir);
  if (!existsSync(parent)) return;
  const prefix = `${path.basename(dir)}.creating-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
    log.warn(
      `removed ${path.join(parent, name)}: the database cluster of a first start that stopped before it was complete (never used; it is created again)`,
      { folder: path.join(parent, name) },
    );
  }
  syncDir(parent);
}

/**
 * Moves a cluster that cannot be used aside (pglite.broken-<time>) when it holds no data, so a new one
 * can be created; throws (leaving it untouched) when it may hold data.
 */
export function setAsideIfEmpty(
  dir: string,
  problem: string,
  log: ClusterLog,
  /** Why it holds no data when that was found by a query (default: noDataReason). */
  knownReason?: string,
): void {
  const reason = knownReason ?? noDataReason(dir);
  if (reason === null) {
    throw new Error(
      `The database folder ${dir} ${problem}. It may hold data, so it is left as it is: restore DATA_DIR ` +
        'from a backup (docs/operations.md), or run `npm run demo:reset` to start again with the demo data ' +
        '(that deletes DATA_DIR).',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = `${dir}.broken-${stamp}`;
  renameSync(dir, aside);
  syncDir(path.dirname(dir));
  log.warn(
    `the database folder ${dir} ${problem}; ${reason}, so it was moved to ${aside} and a new cluster is created (that folder can be deleted)`,
    { folder: dir, movedTo: aside, problem, reason },
  );
}

/** initdb in DATA_DIR/pglite.creating-<pid>, a clean close, the marker, then the rename into place. */
export async function createCluster(dir: string, log: ClusterLog): Promise<void> {
  const started = performance.now();
  const parent = path.dirname(dir);
  const tmp = path.join(parent, creatingName(dir));
  mkdirSync(parent, { recursive: true });
  rmSync(tmp, { recursive: true, force: true });
  log.info(`creating the database cluster in ${tmp}`, { folder: tmp });
  const fresh = await openDatabase({ pgliteDir: tmp });
  await fresh.close();
  writeFileSync(
    path.join(tmp, FIRST_START_MARKER),
    `${JSON.stringify({ createdAt: new Date().toISOString(), pid: process.pid })}\n`,
  );
  syncDir(tmp);
  // An empty folder in the way (made by hand, or by an older version) is replaced; rename cannot
  // replace a non-empty one, and clusterState said it was empty.
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(tmp, dir);
  syncDir(parent);
  log.info(`database cluster created and moved into place at ${dir}`, {
    folder: dir,
    ms: Math.round(performance.now() - started),
  });
}

/** Tables outside PostgreSQL's own schemas (ours, and anything else someone put there). */
export async function userTableCount(database: Database): Promise<number> {
  const [{ n }] = await database.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
       and s.nspname not like 'pg_toast%'`,
  );
  return n;
}

/** Opens DATA_DIR/pglite, creating it (or recreating one that holds no data) as described above. */
export async function openPgliteCluster(dir: string, log: ClusterLog): Promise<Database> {
  removeUnfinishedCreations(dir, log);
  if (clusterState(dir) === 'incomplete') {
    setAsideIfEmpty(
      dir,
      'is not a complete database cluster (no PG_VERSION or global/pg_control: a first start stopped while PGlite created it)',
      log,
    );
  }
  let created = false;
  if (clusterState(dir) === 'absent') {
    await createCluster(dir, log);
    created = true;
  }
  let database: Database;
  try {
    database = await openDatabase({ pgliteDir: dir });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    setAsideIfEmpty(dir, `could not be opened (${message})`, log);
    await createCluster(dir, log);
    return openDatabase({ pgliteDir: dir });
  }
  if (created) return database;
  // Older versions ran initdb in place: one stopped after its catalog could be opened but before
  // initdb made template0 and postgres (its last steps) opens, yet lacks parts of the catalog.
  const [{ n }] = await database.query<{ n: number }>(
    `select count(*)::int as n from pg_database where datname in ('template0', 'postgres')`,
  );
  if (n < 2) {
    const reason = firstStartPending(dir)
      ? undefined
      : (await userTableCount(database)) === 0
        ? 'it holds no table besides PostgreSQL’s own'
        : null;
    if (reason !== null) {
      await database.close();
      setAsideIfEmpty(
        dir,
        'was left by an initdb that never finished (no template0 or postgres database)',
        log,
        reason,
      );
      await createCluster(dir, log);
      return openDatabase({ pgliteDir: dir });
    }
  }
  return database;
}

/** The first start's migrations and seed are committed: the cluster now may hold data. */
export function finishFirstStart(dir: string): void {
  rmSync(path.join(dir, FIRST_START_MARKER), { force: true });
  syncDir(dir);
}
