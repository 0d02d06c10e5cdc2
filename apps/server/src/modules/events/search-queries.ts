// The event search and count SQL (search, drafts, cards) and the visibility it filters by (also
// used by media to check a photo is viewable); single-event reads and writes are event-queries.ts
// and write-queries.ts.
import { EventStatus } from '@nursery/domain/common';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { children, eventMeals, events, people } from '../../db/schema/index.ts';
import type { EventCursor } from './cursor.ts';

type Event = typeof events.$inferSelect;
type Child = typeof children.$inferSelect;
type Person = typeof people.$inferSelect;
/**
 * A column as a raw statement answers it: node-postgres gives a bigint as text and PGlite a number, a
 * timestamptz a Date (text on some paths): the presenters read them with Number() and new Date().
 */
type Raw<T> = T | string;

/** type_id * 8 + status_id: one integer per (type, status) pair (status ids are below 8). */
export const visibilityKey = (typeId: number, statusId: number) => typeId * 8 + statusId;

export interface Visibility {
  staffId: number;
  /** The sites the user works at (the session's staff_sites): an event of another site is not seen. */
  siteIds: number[];
  /** Keys visible on the user's own events and on others' events (from the roles' viewStatusIDs). */
  own: number[];
  others: number[];
}

/**
 * The same visibility computed from the event configuration (kept in memory by the running server),
 * so a search needs no query for it: per type, the view statuses of its own-event and others'-event
 * roles.
 */
export function visibilityFromConfig(
  config: {
    eventTypes: { id: number; ownRoleIDs: number[]; othersRoleIDs: number[] }[];
    eventRoles: { id: number; viewStatusIDs: number[] }[];
  },
  staffId: number,
  siteIds: readonly number[],
): Visibility {
  const views = new Map(config.eventRoles.map((r) => [r.id, r.viewStatusIDs]));
  const keys = (pick: (t: { ownRoleIDs: number[]; othersRoleIDs: number[] }) => number[]) => {
    const out = new Set<number>();
    for (const t of config.eventTypes)
      for (const roleId of pick(t)) for (const s of views.get(roleId) ?? []) out.add(visibilityKey(t.id, s));
    return [...out].sort((a, b) => a - b);
  };
  return {
    staffId,
    siteIds: [...siteIds],
    own: keys((t) => t.ownRoleIDs),
    others: keys((t) => t.othersRoleIDs),
  };
}

/** Which (type, status) pairs the user may see, own events and others' (spec 000 §6). */
export async function loadVisibility(
  db: Db,
  providerId: number,
  staffId: number,
  siteIds?: readonly number[],
): Promise<Visibility> {
  const sites =
    siteIds ??
    (
      await db.execute<{ site_id: number }>(sql`
        select site_id from staff_sites where provider_id = ${providerId} and staff_id = ${staffId}
        union select site_id from staff where provider_id = ${providerId} and id = ${staffId}`)
    ).rows.map((row) => Number(row.site_id));
  const r = await db.execute<{ scope: 'own' | 'others'; keys: number[] }>(sql`
    select rer.scope, array_agg(distinct rer.event_type_id * 8 + s.status_id) as keys
    from role_event_roles rer
    join staff_roles sr on sr.provider_id = rer.provider_id and sr.role_id = rer.role_id
    join event_roles er on er.provider_id = rer.provider_id and er.id = rer.event_role_id
    cross join lateral unnest(er.view_status_ids) as s(status_id)
    where rer.provider_id = ${providerId} and sr.staff_id = ${staffId}
    group by rer.scope`);
  const keys = (scope: string) => r.rows.find((row) => row.scope === scope)?.keys ?? [];
  return { staffId, siteIds: [...sites], own: keys('own'), others: keys('others') };
}

export interface SearchFilter {
  siteId: number;
  /** Without it, every status but Deleted. */
  statusId?: number;
  typeId?: number;
  codeId?: number;
  childIds?: number[];
  /** Events of the children whose room is this room (the timeline's room filter). */
  roomId?: number;
  authorStaffId?: number;
  /** Framework item path ids: events with a grading on one of them. */
  itemIds?: string[];
  /** A framework item path id: events with a grading on an item of its subtree. */
  areaId?: string;
  /** Inclusive instants bounding `raised` (the site's local days converted by the caller). */
  fromInstant?: string;
  toInstant?: string;
  oldestFirst: boolean;
}

