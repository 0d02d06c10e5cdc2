// The built web app as the server serves it (issue 6): the service worker (issue 27: the app's own) and the
// web manifest revalidate on every check (no-cache), hashed assets are immutable, and the API never
// falls back to index.html; JS and CSS go precompressed when accepted (issue 13). Runs when apps/web/dist
// holds a build with the service worker.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/client.ts';
import { webDist } from './lib/paths.ts';
import { DEMO, loginAs, openTestDatabase, WRITE_HEADERS } from './test/harness.ts';

const built = existsSync(path.join(webDist, 'sw.js')) && existsSync(path.join(webDist, 'index.html'));

// npm test builds first; under CI a missing build is a failure, never a skip.
describe.skipIf(!built && !process.env.CI)('web shell files', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ database, serveWeb: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('serves sw.js as JavaScript that is revalidated every time', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("serves a worker that lists every file of the build, the floor screens' first", async () => {
    const source = (await app.inject({ url: '/sw.js' })).body;
    const listed = new Set([...source.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1]));
    const assets = readdirSync(path.join(webDist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    for (const asset of assets) expect(listed).toContain(`assets/${asset}`);
    expect(listed).toContain('index.html');
    const floor = JSON.parse(/self\.__NURSERY_FLOOR=(\[[^\]]*\]);/.exec(source)?.[1] ?? '[]') as string[];
    expect(floor.length).toBeGreaterThan(0);
    for (const file of floor) expect(listed).toContain(file);
  });

  it('serves the web manifest with no-cache', async () => {
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Nursery' });
  });

  it('serves index.html with no-cache and hashed assets as immutable', async () => {
    const index = await app.inject({ url: '/' });
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = readdirSync(path.join(webDist, 'assets')).find((f) => f.endsWith('.js'));
    const res = await app.inject({ url: `/assets/${asset}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy of a hashed asset the browser accepts, else the file itself', async () => {
    const assets = path.join(webDist, 'assets');
    const asset = readdirSync(assets).find(
      (f) => f.endsWith('.js') && existsSync(path.join(assets, `${f}.br`)),
    );
    expect(asset).toBeDefined();
    const url = `/assets/${asset}`;

    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(readFileSync(path.join(assets, `${asset}.br`)))).toBe(true);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(path.join(assets, `${asset}.gz`)))).toBe(true);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(readFileSync(path.join(assets, asset!)))).toBe(true);
  });

  it("puts a signed-in staff device's configuration in the page, as the config call answers it", async () => {
    const cookie = await loginAs(app, DEMO.manager);
    const page = await app.inject({ url: '/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The user's own data: no cache may keep it or give it to another cookie.
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toMatch(/cookie/i);
    const block = /<script type="application\/json" id="nursery-config">(.*?)<\/script>/s.exec(page.body);
    expect(block).not.toBeNull();
    const config = await app.inject({ url: '/api/v1/config', headers: { cookie } });
    expect(JSON.parse(block![1]!)).toEqual(config.json());
    // The signed-in shell's and Home's files as preloads (the build's list), then the page as built
    // around them: the same entry script, the same policy (the block is data, never run).
    const preload = JSON.parse(readFileSync(path.join(webDist, 'signed-in-preload.json'), 'utf8'));
    expect(preload.js.length).toBeGreaterThan(0);
    for (const f of preload.js) {
      expect(page.body).toContain(`<link rel="modulepreload" crossorigin href="./${f}">`);
      expect((await app.inject({ url: `/${f}` })).statusCode).toBe(200);
    }
    const links =
      /(<link rel="modulepreload" crossorigin href="[^"]+">|<link rel="stylesheet" href="[^"]+">)+<\/head>/.exec(
        page.body,
      );
    expect(links).not.toBeNull();
    expect(page.body.replace(block![0], '').replace(links![0], '</head>')).toBe(
      readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    );
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('serves the page as built without a session, with a stale or unknown one, and after logout', async () => {
    const built = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    for (const cookie of [undefined, 'nursery_sid=not-a-session']) {
      const page = await app.inject({ url: '/', headers: cookie ? { cookie } : {} });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(built);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const cookie = await loginAs(app, DEMO.practitioner);
    await app.inject({ method: 'POST', url: '/api/v1/logout', headers: { cookie, ...WRITE_HEADERS } });
    const after = await app.inject({ url: '/', headers: { cookie } });
    expect(after.body).toBe(built);
  });

  it('never answers an unknown API path with the app shell', async () => {
    const res = await app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
