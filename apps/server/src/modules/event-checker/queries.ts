// SQL of GET event-checker. Staff of a site with key children there (the picker-free "by siteID"
// fetch) through staff_site_idx / staff_sites and the key_children primary key; then one statement for
// every asked staff member's current key children at the site (key_children primary key (provider_id,
// staff_id, child_id), children by primary key) with each child's latest snapshot and learning story in
// the range, two-year check (spotlight-queries.ts, shared with Home's key-children widget) and number
// of spotlights in the range (events_child_type_raised_idx).
import type { EventCheckerEventType } from '@nursery/domain/spotlight';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people, staff } from '../../db/schema/index.ts';
import { type ListChildRow, listChildColumns } from '../children/index.ts';
import {
  latestSpotlightSql,
  type SpotlightRef,
  type SpotlightWindow,
  spotlightWindowSql,
  twoYearCheckSql,
} from '../key-children/index.ts';

/** A staff member the checker lists: the staff id, the person's name and photo flag. */
export type CheckerStaffRow = Pick<typeof staff.$inferSelect, 'id'> &
  Pick<typeof people.$inferSelect, 'forename' | 'surname' | 'hasImage'>;

/** The child's key-children clause: current (started, not left) on `date` and at the site. */
const currentAtSite = (siteId: number, date: string) => sql`c.site_id = ${siteId}
  and c.start_date <= ${date}::date and (c.end_date is null or c.end_date >= ${date}::date)`;

/**
 * Staff working at the site (home site or staff_sites) with at least one current key child there on
 * `date`, by surname, forename, id: the first `limit`.
 */
export async function staffWithKeyChildren(
  db: Db,
  providerId: number,
  siteId: number,
  date: string,
  limit: number,
): Promise<CheckerStaffRow[]> {
  return db
    .select({ id: staff.id, forename: people.forename, surname: people.surname, hasImage: people.hasImage })
    .from(staff)
    .innerJoin(people, and(eq(people.providerId, staff.providerId), eq(people.id, staff.personId)))
    .where(
      and(
        eq(staff.providerId, providerId),
        or(
          eq(staff.siteId, siteId),
          sql`exists (select 1 from staff_sites ss
            where ss.provider_id = ${staff.providerId} and ss.staff_id = ${staff.id} and ss.site_id = ${siteId})`,
        ),
        sql`exists (select 1 from key_children kc
          join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
          where kc.provider_id = ${staff.providerId} and kc.staff_id = ${staff.id}
            and ${currentAtSite(siteId, date)})`,
      ),
    )
    .orderBy(asc(people.surname), asc(people.forename), asc(staff.id))
    .limit(limit);
}

/** A key child of a staff member: the list child (ListChildRow), the staff id, the json parts. */
export type CheckerChildRow = ListChildRow & {
  staffId: (typeof staff.$inferSelect)['id'];
  snapshot: SpotlightRef | null;
  learningStory: SpotlightRef | null;
  twoYear: SpotlightRef | null;
  /** Spotlights of the asked types in the window about this child. */
  spotlights: number;
};

export interface CheckerArgs extends SpotlightWindow {
  staffIds: readonly number[];
  siteId: number;
  /** The day key children must be current on (the as-of day). */
  date: string;
  eventTypes: readonly EventCheckerEventType[];
}

/** Every asked staff member's current key children at the site, by surname, forename, id. */
export async function checkerChildren(db: Db, a: CheckerArgs): Promise<CheckerChildRow[]> {
  if (a.staffIds.length === 0) return [];
  const p = a.providerId;
  const kidId = sql`k.id`;
  const typeIds = (tag: EventCheckerEventType) =>
    sql`select id from event_types where provider_id = ${p} and tag = ${tag}`;
  const askedTypes = sql`select id from event_types where provider_id = ${p}
    and tag = any(${`{${a.eventTypes.join(',')}}`}::text[])`;
  const r = await db.execute<CheckerChildRow>(sql`
    select k.*,
      ${a.eventTypes.includes('snapshot') ? latestSpotlightSql(a, kidId, typeIds('snapshot')) : sql`null`} as snapshot,
      ${a.eventTypes.includes('learningStory') ? latestSpotlightSql(a, kidId, typeIds('learningStory')) : sql`null`}
        as "learningStory",
      ${twoYearCheckSql(p, kidId, a.timeZone, a.until, a.visibility)} as "twoYear",
      (select count(*)::int from events e
       where ${spotlightWindowSql(a)} and e.child_id = k.id and e.type_id in (${askedTypes})) as spotlights
    from (
      select kc.staff_id as "staffId", ${listChildColumns}
      from key_children kc
      join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
      where kc.provider_id = ${p} and kc.staff_id = any(${`{${a.staffIds.join(',')}}`}::int[])
        and ${currentAtSite(a.siteId, a.date)}
    ) k
    order by k."staffId", k.surname, k.forename, k.id`);
  return r.rows.map((row) => ({
    ...row,
    staffId: Number(row.staffId),
    id: Number(row.id),
    roomId: row.roomId === null ? null : Number(row.roomId),
  }));
}
