#!/usr/bin/env node
// `npm start`: build what is missing or stale, then run the server in this process
// (migrations, demo data on an empty database, web app + API on PORT).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, buildWeb, root } from './build.mjs';

const at = (...p) => path.join(root, ...p);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

const domain = at('packages/domain/src');
if (isStale(at('apps/web/dist/index.html'), [at('apps/web/src'), at('apps/web/index.html'), domain])) {
  console.log('building the web app…');
  buildWeb();
}
if (isStale(at('apps/server/dist/main.js'), [at('apps/server/src'), domain])) {
  console.log('building the server…');
  buildServer();
}

process.argv = [process.argv[0], at('apps/server/dist/main.js'), ...process.argv.slice(2)];
await import(at('apps/server/dist/main.js'));
