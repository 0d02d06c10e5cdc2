// SQL shared by the key-children widget and the last-published-observation report: the areas of
// learning of a site (depth-1 items of its usable frameworks) and each child's last observation day
// per area. An observation "in an area" is an event with a grading or a best fit on an item of the
// area's subtree (docs/decisions.md "Issue 15: key children"); the child's gradings are read through
// gradings_child_item_idx / best_fits_child_item_idx (provider_id, child_id, item_id) and their events
// by primary key.
import { type SQL, sql } from 'drizzle-orm';
import type { frameworkItems, frameworks } from '../../db/schema/index.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

/**
 * The site's areas of learning in column order (framework, then item order): enabled depth-1 items of
 * enabled frameworks not switched off for the site (spec 002 §9 availability rule). Columns id, name,
 * framework_id, framework_name, ord.
 */
export function siteAreasSql(providerId: number, siteId: number): SQL {
  return sql`
    select fi.id, fi.name, f.id as framework_id, f.name as framework_name,
      row_number() over (order by f.sort_order, f.id, fi.sort_order, fi.id) as ord
    from frameworks f
    join framework_items fi on fi.provider_id = f.provider_id and fi.framework_id = f.id
      and fi.parent_id = '/' || f.id || '/'
    where f.provider_id = ${providerId} and f.enabled and fi.enabled
      and not (${siteId}::int = any(f.disabled_site_ids))`;
}

/** A row of areasJsonSql: a depth-1 framework item and its framework, typed from the tables. */
export type AreaRow = Pick<typeof frameworkItems.$inferSelect, 'id' | 'name'> & {
  frameworkId: (typeof frameworks.$inferSelect)['id'];
  frameworkName: (typeof frameworks.$inferSelect)['name'];
};

/** The areas (a CTE `areas` of siteAreasSql) as one json array of AreaRow, in column order. */
export const areasJsonSql = sql`(select coalesce(json_agg(json_build_object('id', ar.id, 'name', ar.name,
  'frameworkId', ar.framework_id, 'frameworkName', ar.framework_name) order by ar.ord), '[]') from areas ar)`;

/** A child's last observation in an area (observationsJsonSql): the area's item id and the site-local day. */
export type AreaObservation = { areaID: string; date: string };

/**
 * The child's rows of `obs` (a CTE of lastObservationSql) in the site's areas (a CTE `areas`), as one json
 * array of AreaObservation in area order.
 */
export const observationsJsonSql = (childId: SQL): SQL =>
  sql`(select coalesce(json_agg(json_build_object('areaID', o.area_id, 'date', o.date) order by o.area_id), '[]')
    from obs o where o.child_id = ${childId} and o.area_id in (select id from areas))`;

/** Which events count: those the user may see (THE visibility rule), or Published only (the report). */
export type ObservationStatuses = Visibility | 'published';

/**
 * Per child (of the `childIds` sub-select) and area: the site-local day of the last observation raised
 * before `before`. Columns child_id, area_id, date ('YYYY-MM-DD').
 */
export function lastObservationSql(
  providerId: number,
  childIds: SQL,
  statuses: ObservationStatuses,
  timeZone: string,
  before: Date,
): SQL {
  const status = statuses === 'published' ? sql`e.status_id = 5` : eventVisibleSql(statuses);
  const until = before.toISOString();
  return sql`
    select x.child_id, substring(x.item_id from '^/-?[0-9]+/[^/]+/') as area_id,
      to_char(max(x.raised) at time zone ${timeZone}, 'YYYY-MM-DD') as date
    from (
      select g.child_id, g.item_id, e.raised from gradings g
      join events e on e.provider_id = g.provider_id and e.id = g.event_id
      where g.provider_id = ${providerId} and g.child_id in (${childIds})
        and ${status} and e.raised < ${until}::timestamptz
      union all
      select b.child_id, b.item_id, e.raised from best_fits b
      join events e on e.provider_id = b.provider_id and e.id = b.event_id
      where b.provider_id = ${providerId} and b.child_id in (${childIds})
        and ${status} and e.raised < ${until}::timestamptz
    ) x
    group by 1, 2`;
}