export interface SearchPage {
  limit: number;
  after?: EventCursor;
  before?: EventCursor;
}

/** A row of searchEventsSql: the event, its child (left join) and its author, typed from the tables. */
export type EventRow = Pick<
  Event,
  | 'typeId'
  | 'codeId'
  | 'statusId'
  | 'version'
  | 'siteId'
  | 'childId'
  | 'notes'
  | 'authorPersonId'
  | 'authorStaffId'
> & {
  id: Raw<Event['id']>;
  raised: Raw<Event['raised']>;
  /** `raised` as text, exact to the microsecond: the page cursor. */
  raisedKey: string;
  date2: Raw<Event['date2']>;
  childForename: Child['forename'] | null;
  childSurname: Child['surname'] | null;
  childHasImage: Child['hasImage'] | null;
  authorForename: Person['forename'];
  authorSurname: Person['surname'];
  authorHasImage: Person['hasImage'];
};

/** The WHERE terms of a search (provider first, then site, filters and the visibility). */
export function searchWhere(providerId: number, f: SearchFilter, v: Visibility): SQL[] {
  const where: SQL[] = [sql`e.provider_id = ${providerId}`, sql`e.site_id = ${f.siteId}`];
  // Deleted events only when asked for by status (spec 000 §7: "not in deleted statuses").
  where.push(
    f.statusId !== undefined ? sql`e.status_id = ${f.statusId}` : sql`e.status_id <> ${EventStatus.Deleted}`,
  );
  if (f.typeId !== undefined) where.push(sql`e.type_id = ${f.typeId}`);
  if (f.codeId !== undefined) where.push(sql`e.code_id = ${f.codeId}`);
  if (f.childIds?.length) where.push(sql`e.child_id = any(${sql.param(f.childIds)}::int[])`);
  if (f.roomId !== undefined) {
    // The room's children by children_room_idx; their events are then read in the page's order.
    where.push(sql`e.child_id in (select rc.id from children rc
      where rc.provider_id = ${providerId} and rc.room_id = ${f.roomId})`);
  }
  if (f.authorStaffId !== undefined) where.push(sql`e.author_staff_id = ${f.authorStaffId}`);
  if (f.itemIds?.length) {
    // Served by gradings_event_item_key (provider_id, event_id, child_id, item_id).
    where.push(sql`exists (select 1 from gradings g
      where g.provider_id = e.provider_id and g.event_id = e.id and g.item_id = any(${sql.param(f.itemIds)}::text[]))`);
  }
  if (f.areaId) {
    // The item's subtree: path ids are digits and slashes, so the prefix needs no escaping.
    where.push(sql`exists (select 1 from gradings g
      where g.provider_id = e.provider_id and g.event_id = e.id and g.item_id like ${`${f.areaId}%`})`);
  }
  if (f.fromInstant) where.push(sql`e.raised >= ${f.fromInstant}::timestamptz`);
  if (f.toInstant) where.push(sql`e.raised < ${f.toInstant}::timestamptz`);
  where.push(eventVisibleSql(v));
  return where;
}

/**
 * THE visibility rule of an event (docs/security.md "Visibility"), as a condition on `events e`: the
 * event is at one of the user's sites, and a role that applies (own or others', by author) views its
 * status (spec 000 §6). Every read of an event, of its parts, media and signatures applies it in SQL
 * (the provider is filtered by the caller's first term); anything it hides answers 404.
 */
export function eventVisibleSql(v: Visibility): SQL {
  return sql`(e.site_id = any(${sql.param(v.siteIds)}::int[]) and (
    (e.author_staff_id = ${v.staffId} and e.type_id * 8 + e.status_id = any(${sql.param(v.own)}::int[]))
    or (e.author_staff_id is distinct from ${v.staffId} and e.type_id * 8 + e.status_id = any(${sql.param(v.others)}::int[]))))`;
}

/**
 * One page of events, keyset-paginated on (raised, id) and read through an index that starts with
 * (provider_id, site_id[, status_id]) so page 40 costs what page 1 costs. Fetches limit + 1 rows
 * to know whether another page exists.
 */
