// The e-mail outbox: rows a request inserted are sent later by the background sender through a
// transport (a fake SMTP transport here), marked sent, or retried with backoff until the limit.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DEMO, describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import {
  BATCH,
  backoffMs,
  logTransport,
  MAX_ATTEMPTS,
  type MailTransport,
  type OutgoingEmail,
  sendDueEmails,
} from './outbox-sender.ts';

/** A fake SMTP server: records what it is given, or fails while `failing` is set. */
function fakeSmtp() {
  const sent: OutgoingEmail[] = [];
  const transport: MailTransport & { failing: boolean; sent: OutgoingEmail[] } = {
    kind: 'test',
    failing: false,
    sent,
    async send(mail) {
      if (transport.failing) throw new Error('421 service not available');
      sent.push(mail);
    },
  };
  return transport;
}

describeEachDb('e-mail outbox sender', (kind) => {
  let t: TestApp;
  let user: { provider_id: number; id: number };
  const q = <T>(text: string) => t.database.query<T>(text);
  const t0 = new Date('2026-11-20T10:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [user] = (await q<{ provider_id: number; id: number }>(
      `select provider_id, id from user_accounts where lower(email) = '${DEMO.manager}'`,
    )) as [{ provider_id: number; id: number }];
  });
  beforeEach(async () => {
    await q('delete from email_outbox');
  });
  afterAll(() => t.close());

  const queue = (subject: string, created = t0) =>
    q(
      `insert into email_outbox (provider_id, user_id, "to", subject, body, created, next_attempt_at)
       values (${user.provider_id}, ${user.id}, '${DEMO.manager}', '${subject}', 'Body of ${subject}',
               '${created.toISOString()}', '${created.toISOString()}')`,
    );
  const rows = () =>
    q<{
      subject: string;
      sent_at: Date | null;
      attempts: number;
      last_error: string | null;
      next_attempt_at: Date;
    }>('select subject, sent_at, attempts, last_error, next_attempt_at from email_outbox order by id');

  it('sends the due rows in order through the transport and marks them sent, once', async () => {
    await queue('First');
    await queue('Second');
    await queue('Later', at(60_000));
    const smtp = fakeSmtp();
    expect(await sendDueEmails(t.database.db, smtp, t0)).toEqual({ sent: 2, failed: 0 });
    expect(smtp.sent).toEqual([
      { to: DEMO.manager, subject: 'First', text: 'Body of First' },
      { to: DEMO.manager, subject: 'Second', text: 'Body of Second' },
    ]);
    const [first, , later] = await rows();
    expect(new Date(first!.sent_at!).getTime()).toBe(t0.getTime());
    expect(first!.attempts).toBe(1);
    expect(later!.sent_at).toBeNull();
    // Nothing is sent twice; the later row goes when it is due.
    expect(await sendDueEmails(t.database.db, smtp, at(60_000))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.sent.map((m) => m.subject)).toEqual(['First', 'Second', 'Later']);
  });

  it('retries a failure with growing waits, keeps the error, and gives up after the limit', async () => {
    await queue('Flaky');
    const smtp = fakeSmtp();
    smtp.failing = true;
    expect(await sendDueEmails(t.database.db, smtp, t0)).toEqual({ sent: 0, failed: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, last_error: '421 service not available', sent_at: null });
    expect(new Date(row!.next_attempt_at).getTime()).toBe(t0.getTime() + backoffMs(1));
    // Not retried before its time.
    expect(await sendDueEmails(t.database.db, smtp, at(backoffMs(1) - 1))).toEqual({ sent: 0, failed: 0 });
    expect(backoffMs(2)).toBeGreaterThan(backoffMs(1));
    let now = t0.getTime();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      now += backoffMs(attempt);
      expect(await sendDueEmails(t.database.db, smtp, new Date(now))).toEqual({ sent: 0, failed: 1 });
    }
    [row] = await rows();
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    smtp.failing = false;
    expect(await sendDueEmails(t.database.db, smtp, new Date(now + 10 * 3_600_000))).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it('recovers: a row that failed once is sent on its next attempt', async () => {
    await queue('Second try');
    const smtp = fakeSmtp();
    smtp.failing = true;
    await sendDueEmails(t.database.db, smtp, t0);
    smtp.failing = false;
    expect(await sendDueEmails(t.database.db, smtp, at(backoffMs(1)))).toEqual({ sent: 1, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 2, last_error: null });
  });

  it('takes at most a batch per round', async () => {
    for (let i = 0; i < BATCH + 3; i++) await queue(`Bulk ${i}`);
    const smtp = fakeSmtp();
    expect((await sendDueEmails(t.database.db, smtp, t0)).sent).toBe(BATCH);
    expect((await sendDueEmails(t.database.db, smtp, t0)).sent).toBe(3);
  });

  it('without SMTP_URL, logs that an e-mail was not sent, with no address, subject or text', async () => {
    await queue('Private subject');
    const lines: unknown[] = [];
    const log = {
      info: (f: unknown, m: string) => lines.push([f, m]),
      warn: (f: unknown, m: string) => lines.push([f, m]),
    };
    expect(await sendDueEmails(t.database.db, logTransport(log), t0, log)).toEqual({ sent: 1, failed: 0 });
    expect(lines).toHaveLength(1);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(DEMO.manager);
    expect(text).not.toContain('Private subject');
    expect(text).toContain('SMTP_URL');
  });
});
