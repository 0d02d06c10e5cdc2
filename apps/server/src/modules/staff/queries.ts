import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people, staff, userAccounts } from '../../db/schema/index.ts';

/**
 * A member of staff the user may see: one who works at one of the user's sites (their home site or a
 * staff_sites access), so a practitioner sees the staff of their sites and a manager with every site
 * sees all; their key children are listed only where the user may see them (the user's sites).
 * Undefined otherwise, answered as not found.
 */
export async function findStaff(db: Db, providerId: number, staffId: number, siteIds: readonly number[]) {
  const sites = sql`${sql.param([...siteIds])}::int[]`;
  const rows = await db
    .select({
      id: staff.id,
      title: people.title,
      forename: people.forename,
      surname: people.surname,
      personID: people.id,
      hasImage: people.hasImage,
      keyChildren: sql<number[]>`array(select kc.child_id from key_children kc
        join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
        where kc.provider_id = ${staff.providerId} and kc.staff_id = ${staff.id}
          and c.site_id = any(${sites}) order by kc.child_id)`,
    })
    .from(staff)
    .innerJoin(people, and(eq(people.providerId, staff.providerId), eq(people.id, staff.personId)))
    .where(
      and(
        eq(staff.providerId, providerId),
        eq(staff.id, staffId),
        sql`(${staff.siteId} = any(${sites}) or exists (
          select 1 from staff_sites ss
          where ss.provider_id = ${staff.providerId} and ss.staff_id = ${staff.id} and ss.site_id = any(${sites})))`,
      ),
    );
  return rows[0];
}

export async function setPin(
  db: Db,
  providerId: number,
  userId: number,
  change: { pinHash: string } | { declined: true },
) {
  await db
    .update(userAccounts)
    .set('pinHash' in change ? { pinHash: change.pinHash, pinDeclined: false } : { pinDeclined: true })
    .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, userId)));
}

/**
 * Staff working at a site: its home staff and those given access through staff_sites, ordered by
 * surname, forename and id; only the listed ids when `staffIds` is given. Leavers stay in the list:
 * their drafts can still be filtered by author.
 */
export async function staffAtSite(db: Db, providerId: number, siteId: number, staffIds?: number[]) {
  const onlyListed = staffIds ? sql`and s.id = any(${sql.param(staffIds)}::int[])` : sql``;
  const r = await db.execute<{ staff_id: number; forename: string; surname: string; has_image: boolean }>(sql`
    select s.id as staff_id, p.forename, p.surname, p.has_image
    from staff s
    join people p on p.provider_id = s.provider_id and p.id = s.person_id
    where s.provider_id = ${providerId}
      and (s.site_id = ${siteId} or exists (
        select 1 from staff_sites ss
        where ss.provider_id = s.provider_id and ss.staff_id = s.id and ss.site_id = ${siteId}))
      ${onlyListed}
    order by p.surname, p.forename, s.id`);
  return r.rows.map((row) => ({
    staffID: Number(row.staff_id),
    forename: row.forename,
    surname: row.surname,
    hasImage: row.has_image,
  }));
}
