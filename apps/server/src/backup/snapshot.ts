// A consistent snapshot of the PGlite data folder and the media folder (issue 32). PGlite is one
// connection inside the server's process, which holds its folder open: a copy of the files made from
// outside could catch a statement half-written. The snapshot is taken inside the process holding the
// database, between statements (every transaction and statement waits meanwhile), and the media
// files are hard-linked at that same moment (a link costs no copy and keeps the file as it was if it
// is later removed or replaced: every writer of DATA_DIR/media writes a new file and renames it into
// place, never rewrites one; a file system without links gets copies): the rows and the files of one instant.
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { MEDIA_FOLDER } from './manifest.ts';

export const PGLITE_DUMP = 'pglite.tar';

/** A backup's folder name: the instant, sortable and safe in any file system. */
export const backupName = (now: Date) => `backup-${now.toISOString().replace(/[:.]/g, '-')}`;

/** Links (or copies) every file under `from` into `to`, keeping the tree. */
export function linkTree(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    const target = path.join(to, entry);
    if (statSync(source).isDirectory()) {
      linkTree(source, target);
      continue;
    }
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
}

/**
 * Writes `<target>/pglite.tar` and `<target>/media/` from the open database and its media folder.
 * `target` must not exist yet.
 */
export async function snapshotPglite(database: Database, mediaDir: string, target: string): Promise<void> {
  if (!database.snapshotDataDir) throw new Error('not a PGlite database');
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const tarball = await database.snapshotDataDir(() => linkTree(mediaDir, path.join(target, MEDIA_FOLDER)));
  writeFileSync(path.join(target, PGLITE_DUMP), Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
}
