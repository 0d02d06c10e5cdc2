// What a backup holds, written beside it as manifest.json and checked again after a restore (issue 32):
// every table's row count and checksum, every media file's size and sha256.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface TableFingerprint {
  rows: number;
  /** md5 of the sorted md5s of the rows' text: the same rows give the same sum, in any order. */
  checksum: string;
}

export interface MediaFile {
  /** Relative to the media folder, with '/' separators. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The database dump in the backup's folder: pglite.tar (PGlite's data folder) or database.dump (pg_dump -Fc). */
  dump: string;
  tables: Record<string, TableFingerprint>;
  media: MediaFile[];
}

export const MANIFEST_FILE = 'manifest.json';
export const MEDIA_FOLDER = 'media';

type Query = <T>(text: string) => Promise<T[]>;

/**
 * Every table of every schema of ours (public, drizzle's migrations, a job queue's), in name order.
 * The session's time zone and formats are fixed first so a row reads the same in any server.
 */
export async function tableFingerprints(query: Query): Promise<Record<string, TableFingerprint>> {
  await query(`set timezone = 'UTC'`);
  await query(`set datestyle = 'ISO, YMD'`);
  await query(`set extra_float_digits = 3`);
  const tables = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        and table_schema not like 'pg\\_%'
      order by table_schema, table_name`,
  );
  const out: Record<string, TableFingerprint> = {};
  for (const { schema, name } of tables) {
    const [row] = await query<{ rows: number; checksum: string | null }>(
      `select count(*)::int as rows,
              md5(coalesce(string_agg(h, '' order by h), '')) as checksum
         from (select md5(t::text) as h from "${schema}"."${name}" t) r`,
    );
    out[`${schema}.${name}`] = { rows: row.rows, checksum: row.checksum ?? '' };
  }
  return out;
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Every file under `dir` (none when it does not exist), in path order. */
export async function mediaFiles(dir: string): Promise<MediaFile[]> {
  if (!existsSync(dir)) return [];
  const relative = (readdirSync(dir, { recursive: true }) as string[])
    .filter((entry) => statSync(path.join(dir, entry)).isFile())
    .sort();
  const files: MediaFile[] = [];
  for (const entry of relative) {
    const full = path.join(dir, entry);
    files.push({
      path: entry.split(path.sep).join('/'),
      size: statSync(full).size,
      sha256: await sha256Of(full),
    });
  }
  return files;
}

export interface Comparison {
  what: string;
  expected: string;
  found: string;
  same: boolean;
}

/** The backup's manifest against what a restore holds: one line per table and per media file. */
export function compareWithManifest(
  manifest: Pick<BackupManifest, 'tables' | 'media'>,
  tables: Record<string, TableFingerprint>,
  media: MediaFile[],
): Comparison[] {
  const lines: Comparison[] = [];
  const show = (t?: TableFingerprint) => (t ? `${t.rows} rows, ${t.checksum}` : 'missing');
  for (const name of [...new Set([...Object.keys(manifest.tables), ...Object.keys(tables)])].sort()) {
    const expected = show(manifest.tables[name]);
    const found = show(tables[name]);
    lines.push({ what: `table ${name}`, expected, found, same: expected === found });
  }
  const backedUp = new Map(manifest.media.map((m) => [m.path, m]));
  const restored = new Map(media.map((m) => [m.path, m]));
  const showFile = (m?: MediaFile) => (m ? `${m.size} bytes, sha256 ${m.sha256}` : 'missing');
  for (const name of [...new Set([...backedUp.keys(), ...restored.keys()])].sort()) {
    const expected = showFile(backedUp.get(name));
    const found = showFile(restored.get(name));
    lines.push({ what: `media ${name}`, expected, found, same: expected === found });
  }
  return lines;
}
