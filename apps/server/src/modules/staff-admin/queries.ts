// SQL of staff administration (issue 29). Every query takes providerId first. The list is a keyset over
// (surname, forename, id) of the staff of the user's sites: staff_site_idx and staff_sites_site_idx find
// the members, people's primary key their names (a site has tens of staff: the sort is in memory).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  children,
  emailOutbox,
  keyChildren,
  people,
  roles,
  rooms,
  serverSessions,
  sites,
  staff,
  staffRoles,
  staffSites,
  userAccounts,
} from '../../db/schema/index.ts';
import { notifyCacheChange } from '../../lib/cache-bus.ts';
import { ADDRESS_COLUMNS } from '../../lib/person-address.ts';

export interface StaffListFilter {
  /** The sites the member must work at (home or staff_sites): the user's, or the one chosen. */
  siteIds: readonly number[];
  search?: string;
  roleId?: number;
  archived: boolean;
  after?: { surname: string; forename: string; id: number };
  limit: number;
}

const intArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/**
 * Works at one of the sites: their home site or a staff_sites access. Written as one id set (home sites
 * by staff_site_idx, accesses by staff_sites_site_idx) rather than `site = any(..) or exists (..)`, which
 * PostgreSQL can only answer by reading every member of the provider and every login (bench "staff list").
 */
const worksAtAny = (providerId: number, siteIds: readonly number[]) => sql`${staff.id} in (
  select s.id from staff s where s.provider_id = ${providerId} and s.site_id = any(${intArray(siteIds)})
  union all
  select ss.staff_id from staff_sites ss where ss.provider_id = ${providerId}
    and ss.site_id = any(${intArray(siteIds)}))`;

const roleNames = sql<string[]>`array(select r.name from staff_roles sr
  join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id
  where sr.provider_id = ${staff.providerId} and sr.staff_id = ${staff.id} order by r.name)`;

const listColumns = {
  id: staff.id,
  title: people.title,
  forename: people.forename,
  surname: people.surname,
  email: userAccounts.email,
  jobTitle: staff.jobTitle,
  siteId: staff.siteId,
  endDate: staff.endDate,
  disabled: userAccounts.disabled,
  activatedAt: userAccounts.activatedAt,
  invitedAt: userAccounts.invitedAt,
  activationExpiresAt: userAccounts.activationExpiresAt,
};

/** Archived: an end date or a disabled login. */
const archivedSql = sql`(${staff.endDate} is not null or coalesce(${userAccounts.disabled}, false))`;

export function listStaffRows(db: Db, providerId: number, f: StaffListFilter) {
  const search = f.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({ ...listColumns, roles: roleNames })
    .from(staff)
    .innerJoin(people, and(eq(people.providerId, staff.providerId), eq(people.id, staff.personId)))
    .leftJoin(
      userAccounts,
      and(eq(userAccounts.providerId, staff.providerId), eq(userAccounts.personId, staff.personId)),
    )
    .where(
      and(
        eq(staff.providerId, providerId),
        worksAtAny(providerId, f.siteIds),
        f.archived ? archivedSql : sql`not ${archivedSql}`,
        pattern
          ? sql`(${people.forename} || ' ' || ${people.surname} ilike ${pattern}
               or ${people.surname} || ' ' || ${people.forename} ilike ${pattern})`
          : undefined,
        f.roleId
          ? sql`exists (select 1 from staff_roles sr where sr.provider_id = ${staff.providerId}
              and sr.staff_id = ${staff.id} and sr.role_id = ${f.roleId})`
          : undefined,
        f.after
          ? sql`(${people.surname}, ${people.forename}, ${staff.id}) > (${f.after.surname}, ${f.after.forename}, ${f.after.id})`
          : undefined,
      ),
    )
    .orderBy(people.surname, people.forename, staff.id)
    .limit(f.limit);
}
export type StaffListDbRow = Awaited<ReturnType<typeof listStaffRows>>[number];

/** A member the user may see (works at one of the user's sites), with everything the form shows. */
export async function findMemberRow(db: Db, providerId: number, staffId: number, siteIds: readonly number[]) {
  const [row] = await db
    .select({
      ...listColumns,
      personId: staff.personId,
      userId: userAccounts.id,
      roomId: staff.roomId,
      startDate: staff.startDate,
      telhome: people.telhome,
      telmob: people.telmob,
      telwork: people.telwork,
      ...ADDRESS_COLUMNS,
      otherSiteIds: sql<number[]>`array(select ss.site_id from staff_sites ss
        where ss.provider_id = ${staff.providerId} and ss.staff_id = ${staff.id} order by ss.site_id)`,
      roleIds: sql<number[]>`array(select sr.role_id from staff_roles sr
        where sr.provider_id = ${staff.providerId} and sr.staff_id = ${staff.id} order by sr.role_id)`,
      keyChildIds: sql<number[]>`array(select kc.child_id from key_children kc
        where kc.provider_id = ${staff.providerId} and kc.staff_id = ${staff.id} order by kc.child_id)`,
    })
    .from(staff)
    .innerJoin(people, and(eq(people.providerId, staff.providerId), eq(people.id, staff.personId)))
    .leftJoin(
      userAccounts,
      and(eq(userAccounts.providerId, staff.providerId), eq(userAccounts.personId, staff.personId)),
    )
    .where(and(eq(staff.providerId, providerId), eq(staff.id, staffId), worksAtAny(providerId, siteIds)));
  return row ?? null;
}
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberRow>>>;

