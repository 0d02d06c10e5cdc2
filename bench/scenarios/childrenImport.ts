// Issue 29 "Moving in": 500 children (each with a parent and a weekly session) imported from one CSV
// file into a demo site, on a fresh demo server: the preview, the import (one transaction; limit 10 s),
// and the same file imported again (nothing written).
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { type Row, startServer, tempDir } from '../lib.ts';

const EMAIL = 'manager@example.org';
const PASSWORD = 'nursery-demo';
export const CHILDREN_IMPORT_ROWS = 500;
export const CHILDREN_IMPORT_LIMIT_MS = 10_000;

/** The file: the template's column names, one child a row, every row different (and every run's: a
 * PostgreSQL database may keep an earlier run's children). */
export function importFile(rows: number, token: string): string {
  const header =
    'Child forename,Child surname,Date of birth,Start date,Room,Sessions,Contact 1 forename,Contact 1 surname,Contact 1 relationship,Contact 1 e-mail,Contact 1 parental responsibility,Contact 1 may collect';
  const lines = Array.from({ length: rows }, (_, i) => {
    const surname = `Benchimport${token}${i.toString(36)}`;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (i % 12)).padStart(2, '0');
    return `Child${i},${surname},${day}/${month}/2023,01/09/2025,Toddlers,Mon-Wed Morning,Parent${i},${surname},Mother,parent${i}.${token}@bench.example.org,Yes,Yes`;
  });
  return [header, ...lines].join('\r\n');
}

export async function childrenImport(opts: { databaseUrl?: string }): Promise<Row[]> {
  const database = opts.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = tempDir('nursery-bench-import-');
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: '1' };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const server = await startServer(env);
  const base = `http://127.0.0.1:${server.port}`;
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'nursery' };
  try {
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: EMAIL, password: createHash('sha512').update(PASSWORD).digest('hex') }),
    });
    const cookie = /nursery_sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error('children import: login set no cookie');
    const config = (await (await fetch(`${base}/api/v1/config`, { headers: { cookie } })).json()) as {
      sitesByID: Record<string, { name: string }>;
    };
    const siteID = Number(
      Object.entries(config.sitesByID).find(([, s]) => s.name.startsWith('Oak Tree'))?.[0] ??
        Object.keys(config.sitesByID)[0],
    );
    const body = JSON.stringify({
      kind: 'children',
      siteID,
      csv: importFile(CHILDREN_IMPORT_ROWS, Date.now().toString(36)),
    });
    const timed = async (url: string) => {
      const t0 = performance.now();
      const answer = await fetch(`${base}${url}`, { method: 'POST', headers: { ...headers, cookie }, body });
      const ms = performance.now() - t0;
      if (!answer.ok)
        throw new Error(`children import: ${url} answered ${answer.status} ${await answer.text()}`);
      return { ms, json: (await answer.json()) as Record<string, unknown> };
    };
    const preview = await timed('/api/v1/imports/preview');
    const first = await timed('/api/v1/imports');
    if (first.json.created !== CHILDREN_IMPORT_ROWS)
      throw new Error(`children import: created ${String(first.json.created)}, not ${CHILDREN_IMPORT_ROWS}`);
    const again = await timed('/api/v1/imports');
    if (again.json.unchanged !== CHILDREN_IMPORT_ROWS)
      throw new Error(`children import: the second import left ${String(again.json.unchanged)} unchanged`);
    const row = (figure: string, value: number, limit?: number): Row => ({
      scenario: 'children import',
      database,
      figure,
      value: Math.round(value),
      unit: 'ms',
      ...(limit ? { limit } : {}),
    });
    return [
      row(`preview of ${CHILDREN_IMPORT_ROWS} children`, preview.ms),
      row(
        `import of ${CHILDREN_IMPORT_ROWS} children (with a parent and sessions each)`,
        first.ms,
        CHILDREN_IMPORT_LIMIT_MS,
      ),
      row('the same file again (nothing written)', again.ms),
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
