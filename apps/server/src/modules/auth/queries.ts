import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  contacts,
  loginFailures,
  serverSessions,
  staff,
  userAccounts,
} from '../../db/schema/index.ts';
import { timeoutMs } from '../../plugins/auth.ts';

export interface AccountForLogin {
  providerId: number;
  userId: number;
  personId: number;
  passwordHash: string | null;
  disabled: boolean;
  sessionTimeoutMinutes: number;
  staffId: number | null;
  isContact: boolean;
}

/** Login is by e-mail alone, across providers (e-mail is unique among accounts). */
export function accountByEmailQuery(db: Db, email: string) {
  return db
    .select({
      providerId: userAccounts.providerId,
      userId: userAccounts.id,
      personId: userAccounts.personId,
      passwordHash: userAccounts.passwordHash,
      disabled: userAccounts.disabled,
      sessionTimeoutMinutes: userAccounts.sessionTimeoutMinutes,
      staffId: staff.id,
      contactId: contacts.id,
    })
    .from(userAccounts)
    .leftJoin(
      staff,
      and(eq(staff.providerId, userAccounts.providerId), eq(staff.personId, userAccounts.personId)),
    )
    .leftJoin(
      contacts,
      and(eq(contacts.providerId, userAccounts.providerId), eq(contacts.personId, userAccounts.personId)),
    )
    .where(sql`lower(${userAccounts.email}) = ${email.toLowerCase()}`)
    .limit(1);
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountForLogin | undefined> {
  const rows = await accountByEmailQuery(db, email);
  const row = rows[0];
  if (!row) return undefined;
  const { contactId, ...rest } = row;
  return { ...rest, isContact: contactId !== null };
}

/**
 * The account's failures inside the window from every address (they decide the slowdown) and from
 * this address with the oldest of them (they decide this address's lock), in one round trip.
 */
export async function recentFailures(
  db: Db,
  providerId: number,
  userId: number,
  address: string,
  since: Date,
) {
  const rows = await db
    .select({
      all: count(),
      here: sql<number>`count(*) filter (where ${loginFailures.address} = ${address})`,
      oldestHere: sql<
        string | null
      >`min(${loginFailures.failedAt}) filter (where ${loginFailures.address} = ${address})`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.providerId, providerId),
        eq(loginFailures.userId, userId),
        gt(loginFailures.failedAt, since),
      ),
    );
  const row = rows[0];
  return {
    account: Number(row?.all ?? 0),
    address: {
      count: Number(row?.here ?? 0),
      oldest: row?.oldestHere ? new Date(row.oldestHere) : null,
    },
  };
}

export async function recordFailure(db: Db, providerId: number, userId: number, address: string, at: Date) {
  await db.insert(loginFailures).values({ providerId, userId, address, failedAt: at });
}

/** A successful log-in clears its own address's failures; other addresses' stay (they slow guessers). */
export async function clearFailures(db: Db, providerId: number, userId: number, address: string) {
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.providerId, providerId),
        eq(loginFailures.userId, userId),
        eq(loginFailures.address, address),
      ),
    );
}

/** Whether the account logged in successfully from this address since `since` (the owner's address). */
export async function loggedInFrom(db: Db, providerId: number, userId: number, address: string, since: Date) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.providerId, providerId),
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, String(userId)),
        eq(auditLog.action, 'login'),
        gt(auditLog.at, since),
        sql`${auditLog.details}->>'ip' = ${address}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function createSession(
  db: Db,
  s: {
    id: string;
    providerId: number;
    userId: number;
    siteId: number | null;
    timeoutMinutes: number;
    now: Date;
    userAgent?: string;
    /** A timeout minute in milliseconds (e2e runs shorten it). */
    minuteMs?: number;
  },
) {
  await db.insert(serverSessions).values({
    id: s.id,
    providerId: s.providerId,
    userId: s.userId,
    siteId: s.siteId,
    createdAt: s.now,
    lastSeenAt: s.now,
    expiresAt: new Date(s.now.getTime() + timeoutMs(s.timeoutMinutes, s.minuteMs)),
    timeoutMinutes: s.timeoutMinutes,
    userAgent: s.userAgent?.slice(0, 300),
  });
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(serverSessions).where(eq(serverSessions.id, sessionId));
}

export async function setSessionSite(db: Db, sessionId: string, siteId: number) {
  await db.update(serverSessions).set({ siteId }).where(eq(serverSessions.id, sessionId));
}

/** Sites a staff member may work at (the home site and the staff_sites accesses), ordered by id. */
export async function staffSiteIds(db: Db, providerId: number, staffId: number): Promise<number[]> {
  const result = await db.execute<{ site_id: number }>(
    sql`select site_id from staff_sites where provider_id = ${providerId} and staff_id = ${staffId}
        union select site_id from staff where provider_id = ${providerId} and id = ${staffId} order by site_id`,
  );
  return result.rows.map((r) => r.site_id);
}
