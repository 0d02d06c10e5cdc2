import { createHash } from 'node:crypto';
import { LOGIN_MAX_FAILURES } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const LOGIN = `mutation login($key: String!, $role: LoginRole!) {
  loginWithToken(key: $key, role: $role) { user { userID email forename } expires timeout } }`;

let nextAddress = 1;
/** Each check from its own address, so the per-address lock of one does not reach the next. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

describeEachDb('token login', (kind) => {
  let t: TestApp;
  let at = Date.now();
  const now = () => new Date(at);
  let manager: string;

  /** A new token; each from its own address (the route allows 10 a minute per address). */
  const createToken = async (cookie: string, address = freshAddress()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/loginTokens',
      headers: { ...WRITE_HEADERS, cookie },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { key: string; path: string; expiresAt: string };
  };
  /** loginWithToken without a session, as the other device sends it. */
  const useToken = (key: string, role = 'Staff', address = freshAddress(), query = LOGIN) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: WRITE_HEADERS,
      payload: { query, variables: { key, role } },
      remoteAddress: address,
    });

  beforeAll(async () => {
    t = await makeTestApp(kind, { clock: { now } });
    manager = await loginAs(t.app, DEMO.manager);
  });
  afterAll(() => t.close());

  it('creates a long random key for the session’s own account, stored only as its SHA-256, for 10 minutes', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/loginTokens',
      headers: WRITE_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await createToken(manager);
    expect(token.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.path).toBe(`#/token-login/${token.key}`);
    expect(new Date(token.expiresAt).getTime() - at).toBe(10 * 60_000);
    const rows = await t.database.query<{ token_hash: string; role: string }>(
      `select token_hash, role from login_tokens where token_hash = '${sha256(token.key)}'`,
    );
    expect(rows).toEqual([{ token_hash: sha256(token.key), role: 'Staff' }]);
    const all = await t.database.query('select * from login_tokens');
    expect(JSON.stringify(all)).not.toContain(token.key);
    expect((await createToken(manager)).key).not.toBe(token.key);
  });

  it('signs in once: user, expires and timeout, the session cookie as POST login sets it; then the one refusal', async () => {
    const { key } = await createToken(manager);
    const res = await useToken(key);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data.loginWithToken;
    expect(answer.user).toMatchObject({ email: DEMO.manager, forename: 'Ruth' });
    expect(answer.timeout).toBe(60);
    expect(new Date(answer.expires).getTime() - at).toBe(60 * 60_000);
    const cookie = res.cookies.find((c) => c.name === 'nursery_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(res.cookies.find((c) => c.name === 'nursery_signed_in')?.value).toBe('1');
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { cookie: `nursery_sid=${cookie!.value}` },
    });
    expect(config.statusCode).toBe(200);
    expect(config.json().me.email).toBe(DEMO.manager);

    const again = await useToken(key);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      data: null,
      errors: [{ extensions: { code: 'err-invalid-login-token' } }],
    });
    expect(again.cookies.find((c) => c.name === 'nursery_sid')).toBeUndefined();
    const audit = await t.database.query(
      "select details from audit_log where action in ('login', 'login-token-created')",
    );
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('answers an unknown, used, expired or wrong-role key alike (no oracle); a wrong role leaves the token', async () => {
    const used = await createToken(manager);
    expect((await useToken(used.key)).statusCode).toBe(200);
    const late = await createToken(manager);
    const forParent = await createToken(manager);
    at += 10 * 60_000 + 1;
    const refusals = [
      await useToken('x'.repeat(43)),
      await useToken(used.key),
      await useToken(late.key),
      await useToken(forParent.key, 'Parent'),
      await useToken(''),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refusals[0]!.json());
    }
    const fresh = await createToken(manager);
    expect((await useToken(fresh.key, 'Parent')).statusCode).toBe(401);
    expect((await useToken(fresh.key, 'Staff')).statusCode).toBe(200);
  });

  it('limits creating tokens per address (10 a minute)', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await createToken(manager, address);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/loginTokens',
      headers: { ...WRITE_HEADERS, cookie: manager },
      remoteAddress: address,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets one of several racing uses of a key through', async () => {
    const { key } = await createToken(manager);
    const results = await Promise.all([useToken(key), useToken(key), useToken(key)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses the token of an account disabled since', async () => {
    const cookie = await loginAs(t.app, DEMO.practitioner);
    const { key } = await createToken(cookie);
    await t.database.query(`update user_accounts set disabled = true where email = '${DEMO.practitioner}'`);
    try {
      const res = await useToken(key);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].extensions.code).toBe('err-invalid-login-token');
    } finally {
      await t.database.query(
        `update user_accounts set disabled = false where email = '${DEMO.practitioner}'`,
      );
    }
  });

  it('locks an address after the log-in limit of failures: 429 with Retry-After, in GraphQL’s error shape', async () => {
    const address = freshAddress();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await useToken(`guess-${i}-${'y'.repeat(30)}`, 'Staff', address)).statusCode).toBe(401);
    }
    const { key } = await createToken(manager);
    const locked = await useToken(key, 'Staff', address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      data: null,
      errors: [{ extensions: { code: 'err-too-many-attempts' } }],
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not locked, and the key was not spent by the refused attempt.
    expect((await useToken(key)).statusCode).toBe(200);
  });

  it('keeps every other document behind the session: another field, two fields, a fragment, a query, GET', async () => {
    const { key } = await createToken(manager);
    const documents = [
      '{ _version }',
      `mutation { loginWithToken(key: "${key}", role: Staff) { timeout } other: loginWithToken(key: "${key}", role: Staff) { timeout } }`,
      `mutation { ...F } fragment F on Mutation { loginWithToken(key: "${key}", role: Staff) { timeout } }`,
      `mutation a { loginWithToken(key: "${key}", role: Staff) { timeout } } mutation b { loginWithToken(key: "${key}", role: Staff) { timeout } }`,
      `query { loginWithToken(key: "${key}", role: Staff) { timeout } }`,
    ];
    for (const query of documents) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: WRITE_HEADERS,
        payload: { query },
      });
      expect(res.statusCode, query).toBe(401);
      expect(res.json().errors[0].extensions.code).toBe('err-not-logged-in');
    }
    const get = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(`mutation { loginWithToken(key: "${key}", role: Staff) { timeout } }`)}`,
    });
    expect(get.statusCode).toBe(401);
    // Without the CSRF header: refused before anything runs.
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: LOGIN, variables: { key, role: 'Staff' } },
    });
    expect(noHeader.statusCode).toBe(403);
    // The key is still unused after all that.
    expect((await useToken(key)).statusCode).toBe(200);
  });
});
