// Reads of single events and what their saves and status changes check: the event, its parts,
// the children, two-year holders, scheme items, attachable media, considerations. Every statement
// filters by provider_id first. Rows come back as stored; presenter.ts shapes answers.
import { EventStatus } from '@nursery/domain/common';
import { isRestrictedConsideration } from '@nursery/domain/spotlight';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  considerations,
  eventMeals,
  eventMedia,
  events,
  gradings,
  nextSteps,
  priorities,
} from '../../db/schema/index.ts';
import { eventVisibleSql, type Visibility } from './search-queries.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Exec = Db | Tx;
export type EventRecord = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export async function eventsBySave(db: Exec, providerId: number, saveUuid: string) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.providerId, providerId), eq(events.saveUuid, saveUuid)))
    .orderBy(asc(events.id));
}

export async function eventById(db: Exec, providerId: number, id: number) {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.providerId, providerId), eq(events.id, id)));
  return rows[0];
}

/** The events table as eventVisibleSql names it (`e`), for a Drizzle select that joins or reads it. */
export const visibleEvents = alias(events, 'e');
const e = visibleEvents;

/**
 * THE join of a row's event when the user may see it: same provider, the row's event id, and the
 * visibility rule (eventVisibleSql). `.innerJoin(visibleEvents, visibleEventOn(t.providerId, t.eventId, v))`
 * reads a part of an event (a next step, a history entry) only when its event is visible, by the
 * events primary key (provider_id, id).
 */
export function visibleEventOn(providerId: PgColumn, eventId: PgColumn, v: Visibility): SQL {
  return and(eq(e.providerId, providerId), eq(e.id, eventId), eventVisibleSql(v))!;
}

/**
 * The event if the user may see it (THE visibility rule: provider, site, role, status, author), else
 * undefined. Every by-id read, and every write that first reads its event, starts here, so a hidden
 * event answers 404 before its status or the user's permissions are judged.
 */
export async function visibleEventById(
  db: Exec,
  providerId: number,
  v: Visibility,
  id: number,
): Promise<EventRecord | undefined> {
  const rows = await db
    .select()
    .from(e)
    .where(and(eq(e.providerId, providerId), eq(e.id, id), eventVisibleSql(v)));
  return rows[0];
}

/** The events (of those given) the user may see; the others are left out as if unknown. */
export async function visibleEventsByIds(
  db: Exec,
  providerId: number,
  v: Visibility,
  ids: number[],
): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  return visibleEventsByIdsQuery(db, providerId, v, ids);
}

/** The statement of visibleEventsByIds (the bench times it). */
export function visibleEventsByIdsQuery(db: Exec, providerId: number, v: Visibility, ids: number[]) {
  return db
    .select()
    .from(e)
    .where(and(eq(e.providerId, providerId), inArray(e.id, ids), eventVisibleSql(v)));
}

export async function childrenFor(db: Exec, providerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const r = await db.execute<{ id: number; site_id: number; dob: string }>(sql`
    select id, site_id, dob::text as dob from children
    where provider_id = ${providerId} and id = any(${sql.param(ids)}::int[])`);
  return r.rows;
}

/** Two-year checks (not deleted) held by the children, other than the given event. */
export async function twoYearHolders(db: Exec, providerId: number, childIds: number[], exceptId = 0) {
  if (childIds.length === 0) return [];
  // The terms of events_twoyear_child_key's predicate (twoyear and status_id <> 6), as written there.
  return db
    .select({ id: events.id, childId: events.childId, statusId: events.statusId })
    .from(events)
    .where(
      and(
        eq(events.providerId, providerId),
        inArray(events.childId, childIds),
        sql`${events.twoyear} and ${events.statusId} <> ${EventStatus.Deleted}`,
        ne(events.id, exceptId),
      ),
    );
}

export type SchemeItem = {
  item_id: string;
  allow_age_range: boolean;
};

