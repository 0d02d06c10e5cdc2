// SQL of GET event-checker. Staff of a site with key children there (the picker-free "by siteID"
// fetch) through staff_site_idx / staff_sites and the key_children primary key; then one statement for
// every asked staff member's current key children at the site (key_children primary key (provider_id,
// staff_id, child_id), children by primary key) with each child's latest snapshot and learning story in
// the range, two-year check (spotlight-queries.ts, shared with Home's key-children widget) and number
// of spotlights in the range (events_child_type_raised_idx).
import type { EventCheckerEventType } from '@nursery/domain/spotlight';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ListChildRow, listChildColumns } from '../children/index.ts';
import {
  latestSpotlightSql,
  type SpotlightWindow,
  spotlightWindowSql,
  twoYearCheckSql,
} from '../key-children/index.ts';

type Runner = Pick<Db, 'execute'>;

export interface CheckerStaffRow {
  id: number;
  forename: string;
  surname: string;
  hasImage: boolean;
}

/** The child's key-children clause: current (started, not left) on `date` and at the site. */
const currentAtSite = (siteId: number, date: string) => sql`c.site_id = ${siteId}
  and c.start_date <= ${date}::date and (c.end_date is null or c.end_date >= ${date}::date)`;

/**
 * Staff working at the site (home site or staff_sites) with at least one current key child there on
 * `date`, by surname, forename, id: the first `limit`.
 */
export async function staffWithKeyChildren(
  db: Runner,
  providerId: number,
  siteId: number,
  date: string,
  limit: number,
): Promise<CheckerStaffRow[]> {
  const r = await db.execute<{ id: number; forename: string; surname: string; has_image: boolean }>(sql`
    select s.id, p.forename, p.surname, p.has_image
    from staff s
    join people p on p.provider_id = s.provider_id and p.id = s.person_id
    where s.provider_id = ${providerId}
      and (s.site_id = ${siteId} or exists (
        select 1 from staff_sites ss
        where ss.provider_id = s.provider_id and ss.staff_id = s.id and ss.site_id = ${siteId}))
      and exists (
        select 1 from key_children kc
        join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
        where kc.provider_id = s.provider_id and kc.staff_id = s.id and ${currentAtSite(siteId, date)})
    order by p.surname, p.forename, s.id
    limit ${limit}`);
  return r.rows.map((row) => ({
    id: Number(row.id),
    forename: row.forename,
    surname: row.surname,
    hasImage: row.has_image,
  }));
}

export interface CheckerChildRow extends ListChildRow {
  staff_id: number;
  snapshot: { id: number; date: string } | null;
  learning_story: { id: number; date: string } | null;
  two_year: { id: number; date: string } | null;
  /** Spotlights of the asked types in the window about this child. */
  spotlights: number;
}

export interface CheckerArgs extends SpotlightWindow {
  staffIds: readonly number[];
  siteId: number;
  /** The day key children must be current on (the as-of day). */
  date: string;
  eventTypes: readonly EventCheckerEventType[];
}

/** Every asked staff member's current key children at the site, by surname, forename, id. */
export async function checkerChildren(db: Runner, a: CheckerArgs): Promise<CheckerChildRow[]> {
  if (a.staffIds.length === 0) return [];
  const p = a.providerId;
  const kidId = sql`k.id`;
  const typeIds = (tag: EventCheckerEventType) =>
    sql`select id from event_types where provider_id = ${p} and tag = ${tag}`;
  const askedTypes = sql`select id from event_types where provider_id = ${p}
    and tag = any(${`{${a.eventTypes.join(',')}}`}::text[])`;
  const r = await db.execute<CheckerChildRow & Record<string, unknown>>(sql`
    select k.*,
      ${a.eventTypes.includes('snapshot') ? latestSpotlightSql(a, kidId, typeIds('snapshot')) : sql`null`} as snapshot,
      ${a.eventTypes.includes('learningStory') ? latestSpotlightSql(a, kidId, typeIds('learningStory')) : sql`null`}
        as learning_story,
      ${twoYearCheckSql(p, kidId, a.timeZone, a.until, a.visibility)} as two_year,
      (select count(*)::int from events e
       where ${spotlightWindowSql(a)} and e.child_id = k.id and e.type_id in (${askedTypes})) as spotlights
    from (
      select kc.staff_id, ${listChildColumns}
      from key_children kc
      join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
      where kc.provider_id = ${p} and kc.staff_id = any(${`{${a.staffIds.join(',')}}`}::int[])
        and ${currentAtSite(a.siteId, a.date)}
    ) k
    order by k.staff_id, k.surname, k.forename, k.id`);
  return r.rows.map((row) => ({
    ...row,
    staff_id: Number(row.staff_id),
    id: Number(row.id),
    roomId: row.roomId === null ? null : Number(row.roomId),
  }));
}
