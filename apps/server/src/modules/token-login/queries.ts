// SQL of token login (issue 30). A token is found only by its key's SHA-256 (unique across providers);
// using it deletes its row in the same statement, so of two requests racing with one key one wins.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginTokens, userAccounts } from '../../db/schema/index.ts';

export async function insertLoginToken(
  db: Db,
  t: { providerId: number; userId: number; tokenHash: string; role: string; now: Date; expiresAt: Date },
) {
  await db.insert(loginTokens).values({
    providerId: t.providerId,
    userId: t.userId,
    tokenHash: t.tokenHash,
    role: t.role,
    createdAt: t.now,
    expiresAt: t.expiresAt,
  });
}

/**
 * Uses a token: deletes the row of a key hash that is for this role and still before its expiry, and
 * answers its account's e-mail, or nothing (unknown, used, expired or another role: one answer).
 */
export async function useLoginToken(db: Db, tokenHash: string, role: string, now: Date) {
  const rows = await db
    .delete(loginTokens)
    .where(
      and(
        eq(loginTokens.tokenHash, tokenHash),
        eq(loginTokens.role, role),
        sql`${loginTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ providerId: loginTokens.providerId, userId: loginTokens.userId });
  const used = rows[0];
  if (!used) return undefined;
  const account = await db
    .select({ email: userAccounts.email })
    .from(userAccounts)
    .where(and(eq(userAccounts.providerId, used.providerId), eq(userAccounts.id, used.userId)))
    .limit(1);
  return account[0];
}

/** Expired tokens of the user go when they create a new one (the table stays small). */
export async function deleteExpiredTokens(db: Db, providerId: number, userId: number, now: Date) {
  await db
    .delete(loginTokens)
    .where(
      and(
        eq(loginTokens.providerId, providerId),
        eq(loginTokens.userId, userId),
        lt(loginTokens.expiresAt, now),
      ),
    );
}