/** The requested items that belong to a framework with a scheme for the event type. */
export async function schemeItems(
  db: Exec,
  providerId: number,
  typeId: number,
  itemIds: string[],
): Promise<SchemeItem[]> {
  if (itemIds.length === 0) return [];
  const r = await db.execute<SchemeItem>(sql`
    select fi.id as item_id, fs.allow_age_range from framework_items fi
    join framework_schemes fs on fs.provider_id = fi.provider_id and fs.framework_id = fi.framework_id
    where fi.provider_id = ${providerId} and fs.event_type_id = ${typeId}
      and fi.id = any(${sql.param(itemIds)}::text[])`);
  return r.rows;
}

/**
 * The media of a save that the user may attach: the user's own uploads, or media already attached to an
 * event the user may open (an edit keeps the photos it shows). Any other id, even of the provider, is
 * left out, so it answers as unknown: knowing a medium's id must not let anyone attach it to their own
 * event and then download it.
 */
export async function mediaTypes(
  db: Exec,
  providerId: number,
  ids: string[],
  viewer: { personId: number; visibility: Visibility },
) {
  if (ids.length === 0) return [];
  const r = await db.execute<{ id: string; type: 'image' | 'video' }>(sql`
    select m.id::text as id, m.type from media m
    where m.provider_id = ${providerId} and m.id = any(${sql.param(ids)}::uuid[])
      and (m.uploaded_by_person_id = ${viewer.personId}
           or exists (select 1 from event_media em
                      join events e on e.provider_id = em.provider_id and e.id = em.event_id
                      where em.provider_id = m.provider_id and em.media_id = m.id
                        and ${eventVisibleSql(viewer.visibility)}))`);
  return r.rows;
}

/** The event's parts: gradings, next steps with links, meals and media ids. */
export async function eventParts(db: Exec, providerId: number, eventId: number) {
  // The map holds an entry for every id asked.
  return (await eventPartsByIds(db, providerId, [eventId])).get(eventId)!;
}

/**
 * The parts of several events (events v3), five queries whatever the number of events (never a query
 * per event), each read by its `(provider_id, event_id, …)` index; per event, in eventParts' order.
 */
export async function eventPartsByIds(db: Exec, providerId: number, eventIds: number[]) {
  const [g, steps, links, meals, media] = await Promise.all([
    db
      .select()
      .from(gradings)
      .where(and(eq(gradings.providerId, providerId), inArray(gradings.eventId, eventIds)))
      .orderBy(asc(gradings.id)),
    db
      .select()
      .from(nextSteps)
      .where(and(eq(nextSteps.providerId, providerId), inArray(nextSteps.eventId, eventIds)))
      .orderBy(asc(nextSteps.id)),
    db.execute<{ event_id: number | string; next_step_id: number; item_id: string }>(sql`
      select s.event_id, l.next_step_id, l.item_id from next_step_links l
      join next_steps s on s.provider_id = l.provider_id and s.id = l.next_step_id
      where l.provider_id = ${providerId} and s.event_id = any(${sql.param(eventIds)}::bigint[])
      order by l.item_id`),
    db
      .select()
      .from(eventMeals)
      .where(and(eq(eventMeals.providerId, providerId), inArray(eventMeals.eventId, eventIds)))
      .orderBy(asc(eventMeals.id)),
    db
      .select()
      .from(eventMedia)
      .where(and(eq(eventMedia.providerId, providerId), inArray(eventMedia.eventId, eventIds)))
      .orderBy(asc(eventMedia.sortOrder)),
  ]);
  const byEvent = <R>(rows: R[], eventOf: (r: R) => number) => {
    const out = new Map<number, R[]>();
    for (const r of rows) {
      const id = eventOf(r);
      const list = out.get(id);
      if (list) list.push(r);
      else out.set(id, [r]);
    }
    return (id: number) => out.get(id) ?? [];
  };
  const parts = {
    gradings: byEvent(g, (r) => r.eventId),
    steps: byEvent(steps, (r) => r.eventId),
    links: byEvent(links.rows, (r) => Number(r.event_id)),
    meals: byEvent(meals, (r) => r.eventId),
    media: byEvent(media, (r) => r.eventId),
  };
  return new Map(
    eventIds.map((id) => [
      id,
      {
        gradings: parts.gradings(id),
        steps: parts.steps(id),
        links: parts.links(id).map(({ next_step_id, item_id }) => ({ next_step_id, item_id })),
        meals: parts.meals(id),
        media: parts.media(id),
      },
    ]),
  );
}
export type EventPartRows = Awaited<ReturnType<typeof eventParts>>;

