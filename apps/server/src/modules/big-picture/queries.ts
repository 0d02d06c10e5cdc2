// SQL of the Big Picture (spec 001 §7; issue 17). Every statement filters by provider_id first and is
// index-backed: children_site_name_idx (the site's children by name) or the children primary key (the
// chosen ids); child_attribute_values' primary key (provider, child, attribute); events by
// events_child_type_raised_idx (provider, child, type, raised); gradings and best fits of an event by
// gradings_event_item_key / best_fits_event_item_key (provider, event, child, item). The aggregate is
// a GROUP BY in SQL per child: the answer holds counts, never the rows behind them. Checked with EXPLAIN on
// PostgreSQL (bench "big picture", bench/explain.test.ts): no sequential scan of events or gradings.
import { EventStatus } from '@nursery/domain/common';
import type { EventTag } from '@nursery/domain/events';
import type { BigPictureGradingSummary, TriStateFilter } from '@nursery/domain/spotlight';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attributes,
  children,
  ethnicities,
  eventTypes,
  frameworks,
  type gradings,
  rooms,
} from '../../db/schema/index.ts';

/** The child filters of spec 001 §3 "Big Picture filter", already checked against the provider. */
export interface ChildFilter {
  siteId: number;
  /** The chosen children; null = the site's current children on `today`. */
  childIds: number[] | null;
  today: string;
  gender?: string | null;
  cohort?: number | null;
  ethnicityId?: number | null;
  eal?: TriStateFilter | null;
  eypp?: TriStateFilter | null;
  send?: TriStateFilter | null;
  twoYearFunded?: TriStateFilter | null;
  attributeId?: number | null;
  attributeValue?: string | null;
}

const TRI_STATE_COLUMNS = {
  eal: children.eal,
  eypp: children.eypp,
  send: children.send,
  twoYearFunded: children.twoYearFunded,
} as const;

/** ONLY: the flag is set; EXCLUDE: it is not; absent: no condition. */
function triState(
  column: (typeof TRI_STATE_COLUMNS)[keyof typeof TRI_STATE_COLUMNS],
  value: TriStateFilter | null | undefined,
): SQL | null {
  if (value === 'ONLY') return sql`${column}`;
  if (value === 'EXCLUDE') return sql`not ${column}`;
  return null;
}

/** The site's children the filter keeps, by surname, forename, id, with their room's name. */
export async function filteredChildren(db: Db, providerId: number, f: ChildFilter) {
  const c = children;
  const where: SQL[] = [sql`${c.providerId} = ${providerId}`, sql`${c.siteId} = ${f.siteId}`];
  if (f.childIds) where.push(sql`${c.id} = any(${sql.param(f.childIds)}::int[])`);
  else
    where.push(
      sql`${c.startDate} <= ${f.today}::date and (${c.endDate} is null or ${c.endDate} >= ${f.today}::date)`,
    );
  if (f.gender) where.push(sql`${c.gender} = ${f.gender}`);
  if (f.cohort != null) where.push(sql`${c.cohort} = ${f.cohort}`);
  if (f.ethnicityId != null) where.push(sql`${c.ethnicityId} = ${f.ethnicityId}`);
  for (const key of Object.keys(TRI_STATE_COLUMNS) as (keyof typeof TRI_STATE_COLUMNS)[]) {
    const cond = triState(TRI_STATE_COLUMNS[key], f[key]);
    if (cond) where.push(cond);
  }
  if (f.attributeId != null) {
    where.push(sql`exists (select 1 from child_attribute_values v
      where v.provider_id = ${c.providerId} and v.child_id = ${c.id} and v.attribute_id = ${f.attributeId}
        ${f.attributeValue != null ? sql`and v.value = ${f.attributeValue}` : sql``})`);
  }
  return db
    .select({
      id: c.id,
      forename: c.forename,
      surname: c.surname,
      hasImage: c.hasImage,
      dob: c.dob,
      roomName: rooms.name,
    })
    .from(c)
    .leftJoin(rooms, and(eq(rooms.providerId, c.providerId), eq(rooms.id, c.roomId)))
    .where(sql.join(where, sql` and `))
    .orderBy(asc(c.surname), asc(c.forename), asc(c.id));
}

/** A child of the report, as Drizzle infers it from filteredChildren's select. */
export type BigPictureChildRow = Awaited<ReturnType<typeof filteredChildren>>[number];

/** Which of these ids are children of the provider at the site (the rest answer 404). */
export async function childIdsAtSites(
  db: Db,
  providerId: number,
  siteIds: readonly number[],
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .where(
      and(
        eq(children.providerId, providerId),
        sql`${children.id} = any(${sql.param(ids)}::int[])`,
        sql`${children.siteId} = any(${sql.param([...siteIds])}::int[])`,
      ),
    );
  return new Set(rows.map((x) => x.id));
}

