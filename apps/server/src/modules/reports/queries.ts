// SQL of the last-published-observation report: one page of a site's (or room's) current children in
// name order through children_site_name_idx (provider_id, site_id, surname, forename), keyset after the
// cursor; their last published observation per area (area-queries.ts); the site's areas.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/schema/index.ts';
import { type ListChildRow, listChildColumns } from '../children/index.ts';
import {
  type AreaObservation,
  type AreaRow,
  areasJsonSql,
  lastObservationSql,
  observationsJsonSql,
  siteAreasSql,
} from '../key-children/index.ts';
import type { ChildCursor } from './cursor.ts';

type Runner = Pick<Db, 'execute'>;

/**
 * The site's zone and whether the room is one of its rooms (`roomOk`: null when no room was asked);
 * undefined for a site not the provider's.
 */
export async function reportSite(db: Db, providerId: number, siteId: number, roomId: number | null) {
  const rows = await db
    .select({
      timeZone: sites.timeZone,
      roomOk: sql<boolean | null>`case when ${roomId}::int is null then null else exists (
        select 1 from rooms r where r.provider_id = ${sites.providerId} and r.site_id = ${sites.id}
          and r.id = ${roomId}::int
      ) end`,
    })
    .from(sites)
    .where(and(eq(sites.providerId, providerId), eq(sites.id, siteId)));
  return rows[0];
}

/** A child of the page: the list child and its last published observation per area. */
export type ReportChildRow = ListChildRow & { observations: AreaObservation[] };

export interface ReportArgs {
  providerId: number;
  siteId: number;
  roomId: number | null;
  today: string;
  timeZone: string;
  before: Date;
  after: ChildCursor | null;
  /** Rows to read: the page size plus one (to know whether there is a next page). */
  take: number;
}

/** One page of children with their last published observation per area, and the site's areas. */
export async function lastPublishedPage(db: Runner, a: ReportArgs) {
  const p = a.providerId;
  const after = a.after
    ? sql`and (c.surname, c.forename, c.id) > (${a.after.surname}, ${a.after.forename}, ${a.after.id}::int)`
    : sql``;
  const room = a.roomId === null ? sql`` : sql`and c.room_id = ${a.roomId}::int`;
  const r = await db.execute<{ areas: AreaRow[]; children: ReportChildRow[] }>(sql`
    with page as (
      select ${listChildColumns}
      from children c
      where c.provider_id = ${p} and c.site_id = ${a.siteId} ${room}
        and c.start_date <= ${a.today}::date and (c.end_date is null or c.end_date >= ${a.today}::date)
        ${after}
      order by c.surname, c.forename, c.id
      limit ${a.take}
    ), areas as (${siteAreasSql(p, a.siteId)}
    ), obs as (${lastObservationSql(p, sql`select id from page`, 'published', a.timeZone, a.before)})
    select
      ${areasJsonSql} as areas,
      (select coalesce(json_agg(k order by k.surname, k.forename, k.id), '[]') from (
        select page.*,
          ${observationsJsonSql(sql`page.id`)} as observations
        from page
      ) k) as children`);
  return r.rows[0]!;
}