/** A next step of nextStepsOf: its columns and the items it is linked to (ordered). */
export type NextStepRow = Pick<typeof nextSteps.$inferSelect, 'id' | 'notes' | 'completed'> & {
  links: string[];
};

/** The event's next steps with their links, as in eventParts (one query instead of its five). */
export async function nextStepsOf(db: Exec, providerId: number, eventId: number): Promise<NextStepRow[]> {
  const r = await db.execute<NextStepRow>(sql`
    select s.id, s.notes, s.completed,
      coalesce(array_agg(l.item_id order by l.item_id) filter (where l.item_id is not null), '{}') as links
    from next_steps s
    left join next_step_links l on l.provider_id = s.provider_id and l.next_step_id = s.id
    where s.provider_id = ${providerId} and s.event_id = ${eventId}
    group by s.id, s.notes, s.completed order by s.id`);
  return r.rows;
}

/** The events (of those given) carrying an Intervention or Staff Support consideration. */
export async function eventsWithRestrictedConsiderations(db: Exec, providerId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ eventId: considerations.eventId, status: considerations.status })
    .from(considerations)
    .where(and(eq(considerations.providerId, providerId), inArray(considerations.eventId, ids)));
  return new Set(rows.filter((x) => isRestrictedConsideration(x.status)).map((x) => x.eventId));
}

/** Whether each of the events (of those given) has photos, videos: the publishing warnings' input. */
export async function mediaKindsOf(db: Exec, providerId: number, ids: number[]) {
  const r = await db.execute<{ event_id: number; photos: boolean; videos: boolean }>(sql`
    select em.event_id::int as event_id, bool_or(m.type = 'image') as photos, bool_or(m.type = 'video') as videos
    from event_media em join media m on m.provider_id = em.provider_id and m.id = em.media_id
    where em.provider_id = ${providerId} and em.event_id = any(${sql.param(ids)}::bigint[])
    group by em.event_id`);
  return new Map(r.rows.map((row) => [Number(row.event_id), row]));
}

/** A child's latest visible event of a type that is not deleted (raised, then id), or undefined. */
export async function lastEventOf(
  db: Exec,
  providerId: number,
  childId: number,
  typeId: number,
  v: Visibility,
) {
  const rows = await db
    .select({ id: e.id, raised: e.raised })
    .from(e)
    .where(
      and(
        eq(e.providerId, providerId),
        eq(e.childId, childId),
        eq(e.typeId, typeId),
        ne(e.statusId, EventStatus.Deleted),
        eventVisibleSql(v),
      ),
    )
    .orderBy(desc(e.raised), desc(e.id))
    .limit(1);
  return rows[0];
}

/** The gradings of an event, in the order they were saved. */
export async function gradingRowsOf(db: Exec, providerId: number, eventId: number) {
  return db
    .select({ itemId: gradings.itemId, value: gradings.value, ageRangeId: gradings.ageRangeId })
    .from(gradings)
    .where(and(eq(gradings.providerId, providerId), eq(gradings.eventId, eventId)))
    .orderBy(asc(gradings.id));
}

/** The first enabled priority by sort order (the default priority, spec 000 §9), or null. */
export async function firstPriorityId(db: Exec, providerId: number): Promise<number | null> {
  const rows = await db
    .select({ id: priorities.id })
    .from(priorities)
    .where(and(eq(priorities.providerId, providerId), eq(priorities.enabled, true)))
    .orderBy(asc(priorities.sortOrder), asc(priorities.id))
    .limit(1);
  return rows[0]?.id ?? null;
}