export function searchEventsSql(providerId: number, f: SearchFilter, v: Visibility, page: SearchPage): SQL {
  // Reading backwards (the previous page) flips the inner order; the outer order is the display order.
  const backwards = page.before !== undefined;
  const ascending = f.oldestFirst !== backwards;
  const where = searchWhere(providerId, f, v);
  const cursor = page.after ?? page.before;
  if (cursor) {
    where.push(
      ascending
        ? sql`(e.raised, e.id) > (${cursor.raised}::timestamptz, ${cursor.id})`
        : sql`(e.raised, e.id) < (${cursor.raised}::timestamptz, ${cursor.id})`,
    );
  }
  const order = ascending ? sql`e.raised asc, e.id asc` : sql`e.raised desc, e.id desc`;
  return sql`
    select p.id, p.type_id as "typeId", p.code_id as "codeId", p.status_id as "statusId", p.version,
           p.site_id as "siteId", p.child_id as "childId", p.raised, p.raised_key as "raisedKey", p.date2, p.notes,
           c.forename as "childForename", c.surname as "childSurname", c.has_image as "childHasImage",
           p.author_person_id as "authorPersonId", p.author_staff_id as "authorStaffId",
           a.forename as "authorForename", a.surname as "authorSurname", a.has_image as "authorHasImage"
    from (
      select e.id, e.type_id, e.code_id, e.status_id, e.version, e.site_id, e.child_id, e.raised, e.raised::text as raised_key,
             e.date2, e.notes, e.author_person_id, e.author_staff_id, e.provider_id
      from events e
      where ${sql.join(where, sql` and `)}
      order by ${order}
      limit ${page.limit + 1}
    ) p
    left join children c on c.provider_id = p.provider_id and c.id = p.child_id
    join people a on a.provider_id = p.provider_id and a.id = p.author_person_id
    order by ${f.oldestFirst ? sql`p.raised asc, p.id asc` : sql`p.raised desc, p.id desc`}`;
}

export async function searchEvents(db: Db, query: SQL): Promise<EventRow[]> {
  return (await db.execute<EventRow>(query)).rows;
}

/** A row of countEventsSql: a type and its number of events. */
export type TypeCountRow = Pick<Event, 'typeId'> & { count: number };

/** Events per type for the same filters (the search facet); no cursor, no limit. */
export function countEventsSql(providerId: number, f: SearchFilter, v: Visibility): SQL {
  return sql`
    select e.type_id as "typeId", count(*)::int as count
    from events e
    where ${sql.join(searchWhere(providerId, f, v), sql` and `)}
    group by e.type_id
    order by e.type_id`;
}

type Meal = typeof eventMeals.$inferSelect;

/** A row of cardPartsSql: an event's media ids, meals (json), gradings and checkpoints counted. */
export type CardPartsRow = {
  id: Raw<Event['id']>;
  mediaIds: string[] | null;
  meals:
    | { mealID: Meal['mealId']; portionID: Meal['portionId']; portionAmount: Meal['portionAmount'] }[]
    | null;
  gradingCount: number;
  checkpointCount: number;
};

/**
 * What a drafts card shows beyond the summary, for a page of events in one query: each part is an
 * index probe per id (event_media and event_checkpoints primary keys, event_meals_key,
 * gradings_event_item_key), never a query per row.
 */
export function cardPartsSql(providerId: number, ids: number[]): SQL {
  return sql`
    select u.id::bigint as id,
      array(select em.media_id::text from event_media em
            where em.provider_id = ${providerId} and em.event_id = u.id
            order by em.sort_order, em.media_id) as "mediaIds",
      (select json_agg(json_build_object('mealID', m.meal_id, 'portionID', m.portion_id,
                                         'portionAmount', m.portion_amount) order by m.id)
       from event_meals m where m.provider_id = ${providerId} and m.event_id = u.id) as meals,
      (select count(*)::int from gradings g where g.provider_id = ${providerId} and g.event_id = u.id) as "gradingCount",
      (select count(*)::int from event_checkpoints c
       where c.provider_id = ${providerId} and c.event_id = u.id) as "checkpointCount"
    from unnest(${sql.param(ids)}::bigint[]) as u(id)`;
}

export async function cardParts(
  db: Db,
  providerId: number,
  ids: number[],
): Promise<Map<number, CardPartsRow>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute<CardPartsRow>(cardPartsSql(providerId, ids));
  return new Map(r.rows.map((row) => [Number(row.id), row]));
}

/** A row of timelinePartsSql: the media and comment counts and the first medium of an event. */
export type TimelinePartsRow = {
  id: Raw<Event['id']>;
  mediaCount: number;
  firstMediaId: string | null;
  commentCount: number;
};

