// Gzip sizes of the web build: the initial JavaScript (login + Home) and each lazy chunk.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Row, root } from '../lib.ts';

const dist = path.join(root, 'apps/web/dist');
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

export async function bundle(): Promise<Row[]> {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('web app not built: run npm run build');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  // Static imports of the entry are initial too (Vite lists them as modulepreload links above).
  const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const rows: Row[] = [];
  let initialKb = 0;
  for (const f of initial) initialKb += gz(path.join(dist, f));
  const cssKb = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .reduce((sum, f) => sum + gz(path.join(dist, 'assets', f)), 0);
  // Home is a lazy route: the login-to-Home path loads the entry files plus the Home chunk.
  const home = allJs.filter((f) => f.startsWith('HomePage-'));
  const homeKb = home.reduce((sum, f) => sum + gz(path.join(dist, 'assets', f)), 0);
  rows.push({
    scenario: 'bundle',
    database: '-',
    figure: 'entry JS (login)',
    value: initialKb,
    unit: 'KB gz',
  });
  rows.push({
    scenario: 'bundle',
    database: '-',
    figure: `initial JS, login + Home (${initial.size + home.length} files)`,
    value: initialKb + homeKb,
    unit: 'KB gz',
    limit: 250,
  });
  rows.push({ scenario: 'bundle', database: '-', figure: 'CSS', value: cssKb, unit: 'KB gz' });
  for (const f of allJs.filter((f) => !initial.has(`assets/${f}`)).sort()) {
    rows.push({
      scenario: 'bundle',
      database: '-',
      figure: `lazy chunk ${f}`,
      value: gz(path.join(dist, 'assets', f)),
      unit: 'KB gz',
    });
  }
  return rows;
}
