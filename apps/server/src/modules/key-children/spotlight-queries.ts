// SQL shared by Home's key-children widget and the Event Checker: a child's latest spotlight (snapshot
// or learning story) and its two-year check, as json `{ id, date }` (the day at the site) or null.
// The latest is read backwards through events_child_type_raised_idx (provider_id, child_id, type_id,
// raised, id); the two-year check through events_twoyear_child_key; the framework filter through
// gradings_event_item_key / best_fits_event_item_key (provider_id, event_id, ...).
import { type SQL, sql } from 'drizzle-orm';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

/** The json `{ id, date }` of latestSpotlightSql and twoYearCheckSql: the event and its day at the site. */
export type SpotlightRef = { id: number; date: string };

export interface SpotlightWindow {
  providerId: number;
  timeZone: string;
  /** Nothing raised at or after this instant counts. */
  until: Date;
  /** Nothing raised before this instant counts (default: no lower bound). */
  from?: Date;
  /** Only events with a grading or best fit on an item of this framework ('-29'). */
  frameworkId?: string | null;
  /** THE visibility rule's inputs: only events the user may see are latest or counted (issue 26). */
  visibility: Visibility;
}

/** The conditions on `e` (an events row) of a window: not deleted, raised in it, of the framework. */
export function spotlightWindowSql(w: SpotlightWindow): SQL {
  const from = w.from ? sql` and e.raised >= ${w.from.toISOString()}::timestamptz` : sql``;
  const framework = w.frameworkId
    ? sql` and (exists (select 1 from gradings g where g.provider_id = e.provider_id and g.event_id = e.id
          and g.item_id like ${`/${w.frameworkId}/%`})
        or exists (select 1 from best_fits b where b.provider_id = e.provider_id and b.event_id = e.id
          and b.item_id like ${`/${w.frameworkId}/%`}))`
    : sql``;
  return sql`e.provider_id = ${w.providerId} and e.status_id <> 6
    and e.raised < ${w.until.toISOString()}::timestamptz${from}${framework} and ${eventVisibleSql(w.visibility)}`;
}

/** The child's latest event of the types (a sub-select of type ids) in the window, or null. */
export function latestSpotlightSql(w: SpotlightWindow, childId: SQL, typeIds: SQL): SQL {
  return sql`(select json_build_object('id', e.id, 'date', to_char(e.raised at time zone ${w.timeZone}, 'YYYY-MM-DD'))
    from events e
    where ${spotlightWindowSql(w)} and e.child_id = ${childId} and e.type_id in (${typeIds})
    order by e.raised desc, e.id desc limit 1)`;
}

/** The child's two-year check (not deleted; raised before `until` when given) if the user may see it, or null. */
export function twoYearCheckSql(
  providerId: number,
  childId: SQL,
  timeZone: string,
  until: Date | null,
  v: Visibility,
): SQL {
  const before = until ? sql` and e.raised < ${until.toISOString()}::timestamptz` : sql``;
  return sql`(select json_build_object('id', e.id, 'date', to_char(e.raised at time zone ${timeZone}, 'YYYY-MM-DD'))
    from events e
    where e.provider_id = ${providerId} and e.child_id = ${childId} and e.twoyear and e.status_id <> 6${before}
      and ${eventVisibleSql(v)}
    limit 1)`;
}
