// SQL of notifications: the user's list and read mark, the types and settings, and the facts the
// notify service needs about recipients. Every query takes providerId first and uses an index:
// notifications_user_idx / notifications_unread_idx, notification_types' key, the settings' key,
// key_children_child_idx, user_accounts_person_key.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  emailOutbox,
  keyChildren,
  type NotificationName,
  notifications,
  notificationTypes,
  staff,
  userAccounts,
  userNotificationSettings,
} from '../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A statement runs on the database or inside a caller's transaction. */
export type Executor = Db | Tx;

export interface NotificationPosition {
  /** The timestamp as PostgreSQL prints it (microseconds kept: no row skipped or repeated). */
  timestamp: string;
  id: number;
}

/** THE rule of the list, the count and the read mark: a user sees their own notifications only. */
const ownNotifications = (providerId: number, userId: number) =>
  and(eq(notifications.providerId, providerId), eq(notifications.userId, userId))!;

/** A notification as the list reads it, with the type's name (by code). */
const notificationSelect = (db: Db) =>
  db
    .select({
      id: notifications.id,
      name: notifications.name,
      jsonBlob: notifications.jsonBlob,
      timestamp: notifications.timestamp,
      // The exact position for the next page's cursor.
      position: sql<string>`${notifications.timestamp}::text`,
      readAt: notifications.readAt,
      typeName: notificationTypes.name,
    })
    .from(notifications)
    .leftJoin(
      notificationTypes,
      and(
        eq(notificationTypes.providerId, notifications.providerId),
        eq(notificationTypes.code, notifications.name),
      ),
    )
    .$dynamic();

/** One page of the user's notifications, newest first, with the type's name (by code). */
export async function notificationsOfUser(
  db: Db,
  providerId: number,
  userId: number,
  filter: { name?: NotificationName; since?: Date; after?: NotificationPosition; limit: number },
) {
  const conditions = [ownNotifications(providerId, userId)];
  if (filter.name) conditions.push(eq(notifications.name, filter.name));
  if (filter.since) conditions.push(gt(notifications.timestamp, filter.since));
  if (filter.after) {
    const at = sql`${filter.after.timestamp}::timestamptz`;
    conditions.push(
      or(
        lt(notifications.timestamp, at),
        and(eq(notifications.timestamp, at), lt(notifications.id, filter.after.id)),
      )!,
    );
  }
  return notificationSelect(db)
    .where(and(...conditions))
    .orderBy(desc(notifications.timestamp), desc(notifications.id))
    .limit(filter.limit);
}

/** A notification of the list, as Drizzle infers it from the select. */
export type NotificationRow = Awaited<ReturnType<typeof notificationsOfUser>>[number];

