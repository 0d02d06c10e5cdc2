import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eDataDir, e2ePort, repoRoot } from './pages/server';

// E2E_PORT / E2E_DATA let several people run the suite side by side on one machine (specs that run a
// server of their own take a port from e2ePort() too: pages/server.ts).
const PORT = e2ePort();
// Every run starts from a fresh, freshly seeded database.
const dataDir = e2eDataDir();
// Only the runner's main process wipes it: workers load this file too, while the server is running.
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });
// scripts/e2e-throttled.mjs: copies of the specs whose pages run with the CPU throttled this many times.
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

export default defineConfig({
  testDir: CPU_THROTTLE > 1 ? `./${process.env.E2E_THROTTLED_DIR ?? '.throttled'}` : './specs',
  outputDir: path.join(
    repoRoot,
    process.env.E2E_DATA ? `test-results-${process.env.E2E_DATA}` : 'test-results',
  ),
  fullyParallel: false,
  workers: 1,
  // Under CI a failed test runs once more: 1,500 browser tests on two busy cores meet the odd timing
  // flake. scripts/test.mjs still lists every test that needed the retry (with its first failure).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Two shards share two cores: the longest tests take over a minute there (16 s on a quiet machine).
  timeout: 120_000 * CPU_THROTTLE,
  // First renders after a reload share two cores with the other shard and the offline preparation.
  expect: { timeout: 20_000 * Math.min(CPU_THROTTLE, 3) },
  reporter: [
    ['list'],
    [
      'html',
      {
        open: 'never',
        outputFolder: path.join(
          repoRoot,
          process.env.E2E_DATA ? `playwright-report-${process.env.E2E_DATA}` : 'playwright-report',
        ),
      },
    ],
    // scripts/test.mjs sums these with Vitest's counts into one closing line (one file per shard).
    [
      'json',
      {
        outputFile: path.join(
          repoRoot,
          '.tmp/test-results',
          process.env.E2E_DATA ? `playwright-${process.env.E2E_DATA}.json` : 'playwright.json',
        ),
      },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // Recording a trace costs as much CPU as the tests themselves (the browser encodes a screencast
    // frame for every paint): 893 s instead of 1,294 s for both shards without it. The first attempt runs
    // without one; under CI a failed test runs once more with the trace on, so a failure is still
    // explained (docs/decisions.md "CI time").
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            // Native date and time inputs follow the browser language: a UK tablet shows DD/MM/YYYY, 24 h.
            '--lang=en-GB',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '1',
      // Issue 30: sent e-mails also as files, so the specs follow invitation and reset links (pages/mail.ts).
      MAIL_DROP_DIR: path.join(dataDir, 'mail'),
    },
    reuseExistingServer: false,
    timeout: 120_000 * CPU_THROTTLE,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
