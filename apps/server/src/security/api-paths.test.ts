// Unmatched paths and requests Node refuses (issue 26): an API or GraphQL path in any spelling
// (`/API/…`, `/%61pi/…`) and any non-GET request answer the API's JSON 404, never the web page; only
// a GET of another path gets the page. What Node's HTTP parser refuses before Fastify (431 for a URL
// over 16 KB, 400 for a malformed request) is answered in the API's error shape too.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, servesWebPage } from '../app.ts';
import type { Database } from '../db/client.ts';
import { clientErrorAnswer } from '../lib/error-handler.ts';
import { DEMO, loginAs, openTestDatabase, WRITE_HEADERS } from '../test/harness.ts';

const PAGE = '<!doctype html><title>stand-in page</title>';
const NOT_FOUND = { err: { code: 'err-not-found', message: 'Not found' } };

/** Sends raw bytes to the server and answers the status and body of what comes back. */
function rawRequest(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {}); // the server closes after answering
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no answer: ${JSON.stringify(received.slice(0, 200))}`));
      else resolve({ status, headers: head, body });
    });
    socket.write(text);
  });
}

describe('API paths and client errors', () => {
  let app: FastifyInstance;
  let database: Database;
  let webRoot: string;
  let cookie: string;
  let port: number;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'nursery-web-'));
    await writeFile(path.join(webRoot, 'index.html'), PAGE);
    database = await openTestDatabase('pglite');
    app = await buildApp({ database, serveWeb: true, webRoot });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    cookie = await loginAs(app, DEMO.manager);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['POST', '/%61pi/v1/config'],
    ['POST', '/API/v1/config'],
    ['GET', '/API/v1/config'],
    ['GET', '/Api/v1/nothing-here'],
    ['GET', '/%41PI/v1/config'],
    ['GET', '//api/v1/nothing-here'],
    ['GET', '/api'],
    ['GET', '/GRAPHQL'],
    ['GET', '/%67raphql/x'],
    ['POST', '/'],
    ['POST', '/some/page'],
    ['PUT', '/index.html'],
    ['DELETE', '/some/page'],
  ])('%s %s answers the JSON 404, not the web page', async (method, url) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...WRITE_HEADERS, cookie },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('still serves the page to a GET of any other path (the app is hash-routed)', async () => {
    const res = await app.inject({ url: '/some/page' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
  });

  it('answers a URL over Node’s 16 KB header limit with 431 in the API’s error shape', async () => {
    const res = await rawRequest(
      port,
      `GET /api/v1/config?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      err: { code: 'err-too-large', message: 'The request line or headers are too large.' },
    });
  });

  it('answers a malformed request with 400 in the API’s error shape', async () => {
    const res = await rawRequest(port, 'NOT A REQUEST\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      err: { code: 'err-invalid-request', message: 'The request is malformed.' },
    });
  });

  it('maps a request timeout to 408 (Node raises it for a request too slow to arrive)', () => {
    const timeout = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    expect(clientErrorAnswer(timeout)).toEqual([
      408,
      'Request Timeout',
      'err-request-timeout',
      'The request took too long to arrive.',
    ]);
  });
});

it('servesWebPage: only a GET or HEAD of a path that is not the API, in any spelling', () => {
  expect(servesWebPage('GET', '/')).toBe(true);
  expect(servesWebPage('HEAD', '/reports?x=1')).toBe(true);
  expect(servesWebPage('GET', '/apiary')).toBe(true);
  expect(servesWebPage('GET', '/%61pi/v1/x')).toBe(false);
  expect(servesWebPage('GET', '/aPi')).toBe(false);
  expect(servesWebPage('GET', '/%E0%A4%A')).toBe(false);
  expect(servesWebPage('POST', '/')).toBe(false);
});
