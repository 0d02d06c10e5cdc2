// Issue 4 figure: how many API round trips the browser waits for before #/edit/{id} is usable, counted
// in a real Chromium against the built app on the demo data. A round trip is one step of the chain of
// requests where each step starts only after one of the previous step finished (the critical path):
// requests made in parallel count once.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { launchChromium, type Row, startServer, tempDir } from '../lib.ts';

export interface TimedRequest {
  url: string;
  start: number;
  end: number;
}

/** The length of the longest chain of requests, each started after the previous one ended. */
export function roundTrips(requests: readonly TimedRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((r, i) => {
    let d = 1;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= r.start) d = Math.max(d, depth[j]! + 1);
    depth.push(d);
  });
  return Math.max(0, ...depth);
}

const isApi = (url: string) =>
  /\/(api\/|graphql)/.test(new URL(url).pathname) && !url.includes('/api/health');

export async function editOpen(opts: { databaseUrl?: string }): Promise<Row[]> {
  const database = opts.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = tempDir('nursery-bench-edit-');
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const server = await startServer(env);
  const browser = await launchChromium();
  const rows: Row[] = [];
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const context = await browser.newContext({ baseURL: base, locale: 'en-GB', timezoneId: 'Europe/London' });
    const page = await context.newPage();
    const password = createHash('sha512').update('nursery-demo').digest('hex');
    const headers = { 'X-Requested-With': 'nursery' };
    const login = await page.request.post('/api/v1/login', {
      headers,
      data: { email: 'practitioner@example.org', password },
    });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    const search = await (await page.request.get('/api/v2/events?statusID=1&limit=1')).json();
    const id = search.events?.[0]?.id;
    if (!id) throw new Error('no draft event to open');

    const measure = async (open: () => Promise<unknown>) => {
      const timed: TimedRequest[] = [];
      const started = new Map<object, number>();
      const t0 = Date.now();
      const onRequest = (r: { url(): string }) => started.set(r, Date.now() - t0);
      const onDone = (r: { url(): string }) => {
        if (isApi(r.url())) timed.push({ url: r.url(), start: started.get(r) ?? 0, end: Date.now() - t0 });
      };
      page.on('request', onRequest);
      page.on('requestfinished', onDone);
      await open();
      await page.locator('[data-qa="event-save-bar"]').waitFor();
      await page.locator('textarea[data-qa="event-notes"]:not([disabled])').waitFor();
      const usableMs = Date.now() - t0;
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      const before = timed.filter((r) => r.start <= usableMs);
      return { trips: roundTrips(before), usableMs, calls: before.length };
    };

    // Cold: a fresh tab straight onto the edit URL (the shell loads its config first).
    const cold = await measure(() => page.goto(`/#/edit/${id}`));
    // In the app: from Home (a fresh load, so nothing of the first open is cached), the way a
    // practitioner gets there.
    await page.goto('/#/');
    await page.reload();
    await page.locator('[data-qa="home-page"]').waitFor();
    await page.waitForLoadState('networkidle');
    const warm = await measure(() => page.evaluate((to) => (window.location.hash = to), `#/edit/${id}`));

    rows.push(
      {
        scenario: 'edit open',
        database,
        figure: 'open #/edit/{id} from Home: API round trips',
        value: warm.trips,
        unit: 'trips',
        limit: 2,
      },
      {
        scenario: 'edit open',
        database,
        figure: 'open #/edit/{id} from Home: ms to usable',
        value: warm.usableMs,
        unit: `ms (${warm.calls} calls)`,
      },
      {
        scenario: 'edit open',
        database,
        figure: 'open #/edit/{id} in a new tab: API round trips',
        value: cold.trips,
        unit: 'trips',
        limit: 2,
      },
      {
        scenario: 'edit open',
        database,
        figure: 'open #/edit/{id} in a new tab: ms to usable',
        value: cold.usableMs,
        unit: `ms (${cold.calls} calls)`,
      },
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
