// The invitation e-mail end to end (issue 29): a real SMTP server in process (smtp-server on an
// ephemeral port), the outbox sender with the SMTP transport pointed at it, and the message that
// arrived read back with mailparser: recipient, subject, and the activation link whose code is the one
// the new login holds (stored as its SHA-256).
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { sendDueEmails, smtpTransport } from '../notifications/outbox-sender.ts';

interface Arrived {
  to: string;
  subject: string;
  text: string;
}

describeEachDb('invitation e-mail through SMTP', (kind) => {
  let t: TestApp;
  let server: SMTPServer;
  let port: number;
  const arrived: Arrived[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
            arrived.push({
              to: to?.value[0]?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    t = await makeTestApp(kind, { mail: { smtp: true, publicUrl: 'https://nursery.example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('adds a member, sends the outbox through SMTP, and the invitation arrives with the account’s code', async () => {
    const manager = await loginAs(t.app, DEMO.manager);
    const headers = { ...WRITE_HEADERS, cookie: manager };
    const options = (await t.app.inject({ url: '/api/v1/settings/staff-options', headers })).json() as {
      sites: { id: number }[];
      roles: { id: number; name: string }[];
    };
    const email = 'new.starter@example.org';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/staff',
      headers,
      payload: {
        forename: 'Nia',
        surname: 'Starter',
        email,
        siteID: options.sites[0]!.id,
        roleIDs: [options.roles.find((r) => r.name === 'Practitioner')!.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    const transport = await smtpTransport(`smtp://127.0.0.1:${port}`, 'Nursery <no-reply@example.com>');
    const result = await sendDueEmails(t.database.db, transport, new Date());
    expect(result.failed).toBe(0);
    const mail = arrived.find((m) => m.to === email);
    expect(mail, 'the invitation arrived').toBeDefined();
    expect(mail!.subject).toMatch(/^You are invited to /);
    const link = /https:\/\/nursery\.example\.com\/#\/activate\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    const [account] = await t.database.query<{ activation_code: string }>(
      `select activation_code from user_accounts where email = '${email}'`,
    );
    expect(account!.activation_code).toBe(createHash('sha256').update(link![1]!).digest('hex'));

    // The outbox view shows it sent, without its text.
    const outbox = await t.app.inject({ url: '/api/v1/settings/email-outbox', headers });
    const page = outbox.json() as { delivery: string; messages: { to: string; status: string }[] };
    expect(page.delivery).toBe('smtp');
    expect(page.messages.find((m) => m.to === email)?.status).toBe('sent');
    expect(outbox.body).not.toContain(link![1]!);
  });
});
