#!/usr/bin/env node
// `npm test`: lint and typecheck, unit + server integration tests (Vitest; PGlite always, PostgreSQL too), the server
// and domain suites again at fixed instants (the hour and the day may not matter), the
// end-to-end tests (Playwright on the production build) and the benchmark smoke. Without
// TEST_DATABASE_URL a throwaway PostgreSQL cluster is started when the binaries are installed.
// Under CI=true nothing may be skipped: a missing browser or database fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgBinDir, startCluster, stopCluster } from './pg-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const results = path.join(root, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env };
let cluster = null;
if (!env.TEST_DATABASE_URL && pgBinDir()) {
  cluster = await startCluster();
  env.TEST_DATABASE_URL = cluster.url;
  console.log(`PostgreSQL for tests: ${cluster.url}`);
}
if (!env.TEST_DATABASE_URL) {
  if (ci) throw new Error('CI=true: TEST_DATABASE_URL is required');
  console.warn('No PostgreSQL available: server tests run on PGlite only.');
}
if (!existsSync('/usr/bin/chromium')) {
  if (ci) throw new Error('CI=true: /usr/bin/chromium is required (apt-get install -y chromium)');
}
// Issue 27: the engine smoke needs WebKitGTK's WebDriver under Xvfb and Firefox ESR.
const ENGINE_BINARIES = ['/usr/bin/WebKitWebDriver', '/usr/bin/xvfb-run', '/usr/bin/firefox-esr'];
const enginesInstalled = ENGINE_BINARIES.every((f) => existsSync(f));
if (!enginesInstalled && ci)
  throw new Error('CI=true: the engine smoke needs apt-get install -y webkit2gtk-driver xvfb firefox-esr');

const timings = [];
function run(label, cmd, args, runEnv = env) {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, env: runEnv, stdio: 'inherit' });
  timings.push([label, (Date.now() - started) / 1000, r.status ?? 1]);
  return r.status ?? 1;
}

// Issue 11 ("CI fails at night"): the server and domain suites once more with the clock fixed
// (NURSERY_TEST_NOW fakes Date in every test file and seeds the test templates at that instant;
// apps/server/src/test/setup-clock.ts). Two passes cover the four conditions: just after midnight
// (00:30 BST, when the UTC date is still the day before), late in the evening (23:30), and both
// days the clocks change. PGlite only: PGlite's SQL now() follows the faked Date, a PostgreSQL
// server keeps the real clock; the normal pass above runs the PostgreSQL tests. The demo-data
// tests are left out: they seed at instants of their own (00:30, 07:00, 23:30, both clock
// changes) whatever the run's clock, so the normal pass already covers them.
const FIXED_NOWS = [
  ['2026-10-24T23:30:00Z', '00:30 BST on Sunday 25/10/2026, the day the clocks go back'],
  ['2027-03-28T22:30:00Z', '23:30 BST on Sunday 28/03/2027, the day the clocks go forward'],
];

/**
 * Several commands at once (one step): each child's lines are prefixed with its name, so the
 * interleaved output stays readable. Resolves with the worst exit status.
 */
async function runTogether(label, jobs) {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const statuses = await Promise.all(
    jobs.map(
      ({ name, cmd, args, runEnv }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
          for (const stream of [child.stdout, child.stderr]) {
            let rest = '';
            stream.on('data', (chunk) => {
              const lines = (rest + chunk.toString()).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) console.log(`[${name}] ${line}`);
            });
            stream.on('end', () => {
              if (rest) console.log(`[${name}] ${rest}`);
            });
          }
          child.on('close', (code) => resolve(code ?? 1));
          child.on('error', () => resolve(1));
        }),
    ),
  );
  const status = Math.max(...statuses);
  timings.push([label, (Date.now() - started) / 1000, status]);
  return status;
}

