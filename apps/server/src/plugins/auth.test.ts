// The session, CSRF and deny-by-default rules decide by the route the router matched: percent-encoded
// and other spellings of a path get exactly the rules of the route they reach.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession } from '../modules/auth/queries.ts';
import { DEMO, describeEachDb, loginAs, makeTestApp, type TestApp, WRITE_HEADERS } from '../test/harness.ts';
import { PUBLIC_ROUTES } from '../test/public-routes.ts';
import { hashToken, newSessionToken } from './auth.ts';

/** Spellings of /api/v1/login and /api/v1/config the router decodes to the same route. */
const ENCODED_LOGIN = ['/%61pi/v1/login', '/api/v1/%6Cogin', '/%61%70%69/v1/login', '/api/%76%31/login'];
const ENCODED_CONFIG = ['/%61pi/v1/config', '/api/v1/%63onfig', '/%61%70%69/%76%31/%63%6F%6E%66%69%67'];

type Operation = { method: string; url: string; route: string };

/** Every operation of the OpenAPI document, with '1' in each path parameter. */
function operations(t: TestApp): Operation[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({
        method: m.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
        route: `${m.toUpperCase()} ${path}`,
      })),
  );
}

describeEachDb('route rules by the matched route', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(kind);
  });
  afterAll(() => t.close());

  const password = 'c1e7ab7c83c46fdf36d6f1b1f7c0bea8b21b9e7c0fbc1dc2fae0e6bb3e50c0c0'; // any sha512-hex-shaped value

  it('refuses a log-in without the CSRF header at every spelling of the path', async () => {
    for (const url of ENCODED_LOGIN) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: DEMO.manager, password: password.repeat(2) },
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(res.json().err.code).toBe('err-csrf');
    }
  });

  it('an encoded path reaches the same route with the same rules (a real log-in works there)', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    for (const url of ENCODED_CONFIG) {
      const anonymous = await t.app.inject({ url });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
      const withSession = await t.app.inject({ url, headers: { cookie } });
      expect({ url, status: withSession.statusCode }).toEqual({ url, status: 200 });
      expect(withSession.json().me.email).toBe(DEMO.manager);
    }
  });

  it('a text/plain log-out from another site, at any spelling, leaves the session alive', async () => {
    const cookie = await loginAs(t.app, DEMO.practitioner);
    for (const url of ['/api/v1/logout', '/%61pi/v1/logout', '/api/v1/%6Cogout']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    expect((await t.app.inject({ url: '/api/v1/config', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses every write without the CSRF header, on every route and on no route at all', async () => {
    const writes = operations(t).filter((o) => o.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(8);
    const cookie = await loginAs(t.app, DEMO.manager);
    for (const op of [...writes, { method: 'POST', url: '/no-such-route', route: 'none' }]) {
      const res = await t.app.inject({
        method: op.method as 'POST',
        url: op.url,
        headers: { cookie },
        payload: {},
      });
      expect({ route: op.route, status: res.statusCode }).toEqual({ route: op.route, status: 403 });
      expect(res.json().err.code).toBe('err-csrf');
    }
  });

  it('denies by default: every non-public route answers 401 to an anonymous call, before validation', async () => {
    const ops = operations(t);
    const publicOps = ops.filter((o) => PUBLIC_ROUTES.includes(o.route)).map((o) => o.route);
    expect(publicOps.sort()).toEqual([...PUBLIC_ROUTES].sort());
    for (const op of ops.filter((o) => !PUBLIC_ROUTES.includes(o.route))) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: op.url,
        headers: WRITE_HEADERS,
        // An invalid body: validation would answer 400 if it ran before the session check.
        ...(op.method === 'GET' ? {} : { payload: { nonsense: true } }),
      });
      expect({ route: op.route, status: res.statusCode }).toEqual({ route: op.route, status: 401 });
      expect(res.json().err.code).toBe('err-not-logged-in');
    }
  });

  it('refuses a session without staff access on every staff route, the sync reports included', async () => {
    // A contact-only account cannot log in to the staff app; a session row for one (a member of staff
    // removed while logged in ends the same way) must still reach nothing.
    const [parent] = await t.database.query<{ provider_id: number; id: number }>(
      `select u.provider_id, u.id from user_accounts u where lower(u.email) = '${DEMO.parent}'`,
    );
    const token = newSessionToken();
    await createSession(t.database.db, {
      id: hashToken(token),
      providerId: parent!.provider_id,
      userId: parent!.id,
      siteId: null,
      timeoutMinutes: 60,
      now: new Date(),
      userAgent: 'test',
    });
    const cookie = `nursery_sid=${token}`;
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/report',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { deviceID: 'device-0001', unsyncedEvents: 1, unsyncedMedia: 0 },
    });
    expect(report.statusCode).toBe(403);
    expect(report.json().err.code).toBe('err-no-staff-access');
    const others = await t.app.inject({ url: '/api/v1/sync/others?siteID=1', headers: { cookie } });
    expect(others.statusCode).toBe(403);
    for (const op of operations(t).filter((o) => !PUBLIC_ROUTES.includes(o.route))) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: op.url,
        headers: { ...WRITE_HEADERS, cookie },
        ...(op.method === 'GET' ? {} : { payload: {} }),
      });
      expect({ route: op.route, status: res.statusCode }).toEqual({ route: op.route, status: 403 });
    }
  });

  it('JSON answers are never stored by a cache; every answer carries a Permissions-Policy', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    const answers = [
      await t.app.inject({ url: '/api/v1/config', headers: { cookie } }),
      await t.app.inject({ url: '/%61pi/v1/config', headers: { cookie } }),
      await t.app.inject({ url: '/api/v1/config' }),
      await t.app.inject({ url: '/api/v1/no-such-thing', headers: { cookie } }),
      await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: {} }),
    ];
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
    }
    const [site] = await t.database.query<{ id: number }>(
      `select s.id from sites s join providers p on p.id = s.provider_id
       where p.name = 'Demo Nursery Group' order by s.id limit 1`,
    );
    const frameworks = await t.app.inject({
      url: `/api/v1/frameworks?siteID=${site!.id}`,
      headers: { cookie },
    });
    expect(frameworks.statusCode).toBe(200);
    expect(frameworks.headers['cache-control']).toBe('private, no-cache');
  });
});
