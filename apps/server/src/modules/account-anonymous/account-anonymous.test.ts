import { createHash } from 'node:crypto';
import { LOGIN_MAX_FAILURES } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginRequest,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { sha512Hex } from '../auth/index.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const DAY = 86_400_000;
const NEW_PASSWORD = 'Tq8#mZ2p-garden';
let nextAddress = 1;
/** Each check from its own address, so the per-IP limits of one do not reach the next. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

describeEachDb('account-anonymous', (kind) => {
  let t: TestApp;
  let at = Date.now();
  const now = () => new Date(at);

  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, address = freshAddress()) =>
    t.app.inject({ method, url, headers: WRITE_HEADERS, payload: payload as never, remoteAddress: address });

  /** An invited, not yet activated member of staff with a known code (as issue 29's invitation stores it). */
  const used: number[] = [0];
  async function invited(expiresInMs = 7 * DAY) {
    const rows = await t.database.query<{ id: number; email: string }>(
      `select ua.id, ua.email from user_accounts ua
         join staff s on s.provider_id = ua.provider_id and s.person_id = ua.person_id
        where ua.password_hash is null and not ua.disabled and ua.id not in (${used.join(',')}) order by ua.id limit 1`,
    );
    const account = rows[0]!;
    used.push(account.id);
    const code = `code-${account.id}-${'x'.repeat(40)}`;
    await t.database.query(
      `update user_accounts set activation_code = '${sha256(code)}', activated_at = null,
         activation_expires_at = '${new Date(at + expiresInMs).toISOString()}' where id = ${account.id}`,
    );
    return { ...account, code };
  }

  const activation = (code: string, password = NEW_PASSWORD) => ({
    code,
    password: sha512Hex(password),
    passwordIsHashed: true,
    question: '  First pet  ',
    answer: sha512Hex('fluffy'),
  });

  beforeAll(async () => {
    t = await makeTestApp(kind, { clock: { now }, mail: { smtp: false, publicUrl: 'http://nursery.test' } });
  });
  afterAll(() => t.close());

  it('answers the e-mail and nursery of a valid code; the same 404 for an unknown, used or expired one', async () => {
    const member = await invited();
    const ok = await inject('GET', `/api/v1/activate?code=${member.code}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: member.email, provider: 'Demo Nursery Group' });

    const unknown = await inject('GET', `/api/v1/activate?code=${'y'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().err.code).toBe('err-invalid-activation-code');

    const expired = await invited(-1000);
    const late = await inject('GET', `/api/v1/activate?code=${expired.code}`);
    expect(late.json()).toEqual(unknown.json());
    const lateActivation = await inject('POST', '/api/v1/activate', activation(expired.code));
    expect(lateActivation.statusCode).toBe(404);
    expect(lateActivation.json()).toEqual(unknown.json());
  });

  it('activates once: password, question and hashed answer set, the code cleared, then signed in as login does', async () => {
    const member = await invited();
    // As #/settings/staff adds a member: the home site in staff.site_id only, no staff_sites row for it.
    await t.database.query(
      `delete from staff_sites ss using staff s, user_accounts ua
        where ua.id = ${member.id} and s.provider_id = ua.provider_id and s.person_id = ua.person_id
          and ss.provider_id = s.provider_id and ss.staff_id = s.id`,
    );
    const res = await inject('POST', '/api/v1/activate', activation(member.code));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: member.email });
    const cookie = res.cookies.find((c) => c.name === 'nursery_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { cookie: `nursery_sid=${cookie!.value}` },
    });
    expect(config.statusCode).toBe(200);
    // Signed in at their home site (no "No site").
    expect(Object.keys(config.json().sitesByID)).toHaveLength(1);
    expect(config.json().siteID).toEqual(expect.any(Number));

    const [row] = await t.database.query<Record<string, unknown>>(
      `select password_hash, security_question, security_answer_hash, activated_at, activation_code
         from user_accounts where id = ${member.id}`,
    );
    expect(row).toMatchObject({ security_question: 'First pet', activation_code: null });
    expect(row!.activated_at).not.toBeNull();
    expect(String(row!.security_answer_hash)).toMatch(/^\$argon2id\$/);
    expect(String(row!.password_hash)).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(sha512Hex('fluffy'));

    const again = await inject('POST', '/api/v1/activate', activation(member.code));
    expect(again.statusCode).toBe(404);
    expect(again.json().err.code).toBe('err-invalid-activation-code');
    expect((await inject('GET', `/api/v1/activate?code=${member.code}`)).statusCode).toBe(404);
    expect((await loginRequest(t.app, member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses bad input with 400: a short code, a plain password, a long or empty question', async () => {
    const member = await invited();
    const bad = [
      { ...activation(member.code), code: 'short' },
      { ...activation(member.code), password: NEW_PASSWORD },
      { ...activation(member.code), passwordIsHashed: false },
      { ...activation(member.code), question: 'q'.repeat(51) },
      { ...activation(member.code), question: '   ' },
      { ...activation(member.code), answer: 'fluffy' },
    ];
    for (const body of bad) {
      const res = await inject('POST', '/api/v1/activate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await inject('GET', '/api/v1/activate')).statusCode).toBe(400);
    expect((await inject('GET', '/api/v1/resetPassword?email=not-an-email')).statusCode).toBe(400);
    // Still unused after all that.
    expect((await inject('GET', `/api/v1/activate?code=${member.code}`)).statusCode).toBe(200);
  });

  it('limits activation attempts per address: 429 with Retry-After', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof inject>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await inject('POST', '/api/v1/activate', activation('z'.repeat(43)), address);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  /** An activated member with the question 'First pet' answered 'fluffy'. */
  async function activatedMember() {
    const member = await invited();
    const res = await inject('POST', '/api/v1/activate', activation(member.code));
    expect(res.statusCode, res.body).toBe(200);
    return member;
  }

  it('step 1 answers the question; an unknown e-mail and an account without one the same err-no-security-question', async () => {
    const member = await activatedMember();
    const ok = await inject(
      'GET',
      `/api/v1/resetPassword?email=${encodeURIComponent(member.email.toUpperCase())}`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ question: 'First pet' });
    const unknown = await inject('GET', '/api/v1/resetPassword?email=nobody%40example.org');
    // The demo practitioner has a question but no answer set: no reset by question.
    const noAnswer = await inject(
      'GET',
      `/api/v1/resetPassword?email=${encodeURIComponent(DEMO.practitioner)}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().err.code).toBe('err-no-security-question');
    expect(noAnswer.statusCode).toBe(404);
    expect(noAnswer.json()).toEqual(unknown.json());
  });

  const resetBody = (email: string, answer: string, password = 'Another#Pass-42', confirm = password) => ({
    email,
    question: 'First pet',
    answer: sha512Hex(answer),
    password: sha512Hex(password),
    confirmPassword: sha512Hex(confirm),
  });

  it('step 2: a wrong answer is err-secret-answer-wrong (also for an unknown e-mail); the right one sets the password and ends every session', async () => {
    const member = await activatedMember();
    const login = await loginRequest(t.app, member.email, NEW_PASSWORD);
    const cookie = login.cookies.find((c) => c.name === 'nursery_sid')!;

    const wrong = await inject('POST', '/api/v2/resetPassword', resetBody(member.email, 'rex'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().err.code).toBe('err-secret-answer-wrong');
    const unknown = await inject('POST', '/api/v2/resetPassword', resetBody('nobody@example.org', 'rex'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    const mismatch = await inject(
      'POST',
      '/api/v2/resetPassword',
      resetBody(member.email, 'fluffy', 'Another#Pass-42', 'Another#Pass-43'),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().err.code).toBe('new-password-does-not-match-confirmation');

    const ok = await inject(
      'POST',
      '/api/v2/resetPassword',
      resetBody(member.email, ' Fluffy '.trim().toLowerCase()),
    );
    expect(ok.statusCode, ok.body).toBe(204);
    const ended = await t.app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { cookie: `nursery_sid=${cookie.value}` },
    });
    expect(ended.statusCode).toBe(401);
    expect((await loginRequest(t.app, member.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await loginRequest(t.app, member.email, 'Another#Pass-42')).statusCode).toBe(200);
    const audit = await t.database.query<{ details: unknown }>(
      `select details from audit_log where action = 'password-reset' and entity_id = '${member.id}'`,
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(sha512Hex('fluffy'));
  });

  it('locks wrong answers per account and address as log-in does (429 with Retry-After), the right answer too', async () => {
    const member = await activatedMember();
    const address = freshAddress();
    const wrong = await inject('POST', '/api/v2/resetPassword', resetBody(member.email, 'rex'), address);
    expect(wrong.statusCode).toBe(400);
    // The rest of the window's failures from that address (the route's per-IP limit would come first).
    await t.database.query(
      `insert into login_failures (provider_id, user_id, address, failed_at)
       select provider_id, id, '${address}', '${now().toISOString()}' from user_accounts, generate_series(1, ${LOGIN_MAX_FAILURES - 1})
        where id = ${member.id}`,
    );
    const locked = await inject('POST', '/api/v2/resetPassword', resetBody(member.email, 'fluffy'), address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().err.code).toBe('err-too-many-attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await inject('POST', '/api/v2/resetPassword', resetBody(member.email, 'fluffy'));
    expect(elsewhere.statusCode, elsewhere.body).toBe(204);
  });

  it('e-mails a single-use reset link (1 hour) to an activated account; the same 204 for any e-mail', async () => {
    const member = await activatedMember();
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from email_outbox');
    const known = await inject('POST', '/api/v1/resetPassword/link', { email: member.email });
    const unknown = await inject('POST', '/api/v1/resetPassword/link', { email: 'nobody@example.org' });
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe(unknown.body);
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from email_outbox');
    expect(after[0]!.n - before[0]!.n).toBe(1);
    const [mail] = await t.database.query<{ subject: string; body: string }>(
      `select subject, body from email_outbox where "to" = '${member.email}' order by id desc limit 1`,
    );
    const code = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expect(mail!.body).toContain(`http://nursery.test/#/reset-password/${code}`);
    const [row] = await t.database.query<{ reset_code: string; reset_expires_at: Date }>(
      `select reset_code, reset_expires_at from user_accounts where id = ${member.id}`,
    );
    expect(row!.reset_code).toBe(sha256(code));
    expect(new Date(row!.reset_expires_at).getTime() - at).toBe(60 * 60_000);

    const login = await loginRequest(t.app, member.email, NEW_PASSWORD);
    const cookie = login.cookies.find((c) => c.name === 'nursery_sid')!;
    const body = { code, password: sha512Hex('Link#Pass-77'), confirmPassword: sha512Hex('Link#Pass-77') };
    const mismatch = await inject('POST', '/api/v1/resetPassword/code', {
      ...body,
      confirmPassword: sha512Hex('x'),
    });
    expect(mismatch.statusCode).toBe(400);
    const ok = await inject('POST', '/api/v1/resetPassword/code', body);
    expect(ok.statusCode, ok.body).toBe(204);
    const ended = await t.app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { cookie: `nursery_sid=${cookie.value}` },
    });
    expect(ended.statusCode).toBe(401);
    expect((await loginRequest(t.app, member.email, 'Link#Pass-77')).statusCode).toBe(200);
    const twice = await inject('POST', '/api/v1/resetPassword/code', body);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().err.code).toBe('err-invalid-reset-code');
  });

  it('an expired reset link is refused; an account not yet activated gets no link', async () => {
    const member = await activatedMember();
    await inject('POST', '/api/v1/resetPassword/link', { email: member.email });
    const [mail] = await t.database.query<{ body: string }>(
      `select body from email_outbox where "to" = '${member.email}' order by id desc limit 1`,
    );
    const code = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    at += 61 * 60_000;
    const late = await inject('POST', '/api/v1/resetPassword/code', {
      code,
      password: sha512Hex('Link#Pass-78'),
      confirmPassword: sha512Hex('Link#Pass-78'),
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().err.code).toBe('err-invalid-reset-code');

    const pending = await invited();
    const before = await t.database.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where "to" = '${pending.email}'`,
    );
    expect((await inject('POST', '/api/v1/resetPassword/link', { email: pending.email })).statusCode).toBe(
      204,
    );
    const after = await t.database.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where "to" = '${pending.email}'`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limits reset link requests per address (5 a minute)', async () => {
    const address = freshAddress();
    let last: Awaited<ReturnType<typeof inject>> | undefined;
    for (let i = 0; i < 6; i++)
      last = await inject('POST', '/api/v1/resetPassword/link', { email: `x${i}@example.org` }, address);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps codes out of the logged URL', async () => {
    const { LOG_SERIALIZERS } = await import('../../app.ts');
    const logged = LOG_SERIALIZERS.req({ method: 'GET', url: '/api/v1/activate?code=secret123&x=1' });
    expect(logged.url).toBe('/api/v1/activate?code=[redacted]&x=1');
  });
});