/** The event types the Big Picture counts. */
type SpotlightTag = Extract<EventTag, 'snapshot' | 'learningStory'>;
type EventTypeId = (typeof eventTypes.$inferSelect)['id'];

export interface GradingScope {
  childIds: number[];
  /** The framework's root path ('/-29/'): items of the framework start with it. */
  itemPrefix: string;
  /** The provider's event types counted, with their tag (spotlightTypes). */
  types: { id: EventTypeId; tag: SpotlightTag }[];
  /** Events raised at or after this instant (the start of dateFrom at the site). */
  from: Date;
}

/** The provider's event types of these tags (snapshot, learning story). */
export async function spotlightTypes<T extends SpotlightTag>(db: Db, providerId: number, tags: T[]) {
  const rows = await db
    .select({ id: eventTypes.id, tag: eventTypes.tag })
    .from(eventTypes)
    .where(
      and(eq(eventTypes.providerId, providerId), sql`${eventTypes.tag} = any(${sql.param(tags)}::text[])`),
    )
    .orderBy(asc(eventTypes.id));
  // The filter keeps only the tags asked for.
  return rows as { id: EventTypeId; tag: T }[];
}

/**
 * The published events of the children in scope (events_child_type_raised_idx), each joined LATERAL to
 * its gradings and best fits on the framework's items (by event: gradings_event_item_key,
 * best_fits_event_item_key), so the planner probes the index per event rather than hashing every
 * grading of the provider. value: 0 or 1 as graded; null for a best fit or a grading kept without a
 * value (spec 001 §3 Grading: "none for best fit"; a stored 2 is a best fit too). `child` is the
 * events' child condition (one child, or the scope's children).
 */
function marksFrom(providerId: number, s: GradingScope, child: SQL): SQL {
  return sql`
    from events e
    cross join lateral (
      select g.item_id, g.age_range_id, case when g.value in (0, 1) then g.value::int end as value
      from gradings g
      where g.provider_id = ${providerId} and g.event_id = e.id and g.child_id = e.child_id
        and starts_with(g.item_id, ${s.itemPrefix})
      union all
      select b.item_id, b.age_range_id, null::int
      from best_fits b
      where b.provider_id = ${providerId} and b.event_id = e.id and b.child_id = e.child_id
        and starts_with(b.item_id, ${s.itemPrefix})
    ) m
    where e.provider_id = ${providerId} and ${child}
      and e.type_id = any(${sql.param(s.types.map((t) => t.id))}::int[])
      and e.raised >= ${s.from.toISOString()}::timestamptz and e.status_id = ${EventStatus.Published}`;
}

/** From this many children the summary is read in two halves at once (gradingSummary). */
const SPLIT_FROM_CHILDREN = 40;

/** A child of the scope (the events read are those of the scope's children: never one of no child). */
type ChildId = (typeof children.$inferSelect)['id'];

/** One summary entry as the statement answers it: [itemID, eventType, ageRangeID, value, count]. */
type SummaryTuple = [string, 'snapshot' | 'learningStory', number | null, number | null, number];

/** A row of gradingSummarySql: the child (an event's child) and its entries; PGlite may answer the JSON as text. */
type SummaryRow = { childId: ChildId; summary: SummaryTuple[] | string };

/**
 * The grading summary's statement (also EXPLAINed by the bench): per child (LATERAL), the counts by
 * item, event type, age range and value, answered as one JSON array of arrays per child (unordered:
 * the report adds them up). Per child the group is a few hundred marks; one GROUP BY over every
 * child's tens of thousands of marks sorted them all at once (on disk at the default work_mem), and
 * 40,000 answer rows cost the driver more to read than 200 JSON texts. Run with sorts disabled
 * (gradingSummary): bench/README.md "Issue 17".
 */
export function gradingSummarySql(providerId: number, s: GradingScope): SQL {
  const tag = sql`case e.type_id ${sql.join(
    s.types.map((t) => sql`when ${sql.raw(String(Math.trunc(t.id)))} then ${t.tag}`),
    sql` `,
  )} end`;
  return sql`
    select ch.id as "childId", x.summary
    from unnest(${sql.param(s.childIds)}::int[]) as ch(id)
    cross join lateral (
      select json_agg(json_build_array(c.item_id, c.tag, c.age_range_id, c.value, c.count)) as summary
      from (
        select m.item_id, ${tag} as tag, m.age_range_id, m.value, count(*)::int as count
        ${marksFrom(providerId, s, sql`e.child_id = ch.id`)}
        group by m.item_id, e.type_id, m.age_range_id, m.value
      ) c
    ) x
    where x.summary is not null`;
}

