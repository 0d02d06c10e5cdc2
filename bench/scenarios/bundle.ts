// Gzip sizes of the web build: the login screen as served (in Chromium, bundleServed.ts: limit 200 KB),
// the initial JavaScript of login + Home (entry, signed-in shell and Home chunk with everything they
// import statically: limit 250 KB), the CSS, and each lazy chunk.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Row, root } from '../lib.ts';
import { bundleServed } from './bundleServed.ts';

const dist = path.join(root, 'apps/web/dist');
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The files a chunk needs before it runs: itself and its static imports, recursively (JS and CSS). */
function closure(
  manifest: Record<string, ManifestChunk>,
  keys: string[],
): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle: ${key} is not in the build manifest`);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return { js, css };
}

export async function bundle(): Promise<Row[]> {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('web app not built: run npm run build');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const keyOf = (src: RegExp) => {
    const key = Object.keys(manifest).find((k) => src.test(k));
    if (!key) throw new Error(`bundle: no chunk for ${src} in the build manifest`);
    return key;
  };
  const entry = keyOf(/^index\.html$/);
  const login = closure(manifest, [entry]);
  const home = closure(manifest, [
    entry,
    keyOf(/app\/SignedInShell\.tsx$/),
    keyOf(/features\/home\/HomePage\.tsx$/),
  ]);
  const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(path.join(dist, f)), 0);
  const row = (figure: string, value: number, limit?: number): Row => ({
    scenario: 'bundle',
    database: '-',
    figure,
    value,
    unit: 'KB gz',
    ...(limit !== undefined ? { limit } : {}),
  });
  const rows: Row[] = [...(await bundleServed())];
  rows.push(row(`entry JS (login, ${login.js.size} files)`, sum(login.js)));
  rows.push(row(`initial JS, login + Home (${home.js.size} files)`, sum(home.js), 250));
  rows.push(row(`CSS, login (${login.css.size} files)`, sum(login.css)));
  rows.push(row(`CSS, login + Home (${home.css.size} files)`, sum(home.css)));
  const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  for (const f of allJs.filter((f) => !home.js.has(`assets/${f}`)).sort())
    rows.push(row(`lazy chunk ${f}`, gz(path.join(dist, 'assets', f))));
  return rows;
}
