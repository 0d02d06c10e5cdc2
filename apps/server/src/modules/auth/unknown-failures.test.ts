import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { UnknownEmailFailures } from './unknown-failures.ts';

describeEachDb('failures with no account (login_unknown_failures)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(kind);
  });
  afterAll(() => t.close());
  const now = new Date('2026-03-02T10:00:00Z');

  it('counts unknown e-mails per address and overall, inside the window only', async () => {
    const f = new UnknownEmailFailures(t.database.db, 'login');
    for (let i = 0; i < 3; i++) await f.record('x@example.org', '10.0.0.1', now);
    await f.record('x@example.org', '10.0.0.2', now);
    expect(await f.counts('x@example.org', '10.0.0.1', now)).toEqual({
      account: 4,
      address: { count: 3, oldest: now },
    });
    const later = new Date(now.getTime() + 16 * 60_000);
    expect((await f.counts('x@example.org', '10.0.0.1', later)).account).toBe(0);
  });

  it('keeps scopes apart, stores no e-mail, and prunes rows past the window as new ones come', async () => {
    const login = new UnknownEmailFailures(t.database.db, 'login');
    const reset = new UnknownEmailFailures(t.database.db, 'reset');
    await reset.record('y@example.org', '10.0.0.1', now);
    expect((await login.counts('y@example.org', '10.0.0.1', now)).account).toBe(0);
    expect((await reset.counts('y@example.org', '10.0.0.1', now)).account).toBe(1);
    const stored = await t.database.query<{ key_hash: string }>(
      'select key_hash from login_unknown_failures',
    );
    expect(JSON.stringify(stored)).not.toContain('example.org');
    await login.record('z@example.org', '10.0.0.3', new Date(now.getTime() + 16 * 60_000));
    const [{ n }] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from login_unknown_failures',
    );
    expect(n).toBe(1);
  });
});
