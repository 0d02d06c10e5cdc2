import { Writable } from 'node:stream';
import { LOGIN_MAX_FAILURES } from '@nursery/domain/common';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOG_REDACT, LOG_SERIALIZERS } from '../../app.ts';
import {
  DEMO,
  DEMO_PASSWORD,
  describeEachDb,
  loginRequest,
  makeTestApp,
  sessionCookie,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { sha512Hex } from '../auth/index.ts';

const NEW_PASSWORD = 'Tq8#mZ2p-garden';
let nextAddress = 1;
/** Each check from its own address, so the per-IP limits of one do not reach the next. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

describeEachDb('account-security', (kind) => {
  let t: TestApp;
  /** Everything the app logged, as text (the secrets must never be in it). */
  let logged = '';

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const logger = pino({ level: 'trace', redact: LOG_REDACT, serializers: LOG_SERIALIZERS }, sink);
    t = await makeTestApp(kind, { logger });
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload?: unknown, address = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...WRITE_HEADERS, cookie },
      payload: payload as never,
      remoteAddress: address,
    });
  const config = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/config', headers: { cookie } });

  /** A member of staff of the demo with the demo password (an invited account made active), used once. */
  const used: number[] = [0];
  async function member() {
    const rows = await t.database.query<{ id: number; email: string }>(
      `select ua.id, ua.email from user_accounts ua
         join staff s on s.provider_id = ua.provider_id and s.person_id = ua.person_id
        where ua.password_hash is null and not ua.disabled and ua.id not in (${used.join(',')}) order by ua.id limit 1`,
    );
    const account = rows[0]!;
    used.push(account.id);
    await t.database.query(
      `update user_accounts set activated_at = now(),
         password_hash = (select password_hash from user_accounts where email = '${DEMO.manager}')
       where id = ${account.id}`,
    );
    const signIn = async (password = DEMO_PASSWORD) => {
      const res = await loginRequest(t.app, account.email, password);
      expect(res.statusCode, res.body).toBe(200);
      return sessionCookie(res);
    };
    return { ...account, signIn };
  }

  const passwordChange = (oldPassword: string, password: string) => ({
    oldPassword: sha512Hex(oldPassword),
    password: sha512Hex(password),
  });

  it('changes the password: this session stays, every other one ends, the old password stops working', async () => {
    const m = await member();
    const here = await m.signIn();
    const elsewhere = await m.signIn();
    const res = await post('/api/v1/account/password', here, passwordChange(DEMO_PASSWORD, NEW_PASSWORD));
    expect(res.statusCode, res.body).toBe(204);
    expect((await config(here)).statusCode).toBe(200);
    const ended = await config(elsewhere);
    expect(ended.statusCode).toBe(401);
    expect((await loginRequest(t.app, m.email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await loginRequest(t.app, m.email, NEW_PASSWORD)).statusCode).toBe(200);
    const audit = await t.database.query<{ details: unknown }>(
      `select details from audit_log where action = 'password-changed' and entity_id = '${m.id}'`,
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(sha512Hex(NEW_PASSWORD));
  });

  it('refuses a wrong current password (a failed log-in), the same password, and a password that is not a hash', async () => {
    const m = await member();
    const cookie = await m.signIn();
    const wrong = await post('/api/v1/account/password', cookie, passwordChange('not-it', NEW_PASSWORD));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().err.code).toBe('err-current-password-incorrect');
    const failures = await t.database.query<{ n: number }>(
      `select count(*)::int as n from login_failures where user_id = ${m.id}`,
    );
    expect(failures[0]!.n).toBe(1);

    const same = await post('/api/v1/account/password', cookie, passwordChange(DEMO_PASSWORD, DEMO_PASSWORD));
    expect(same.statusCode).toBe(400);
    expect(same.json().err.code).toBe('old-password-is-the-same-as-new-password');
    const plain = await post('/api/v1/account/password', cookie, {
      oldPassword: sha512Hex(DEMO_PASSWORD),
      password: NEW_PASSWORD,
    });
    expect(plain.statusCode).toBe(400);
    // Nothing changed: the demo password still signs in.
    expect((await loginRequest(t.app, m.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('locks the current password per account and address as log-in does (429 with Retry-After), the right one too', async () => {
    const m = await member();
    const cookie = await m.signIn();
    const address = freshAddress();
    await t.database.query(
      `insert into login_failures (provider_id, user_id, address, failed_at)
       select provider_id, id, '${address}', now() from user_accounts, generate_series(1, ${LOGIN_MAX_FAILURES})
        where id = ${m.id}`,
    );
    const locked = await post(
      '/api/v1/account/password',
      cookie,
      passwordChange(DEMO_PASSWORD, NEW_PASSWORD),
      address,
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().err.code).toBe('err-too-many-attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const question = await post(
      '/api/v1/account/security-question',
      cookie,
      { question: 'First pet', answer: sha512Hex('rex'), password: sha512Hex(DEMO_PASSWORD) },
      address,
    );
    expect(question.statusCode).toBe(429);
    const elsewhere = await post(
      '/api/v1/account/password',
      cookie,
      passwordChange(DEMO_PASSWORD, NEW_PASSWORD),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(204);
  });

  it('limits each call per address (10 a minute): 429 with Retry-After', async () => {
    const m = await member();
    const cookie = await m.signIn();
    for (const [url, body] of [
      ['/api/v1/account/password', passwordChange('same', 'same')],
      [
        '/api/v1/account/security-question',
        { question: 'Q', answer: sha512Hex(''), password: sha512Hex('x') },
      ],
    ] as const) {
      const address = freshAddress();
      let last: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i < 11; i++) last = await post(url, cookie, body, address);
      expect(last!.statusCode, url).toBe(429);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Log out everywhere ends the session it is sent with: each of the 11 with a session of its own.
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const login = await loginRequest(t.app, m.email, DEMO_PASSWORD, freshAddress());
      statuses.push(
        (await post('/api/v1/logout/everywhere', sessionCookie(login), undefined, address)).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(204), 429]);
  });

  const questionBody = (question: string, answer: string, password = DEMO_PASSWORD) => ({
    question,
    answer: sha512Hex(answer.trim().toLowerCase()),
    password: sha512Hex(password),
  });

  it('sets the security question as activation stores it: the reset by question then asks it and takes its answer', async () => {
    const m = await member();
    const cookie = await m.signIn();
    expect((await config(cookie)).json().me.hasSecurityQuestion).toBe(false);
    const res = await post(
      '/api/v1/account/security-question',
      cookie,
      questionBody('  Favourite tree  ', ' Oak '),
    );
    expect(res.statusCode, res.body).toBe(204);
    expect((await config(cookie)).json().me.hasSecurityQuestion).toBe(true);

    const step1 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/resetPassword?email=${encodeURIComponent(m.email)}`,
      remoteAddress: freshAddress(),
    });
    expect(step1.json()).toEqual({ question: 'Favourite tree' });
    const [row] = await t.database.query<{ security_answer_hash: string }>(
      `select security_answer_hash from user_accounts where id = ${m.id}`,
    );
    expect(row!.security_answer_hash).toMatch(/^\$argon2id\$/);
    const step2 = await t.app.inject({
      method: 'POST',
      url: '/api/v2/resetPassword',
      headers: WRITE_HEADERS,
      remoteAddress: freshAddress(),
      payload: {
        email: m.email,
        answer: sha512Hex('oak'),
        password: sha512Hex(NEW_PASSWORD),
        confirmPassword: sha512Hex(NEW_PASSWORD),
      },
    });
    expect(step2.statusCode, step2.body).toBe(204);
    expect((await loginRequest(t.app, m.email, NEW_PASSWORD)).statusCode).toBe(200);
    const audit = await t.database.query(
      `select details from audit_log where action = 'security-question-changed' and entity_id = '${m.id}'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses an empty answer (err-invalid-security-answer), a question over 50 or empty, and a wrong password', async () => {
    const m = await member();
    const cookie = await m.signIn();
    const empty = await post('/api/v1/account/security-question', cookie, questionBody('First pet', '   '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().err.code).toBe('err-invalid-security-answer');
    for (const question of ['q'.repeat(51), '   ']) {
      const res = await post('/api/v1/account/security-question', cookie, questionBody(question, 'rex'));
      expect(res.statusCode, question).toBe(400);
    }
    const wrong = await post(
      '/api/v1/account/security-question',
      cookie,
      questionBody('First pet', 'rex', 'nope'),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().err.code).toBe('err-current-password-incorrect');
    expect((await config(cookie)).json().me.hasSecurityQuestion).toBe(false);
  });

  it('logs out of every device: every session of the user ends, this one too; other users stay signed in', async () => {
    const m = await member();
    const here = await m.signIn();
    const elsewhere = await m.signIn();
    const someoneElse = await (await member()).signIn();
    const res = await post('/api/v1/logout/everywhere', here);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === 'nursery_sid')?.value).toBe('');
    expect(res.headers['clear-site-data']).toBe('"cache"');
    expect((await config(here)).statusCode).toBe(401);
    expect((await config(elsewhere)).statusCode).toBe(401);
    expect((await config(someoneElse)).statusCode).toBe(200);
    const again = await post('/api/v1/logout/everywhere', here);
    expect(again.statusCode).toBe(401);
  });

  it('needs a staff session: 401 without one', async () => {
    for (const url of [
      '/api/v1/account/password',
      '/api/v1/account/security-question',
      '/api/v1/logout/everywhere',
    ]) {
      const res = await post(url, '', passwordChange('a', 'b'));
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('never logs a password or an answer, and redacts them where a body is logged', async () => {
    const secrets = [sha512Hex(DEMO_PASSWORD), sha512Hex(NEW_PASSWORD), sha512Hex('oak'), sha512Hex('rex')];
    expect(logged).not.toBe('');
    for (const secret of secrets) expect(logged).not.toContain(secret);
    let line = '';
    const probe = pino(
      { redact: LOG_REDACT },
      new Writable({
        write(chunk, _e, done) {
          line += String(chunk);
          done();
        },
      }),
    );
    probe.info({ body: { oldPassword: 'old-secret', password: 'new-secret', answer: 'answer-secret' } });
    expect(line).not.toMatch(/old-secret|new-secret|answer-secret/);
  });
});
