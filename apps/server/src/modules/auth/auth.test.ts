import type { Clock } from '@nursery/domain';
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

/** A clock the test moves forward. */
function movableClock(start = new Date()): Clock & { advance(minutes: number): void } {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (minutes) => (at += minutes * 60_000) };
}

describeEachDb('auth', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await makeTestApp(kind, { clock });
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

  it('locks an account after 10 failures in 15 minutes with 429 and Retry-After, then unlocks', async () => {
    const email = 'other.manager@example.net';
    for (let i = 0; i < 10; i++) {
      expect((await loginRequest(t.app, email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const locked = await loginRequest(t.app, email); // even the right password
    expect(locked.statusCode).toBe(429);
    expect(locked.json().err.code).toBe('err-too-many-attempts');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    clock.advance(16);
    expect((await loginRequest(t.app, email)).statusCode).toBe(200);
  });

  it('locks unknown e-mails the same way, so 429 does not reveal which accounts exist', async () => {
    for (let i = 0; i < 10; i++) await loginRequest(t.app, 'ghost@example.org', 'x');
    const res = await loginRequest(t.app, 'ghost@example.org', 'x');
    expect(res.statusCode).toBe(429);
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
      payload: { PIN: '9753' },
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
