// `npm run bench [-- <scenario ...>] [--smoke] [--pg]`: runs the named scenarios (all by default),
// prints one table and writes bench/results/<date>-<db>.json.
// PostgreSQL: uses BENCH_DATABASE_URL, or starts a throwaway cluster when the binaries exist.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pgBinDir, startCluster, stopCluster } from '../scripts/pg-cluster.mjs';
import { type Row, root } from './lib.ts';
import { bundle } from './scenarios/bundle.ts';
import { startup } from './scenarios/startup.ts';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const names = args.filter((a) => !a.startsWith('--'));
const scenarios: Record<string, (opts: { databaseUrl?: string }) => Promise<Row[]>> = { startup, bundle };
const chosen = names.length ? names : Object.keys(scenarios);
for (const n of chosen)
  if (!scenarios[n]) throw new Error(`unknown scenario ${n}; known: ${Object.keys(scenarios).join(', ')}`);

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: smoke ? 'ignore' : 'inherit',
});

const rows: Row[] = [];
let cluster: { dir: string; url: string } | null = null;
if (!process.env.BENCH_DATABASE_URL && !smoke && pgBinDir()) cluster = await startCluster();
const pgUrl = process.env.BENCH_DATABASE_URL ?? cluster?.url;
try {
  for (const name of chosen) {
    rows.push(...(await scenarios[name]!({})));
    if (pgUrl && name !== 'bundle') rows.push(...(await scenarios[name]!({ databaseUrl: pgUrl })));
  }
} finally {
  if (cluster) stopCluster(cluster.dir);
}

for (const r of rows)
  if (r.limit !== undefined) r.ok = r.unit === '' ? r.value === r.limit : r.value <= r.limit;
const pad = (s: string, n: number) => s.padEnd(n);
console.log(
  `\n${pad('scenario', 10)} ${pad('database', 9)} ${pad('figure', 52)} ${'value'.padStart(10)} ${pad('unit', 6)} limit`,
);
for (const r of rows) {
  const value = r.unit === 'ms' || r.unit === '' ? r.value.toFixed(0) : r.value.toFixed(1);
  const limit =
    r.limit === undefined ? '' : `${r.ok ? 'ok' : 'OVER'} (${r.unit === '' ? '=' : '≤'} ${r.limit})`;
  console.log(
    `${pad(r.scenario, 10)} ${pad(r.database, 9)} ${pad(r.figure, 52)} ${value.padStart(10)} ${pad(r.unit, 6)} ${limit}`,
  );
}
if (!smoke) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  for (const db of new Set(rows.map((r) => r.database))) {
    const file = path.join(dir, `${date}-${db === '-' ? 'build' : db}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ date, node: process.version, rows: rows.filter((r) => r.database === db) }, null, 2)}\n`,
    );
  }
}
// The smoke keeps the harness from rotting; timing limits are judged on full runs only.
const over = rows.filter((r) => r.ok === false && (!smoke || r.unit === ''));
if (over.length) {
  console.error(`\n${over.length} figure(s) over their limit`);
  process.exit(1);
}