export async function unreadCount(db: Db, providerId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(ownNotifications(providerId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own notification read (kept when already read); undefined when not theirs. */
export async function markRead(db: Db, providerId: number, userId: number, id: number, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(ownNotifications(providerId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return row;
}

/** One notification of the user, shaped as the list reads it. */
export async function notificationOfUser(db: Db, providerId: number, userId: number, id: number) {
  const rows = await notificationSelect(db).where(
    and(ownNotifications(providerId, userId), eq(notifications.id, id)),
  );
  return rows[0];
}

export type NotificationTypeRow = typeof notificationTypes.$inferSelect;

export async function typesOfProvider(db: Executor, providerId: number): Promise<NotificationTypeRow[]> {
  return db
    .select()
    .from(notificationTypes)
    .where(eq(notificationTypes.providerId, providerId))
    .orderBy(asc(notificationTypes.sortOrder), asc(notificationTypes.id));
}

export async function typeByCode(db: Executor, providerId: number, code: string) {
  const [row] = await db
    .select()
    .from(notificationTypes)
    .where(and(eq(notificationTypes.providerId, providerId), eq(notificationTypes.code, code)));
  return row;
}

/** The users' saved methods per type id (a user without a row for a type has the type's defaults). */
export async function settingsOfUsers(
  db: Executor,
  providerId: number,
  userIds: number[],
  typeIds?: number[],
) {
  if (userIds.length === 0) return [];
  const conditions = [
    eq(userNotificationSettings.providerId, providerId),
    inArray(userNotificationSettings.userId, userIds),
  ];
  if (typeIds) conditions.push(inArray(userNotificationSettings.typeId, typeIds));
  return db
    .select({
      userId: userNotificationSettings.userId,
      typeId: userNotificationSettings.typeId,
      methodIds: userNotificationSettings.methodIds,
    })
    .from(userNotificationSettings)
    .where(and(...conditions));
}

/** Saves the user's methods for these types in one statement (insert or replace). */
export async function saveSettings(
  tx: Executor,
  providerId: number,
  userId: number,
  types: { id: number; methodIDs: number[] }[],
) {
  await tx
    .insert(userNotificationSettings)
    .values(
      types.map((t) => ({ providerId, userId, typeId: t.id, methodIds: [...new Set(t.methodIDs)].sort() })),
    )
    .onConflictDoUpdate({
      target: [
        userNotificationSettings.providerId,
        userNotificationSettings.userId,
        userNotificationSettings.typeId,
      ],
      set: { methodIds: sql`excluded.method_ids` },
    });
}

/** What the settings rules need to know about a staff user (spec 002 §6). */
export interface RecipientFacts {
  userId: number;
  email: string;
  staffId: number | null;
  permissions: string[];
  hasKeyChildren: boolean;
}

/** Facts of active user accounts by user id. */
export async function factsOfUsers(
  db: Executor,
  providerId: number,
  userIds: number[],
): Promise<RecipientFacts[]> {
  if (userIds.length === 0) return [];
  const u = userAccounts;
  const rows = await db
    .select({
      userId: u.id,
      email: u.email,
      staffId: staff.id,
      permissions: sql<string[] | null>`array(select distinct unnest(r.permissions) from staff_roles sr
        join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id
        where sr.provider_id = ${u.providerId} and sr.staff_id = ${staff.id})`,
      hasKeyChildren: sql<boolean>`exists(select 1 from key_children kc
        where kc.provider_id = ${u.providerId} and kc.staff_id = ${staff.id})`,
    })
    .from(u)
    .leftJoin(staff, and(eq(staff.providerId, u.providerId), eq(staff.personId, u.personId)))
    .where(and(eq(u.providerId, providerId), inArray(u.id, userIds), eq(u.disabled, false)));
  return rows.map((r) => ({ ...r, permissions: r.permissions ?? [] }));
}

/** The user accounts of the key persons of these children (staff with an account, not disabled). */
export async function keyPersonUsers(
  db: Executor,
  providerId: number,
  childIds: number[],
): Promise<number[]> {
  if (childIds.length === 0) return [];
  const u = userAccounts;
  const rows = await db
    .selectDistinct({ userId: u.id })
    .from(keyChildren)
    .innerJoin(staff, and(eq(staff.providerId, keyChildren.providerId), eq(staff.id, keyChildren.staffId)))
    .innerJoin(u, and(eq(u.providerId, staff.providerId), eq(u.personId, staff.personId)))
    .where(
      and(
        eq(keyChildren.providerId, providerId),
        inArray(keyChildren.childId, childIds),
        eq(u.disabled, false),
      ),
    )
    .orderBy(asc(u.id));
  return rows.map((r) => r.userId);
}

/** The user account of a person (a staff member's, or none). */
export async function userOfPerson(db: Executor, providerId: number, personId: number) {
  const u = userAccounts;
  const [row] = await db
    .select({ userId: u.id })
    .from(u)
    .where(and(eq(u.providerId, providerId), eq(u.personId, personId), eq(u.disabled, false)));
  return row?.userId;
}

/** The user account of a staff member. */
export async function userOfStaff(db: Executor, providerId: number, staffId: number) {
  const u = userAccounts;
  const [row] = await db
    .select({ userId: u.id })
    .from(staff)
    .innerJoin(u, and(eq(u.providerId, staff.providerId), eq(u.personId, staff.personId)))
    .where(and(eq(staff.providerId, providerId), eq(staff.id, staffId), eq(u.disabled, false)));
  return row?.userId;
}

export type NewNotification = typeof notifications.$inferInsert;
export type NewEmail = typeof emailOutbox.$inferInsert;

export async function insertNotifications(tx: Executor, rows: NewNotification[]) {
  if (rows.length) await tx.insert(notifications).values(rows);
}

/** The channel an outbox insert notifies: the job queue then sends a round at once (modules/jobs/queue.ts). */
export const EMAIL_OUTBOX_CHANNEL = 'nursery_email_outbox';

/**
 * Queues e-mails. The NOTIFY goes with the transaction (delivered at its commit, never for a rolled-back
 * one), so an invitation or a reset link is sent within seconds, not at the next minute's round.
 */
export async function insertEmails(tx: Executor, rows: NewEmail[]) {
  if (!rows.length) return;
  await tx.insert(emailOutbox).values(rows);
  await tx.execute(sql`select pg_notify(${EMAIL_OUTBOX_CHANNEL}, '')`);
}
