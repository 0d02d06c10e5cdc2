import type { Clock } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

/** A clock the test moves forward. */
function movableClock(start = new Date()): Clock & { advance(minutes: number): void } {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (minutes) => (at += minutes * 60_000) };
}

describeEachDb('session timeout and lock', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await makeTestApp(kind, { clock, wait: async () => {} });
  });
  afterAll(() => t.close());

  const config = (cookie: string) => t.app.inject({ url: '/api/v1/config', headers: { cookie } });
  const post = (cookie: string, url: string, payload: Record<string, unknown> | undefined) =>
    t.app.inject({ method: 'POST', url, headers: { ...WRITE_HEADERS, cookie }, payload });
  const unlock = (cookie: string, PIN: string) => post(cookie, '/api/v1/session/unlock', { PIN });
  const setTimeoutTo = (cookie: string, timeout: unknown) => post(cookie, '/api/v1/timeout', { timeout });
  const putPin = async (cookie: string, payload: Record<string, string>) => {
    const staffID = (await config(cookie)).json().me.staffID;
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/${staffID}`,
      headers: { ...WRITE_HEADERS, cookie },
      payload,
    });
  };

  it('takes only the profile page timeouts (10, 20, 30, 60, 120, 720 minutes)', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    for (const bad of [15, 0, 1440, '10', null]) {
      const res = await setTimeoutTo(cookie, bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    const ok = await setTimeoutTo(cookie, 20);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ timeoutMinutes: 20, idleSeconds: 1200 });
    expect((await config(cookie)).json().session).toEqual({ timeoutMinutes: 20, idleSeconds: 1200 });
    // Saved for the user: the next log-in's session has it too.
    const next = await loginAs(t.app, DEMO.manager);
    expect((await config(next)).json().session.timeoutMinutes).toBe(20);
    expect((await setTimeoutTo(next, 60)).statusCode).toBe(200);
  });

  it('applies a new timeout to the session at once: idle past it, the session is locked (401 err-session-locked)', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    expect((await setTimeoutTo(cookie, 10)).statusCode).toBe(200);
    clock.advance(9);
    expect((await config(cookie)).statusCode).toBe(200);
    clock.advance(10.5);
    const locked = await config(cookie);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().err.code).toBe('err-session-locked');
    // GraphQL is locked too.
    const gql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query: '{ __typename }' },
    });
    expect(gql.statusCode).toBe(401);
    // A later request does not revive it; the right PIN does, with the same cookie.
    expect((await config(cookie)).statusCode).toBe(401);
    const wrong = await unlock(cookie, '0000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().err.code).toBe('pin-incorrect');
    const right = await unlock(cookie, '1357');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ timeoutMinutes: 10, idleSeconds: 600 });
    expect((await config(cookie)).statusCode).toBe(200);
    await setTimeoutTo(cookie, 60);
  });

  it('ends a session without a PIN at its timeout (no lock: the login path only)', async () => {
    const cookie = await loginAs(t.app, DEMO.practitioner);
    // The practitioner's PIN is removed for this test (the demo has one).
    await t.database.query(
      `update user_accounts set pin_hash = null where lower(email) = '${DEMO.practitioner}'`,
    );
    expect((await setTimeoutTo(cookie, 10)).statusCode).toBe(200);
    clock.advance(11);
    const over = await config(cookie);
    expect(over.statusCode).toBe(401);
    expect(over.json().err.code).toBe('err-not-logged-in');
    const relog = await loginAs(t.app, DEMO.practitioner);
    expect((await setTimeoutTo(relog, 60)).statusCode).toBe(200);
    // Back to the demo's PIN through the change of PIN (no old PIN needed: none is set).
    expect((await putPin(relog, { PIN: '2468', confirmPIN: '2468' })).statusCode).toBe(204);
  });

  it('keeps a locked session for 12 hours only', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    clock.advance(61 + 12 * 60);
    const res = await config(cookie);
    expect(res.json().err.code).toBe('err-not-logged-in');
    expect((await unlock(cookie, '1357')).statusCode).toBe(401);
  });

  it('ends the session at the fifth wrong PIN, wrong old PINs of a change of PIN counted too', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    for (const _ of [1, 2]) {
      const res = await putPin(cookie, { oldPIN: '0000', PIN: '4321', confirmPIN: '4321' });
      expect(res.statusCode).toBe(400);
      expect(res.json().err.code).toBe('pin-incorrect');
    }
    clock.advance(61);
    for (const _ of [3, 4]) expect((await unlock(cookie, '9999')).statusCode).toBe(400);
    const fifth = await unlock(cookie, '9999');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().err.code).toBe('err-pin-attempts-exceeded');
    // The session is gone: even the right PIN does not bring it back.
    expect((await unlock(cookie, '1357')).json().err.code).toBe('err-not-logged-in');
    const rows = await t.database.query<{ action: string; details: unknown }>(
      "select action, details from audit_log where action in ('session-ended-pin', 'session-unlocked')",
    );
    expect(new Set(rows.map((r) => r.action))).toEqual(new Set(['session-ended-pin', 'session-unlocked']));
    expect(JSON.stringify(rows)).not.toMatch(/1357|9999/);
  });

  it('lets a locked session be ended by log-out ("Sign in as someone else")', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    clock.advance(61);
    expect((await config(cookie)).json().err.code).toBe('err-session-locked');
    const out = await post(cookie, '/api/v1/logout', undefined);
    expect(out.statusCode).toBe(204);
    expect((await unlock(cookie, '1357')).json().err.code).toBe('err-not-logged-in');
  });

  it('changes the PIN: the old one when set, the confirmation equal, then the new one unlocks', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    const missing = await putPin(cookie, { PIN: '4321', confirmPIN: '4321' });
    expect(missing.json().err.code).toBe('pin-incorrect');
    const mismatch = await putPin(cookie, { oldPIN: '1357', PIN: '4321', confirmPIN: '4322' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().err.code).toBe('confirmation-pin-not-the-same');
    expect((await putPin(cookie, { oldPIN: '1357', PIN: '12a4' })).statusCode).toBe(400);
    expect((await putPin(cookie, { oldPIN: '1357', PIN: '4321', confirmPIN: '4321' })).statusCode).toBe(204);
    clock.advance(61);
    expect((await unlock(cookie, '1357')).statusCode).toBe(400);
    expect((await unlock(cookie, '4321')).statusCode).toBe(200);
    expect((await putPin(cookie, { oldPIN: '4321', PIN: '1357', confirmPIN: '1357' })).statusCode).toBe(204);
  });

  it('limits unlock attempts per address: 429 with Retry-After', async () => {
    const cookie = await loginAs(t.app, DEMO.manager);
    let last: Awaited<ReturnType<typeof unlock>> | undefined;
    for (let i = 0; i < 12; i++) {
      last = await unlock(cookie, '1357');
      if (last.statusCode === 429) break;
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
  });
});
