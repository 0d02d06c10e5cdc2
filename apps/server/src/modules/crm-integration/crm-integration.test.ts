import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

const URL = '/api/v1/integrations/hubspot';
let nextAddress = 1;
/** Each call from its own address (the route allows 10 a minute per address). */
const freshAddress = () => `192.0.2.${nextAddress++}`;

const integrate = (t: TestApp, cookie: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    headers: { ...WRITE_HEADERS, cookie },
    payload: { token },
    remoteAddress: freshAddress(),
  });

describeEachDb('CRM integration (the built-in stub)', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, otherManager] = await Promise.all([
      loginAs(t.app, DEMO.manager),
      loginAs(t.app, DEMO.practitioner),
      loginAs(t.app, DEMO.otherManager),
    ]);
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: WRITE_HEADERS,
      payload: { token: 'hs-1-abcdefgh' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("without 'integrateHubSpot': err-permission-required, 'The 'Integrate HubSpot' permission is disabled'", async () => {
    const res = await integrate(t, practitioner, 'hs-12345-abcdefgh');
    expect(res.statusCode).toBe(403);
    expect(res.json().err).toMatchObject({
      code: 'err-permission-required',
      message: "The 'Integrate HubSpot' permission is disabled",
    });
  });

  it("a token the service did not issue: err-invalid-token, 'Invalid token provided'", async () => {
    for (const token of ['nonsense', 'hs-12-short', 'hs-x-abcdefgh', 'has space', 'x'.repeat(501), '']) {
      const res = await integrate(t, manager, token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().err).toMatchObject({ code: 'err-invalid-token', message: 'Invalid token provided' });
    }
    // Beyond any token's length: refused by the request's schema.
    expect((await integrate(t, manager, 'x'.repeat(2001))).statusCode).toBe(400);
  });

  it('integrates once; then err-already-registered with detail.hubId and the id in the message', async () => {
    const ok = await integrate(t, manager, 'hs-12345-abcdefgh');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Hubspot is successfully integrated' });
    const again = await integrate(t, manager, 'hs-999-zyxwvuts');
    expect(again.statusCode).toBe(409);
    expect(again.json().err).toEqual({
      code: 'err-already-registered',
      message: 'This account is already registered with HubSpot ID: 12345',
      detail: { hubId: '12345' },
    });
  });

  it("a provider without HubSpot: err-feature-disabled; set to read-only: err-readonly (the permission's text)", async () => {
    const disabled = await integrate(t, otherManager, 'hs-777-abcdefgh');
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().err).toMatchObject({
      code: 'err-feature-disabled',
      message: 'HubSpot integration is not enabled for this account',
    });
    await t.database.query(
      `update providers set flags = flags || '{"enableHubSpot": "readonly"}' where name = 'Other Nursery Ltd'`,
    );
    const readonly = await integrate(t, otherManager, 'hs-777-abcdefgh');
    expect(readonly.statusCode).toBe(403);
    expect(readonly.json().err).toMatchObject({
      code: 'err-readonly',
      message: "The 'Integrate HubSpot' permission is disabled",
    });
  });
});

describe('CRM integration over HTTP (INTEGRATIONS_URL)', () => {
  let t: TestApp;
  let server: Server;
  let manager: string;
  const seen: { url: string; authorization?: string; body: unknown }[] = [];
  /** What the fake service answers next. */
  let next: { status: number; body: string } = { status: 200, body: '{}' };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      seen.push({
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(await readBody(req)),
      });
      res.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await makeTestApp('pglite', {
      integrations: { baseUrl: `http://127.0.0.1:${port}/`, apiKey: 'k-123' },
    });
    manager = await loginAs(t.app, DEMO.manager);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts to {host}/v1/hubspot/oauth/{token} with the provider, the user and the key; 2xx is success', async () => {
    next = { status: 201, body: '{"ok":true}' };
    const res = await integrate(t, manager, 'oauth.token~1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Hubspot is successfully integrated' });
    expect(seen.at(-1)).toEqual({
      url: '/v1/hubspot/oauth/oauth.token~1',
      authorization: 'Bearer k-123',
      body: { providerId: expect.any(Number), userId: expect.any(Number) },
    });
  });

  it("keeps the service's codes and detail.hubId; anything else is err-integration-failed", async () => {
    next = { status: 400, body: '{"message":"err-already-registered","detail":{"hubId":4242}}' };
    const registered = await integrate(t, manager, 'tok');
    expect(registered.json().err).toMatchObject({
      code: 'err-already-registered',
      message: 'This account is already registered with HubSpot ID: 4242',
      detail: { hubId: '4242' },
    });
    for (const answer of [
      { status: 500, body: 'oops' },
      { status: 400, body: '{"message":"err-something-new"}' },
    ]) {
      next = answer;
      const res = await integrate(t, manager, 'tok');
      expect(res.statusCode).toBe(422);
      expect(res.json().err).toMatchObject({
        code: 'err-integration-failed',
        message: 'Integration failed, try again or contact support',
      });
    }
  });

  it('a service that does not answer is err-integration-failed too', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const app = await makeTestApp('pglite', { integrations: { baseUrl: `http://127.0.0.1:${port}` } });
    try {
      const res = await integrate(app, await loginAs(app.app, DEMO.manager), 'tok');
      expect(res.statusCode).toBe(422);
      expect(res.json().err.code).toBe('err-integration-failed');
    } finally {
      await app.close();
    }
  });
});
