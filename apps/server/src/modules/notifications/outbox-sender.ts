// The e-mail outbox's background sender: requests only insert email_outbox rows (notify.ts); a round
// (sendDueEmails: the job queue's 'email-outbox-round', modules/jobs, sent as soon as a row is queued
// and every minute for the retries) sends the due ones through a transport (SMTP when SMTP_URL is set,
// else the log without personal content) and retries a failure with backoff. It never runs inside a
// request, so a slow or down mail server never slows one.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { emailOutbox } from '../../db/schema/index.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one e-mail or throws. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log' | 'test';
  send(mail: OutgoingEmail): Promise<void>;
}

export interface SenderLog {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

/** Attempts before a row is left alone (its last_error stays for an operator). */
export const MAX_ATTEMPTS = 6;
/** Rows taken per round. */
export const BATCH = 20;

/** The wait before attempt n+1 after n failures: 1, 2, 4, 8, 16 minutes (capped at an hour). */
export const backoffMs = (failures: number) => Math.min(60, 2 ** Math.max(0, failures - 1)) * 60_000;

/** The log transport: records that an e-mail would have gone, without address, subject or text. */
export function logTransport(log: SenderLog, dropDir?: string): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      log.info({ transport: 'log' }, 'e-mail not sent: SMTP_URL is not set');
      // MAIL_DROP_DIR (development and e2e only, issue 30): the whole e-mail as a file, so an invitation
      // or a reset link can be followed without a mail server. Never set in production.
      if (dropDir) {
        await mkdir(dropDir, { recursive: true });
        const name = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
        await writeFile(path.join(dropDir, name), JSON.stringify(mail));
      }
    },
  };
}

/** SMTP through nodemailer (loaded only here, so no other bundle carries it). */
export async function smtpTransport(url: string, from: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** A claimed row: the outbox's columns the send needs (the claim's `returning`, named as the table's). */
type Row = Pick<
  typeof emailOutbox.$inferSelect,
  'providerId' | 'id' | 'to' | 'subject' | 'body' | 'attempts'
> &
  Record<string, unknown>;

/** How long a claimed row is hidden from other rounds while it is being sent. */
const CLAIM_MS = 5 * 60_000;

/**
 * One round: the due unsent rows (oldest first) are claimed in one short statement (their next
 * attempt moved past the send, `skip locked` so two servers on one PostgreSQL never take the same
 * row), then sent with no transaction open (a slow mail server holds no lock and no connection),
 * each marked sent or its failure counted with the next attempt put off.
 */
export async function sendDueEmails(
  db: Db,
  transport: MailTransport,
  now: Date,
  log?: SenderLog,
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const claimed = await db.execute<Row>(sql`
    update email_outbox o set next_attempt_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    from (select provider_id, id from email_outbox
          where sent_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
            and attempts < ${MAX_ATTEMPTS}
          order by next_attempt_at, id
          limit ${BATCH}
          for update skip locked) due
    where o.provider_id = due.provider_id and o.id = due.id
    returning o.provider_id as "providerId", o.id, o."to", o.subject, o.body, o.attempts`);
  for (const row of [...claimed.rows].sort((a, b) => a.id - b.id)) {
    try {
      await transport.send({ to: row.to, subject: row.subject, text: row.body });
      await db.execute(sql`
        update email_outbox set sent_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1,
               last_error = null
        where provider_id = ${row.providerId} and id = ${row.id}`);
      result.sent++;
    } catch (err) {
      const failures = row.attempts + 1;
      // The error's message only: never the address or the text.
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db.execute(sql`
        update email_outbox set attempts = ${failures}, last_error = ${message},
               next_attempt_at = ${new Date(now.getTime() + backoffMs(failures)).toISOString()}::timestamptz
        where provider_id = ${row.providerId} and id = ${row.id}`);
      log?.warn({ outboxId: row.id, providerId: row.providerId, attempts: failures }, 'e-mail send failed');
      result.failed++;
    }
  }
  return result;
}