/** A row of timelineChildrenSql: what a child's tile shows beyond the summary (age, room). */
export type TimelineChildRow = {
  id: Child['id'];
  dob: string;
  roomId: Child['roomId'];
  roomName: string | null;
};

/**
 * What a timeline card shows beyond the summary (issue 31), for a page of events in one query: the
 * media and comment counts and the first medium, each an index probe per id (event_media's primary
 * key, event_comments_event_idx), never a query per row. No join: the type's tag and the code's name
 * come from the event configuration the server keeps, the children's tiles from timelineChildrenSql.
 */
export function timelinePartsSql(providerId: number, ids: number[]): SQL {
  return sql`
    select u.id::bigint as id,
      (select count(*)::int from event_media em
       where em.provider_id = ${providerId} and em.event_id = u.id) as "mediaCount",
      (select em.media_id::text from event_media em
       where em.provider_id = ${providerId} and em.event_id = u.id
       order by em.sort_order, em.media_id limit 1) as "firstMediaId",
      (select count(*)::int from event_comments ec
       where ec.provider_id = ${providerId} and ec.event_id = u.id) as "commentCount"
    from unnest(${sql.param(ids)}::bigint[]) as u(id)`;
}

/** The page's children: date of birth, room and its name (children and rooms primary keys). */
export function timelineChildrenSql(providerId: number, childIds: number[]): SQL {
  return sql`
    select c.id, c.dob::text as dob, c.room_id as "roomId", r.name as "roomName"
    from children c
    left join rooms r on r.provider_id = c.provider_id and r.id = c.room_id
    where c.provider_id = ${providerId} and c.id = any(${sql.param(childIds)}::int[])`;
}

export interface TimelineParts {
  events: Map<number, TimelinePartsRow>;
  children: Map<number, TimelineChildRow>;
}

export async function timelineParts(db: Db, providerId: number, rows: EventRow[]): Promise<TimelineParts> {
  const ids = rows.map((r) => Number(r.id));
  const childIds = [...new Set(rows.flatMap((r) => (r.childId === null ? [] : [r.childId])))];
  if (ids.length === 0) return { events: new Map(), children: new Map() };
  const parts = await db.execute<TimelinePartsRow>(timelinePartsSql(providerId, ids));
  const kids = childIds.length
    ? (await db.execute<TimelineChildRow>(timelineChildrenSql(providerId, childIds))).rows
    : [];
  return {
    events: new Map(parts.rows.map((row) => [Number(row.id), row])),
    children: new Map(kids.map((k) => [k.id, k])),
  };
}

export interface FilterIds {
  typeId?: number;
  codeId?: number;
  staffId?: number;
  childIds?: number[];
  roomId?: number;
  areaId?: string;
}

/** Which of the filter ids are not the provider's (one query; an empty list when all are). */
export async function unknownFilterIds(
  db: Db,
  providerId: number,
  f: FilterIds,
): Promise<(keyof FilterIds)[]> {
  const checks: SQL[] = [];
  if (f.typeId !== undefined)
    checks.push(
      sql`exists (select 1 from event_types where provider_id = ${providerId} and id = ${f.typeId}) as "typeId"`,
    );
  if (f.codeId !== undefined)
    checks.push(
      sql`exists (select 1 from event_codes where provider_id = ${providerId} and id = ${f.codeId}) as "codeId"`,
    );
  if (f.staffId !== undefined)
    checks.push(
      sql`exists (select 1 from staff where provider_id = ${providerId} and id = ${f.staffId}) as "staffId"`,
    );
  if (f.childIds?.length) {
    const ids = [...new Set(f.childIds)];
    checks.push(sql`(select count(*) from children
      where provider_id = ${providerId} and id = any(${sql.param(ids)}::int[])) = ${ids.length} as "childIds"`);
  }
  if (f.roomId !== undefined)
    checks.push(
      sql`exists (select 1 from rooms where provider_id = ${providerId} and id = ${f.roomId}) as "roomId"`,
    );
  if (f.areaId !== undefined)
    checks.push(
      sql`exists (select 1 from framework_items where provider_id = ${providerId} and id = ${f.areaId}) as "areaId"`,
    );
  if (checks.length === 0) return [];
  const r = await db.execute<Record<string, boolean>>(sql`select ${sql.join(checks, sql`, `)}`);
  const row = r.rows[0] ?? {};
  return (Object.keys(row) as (keyof FilterIds)[]).filter((k) => row[k] !== true);
}
