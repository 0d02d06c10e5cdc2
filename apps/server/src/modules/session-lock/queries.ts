import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSessions, userAccounts } from '../../db/schema/index.ts';

/** The user's PIN hash (argon2id), or null when they have none. */
export async function pinHashOf(db: Db, providerId: number, userId: number): Promise<string | null> {
  const rows = await db
    .select({ pinHash: userAccounts.pinHash })
    .from(userAccounts)
    .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, userId)));
  return rows[0]?.pinHash ?? null;
}

/** One more wrong PIN for the session: its count afterwards (0 when the session is gone). */
export async function addPinFailure(db: Db, sessionId: string): Promise<number> {
  const rows = await db
    .update(serverSessions)
    .set({ pinFailures: sql`${serverSessions.pinFailures} + 1` })
    .where(eq(serverSessions.id, sessionId))
    .returning({ failures: serverSessions.pinFailures });
  return rows[0]?.failures ?? 0;
}

/** The session lives again from `now`: a new expiry, and its wrong PINs forgotten. */
export async function reviveSession(db: Db, sessionId: string, now: Date, expiresAt: Date) {
  await db
    .update(serverSessions)
    .set({ pinFailures: 0, lastSeenAt: now, expiresAt })
    .where(eq(serverSessions.id, sessionId));
}

/** The user's timeout, and the same for this session at once (its expiry counted from now). */
export async function saveTimeout(
  db: Db,
  at: { providerId: number; userId: number; sessionId: string },
  minutes: number,
  now: Date,
  expiresAt: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(userAccounts)
      .set({ sessionTimeoutMinutes: minutes })
      .where(and(eq(userAccounts.providerId, at.providerId), eq(userAccounts.id, at.userId)));
    await tx
      .update(serverSessions)
      .set({ timeoutMinutes: minutes, lastSeenAt: now, expiresAt })
      .where(eq(serverSessions.id, at.sessionId));
  });
}