// The end-to-end suite in two shards side by side, each with its own server, port and freshly seeded
// data (the tests of one shard never see the other's writes): most of an e2e test is waiting for the
// browser and the server, so two shards on two cores take little more than half the time of one.
// The spec files are split by hand by their measured durations (Playwright's --shard splits by file
// order, which left one shard eight minutes longer than the other). A spec file missing from both
// lists fails the run, so a new file cannot be skipped silently.
const E2E_SHARD_FILES = [
  [
    'touch-targets',
    'capture-flow',
    'event-care',
    'drafts-list',
    'photo-prep',
    'offline-shell',
    'event-assessment',
    'register',
    'register-signatures',
    'home-requests',
    'spotlight-pickers',
    'big-picture',
    'staff-register',
    'audit-trail',
    'engines-seen',
    'home-helps',
    'offline-first-second',
    'settings-sites',
    'settings-children',
    'settings-catalogue',
    'account-activation',
    'profile-details',
    'profile-unlock',
    'token-login',
    'background-jobs',
    // Back from the second shard: 15.3 min against its 18.0 min in the next rehearsal.
    'home-key-children',
    'password-reset',
  ],
  [
    'accessibility',
    'drafts-bulk',
    'child-tiles',
    'offline-sync',
    'offline-first-minute',
    'event-editor',
    'screenshots',
    'login',
    'register-offline',
    'emergency',
    'notifications',
    'home-agenda',
    'spotlight-editor',
    'event-checker',
    'staff-register-offline',
    'spotlight-offline',
    'spotlight-media',
    'registers-phone',
    'settings-hub',
    'staff-page',
    'gdpr-page',
    'settings-contacts',
    'settings-staff',
    'settings-import',
    'empty-install',
    'profile-password',
    'profile-accessibility',
    'conversations',
    'medication',
    // Moved from the first shard, which ran 1155 s of tests to this one's 835 s (rehearsal of 05/12/2026).
    'events-timeline',
  ],
];
const e2eSpecs = readdirSync(path.join(root, 'e2e/specs'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => f.replace(/\.spec\.ts$/, ''));
const unsharded = e2eSpecs.filter((name) => !E2E_SHARD_FILES.flat().includes(name));
const vanished = E2E_SHARD_FILES.flat().filter((name) => !e2eSpecs.includes(name));
if (unsharded.length || vanished.length)
  throw new Error(
    `scripts/test.mjs E2E_SHARD_FILES is out of date: not listed ${JSON.stringify(unsharded)}, no such spec ${JSON.stringify(vanished)}`,
  );
const E2E_SHARDS = E2E_SHARD_FILES.length;

const bin = (name) => path.join(root, 'node_modules/.bin', name);
let failedSteps = 0;
try {
  // Lint first (seconds): Biome and the architecture rules (dependency-cruiser, issue 12).
  failedSteps += run('lint (Biome, architecture rules)', 'npm', ['run', '--silent', 'lint']) ? 1 : 0;
  // The typed client, the route contracts, the GraphQL types and the service worker hold only if
  // they typecheck (issue 28): every project, as `npm run typecheck`.
  failedSteps += run('typecheck (tsc: domain, server, web, service worker, e2e, bench)', 'npm', [
    'run',
    '--silent',
    'typecheck',
  ])
    ? 1
    : 0;
  // The build first: some server tests check the built web shell (service worker, headers).
  failedSteps += run('build', process.execPath, [path.join(root, 'scripts/build.mjs')]) ? 1 : 0;
  failedSteps += run('unit and integration tests (Vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, 'vitest.json')}`,
  ])
    ? 1
    : 0;
  FIXED_NOWS.forEach(([now, what], i) => {
    const fixedEnv = { ...env, NURSERY_TEST_NOW: now };
    delete fixedEnv.TEST_DATABASE_URL;
    failedSteps += run(
      `server and domain tests at ${what} (Vitest, PGlite, NURSERY_TEST_NOW=${now})`,
      bin('vitest'),
      [
        'run',
        'packages',
        'apps/server',
        '--exclude=apps/server/src/demo/demo.test.ts',
        // Spawns real servers, which keep the real clock: the pass would only repeat it.
        '--exclude=apps/server/src/db/first-start.test.ts',
        // Request-shape probes that read no clock (every operation × roles, fuzz, queue slots): the
        // normal pass runs them on both databases; repeating them would add minutes to CI, not cover.
        '--exclude=apps/server/src/security/tenancy-probe.test.ts',
        '--exclude=apps/server/src/security/site-status-probe.test.ts',
        '--exclude=apps/server/src/security/openapi-fuzz.test.ts',
        '--exclude=apps/server/src/plugins/request-queue.test.ts',
        // Durations and request shapes, not calendar dates (lockout minutes on a clock of their own,
        // a cache's lifetime, file uploads, GraphQL limits, malformed input, the built shell): the
        // slowest files of a pass, and the hour of the day changes nothing they check.
        '--exclude=apps/server/src/modules/auth/auth.test.ts',
        '--exclude=apps/server/src/plugins/auth.test.ts',
        '--exclude=apps/server/src/modules/config/event-config-cache.test.ts',
        '--exclude=apps/server/src/modules/media/**',
        '--exclude=apps/server/src/modules/graphql/graphql-security.test.ts',
        '--exclude=apps/server/src/security/bad-input.test.ts',
        // Issue 26's request shapes and log-in work (GraphQL bodies, API path spellings, argon2 calls
        // counted): no date in them either.
        '--exclude=apps/server/src/modules/graphql/graphql-request-shape.test.ts',
        '--exclude=apps/server/src/security/api-paths.test.ts',
        '--exclude=apps/server/src/modules/auth/login-work.test.ts',
        '--exclude=apps/server/src/webShell.test.ts',
        // Erasure scans every text column of every table and the media folder after one approval: what
        // it checks is where a child's data lives, not what day it is.
        '--exclude=apps/server/src/modules/requests/erasure-scan.test.ts',
        // Issue 32's operations tests: object stores (s3rver signs with the real time, which a fixed clock
        // skews), the job queue's polling, the cache bus and the rate-limit store. Files, queues and
        // connections, not calendar dates.
        '--exclude=apps/server/src/lib/object-store/**',
        '--exclude=apps/server/src/modules/jobs/**',
        '--exclude=apps/server/src/lib/cache-bus.test.ts',
        '--exclude=apps/server/src/lib/rate-limit-store.test.ts',
        // PostgreSQL only (two instances on one database): these passes run on PGlite.
        '--exclude=apps/server/src/several-instances.test.ts',
        // Issue 32: backups and the PostgreSQL restart check files, checksums and durations, not dates
        // (each starts a database of its own; the normal pass runs them).
        '--exclude=apps/server/src/backup/backup.test.ts',
        '--exclude=apps/server/src/backup/backup-postgres.test.ts',
        '--exclude=apps/server/src/db/postgres-restart.test.ts',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${path.join(results, `vitest-fixed-now-${i + 1}.json`)}`,
      ],
      fixedEnv,
    )
      ? 1
      : 0;
  });
  if (existsSync('/usr/bin/chromium')) {
    failedSteps += (await runTogether(
      `end-to-end tests (Playwright, Chromium, ${E2E_SHARDS} shards side by side)`,
      Array.from({ length: E2E_SHARDS }, (_, i) => ({
        name: `e2e ${i + 1}/${E2E_SHARDS}`,
        cmd: bin('playwright'),
        args: [
          'test',
          '-c',
          'e2e/playwright.config.ts',
          ...E2E_SHARD_FILES[i].map((name) => `e2e/specs/${name}.spec.ts`),
        ],
        runEnv: { ...env, E2E_PORT: String(3100 + 10 * i), E2E_DATA: `e2e-data-shard-${i + 1}` },
      })),
    ))
      ? 1
      : 0;
  } else {
    console.warn('Chromium is not installed: end-to-end tests skipped (apt-get install -y chromium).');
  }
  // Issue 27 "Every engine a nursery uses": the smoke (e2e/engines) in WebKit and Firefox, one after the
  // other against one server of its own (port 3200); its counts are in .tmp/test-results/engines.json.
  if (enginesInstalled) {
    failedSteps += run('engine smoke (WebKitGTK and Firefox ESR, e2e/engines)', process.execPath, [
      '--import',
      'tsx',
      'e2e/engines/run.ts',
      'webkit',
      'firefox',
    ])
      ? 1
      : 0;
  } else {
    console.warn('WebKitGTK or Firefox ESR is not installed: engine smoke skipped.');
  }
  failedSteps += run('benchmark smoke', process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke'])
    ? 1
    : 0;
} finally {
  if (cluster) stopCluster(cluster.dir);
}

// The closing lines for every runner together: each step's time, the names of the failed tests (CI
// shows only the end of the output), and the counts.
let passed = 0;
let failed = 0;
const failedNames = [];
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (text) => text.replace(ANSI_COLOUR, '');
/** A failed Vitest test's first message, a line: the assertion and the start of what it received. */
function describeVitestFailure(messages) {
  const lines = stripAnsi(String(messages?.[0] ?? ''))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at '));
  return lines.slice(0, 6).join(' | ').slice(0, 500);
}
// vitest.json (the normal pass) and vitest-fixed-now-*.json (the fixed-clock passes).
for (const name of readdirSync(results).filter((f) => /^vitest.*\.json$/.test(f))) {
  const v = JSON.parse(readFileSync(path.join(results, name), 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  for (const file of v.testResults ?? []) {
    const rel = path.relative(root, file.name);
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failedNames.push(`${name}: ${rel} > ${t.fullName}: ${describeVitestFailure(t.failureMessages)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failedNames.push(`${name}: ${rel} (${String(file.message ?? 'failed to run').split('\n')[0]})`);
  }
}
// A failed test's first lines that say what and where: the assertion, the locator, expected and received
// (ANSI colours removed), and the spec line. CI shows only the end of the output.
function describeError(error) {
  if (!error) return '';
  const lines = stripAnsi(error.message ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const keep = lines.filter(
    (l, i) => i === 0 || /^(Locator|Expected|Received|Timeout|Call log|- waiting for)/.test(l),
  );
  const at = error.location ? ` at ${path.relative(root, error.location.file)}:${error.location.line}` : '';
  return `${keep.slice(0, 5).join(' | ').slice(0, 400)}${at}`;
}
const flakyNames = [];
for (const pwName of readdirSync(results).filter((f) => /^playwright.*\.json$/.test(f))) {
  const p = JSON.parse(readFileSync(path.join(results, pwName), 'utf8'));
  // A test that failed once and passed on its retry (e2e/playwright.config.ts retries once under CI)
  // counts as passed and is listed by name under "Flaky", with its first failure, to be fixed.
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        // Every error of the first failed attempt: a test timeout's own error has no line, the action
        // it interrupted (its second error) names the step that hung.
        const attempt = test.results?.find((r) => r.error);
        const errors = attempt?.errors?.length ? attempt.errors : [attempt?.error];
        const error = [...new Set(errors.map(describeError))].join(' || ').slice(0, 900);
        const line = `${[...titles, spec.title].join(' > ')}: ${error}`;
        if (test.status === 'flaky') flakyNames.push(`playwright: ${line}`);
        else failedNames.push(`playwright: ${line}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, [suite.title]);
}
// The engine smoke's steps (e2e/engines/run.ts): one count per step and engine.
if (existsSync(path.join(results, 'engines.json'))) {
  const e = JSON.parse(readFileSync(path.join(results, 'engines.json'), 'utf8'));
  passed += e.passed;
  failed += e.failed;
  for (const f of e.failures ?? []) failedNames.push(`engines: ${f}`);
}
console.log('\nSteps:');
for (const [label, seconds, status] of timings)
  console.log(
    `  ${String(Math.round(seconds)).padStart(5)} s  ${status === 0 ? 'ok    ' : 'FAILED'}  ${label}`,
  );
if (flakyNames.length)
  console.log(`\nFlaky (failed once, passed on the retry):\n${flakyNames.map((n) => `  ${n}`).join('\n')}`);
if (failedNames.length) console.log(`\nFailed:\n${failedNames.map((n) => `  ${n}`).join('\n')}`);
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`\nTests: ${passed} passed (${flakyNames.length} flaky), ${failed} failed`);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);
