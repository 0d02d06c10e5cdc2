#!/usr/bin/env node
// The end-to-end suite on a slow tablet (issue 27, "CI steady on a busy machine"): every spec runs with
// its page's CPU throttled 4x (Chromium's Emulation.setCPUThrottlingRate), as a low-end tablet runs the
// app. Copies e2e/specs to e2e/.throttled with a beforeEach that throttles the test's page, then runs
// Playwright on the copies with longer timeouts (E2E_CPU_THROTTLE, e2e/playwright.config.ts).
// Usage: node scripts/e2e-throttled.mjs [playwright args, e.g. spec names or --shard 1/2]
// Not part of `npm test`: it is a periodic check (about twice the suite's time).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 4;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specs = path.join(root, 'e2e/specs');
// One copy per run (E2E_DATA), so two runs side by side (two shards) keep their own.
const copiesName = `.throttled${process.env.E2E_DATA ? `-${process.env.E2E_DATA}` : ''}`;
const copies = path.join(root, 'e2e', copiesName);
rmSync(copies, { recursive: true, force: true });
mkdirSync(copies, { recursive: true });

const throttle = `
test.beforeEach(async ({ page, context, browserName }) => {
  if (browserName !== 'chromium') return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: ${RATE} });
});
`;
for (const name of readdirSync(specs).filter((f) => f.endsWith('.spec.ts'))) {
  const source = readFileSync(path.join(specs, name), 'utf8');
  const lines = source.split('\n');
  // After the last import statement (imports may span lines: up to the line ending in a quote and ';').
  let lastImport = -1;
  for (let i = 0; i < lines.length; i++) {
    if (/^import\b/.test(lines[i])) {
      let j = i;
      while (!/['"];\s*$/.test(lines[j])) j++;
      lastImport = j;
      i = j;
    }
  }
  if (!/^import .*\btest\b.*from '@playwright\/test';/m.test(source))
    throw new Error(`${name}: does not import test from @playwright/test`);
  lines.splice(lastImport + 1, 0, throttle);
  writeFileSync(path.join(copies, name), lines.join('\n'));
}

const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_CPU_THROTTLE: String(RATE), E2E_THROTTLED_DIR: copiesName },
  },
);
rmSync(copies, { recursive: true, force: true });
process.exit(result.status ?? 1);
