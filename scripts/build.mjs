#!/usr/bin/env node
// `npm run build`: the web app (Vite prints the chunk sizes) and the server bundle.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
run([
  path.join(root, 'node_modules/vite/bin/vite.js'),
  'build',
  '--config',
  path.join(root, 'apps/web/vite.config.ts'),
  path.join(root, 'apps/web'),
]);
run([path.join(root, 'apps/server/build.mjs')]);
