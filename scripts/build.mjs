#!/usr/bin/env node
// `npm run build`: the web app (Vite prints the chunk sizes) and the server bundle.
// start.mjs imports these to build only what is missing or stale.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });

/** Vite's CLI as the web workspace resolves it (npm may hoist it or keep it in apps/web). */
function viteCli() {
  const require = createRequire(path.join(root, 'apps/web/package.json'));
  const pkgPath = require.resolve('vite/package.json');
  const { bin } = JSON.parse(readFileSync(pkgPath, 'utf8'));
  return path.join(path.dirname(pkgPath), typeof bin === 'string' ? bin : bin.vite);
}

export function buildWeb() {
  run([
    viteCli(),
    'build',
    '--config',
    path.join(root, 'apps/web/vite.config.ts'),
    path.join(root, 'apps/web'),
  ]);
}

export function buildServer() {
  run([path.join(root, 'apps/server/build.mjs')]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWeb();
  buildServer();
}
