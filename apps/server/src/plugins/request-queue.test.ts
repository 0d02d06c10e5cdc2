// The API's bounded request queue (issue 11): at most `concurrency` API requests run, the others wait
// in order; past the wait limit or a full queue the answer is 503 err-busy with Retry-After; health
// never waits; a slot is freed by the answer, by an error answer, and by a client that goes away
// (while waiting or while running).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { describeEachDb, loginAs, openTestDatabase, WRITE_HEADERS } from '../test/harness.ts';
import {
  BUSY_CODE,
  BUSY_MESSAGE,
  isQueuedRoute,
  type RequestQueueOptions,
  requestQueue,
} from './request-queue.ts';

/** A promise to hold a handler with, released by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, ms = 5_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

let apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const a of apps) await a.close();
  apps = [];
});

/** A bare app with the queue and routes whose handlers the test holds and releases. */
async function queueApp(opts: Partial<RequestQueueOptions>) {
  const app = Fastify();
  apps.push(app);
  await app.register(requestQueue, opts);
  const gates: Array<ReturnType<typeof gate>> = [];
  const started: string[] = [];
  app.get('/api/slow/:name', async (request) => {
    const { name } = request.params as { name: string };
    started.push(name);
    const g = gate();
    gates.push(g);
    await g.opened;
    return { name };
  });
  app.get('/api/fail', async () => {
    started.push('fail');
    throw new Error('boom');
  });
  // Keeps the event loop busy with promise callbacks only, as a request on PGlite does. The first to
  // run waits (on a timer, so the event loop reads every socket) until the four others wait behind
  // it, then runs 300 ms; the others run until the health check has been answered (at most 2 s
  // each), so how soon the client process sends it does not matter on a loaded machine. With the
  // queue's yield the health check is read and answered between two of them; without it Node runs
  // all five to the end first.
  let healthAnswered = false;
  let busyStarted = 0;
  app.get('/api/busy/:n', async () => {
    const first = busyStarted++ === 0;
    if (first) await until(() => app.requestQueue.stats().queued === 4, 'four requests to wait');
    const end = performance.now() + (first ? 300 : 2_000);
    while (performance.now() < end && (first || !healthAnswered)) await Promise.resolve();
    return { first };
  });
  app.get('/api/health', async () => {
    healthAnswered = true;
    return { status: 'ok' };
  });
  app.post('/api/v1/media', async () => ({ uploaded: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, gates, started, stats: () => app.requestQueue.stats() };
}

describe('request queue', () => {
  it('decides by the matched route: API and GraphQL wait; health, docs, uploads, log-in and the rest do not', () => {
    expect(isQueuedRoute('GET', '/api/v1/config')).toBe(true);
    expect(isQueuedRoute('POST', '/graphql')).toBe(true);
    expect(isQueuedRoute('GET', '/api/v1/media/:id')).toBe(true);
    expect(isQueuedRoute('GET', '/api/health')).toBe(false);
    expect(isQueuedRoute('GET', '/api/docs/json')).toBe(false);
    expect(isQueuedRoute('POST', '/api/v1/media')).toBe(false);
    expect(isQueuedRoute('POST', '/api/v1/login')).toBe(false);
    expect(isQueuedRoute('POST', '/api/v1/logout')).toBe(true);
    expect(isQueuedRoute('GET', '/assets/index.js')).toBe(false);
    expect(isQueuedRoute('GET', undefined)).toBe(false);
  });

  it('answers 503 err-busy with Retry-After past the wait limit, while health still answers', async () => {
    const q = await queueApp({ concurrency: 1, maxWaitMs: 200, maxQueued: 10 });
    const first = fetch(`${q.base}/api/slow/a`);
    await until(() => q.started.length === 1, 'the first request to run');
    const health = await fetch(`${q.base}/api/health`);
    expect(health.status).toBe(200);
    // The upload route does not wait for a slot either.
    expect((await fetch(`${q.base}/api/v1/media`, { method: 'POST' })).status).toBe(200);
    // Both answered while the only slot is still held by a (it runs until the test opens its gate).
    const t0 = performance.now();
    const busy = await fetch(`${q.base}/api/slow/b`);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(195);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toEqual({ err: { code: BUSY_CODE, message: BUSY_MESSAGE } });
    expect(q.started).toEqual(['a']);
    q.gates[0].open();
    expect(await (await first).json()).toEqual({ name: 'a' });
    const again = fetch(`${q.base}/api/slow/c`);
    await until(() => q.started.length === 2, 'the next request to run');
    q.gates[1].open();
    expect((await again).status).toBe(200);
    expect(q.stats()).toMatchObject({ running: 0, queued: 0, refused: 1 });
  });

  it('runs waiting requests in arrival order and refuses at once past the queue length', async () => {
    const q = await queueApp({ concurrency: 1, maxWaitMs: 10_000, maxQueued: 3 });
    const answers = [fetch(`${q.base}/api/slow/a`)];
    await until(() => q.started.length === 1, 'a to run');
    for (const name of ['b', 'c', 'd']) {
      answers.push(fetch(`${q.base}/api/slow/${name}`));
      await until(() => q.stats().queued === answers.length - 1, `${name} to wait`);
    }
    const t0 = performance.now();
    const full = await fetch(`${q.base}/api/slow/e`);
    expect(full.status).toBe(503);
    // At once, not after the 10 s wait limit (b, c and d still wait).
    expect(performance.now() - t0).toBeLessThan(9_000);
    expect(q.stats().queued).toBe(3);
    expect(full.headers.get('retry-after')).toBe('10');
    for (let i = 0; i < 4; i++) {
      await until(() => q.gates.length === i + 1, `request ${i} to run`);
      q.gates[i].open();
    }
    expect(await Promise.all(answers.map(async (a) => (await (await a).json()).name))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(q.started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot of a request that fails, and of a client that leaves while running or waiting', async () => {
    const q = await queueApp({ concurrency: 1, maxWaitMs: 5_000, maxQueued: 10 });
    // An error answer.
    expect((await fetch(`${q.base}/api/fail`)).status).toBe(500);
    expect(q.stats()).toMatchObject({ running: 0, queued: 0 });

    // A client that leaves while its request runs: the slot is free again at once.
    const running = new AbortController();
    const a = fetch(`${q.base}/api/slow/a`, { signal: running.signal }).catch(() => 'aborted');
    await until(() => q.started.length === 2, 'a to run');
    running.abort();
    expect(await a).toBe('aborted');
    await until(() => q.stats().running === 0, 'the slot of the aborted request');

    // A client that leaves while it waits: out of the queue, and its handler never runs.
    const b = fetch(`${q.base}/api/slow/b`);
    await until(() => q.started.length === 3, 'b to run');
    const waiting = new AbortController();
    const c = fetch(`${q.base}/api/slow/c`, { signal: waiting.signal }).catch(() => 'aborted');
    await until(() => q.stats().queued === 1, 'c to wait');
    waiting.abort();
    expect(await c).toBe('aborted');
    await until(() => q.stats().queued === 0, 'c to leave the queue');
    const d = fetch(`${q.base}/api/slow/d`);
    await until(() => q.stats().queued === 1, 'd to wait');
    q.gates[1].open(); // b
    await until(() => q.started.length === 4, 'd to run');
    q.gates[2].open(); // d
    expect((await b).status).toBe(200);
    expect(await (await d).json()).toEqual({ name: 'd' });
    expect(q.started).toEqual(['fail', 'a', 'b', 'd']);
    q.gates[0].open(); // a's handler, whose client left
    await until(() => q.stats().running === 0, 'all slots free');
    expect(q.stats()).toMatchObject({ running: 0, queued: 0, refused: 0 });
  });

  it('answers health between queued requests that keep the event loop busy (as on PGlite)', async () => {
    const q = await queueApp({ concurrency: 1, maxWaitMs: 30_000, maxQueued: 10 });
    // The client is another process (this one's event loop is the server's). Every call goes over a
    // connection opened beforehand (as a browser's and a monitor's kept-alive ones): a new connection
    // would wait in the kernel's accept queue, and Node accepts one per turn of the event loop, which
    // would space the requests out by itself. Five API requests at once, then the health check as
    // soon as the first answer arrives; the client prints the order of answers.
    const client = `
      const http = require('node:http');
      const port = ${new URL(q.base).port};
      const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
      const order = [];
      const call = (method, path, tag) => new Promise((resolve) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, agent }, (res) => {
          res.resume();
          res.on('end', () => { if (tag) order.push(tag); resolve(); });
        });
        req.end();
      });
      // Opens the six connections with a call that does not wait for a slot.
      Promise.all([0, 1, 2, 3, 4, 5].map(() => call('POST', '/api/v1/media'))).then(() => {
        let health;
        const api = [0, 1, 2, 3, 4].map((i) => call('GET', '/api/busy/' + i, 'api' + i).then(() => {
          health ??= call('GET', '/api/health', 'health');
        }));
        return Promise.all(api).then(() => health);
      }).then(() => { console.log(JSON.stringify(order)); agent.destroy(); });`;
    const { stdout } = await run(process.execPath, ['-e', client]);
    const order = JSON.parse(stdout) as string[];
    expect(order).toHaveLength(6);
    // Without the queue's yield Node would run each request it reads to the end before reading the
    // next socket, and the health check would come after all five.
    expect(order.indexOf('health'), order.join(' ')).toBeLessThan(5);
  });

  it('is off with concurrency 0', async () => {
    const q = await queueApp({ concurrency: 0, maxWaitMs: 50 });
    const answers = ['a', 'b', 'c'].map((n) => fetch(`${q.base}/api/slow/${n}`));
    await until(() => q.started.length === 3, 'all three to run at once');
    for (const g of q.gates) g.open();
    for (const a of answers) expect((await a).status).toBe(200);
  });
});

describeEachDb('request queue in the app', (kind) => {
  let database: Database;
  afterEach(async () => {
    for (const a of apps) await a.close();
    apps = [];
    await database?.close();
  });

  it('answers 503 err-busy (REST and GraphQL shapes) behind a slow request; health and the next request answer', async () => {
    database = await openTestDatabase(kind);
    const app = await buildApp({ database, requestQueue: { concurrency: 1, maxWaitMs: 200 } });
    apps.push(app);
    const hold = gate();
    let slowRuns = 0;
    app.get('/api/test/slow', { config: { public: true } }, async () => {
      slowRuns++;
      await hold.opened;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const cookie = await loginAs(app, 'manager@example.org');

    const slow = fetch(`${base}/api/test/slow`);
    await until(() => slowRuns === 1, 'the slow request to run');
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).status).toBe('ok');

    const config = await fetch(`${base}/api/v1/config`, { headers: { cookie } });
    expect(config.status).toBe(503);
    expect(config.headers.get('retry-after')).toBe('1');
    const queued = /app;dur=[\d.]+, sql;dur=[\d.]+, queue;dur=([\d.]+)/.exec(
      config.headers.get('server-timing') ?? '',
    );
    expect(Number(queued?.[1])).toBeGreaterThanOrEqual(195);
    expect(await config.json()).toEqual({ err: { code: 'err-busy', message: BUSY_MESSAGE } });

    const gql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(gql.status).toBe(503);
    const gqlBody = await gql.json();
    expect(gqlBody.errors[0].extensions.code).toBe('err-busy');
    // Every GraphQL error answer carries `data` (issue 26).
    expect(gqlBody).toHaveProperty('data', null);
    expect(gqlBody.err.code).toBe('err-busy');

    hold.open();
    expect((await slow).status).toBe(200);
    const after = await fetch(`${base}/api/v1/config`, { headers: { cookie } });
    expect(after.status).toBe(200);
    expect(app.requestQueue.stats()).toMatchObject({ running: 0, queued: 0, refused: 2 });
  });
});

describe('request queue: the busy warning', () => {
  /** A queue of one slot and no waiting room on `kind`, with the log's warnings kept. */
  async function busyWarning(kind: 'pglite' | 'postgres') {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    apps.push(app);
    await app.register(requestQueue, { kind, concurrency: 1, maxWaitMs: 5_000, maxQueued: 0 });
    const held = gate();
    let started = false;
    app.get('/api/slow', async () => {
      started = true;
      await held.opened;
      return {};
    });
    const first = app.inject({ method: 'GET', url: '/api/slow' });
    await until(() => started, 'the first request to run');
    const refused = await app.inject({ method: 'GET', url: '/api/slow' });
    expect(refused.statusCode).toBe(503);
    held.open();
    expect((await first).statusCode).toBe(200);
    const warnings = lines.map((line) => JSON.parse(line) as { msg: string }).map((l) => l.msg);
    expect(warnings).toHaveLength(1);
    return warnings[0];
  }

  it('tells a PGlite server to move to PostgreSQL', async () => {
    expect(await busyWarning('pglite')).toMatch(/move to PostgreSQL \(DATABASE_URL\)/);
  });

  it('does not tell a server already on PostgreSQL to move to PostgreSQL', async () => {
    const warning = await busyWarning('postgres');
    expect(warning).toMatch(/^request queue: answering 503 err-busy/);
    expect(warning).not.toMatch(/move to PostgreSQL/);
    expect(warning).toMatch(/more app instances/);
  });
});