export function sitesOf(db: Db, providerId: number, siteIds: readonly number[]) {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.providerId, providerId), inArray(sites.id, [...siteIds])))
    .orderBy(sites.name, sites.id);
}

export function roomsOf(db: Db, providerId: number, siteIds: readonly number[]) {
  return db
    .select({ id: rooms.id, siteId: rooms.siteId, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.providerId, providerId), inArray(rooms.siteId, [...siteIds])))
    .orderBy(rooms.siteId, rooms.sortOrder, rooms.name);
}

export function rolesOf(db: Db, providerId: number) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.providerId, providerId))
    .orderBy(roles.name);
}

/** Children at the sites who have not left: the key-children picker's choices. */
export function childrenOf(db: Db, providerId: number, siteIds: readonly number[]) {
  return db
    .select({
      id: children.id,
      siteId: children.siteId,
      forename: children.forename,
      surname: children.surname,
    })
    .from(children)
    .where(
      and(
        eq(children.providerId, providerId),
        inArray(children.siteId, [...siteIds]),
        sql`${children.endDate} is null`,
      ),
    )
    .orderBy(children.surname, children.forename, children.id);
}

/** The ids among `childIds` of children at the sites. */
export async function childrenAtSites(db: Db, providerId: number, childIds: number[], siteIds: number[]) {
  if (childIds.length === 0) return [];
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .where(
      and(
        eq(children.providerId, providerId),
        inArray(children.id, childIds),
        inArray(children.siteId, siteIds),
      ),
    );
  return rows.map((r) => r.id);
}

/** A login with this e-mail (any provider: login is by e-mail alone), other than the person's own. */
export async function emailTaken(db: Db, email: string, except?: { providerId: number; personId: number }) {
  const rows = await db
    .select({ providerId: userAccounts.providerId, personId: userAccounts.personId })
    .from(userAccounts)
    .where(sql`lower(${userAccounts.email}) = lower(${email})`);
  return rows.some((r) => !except || r.providerId !== except.providerId || r.personId !== except.personId);
}

/** Members holding the permission through a role whose login is not disabled and who have not left. */
export async function activeHoldersOf(db: Db, providerId: number, permission: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(distinct sr.staff_id)::int as n from staff_roles sr
    join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id
    join staff s on s.provider_id = sr.provider_id and s.id = sr.staff_id
    left join user_accounts u on u.provider_id = s.provider_id and u.person_id = s.person_id
    where sr.provider_id = ${providerId} and ${permission} = any(r.permissions)
      and s.end_date is null and not coalesce(u.disabled, false)`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function replaceStaffSites(
  db: Db,
  providerId: number,
  staffId: number,
  keep: number[],
  give: number[],
) {
  // Sites outside the editor's (`keep`) stay as they are; the editor's are replaced by `give`.
  await db
    .delete(staffSites)
    .where(
      and(
        eq(staffSites.providerId, providerId),
        eq(staffSites.staffId, staffId),
        sql`not (${staffSites.siteId} = any(${intArray(keep)}))`,
      ),
    );
  if (give.length)
    await db
      .insert(staffSites)
      .values(give.map((siteId) => ({ providerId, staffId, siteId })))
      .onConflictDoNothing();
}

export async function replaceStaffRoles(db: Db, providerId: number, staffId: number, roleIds: number[]) {
  await db
    .delete(staffRoles)
    .where(and(eq(staffRoles.providerId, providerId), eq(staffRoles.staffId, staffId)));
  await db.insert(staffRoles).values(roleIds.map((roleId) => ({ providerId, staffId, roleId })));
  // The member's event roles come from their roles: every instance's kept event configuration is stale.
  await notifyCacheChange(db, 'event-config', providerId);
}

/** Replaces the member's key children at the editor's sites; those elsewhere stay. */
export async function replaceKeyChildren(
  db: Db,
  providerId: number,
  staffId: number,
  editorSiteIds: readonly number[],
  childIds: number[],
) {
  await db.execute(sql`
    delete from key_children kc using children c
    where kc.provider_id = ${providerId} and kc.staff_id = ${staffId}
      and c.provider_id = kc.provider_id and c.id = kc.child_id and c.site_id = any(${intArray(editorSiteIds)})`);
  if (childIds.length)
    await db
      .insert(keyChildren)
      .values(childIds.map((childId) => ({ providerId, staffId, childId })))
      .onConflictDoNothing();
}

export const endSessionsOf = (db: Db, providerId: number, userId: number) =>
  db
    .delete(serverSessions)
    .where(and(eq(serverSessions.providerId, providerId), eq(serverSessions.userId, userId)));

/** The provider's outbox, newest first, keyset over (created, id). */
export function outboxRows(
  db: Db,
  providerId: number,
  opts: { before?: { created: string; id: number }; limit: number },
) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      created: emailOutbox.created,
      createdText: sql<string>`${emailOutbox.created}::text`,
      sentAt: emailOutbox.sentAt,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
    })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.providerId, providerId),
        opts.before
          ? sql`(${emailOutbox.created}, ${emailOutbox.id}) < (${opts.before.created}::timestamptz, ${opts.before.id})`
          : undefined,
      ),
    )
    .orderBy(sql`${emailOutbox.created} desc, ${emailOutbox.id} desc`)
    .limit(opts.limit);
}
export type OutboxRow = Awaited<ReturnType<typeof outboxRows>>[number];

export const providerName = async (db: Db, providerId: number) =>
  (await db.execute<{ name: string }>(sql`select name from providers where id = ${providerId}`)).rows[0]
    ?.name ?? '';
