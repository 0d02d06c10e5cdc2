// SQL of GET key-children: one statement, one round trip. The user's key children through the
// key_children primary key (provider_id, staff_id, child_id); their last observation per area
// (area-queries.ts); the latest snapshot and learning story per child and the two-year check
// (spotlight-queries.ts, shared with the Event Checker); the staff member's total of spotlights over the same children.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { children as childrenTable, people, providers, staff } from '../../db/schema/index.ts';
import { type ListChildRow, listChildColumns } from '../children/index.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';
import {
  type AreaObservation,
  type AreaRow,
  areasJsonSql,
  lastObservationSql,
  observationsJsonSql,
  siteAreasSql,
} from './area-queries.ts';
import { latestSpotlightSql, type SpotlightRef, twoYearCheckSql } from './spotlight-queries.ts';

type Runner = Pick<Db, 'execute'>;

/** A key child: the list child and its site (children table), the json parts built here. */
export type KeyChildRow = ListChildRow &
  Pick<typeof childrenTable.$inferSelect, 'siteId'> & {
    observations: AreaObservation[];
    snapshot: SpotlightRef | null;
    learningStory: SpotlightRef | null;
    twoYear: SpotlightRef | null;
  };

/** The widget's one row: the staff member, their spotlights, the provider's flags, areas and children. */
export type KeyChildrenRow = {
  staff:
    | (Pick<typeof staff.$inferSelect, 'id'> & Pick<typeof people.$inferSelect, 'forename' | 'surname'>)
    | null;
  totalSpotlights: number;
  flags: (typeof providers.$inferSelect)['flags'] | null;
  areas: AreaRow[];
  children: KeyChildRow[];
};

export interface KeyChildrenArgs {
  providerId: number;
  staffId: number;
  /** The site whose frameworks give the areas. */
  siteId: number;
  /** The user's sites: key children elsewhere are not shown. */
  siteIds: readonly number[];
  date: string;
  timeZone: string;
  /** The end of `date` at the site: nothing raised later counts. */
  before: Date;
  /** THE visibility rule's inputs: hidden events are neither latest nor counted. */
  visibility: Visibility;
}

/** The whole widget in one row (json columns). */
export async function keyChildrenData(db: Runner, a: KeyChildrenArgs): Promise<KeyChildrenRow> {
  const p = a.providerId;
  const until = a.before.toISOString();
  const kidIds = sql`select id from kids`;
  const kidId = sql`kids.id`;
  const window = { providerId: p, timeZone: a.timeZone, until: a.before, visibility: a.visibility };
  const r = await db.execute<KeyChildrenRow>(sql`
    with kids as (
      select ${listChildColumns}, c.site_id as "siteId"
      from key_children kc
      join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
      where kc.provider_id = ${p} and kc.staff_id = ${a.staffId}
        and c.site_id = any(${`{${a.siteIds.join(',')}}`}::int[])
        and c.start_date <= ${a.date}::date and (c.end_date is null or c.end_date >= ${a.date}::date)
    ), spot_types as (
      select id, tag from event_types where provider_id = ${p} and tag in ('snapshot', 'learningStory')
    ), areas as (${siteAreasSql(p, a.siteId)}
    ), obs as (${lastObservationSql(p, kidIds, a.visibility, a.timeZone, a.before)})
    select
      (select json_build_object('id', st.id, 'forename', pe.forename, 'surname', pe.surname)
       from staff st join people pe on pe.provider_id = st.provider_id and pe.id = st.person_id
       where st.provider_id = ${p} and st.id = ${a.staffId}) as staff,
      (select count(*)::int from events e
       where e.provider_id = ${p} and e.child_id in (select id from kids)
         and e.type_id in (select id from spot_types) and e.status_id <> 6
         and e.raised < ${until}::timestamptz and ${eventVisibleSql(a.visibility)}) as "totalSpotlights",
      (select flags from providers where id = ${p}) as flags,
      ${areasJsonSql} as areas,
      (select coalesce(json_agg(k order by k.surname, k.forename, k.id), '[]') from (
        select kids.*,
          ${observationsJsonSql(kidId)} as observations,
          ${latestSpotlightSql(window, kidId, sql`select id from spot_types where tag = 'snapshot'`)} as snapshot,
          ${latestSpotlightSql(window, kidId, sql`select id from spot_types where tag = 'learningStory'`)}
            as "learningStory",
          ${twoYearCheckSql(p, kidId, a.timeZone, null, a.visibility)} as "twoYear"
        from kids
      ) k) as children`);
  return r.rows[0]!;
}
