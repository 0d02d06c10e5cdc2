// A member's invitation (issue 29): a new activation code per send, stored only as its SHA-256 (the
// activation screen looks the code up by its hash), valid INVITATION_DAYS days, single-use (activation
// clears it), and an e-mail with the link queued in the outbox in the caller's transaction. A resend
// replaces the stored hash, so the previous link stops working at once. The code appears only in the
// queued e-mail's text: never in an answer, the audit trail or a log.
import { randomBytes } from 'node:crypto';
import {
  ACTIVATION_CODE_BYTES,
  activationLink,
  INVITATION_DAYS,
  invitationExpiry,
} from '@nursery/domain/settings';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userAccounts } from '../../db/schema/index.ts';
import { hashToken } from '../../plugins/auth.ts';
import { insertEmails } from '../notifications/index.ts';
import { providerName } from './queries.ts';

/** 256 random bits as base64url (43 characters). */
export const newActivationCode = () => randomBytes(ACTIVATION_CODE_BYTES).toString('base64url');

/** What activation_code holds for a code: its SHA-256 hex (as session ids are kept). */
export const storedActivationCode = (code: string) => hashToken(code);

export interface Invitee {
  providerId: number;
  userId: number;
  email: string;
  forename: string;
}

export function invitationEmail(opts: { provider: string; forename: string; link: string; expires: Date }) {
  const until = opts.expires.toISOString().slice(0, 10).split('-').reverse().join('/');
  return {
    subject: `You are invited to ${opts.provider || 'the nursery app'}`,
    body: [
      `Hello ${opts.forename},`,
      '',
      `You have been added as a member of staff at ${opts.provider || 'the nursery'}.`,
      'To set your password and start using the app, open this link:',
      '',
      opts.link,
      '',
      `The link works once and expires on ${until} (${INVITATION_DAYS} days).`,
      'If you were not expecting this e-mail, you can ignore it.',
    ].join('\n'),
  };
}

/** Gives the login a new code and queues the e-mail carrying it; answers when it was sent. */
export async function sendInvitation(tx: Db, invitee: Invitee, origin: string, now: Date) {
  const code = newActivationCode();
  const expires = invitationExpiry(now);
  await tx
    .update(userAccounts)
    .set({ activationCode: storedActivationCode(code), invitedAt: now, activationExpiresAt: expires })
    .where(and(eq(userAccounts.providerId, invitee.providerId), eq(userAccounts.id, invitee.userId)));
  const mail = invitationEmail({
    provider: await providerName(tx, invitee.providerId),
    forename: invitee.forename,
    link: activationLink(origin, code),
    expires,
  });
  await insertEmails(tx, [
    {
      providerId: invitee.providerId,
      userId: invitee.userId,
      to: invitee.email,
      subject: mail.subject,
      body: mail.body,
      created: now,
      nextAttemptAt: now,
    },
  ]);
  return { sentAt: now, expiresAt: expires };
}