/** The grading summary of the children by child: counts by item, event type, age range and value. */
export async function gradingSummary(
  db: Db,
  providerId: number,
  s: GradingScope,
): Promise<Map<number, BigPictureGradingSummary[]>> {
  const byChild = new Map<number, BigPictureGradingSummary[]>();
  if (s.childIds.length === 0 || s.types.length === 0) return byChild;
  // The planner expects a few dozen marks per child (a tenth of them) and sorts them for a
  // GroupAggregate; hashing them is half the statement's time (bench "big picture": 250 -> 140 ms
  // median). SET LOCAL keeps the hint to this one statement's transaction.
  const read = (childIds: number[]) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      const r = await tx.execute<SummaryRow>(gradingSummarySql(providerId, { ...s, childIds }));
      return r.rows;
    });
  // On PostgreSQL a large report is read in two halves on two connections at once (each child's
  // summary stands alone): two backends share the work, as a parallel query would, while this
  // process only waits. PGlite has one connection: the halves run one after the other.
  const half = Math.ceil(s.childIds.length / 2);
  const parts =
    s.childIds.length >= SPLIT_FROM_CHILDREN
      ? [s.childIds.slice(0, half), s.childIds.slice(half)]
      : [s.childIds];
  for (const rows of await Promise.all(parts.map(read))) {
    for (const row of rows) {
      // pg parses json; PGlite may answer the text.
      const tuples: SummaryTuple[] = typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary;
      byChild.set(
        row.childId,
        tuples.map(([itemID, eventType, ageRangeID, value, count]) => ({
          itemID,
          eventType,
          ageRangeID,
          value,
          count,
        })),
      );
    }
  }
  return byChild;
}

/**
 * A row of gradingsOverview: the event's child, the grading's (or best fit's) item and age range, and
 * the value as marksFrom computes it (0 or 1, null for a best fit).
 */
export type OverviewRow = { childId: ChildId } & Pick<
  typeof gradings.$inferSelect,
  'itemId' | 'ageRangeId'
> & { value: number | null };

/** The distinct gradings of the children (Gradings Overview), by child, item, age range, value. */
export async function gradingsOverview(db: Db, providerId: number, s: GradingScope): Promise<OverviewRow[]> {
  if (s.childIds.length === 0 || s.types.length === 0) return [];
  const r = await db.execute<OverviewRow & Record<string, unknown>>(sql`
    select distinct e.child_id as "childId", m.item_id as "itemId", m.age_range_id as "ageRangeId", m.value
    ${marksFrom(providerId, s, sql`e.child_id = any(${sql.param(s.childIds)}::int[])`)}
    order by e.child_id, m.item_id, m.age_range_id nulls first, m.value nulls last`);
  return r.rows;
}

/** The framework, when the provider has it enabled and usable at the site. */
export async function frameworkUsable(
  db: Db,
  providerId: number,
  frameworkId: string,
  siteId: number | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: frameworks.id })
    .from(frameworks)
    .where(
      and(
        eq(frameworks.providerId, providerId),
        eq(frameworks.id, frameworkId),
        eq(frameworks.enabled, true),
        siteId != null ? sql`not (${siteId}::int = any(${frameworks.disabledSiteIds}))` : undefined,
      ),
    );
  return rows.length > 0;
}

export async function ethnicityExists(db: Db, providerId: number, id: number): Promise<boolean> {
  const r = await db.execute(sql`select 1 from ethnicities where provider_id = ${providerId} and id = ${id}`);
  return r.rows.length > 0;
}

export async function attributeExists(db: Db, providerId: number, id: number): Promise<boolean> {
  const r = await db.execute(sql`select 1 from attributes where provider_id = ${providerId} and id = ${id}`);
  return r.rows.length > 0;
}

/** The provider's attributes by name, each with its list items by text (attribute_list_items' key). */
export async function attributesOf(db: Db, providerId: number) {
  const listOf = (column: SQL) => sql`array(select ${column} from attribute_list_items l
    where l.provider_id = ${attributes.providerId} and l.attribute_id = ${attributes.id} order by l.item, l.value)`;
  return db
    .select({
      id: attributes.id,
      name: attributes.name,
      values: sql<string[] | null>`${listOf(sql`l.value`)}`,
      items: sql<string[] | null>`${listOf(sql`l.item`)}`,
    })
    .from(attributes)
    .where(eq(attributes.providerId, providerId))
    .orderBy(asc(attributes.name), asc(attributes.id));
}

/** An attribute with its list items, as Drizzle infers it from attributesOf's select. */
export type AttributeRow = Awaited<ReturnType<typeof attributesOf>>[number];

export async function ethnicitiesOf(db: Db, providerId: number) {
  return db
    .select({ id: ethnicities.id, name: ethnicities.name })
    .from(ethnicities)
    .where(eq(ethnicities.providerId, providerId))
    .orderBy(asc(ethnicities.name), asc(ethnicities.id));
}
