// Every failed log-in does the same password work (issue 26): an unknown e-mail, an account not yet
// activated (no password), a disabled account and a wrong password each run exactly one argon2
// verification, so the answer's time does not tell which e-mails have an account. The work is counted
// (a spy around @node-rs/argon2), not timed.
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { DEMO, describeEachDb, loginRequest, makeTestApp, type TestApp } from '../../test/harness.ts';
import { FAILED_LOGIN_ANSWER_MS } from './policy.ts';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify), hash: vi.fn(real.hash) };
});

const verifyCalls = () => vi.mocked(argon2.verify).mock.calls.length;

describeEachDb('log-in: the same work for every failure', (kind) => {
  let t: TestApp;
  let notActivated: string;
  let disabled: string;
  /** Every wait the log-in asked for (none is really waited). */
  const waits: number[] = [];
  beforeAll(async () => {
    // Waits of the account-wide slowdown are skipped: only the password work is counted.
    t = await makeTestApp(kind, {
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    const [pending] = await t.database.query<{ email: string }>(
      `select email from user_accounts where password_hash is null and email is not null and not disabled
       order by email limit 1`,
    );
    notActivated = pending!.email;
    await t.database.query(`update user_accounts set disabled = true where lower(email) = lower($1)`, [
      DEMO.practitioner,
    ]);
    disabled = DEMO.practitioner;
    // The dummy hash is made once per process, on the first failure: made before anything is counted.
    expect((await loginRequest(t.app, 'warm-up@example.org', 'x', '10.0.0.1')).statusCode).toBe(401);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    vi.mocked(argon2.verify).mockClear();
    vi.mocked(argon2.hash).mockClear();
    waits.length = 0;
  });

  const failures: [string, () => string][] = [
    ['an unknown e-mail', () => 'nobody-here@example.org'],
    ['an account not yet activated', () => notActivated],
    ['a disabled account (its right password)', () => disabled],
    ['a wrong password', () => DEMO.manager],
  ];
  it.each(failures)('%s: one argon2 verification, then the same 401', async (_what, email) => {
    const password = email() === disabled ? undefined : 'not-the-password';
    const res = await loginRequest(t.app, email(), password, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().err.code).toBe('err-invalid-login');
    expect(verifyCalls()).toBe(1);
    expect(vi.mocked(argon2.hash)).not.toHaveBeenCalled();
    // Then it answers on the failed log-in's beat: it waits out the rest of FAILED_LOGIN_ANSWER_MS.
    expect(waits.length).toBeGreaterThan(0);
    const last = waits.at(-1)!;
    expect(last).toBeGreaterThanOrEqual(0);
    expect(last).toBeLessThanOrEqual(FAILED_LOGIN_ANSWER_MS);
  });

  it('answers a successful log-in at once: only failures wait for the beat', async () => {
    const res = await loginRequest(t.app, DEMO.manager, undefined, '10.0.0.4');
    expect(res.statusCode).toBe(200);
    expect(waits).toEqual([]);
  });

  it("never lets in an account without a password with the dummy hash's own password", async () => {
    // The dummy is the hash of sha512Hex('unknown-account'): it matches, but the account has no password.
    const res = await loginRequest(t.app, notActivated, 'unknown-account', '10.0.0.3');
    expect(res.statusCode).toBe(401);
    expect(verifyCalls()).toBe(1);
  });
});
