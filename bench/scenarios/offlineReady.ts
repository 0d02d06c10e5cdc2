// Issue 13 figure: how long after login the device is ready to work offline (the preparation after
// login has fetched children, frameworks, meal types, staff, the first drafts page with its events'
// details, and cached the children's photos), in a real Chromium against the built app on the demo
// data. Ready = the device page's readiness line says so; Home is the only screen opened before.
// Issue 27 figure: login to the shell's "Ready to work offline" (every file of the build stored, the service
// worker controlling the page (it does once the floor screens' files are stored: a figure of its own), and the floor data: configuration, children, frameworks, today's
// registers on the device), checked against navigator.serviceWorker.controller.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { launchChromium, type Row, startServer, tempDir } from '../lib.ts';

const isApi = (url: string) =>
  /\/(api\/|graphql)/.test(new URL(url).pathname) && !url.includes('/api/health');

export async function offlineReady(opts: { databaseUrl?: string }): Promise<Row[]> {
  const database = opts.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = tempDir('nursery-bench-ready-');
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const server = await startServer(env);
  const browser = await launchChromium();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const context = await browser.newContext({ baseURL: base, locale: 'en-GB', timezoneId: 'Europe/London' });
    const page = await context.newPage();
    let calls = 0;
    page.on('requestfinished', (r) => {
      if (isApi(r.url())) calls += 1;
    });
    const password = createHash('sha512').update('nursery-demo').digest('hex');
    const t0 = Date.now();
    const login = await page.request.post('/api/v1/login', {
      headers: { 'X-Requested-With': 'nursery' },
      data: { email: 'practitioner@example.org', password },
    });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    await page.goto('/#/');
    await page.locator('[data-qa="home-page"]').waitFor();
    const homeMs = Date.now() - t0;
    // The worker takes control once the page, the entry and the floor screens' files are stored.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 120_000,
      polling: 'raf',
    });
    const controlledMs = Date.now() - t0;
    // The shell's banner says "Ready to work offline" for a few seconds: polled on every frame.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-qa="offline-first-second"]')?.textContent === 'Ready to work offline',
      undefined,
      { timeout: 120_000, polling: 'raf' },
    );
    const shellReadyMs = Date.now() - t0;
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
      throw new Error('"Ready to work offline" shown while no service worker controls the page');
    // The device page shows the readiness (an in-app hash change: it fetches nothing for capture).
    await page.evaluate(() => {
      window.location.hash = '#/settings/device';
    });
    await page.locator('[data-qa="offline-readiness"][data-state="ready"]').waitFor({ timeout: 120_000 });
    const readyMs = Date.now() - t0;
    return [
      {
        scenario: 'offline ready',
        database,
        figure: 'login to Home shown: ms',
        value: homeMs,
        unit: 'ms',
      },
      {
        scenario: 'offline ready',
        database,
        figure: 'login to the worker controlling (floor screens on the device): ms',
        value: controlledMs,
        unit: 'ms',
      },
      {
        scenario: 'offline ready',
        database,
        figure: 'login to "Ready to work offline" (code precached, worker controlling, floor data): ms',
        value: shellReadyMs,
        unit: 'ms',
      },
      {
        scenario: 'offline ready',
        database,
        figure: 'login to ready offline (prepared): ms',
        value: readyMs,
        unit: `ms (${calls} calls)`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
