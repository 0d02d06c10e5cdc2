// SQL of notifications: the user's list and read mark, the types and settings, and the facts the
// notify service needs about recipients. Every query takes providerId first and uses an index:
// notifications_user_idx / notifications_unread_idx, notification_types' key, the settings' key,
// key_children_child_idx, user_accounts_person_key.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  emailOutbox,
  type NotificationName,
  notifications,
  notificationTypes,
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

/** One page of the user's notifications, newest first, with the type's name (by code). */
export async function notificationsOfUser(
  db: Db,
  providerId: number,
  userId: number,
  filter: { name?: NotificationName; since?: Date; after?: NotificationPosition; limit: number },
) {
  const conditions = [eq(notifications.providerId, providerId), eq(notifications.userId, userId)];
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
  return db
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
    .where(and(...conditions))
    .orderBy(desc(notifications.timestamp), desc(notifications.id))
    .limit(filter.limit);
}

export async function unreadCount(db: Db, providerId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.providerId, providerId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** Marks the user's own notification read (kept when already read); undefined when not theirs. */
export async function markRead(db: Db, providerId: number, userId: number, id: number, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(notifications.providerId, providerId),
        eq(notifications.userId, userId),
        eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  return row;
}

/** One notification of the user, shaped as the list reads it. */
export async function notificationOfUser(db: Db, providerId: number, userId: number, id: number) {
  const rows = await db
    .select({
      id: notifications.id,
      name: notifications.name,
      jsonBlob: notifications.jsonBlob,
      timestamp: notifications.timestamp,
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
    .where(
      and(
        eq(notifications.providerId, providerId),
        eq(notifications.userId, userId),
        eq(notifications.id, id),
      ),
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

const factsSelect = sql`
  select u.id as user_id, u.email, st.id as staff_id,
         array(select distinct unnest(r.permissions) from staff_roles sr
               join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id
               where sr.provider_id = u.provider_id and sr.staff_id = st.id) as permissions,
         exists(select 1 from key_children kc
                where kc.provider_id = u.provider_id and kc.staff_id = st.id) as has_key_children
  from user_accounts u
  left join staff st on st.provider_id = u.provider_id and st.person_id = u.person_id`;

interface FactsRow extends Record<string, unknown> {
  user_id: number;
  email: string;
  staff_id: number | null;
  permissions: string[] | null;
  has_key_children: boolean;
}

const toFacts = (r: FactsRow): RecipientFacts => ({
  userId: r.user_id,
  email: r.email,
  staffId: r.staff_id,
  permissions: r.permissions ?? [],
  hasKeyChildren: r.has_key_children,
});

/** Facts of active user accounts by user id. */
export async function factsOfUsers(db: Executor, providerId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<FactsRow>(
    sql`${factsSelect} where u.provider_id = ${providerId} and u.id in (${ids}) and not u.disabled`,
  );
  return result.rows.map(toFacts);
}

/** The user accounts of the key persons of these children (staff with an account, not disabled). */
export async function keyPersonUsers(
  db: Executor,
  providerId: number,
  childIds: number[],
): Promise<number[]> {
  if (childIds.length === 0) return [];
  const ids = sql.join(
    childIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ user_id: number } & Record<string, unknown>>(sql`
    select distinct u.id as user_id
    from key_children kc
    join staff st on st.provider_id = kc.provider_id and st.id = kc.staff_id
    join user_accounts u on u.provider_id = st.provider_id and u.person_id = st.person_id
    where kc.provider_id = ${providerId} and kc.child_id in (${ids}) and not u.disabled
    order by u.id`);
  return result.rows.map((r) => r.user_id);
}

/** The user account of a person (a staff member's, or none). */
export async function userOfPerson(db: Executor, providerId: number, personId: number) {
  const result = await db.execute<{ user_id: number } & Record<string, unknown>>(sql`
    select u.id as user_id from user_accounts u
    where u.provider_id = ${providerId} and u.person_id = ${personId} and not u.disabled`);
  return result.rows[0]?.user_id;
}

/** The user account of a staff member. */
export async function userOfStaff(db: Executor, providerId: number, staffId: number) {
  const result = await db.execute<{ user_id: number } & Record<string, unknown>>(sql`
    select u.id as user_id from staff st
    join user_accounts u on u.provider_id = st.provider_id and u.person_id = st.person_id
    where st.provider_id = ${providerId} and st.id = ${staffId} and not u.disabled`);
  return result.rows[0]?.user_id;
}

export type NewNotification = typeof notifications.$inferInsert;
export type NewEmail = typeof emailOutbox.$inferInsert;

export async function insertNotifications(tx: Executor, rows: NewNotification[]) {
  if (rows.length) await tx.insert(notifications).values(rows);
}

export async function insertEmails(tx: Executor, rows: NewEmail[]) {
  if (rows.length) await tx.insert(emailOutbox).values(rows);
}
