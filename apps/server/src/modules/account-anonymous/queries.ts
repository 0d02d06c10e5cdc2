// SQL of the anonymous account calls (issue 30). Accounts are found across providers by a code's hash
// or by e-mail (both unique among accounts); every write names the account's provider and id.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people, providers, serverSessions, userAccounts } from '../../db/schema/index.ts';

export interface InvitedAccount {
  providerId: number;
  userId: number;
  email: string;
  provider: string;
  forename: string;
  surname: string;
  activatedAt: Date | null;
  activationExpiresAt: Date | null;
  disabled: boolean;
}

/** The account an activation code (its SHA-256 hex) belongs to, with its nursery's name. */
export async function accountByActivationCode(
  db: Db,
  storedCode: string,
): Promise<InvitedAccount | undefined> {
  const rows = await db
    .select({
      providerId: userAccounts.providerId,
      userId: userAccounts.id,
      email: userAccounts.email,
      provider: providers.name,
      forename: people.forename,
      surname: people.surname,
      activatedAt: userAccounts.activatedAt,
      activationExpiresAt: userAccounts.activationExpiresAt,
      disabled: userAccounts.disabled,
    })
    .from(userAccounts)
    .innerJoin(providers, eq(providers.id, userAccounts.providerId))
    .innerJoin(
      people,
      and(eq(people.providerId, userAccounts.providerId), eq(people.id, userAccounts.personId)),
    )
    .where(eq(userAccounts.activationCode, storedCode))
    .limit(1);
  return rows[0];
}

/**
 * Activates the account of a still usable code in one statement (the code cleared: single use, also
 * when two requests race); answers the account's e-mail, or nothing when the code was not usable.
 */
export async function activateByCode(
  db: Db,
  storedCode: string,
  set: { passwordHash: string; question: string; answerHash: string; now: Date },
): Promise<{ email: string } | undefined> {
  const rows = await db
    .update(userAccounts)
    .set({
      passwordHash: set.passwordHash,
      securityQuestion: set.question,
      securityAnswerHash: set.answerHash,
      activatedAt: set.now,
      activationCode: null,
      activationExpiresAt: null,
    })
    .where(
      and(
        eq(userAccounts.activationCode, storedCode),
        isNull(userAccounts.activatedAt),
        eq(userAccounts.disabled, false),
        sql`${userAccounts.activationExpiresAt} > ${set.now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ email: userAccounts.email });
  return rows[0];
}

export interface ResettableAccount {
  providerId: number;
  userId: number;
  email: string;
  passwordHash: string | null;
  securityQuestion: string | null;
  securityAnswerHash: string | null;
  disabled: boolean;
}

export async function accountForReset(db: Db, email: string): Promise<ResettableAccount | undefined> {
  const rows = await db
    .select({
      providerId: userAccounts.providerId,
      userId: userAccounts.id,
      email: userAccounts.email,
      passwordHash: userAccounts.passwordHash,
      securityQuestion: userAccounts.securityQuestion,
      securityAnswerHash: userAccounts.securityAnswerHash,
      disabled: userAccounts.disabled,
    })
    .from(userAccounts)
    .where(sql`lower(${userAccounts.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function setResetCode(
  db: Db,
  account: { providerId: number; userId: number },
  storedCode: string,
  expiresAt: Date,
) {
  await db
    .update(userAccounts)
    .set({ resetCode: storedCode, resetExpiresAt: expiresAt })
    .where(and(eq(userAccounts.providerId, account.providerId), eq(userAccounts.id, account.userId)));
}

/**
 * Sets the new password of a usable reset code's account in one statement (the code cleared: single
 * use); answers the account, or nothing when the code was not usable.
 */
export async function resetByCode(db: Db, storedCode: string, passwordHash: string, now: Date) {
  const rows = await db
    .update(userAccounts)
    .set({ passwordHash, resetCode: null, resetExpiresAt: null })
    .where(
      and(
        eq(userAccounts.resetCode, storedCode),
        eq(userAccounts.disabled, false),
        sql`${userAccounts.resetExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ providerId: userAccounts.providerId, userId: userAccounts.id });
  return rows[0];
}

/** A new password; any e-mailed reset link stops working too. */
export async function setPassword(
  db: Db,
  account: { providerId: number; userId: number },
  passwordHash: string,
) {
  await db
    .update(userAccounts)
    .set({ passwordHash, resetCode: null, resetExpiresAt: null })
    .where(and(eq(userAccounts.providerId, account.providerId), eq(userAccounts.id, account.userId)));
}

/**
 * Every session of the user ends (a reset password: whoever knew the old one is signed out), but the
 * one `keep` names (a password changed on the profile: the device it was changed on stays signed in).
 */
export async function endSessionsOf(
  db: Db,
  account: { providerId: number; userId: number },
  keep?: { sessionId: string },
) {
  await db
    .delete(serverSessions)
    .where(
      and(
        eq(serverSessions.providerId, account.providerId),
        eq(serverSessions.userId, account.userId),
        keep ? ne(serverSessions.id, keep.sessionId) : undefined,
      ),
    );
}
