import { SIGNED_IN_HINT_COOKIE } from '@nursery/domain/account';
import type { Clock } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  loginRequest,
  makeTestApp,
  sessionCookie,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { FAILED_LOGIN_ANSWER_MS } from './policy.ts';

/** A clock the test moves forward. */
function movableClock(start = new Date()): Clock & { advance(minutes: number): void } {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (minutes) => (at += minutes * 60_000) };
}

describeEachDb('auth', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    // The account-wide slowdown's waits are skipped here and asserted in 'log-in slowdown' below.
    t = await makeTestApp(kind, { clock, wait: async () => {} });
  });
  afterAll(() => t.close());

  it('logs the manager in with an HttpOnly SameSite=Lax cookie and answers me', async () => {
    const res = await loginRequest(t.app, DEMO.manager);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({ email: DEMO.manager, forename: 'Ruth', surname: 'Manager' });
    expect(me.staffID).toEqual(expect.any(Number));
    expect(me.hasPin).toBe(true);
    const cookie = res.cookies.find((c) => c.name === 'nursery_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(res.body).not.toContain('argon2');
    // The web app's signed-in hint: readable by script, and no secret in it.
    const hint = res.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeFalsy();
  });

  it('e-mail is case-insensitive', async () => {
    const res = await loginRequest(t.app, DEMO.practitioner.toUpperCase());
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await loginRequest(t.app, DEMO.practitioner, 'not-the-password');
    const unknown = await loginRequest(t.app, 'nobody@example.org', 'whatever');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().err.code).toBe('err-invalid-login');
    expect(wrong.cookies).toHaveLength(0);
  });

  it('rejects a password that is not a SHA-512 hex with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: WRITE_HEADERS,
      payload: { email: DEMO.manager, password: 'plain-text' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().err.code).toBe('err-invalid-request');
  });

  it('refuses a write without the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: DEMO.manager },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().err.code).toBe('err-csrf');
  });

  it('refuses the parent (a contact-only account) with a clear message and no session', async () => {
    const res = await loginRequest(t.app, DEMO.parent);
    expect(res.statusCode).toBe(403);
    expect(res.json().err).toMatchObject({ code: 'err-no-staff-access' });
    expect(res.json().err.message).toMatch(/staff access/);
    expect(res.cookies).toHaveLength(0);
  });

  it('locks one address out of an account after 10 failures in 15 minutes, then unlocks', async () => {
    const email = 'other.manager@example.net';
    const guesser = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      expect((await loginRequest(t.app, email, `wrong-${i}`, guesser)).statusCode).toBe(401);
    }
    const locked = await loginRequest(t.app, email, undefined, guesser); // even the right password
    expect(locked.statusCode).toBe(429);
    expect(locked.json().err.code).toBe('err-too-many-attempts');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The owner, at another address, is not refused (only slowed: see the slowdown test).
    expect((await loginRequest(t.app, email, undefined, '198.51.100.20')).statusCode).toBe(200);
    clock.advance(16);
    expect((await loginRequest(t.app, email, undefined, guesser)).statusCode).toBe(200);
  });

  it('locks unknown e-mails the same way, so 429 does not reveal which accounts exist', async () => {
    for (let i = 0; i < 10; i++) await loginRequest(t.app, 'ghost@example.org', 'x', '203.0.113.8');
    const res = await loginRequest(t.app, 'ghost@example.org', 'x', '203.0.113.8');
    expect(res.statusCode).toBe(429);
    expect((await loginRequest(t.app, 'ghost@example.org', 'x', '203.0.113.9')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted: rotating it does not escape the lock', async () => {
    const email = DEMO.manager;
    for (let i = 0; i < 10; i++) {
      const res = await loginRequest(t.app, email, `wrong-${i}`, '203.0.113.10', {
        'x-forwarded-for': `192.0.2.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const rotated = await loginRequest(t.app, email, undefined, '203.0.113.10', {
      'x-forwarded-for': '192.0.2.99',
    });
    expect(rotated.statusCode).toBe(429);
    const rows = await t.database.query<{ ip: string }>(
      "select details->>'ip' as ip from audit_log where action = 'login-failed' and details->>'ip' like '192.0.2.%'",
    );
    expect(rows).toEqual([]); // the audit log records the socket's address, never the forged one
    clock.advance(16);
    const ok = await loginRequest(t.app, DEMO.practitioner, undefined, '203.0.113.11', {
      'x-forwarded-for': '192.0.2.200',
    });
    expect(ok.statusCode).toBe(200);
    const [login] = await t.database.query<{ ip: string }>(
      "select details->>'ip' as ip from audit_log where action = 'login' order by id desc limit 1",
    );
    expect(login!.ip).toBe('203.0.113.11');
  });

  it('logout ends the session', async () => {
    const cookie = await loginAs(t.app, DEMO.practitioner);
    expect((await t.app.inject({ url: '/api/v1/config', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { ...WRITE_HEADERS, cookie },
    });
    expect(out.statusCode).toBe(204);
    // The browser empties its HTTP cache for the site (personal images fetched earlier; issue 26).
    expect(out.headers['clear-site-data']).toBe('"cache"');
    // Both cookies cleared: the session and the signed-in hint.
    for (const name of ['nursery_sid', SIGNED_IN_HINT_COOKIE]) {
      const cleared = out.cookies.find((c) => c.name === name);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const after = await t.app.inject({ url: '/api/v1/config', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().err.code).toBe('err-not-logged-in');
  });

  it("expires the session after the user's timeout of inactivity", async () => {
    const res = await loginRequest(t.app, DEMO.practitioner);
    const cookie = sessionCookie(res);
    clock.advance(30);
    expect((await t.app.inject({ url: '/api/v1/config', headers: { cookie } })).statusCode).toBe(200);
    // Activity slid the expiry forward; a long idle period ends it (demo timeout is 60 minutes).
    clock.advance(61);
    expect((await t.app.inject({ url: '/api/v1/config', headers: { cookie } })).statusCode).toBe(401);
  });

  it('sets and declines the PIN only for the user themself', async () => {
    const cookie = await loginAs(t.app, DEMO.practitioner);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie } })).json();
    const own = config.me.staffID;
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/${own}`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: { PIN: '9753', oldPIN: '2468' },
    });
    expect(set.statusCode).toBe(204);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/${own}`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: { PIN: '12a4' },
    });
    expect(bad.statusCode).toBe(400);
    const managerCookie = await loginAs(t.app, DEMO.manager);
    const managerStaff = (
      await t.app.inject({ url: '/api/v1/config', headers: { cookie: managerCookie } })
    ).json().me.staffID;
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/${managerStaff}`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: { PIN: '1111' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('writes logins and PIN changes to the audit log, never the secret', async () => {
    const rows = await t.database.query<{ action: string; details: unknown }>(
      "select action, details from audit_log where action in ('login', 'login-failed', 'pin-set', 'logout')",
    );
    const actions = new Set(rows.map((r) => r.action));
    expect([...actions].sort()).toEqual(['login', 'login-failed', 'logout', 'pin-set']);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('9753');
    expect(text).not.toContain('nursery-demo');
  });
});

describeEachDb('log-in slowdown', (kind) => {
  let t: TestApp;
  const waits: number[] = [];
  let hold: Promise<void> | null = null;
  const clock = movableClock();
  beforeAll(async () => {
    t = await makeTestApp(kind, {
      clock,
      wait: async (ms) => {
        waits.push(ms);
        if (hold) await hold;
      },
    });
  });
  afterAll(() => t.close());

  it('slows the account for unknown addresses after 5 failures (0.5 s doubling, at most 8 s), never refusing the right password', async () => {
    const email = DEMO.practitioner;
    // The owner logs in from the nursery's address first: that address is known from now on.
    expect((await loginRequest(t.app, email, undefined, '198.51.100.1')).statusCode).toBe(200);
    for (let i = 0; i < 12; i++) {
      // A different address every time: no address lock, only the account-wide slowdown.
      await loginRequest(t.app, email, `wrong-${i}`, `203.0.113.${100 + i}`);
    }
    // The slowdown's waits; each failure also waits out the failed log-in's beat (at most 250 ms).
    expect(waits.filter((ms) => ms > FAILED_LOGIN_ANSWER_MS)).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    waits.length = 0;
    // The owner at the known address is never slowed, and gets in.
    expect((await loginRequest(t.app, email, undefined, '198.51.100.1')).statusCode).toBe(200);
    expect(waits).toEqual([]);
    // The owner somewhere new waits a turn, then gets in: slowed, never refused.
    expect((await loginRequest(t.app, email, undefined, '198.51.100.77')).statusCode).toBe(200);
    expect(waits).toEqual([8000]);
  });

  it('lets one attempt per address wait for a slowed account; a second at once is refused for that address only', async () => {
    const email = DEMO.manager;
    for (let i = 0; i < 5; i++) await loginRequest(t.app, email, `wrong-${i}`, `203.0.113.${150 + i}`);
    let release!: () => void;
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = loginRequest(t.app, email, 'wrong-again', '203.0.113.200');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await loginRequest(t.app, email, 'wrong-again', '203.0.113.200');
    expect(second.statusCode).toBe(429);
    release();
    hold = null;
    expect((await first).statusCode).toBe(401);
  });
});

describeEachDb('trusted proxy', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(kind, { trustProxy: ['127.0.0.1'], wait: async () => {} });
  });
  afterAll(() => t.close());

  it("believes X-Forwarded-For only from the configured proxy's address", async () => {
    const viaProxy = await loginRequest(t.app, DEMO.manager, undefined, '127.0.0.1', {
      'x-forwarded-for': '192.0.2.44',
    });
    expect(viaProxy.statusCode).toBe(200);
    const direct = await loginRequest(t.app, DEMO.manager, undefined, '203.0.113.12', {
      'x-forwarded-for': '192.0.2.45',
    });
    expect(direct.statusCode).toBe(200);
    const rows = await t.database.query<{ ip: string }>(
      "select details->>'ip' as ip from audit_log where action = 'login' order by id desc limit 2",
    );
    expect(rows.map((r) => r.ip)).toEqual(['203.0.113.12', '192.0.2.44']);
  });
});
