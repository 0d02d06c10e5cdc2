// Reads and writes of single events and their parts (gradings, next steps with links, meals,
// media links, history). Every statement filters by provider_id first.
import { type EventSavePayload, isRestrictedConsideration } from '@nursery/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  eventHistory,
  eventMeals,
  eventMedia,
  events,
  gradings,
  nextStepLinks,
  nextSteps,
} from '../../db/schema/index.ts';
import { eventVisibleSql, type Visibility } from './queries.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Db | Tx;
export type EventRecord = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

/** The event columns a save or an edit takes from the payload (the rest is the caller's: ids, status, child...). */
export function payloadColumns(p: Omit<EventSavePayload, 'uuid'>, raised: Date) {
  return {
    codeId: p.codeID,
    notes: p.notes ?? null,
    childsVoice: p.childsVoice ?? null,
    parentNotes: p.ref2 ?? null,
    learningStyles: p.learningStyles,
    tagged: p.tagged,
    raised,
    date1: p.date1 ? new Date(p.date1) : null,
    date2: p.date2 ? new Date(p.date2) : null,
    due: p.due ? new Date(p.due) : raised,
    priorityId: p.priorityID ?? null,
    areaId: p.areaID ?? null,
    existingInjury: p.existingInjury ?? null,
    nappyCream: p.nappyCream ?? null,
  };
}

export interface GradingIn {
  itemID: string;
  ageRangeID?: number | null;
  value?: number | null;
  notes?: string | null;
}
export interface NextStepIn {
  id?: number;
  notes?: string | null;
  links: string[];
  completed: boolean;
}
export interface MealIn {
  mealID: number;
  portionID?: number | null;
  portionAmount?: string | null;
}

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

export async function eventsByIds(db: Exec, providerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(events)
    .where(and(eq(events.providerId, providerId), inArray(events.id, ids)));
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
  const r = await db.execute<{ id: number; child_id: number; status_id: number }>(sql`
    select id::int as id, child_id, status_id from events
    where provider_id = ${providerId} and child_id = any(${sql.param(childIds)}::int[])
      and twoyear and status_id <> 6 and id <> ${exceptId}`);
  return r.rows;
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

export async function insertEvents(tx: Tx, rows: NewEvent[]) {
  return tx.insert(events).values(rows).returning();
}

/** Inserts that return nothing, to run together (runInserts). */
export type PendingInsert = { getSQL(): SQL };

/**
 * Runs inserts that return nothing as one statement (data-modifying CTEs): one round trip instead
 * of one per table. Each insert sees the rows of earlier statements, and constraint errors are the
 * same as when run alone.
 */
export async function runInserts(tx: Tx, inserts: PendingInsert[]) {
  if (inserts.length === 0) return;
  const last = inserts[inserts.length - 1]!;
  if (inserts.length === 1) {
    await tx.execute(last.getSQL());
    return;
  }
  const ctes = inserts.slice(0, -1).map((q, i) => sql`${sql.raw(`i${i}`)} as (${q.getSQL()})`);
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}`);
}

export function historyInserts(
  tx: Tx,
  providerId: number,
  rows: { eventId: number; action: 'create' | 'update' | 'transition'; from: number | null; to: number }[],
  personId: number,
  at: Date,
): PendingInsert[] {
  if (rows.length === 0) return [];
  return [
    tx.insert(eventHistory).values(
      rows.map((r) => ({
        providerId,
        eventId: r.eventId,
        action: r.action,
        fromStatusId: r.from,
        toStatusId: r.to,
        personId,
        at,
      })),
    ),
  ];
}

export async function insertHistory(
  tx: Tx,
  providerId: number,
  rows: { eventId: number; action: 'create' | 'update' | 'transition'; from: number | null; to: number }[],
  personId: number,
  at: Date,
) {
  await runInserts(tx, historyInserts(tx, providerId, rows, personId, at));
}

type PartsIn = { values: GradingIn[]; meals: MealIn[]; mediaIDs: string[] };

/** Replaces the gradings, meals and media links of the events (each event: its own child). */
export async function replaceParts(
  tx: Tx,
  providerId: number,
  targets: { eventId: number; childId: number | null }[],
  parts: PartsIn,
) {
  const ids = targets.map((t) => t.eventId);
  await tx.delete(gradings).where(and(eq(gradings.providerId, providerId), inArray(gradings.eventId, ids)));
  await tx
    .delete(eventMeals)
    .where(and(eq(eventMeals.providerId, providerId), inArray(eventMeals.eventId, ids)));
  await tx
    .delete(eventMedia)
    .where(and(eq(eventMedia.providerId, providerId), inArray(eventMedia.eventId, ids)));
  await insertParts(tx, providerId, targets, parts);
}

/** The gradings, meals and media links of events just inserted (nothing to replace). */
export async function insertParts(
  tx: Tx,
  providerId: number,
  targets: { eventId: number; childId: number | null }[],
  parts: PartsIn,
) {
  await runInserts(tx, partsInserts(tx, providerId, targets, parts));
}

/** The inserts of insertParts, not yet run. */
export function partsInserts(
  tx: Tx,
  providerId: number,
  targets: { eventId: number; childId: number | null }[],
  parts: PartsIn,
): PendingInsert[] {
  const inserts: PendingInsert[] = [];
  const gradingRows = targets.flatMap((t) =>
    t.childId === null
      ? []
      : parts.values.map((g) => ({
          providerId,
          eventId: t.eventId,
          childId: t.childId!,
          itemId: g.itemID,
          ageRangeId: g.ageRangeID ?? null,
          value: g.value ?? null,
          notes: g.notes ?? null,
        })),
  );
  if (gradingRows.length) inserts.push(tx.insert(gradings).values(gradingRows));
  const mealRows = targets.flatMap((t) =>
    parts.meals.map((m) => ({
      providerId,
      eventId: t.eventId,
      mealId: m.mealID,
      portionId: m.portionID ?? null,
      portionAmount: m.portionAmount ?? null,
    })),
  );
  if (mealRows.length) inserts.push(tx.insert(eventMeals).values(mealRows));
  const mediaRows = targets.flatMap((t) =>
    parts.mediaIDs.map((mediaId, i) => ({ providerId, eventId: t.eventId, mediaId, sortOrder: i })),
  );
  if (mediaRows.length) inserts.push(tx.insert(eventMedia).values(mediaRows));
  return inserts;
}

/** Next steps are kept only if they have links, notes or are completed (spec 000 §5). */
export const keepsNextStep = (s: NextStepIn) =>
  s.links.length > 0 || (s.notes ?? '').trim() !== '' || s.completed;

export async function insertNextSteps(
  tx: Tx,
  providerId: number,
  targets: { eventId: number; childId: number | null }[],
  steps: NextStepIn[],
  author: { personId: number; staffId: number | null },
  at: Date,
  /** Other inserts to run in the same statement as the links (runInserts). */
  alongside: PendingInsert[] = [],
) {
  const kept = steps.filter(keepsNextStep);
  const rows = targets.flatMap((t) =>
    t.childId === null
      ? []
      : kept.map((s) => ({
          providerId,
          eventId: t.eventId,
          childId: t.childId!,
          notes: s.notes ?? null,
          completed: s.completed,
          completedAt: s.completed ? at : null,
          completedEventId: s.completed ? t.eventId : null,
          authorPersonId: author.personId,
          authorStaffId: author.staffId,
        })),
  );
  if (rows.length === 0) {
    await runInserts(tx, alongside);
    return;
  }
  const created = await tx.insert(nextSteps).values(rows).returning({ id: nextSteps.id });
  const links = created.flatMap((c, i) =>
    [...new Set(kept[i % kept.length]!.links)].map((itemId) => ({ providerId, nextStepId: c.id, itemId })),
  );
  await runInserts(tx, [...(links.length ? [tx.insert(nextStepLinks).values(links)] : []), ...alongside]);
}

/** Marks the children's outstanding steps completed on the event that completes them. */
export async function completeNextSteps(
  tx: Tx,
  providerId: number,
  targets: { eventId: number; childId: number | null }[],
  stepIds: number[],
  at: Date,
) {
  if (stepIds.length === 0) return;
  for (const t of targets) {
    if (t.childId === null) continue;
    await tx.execute(sql`
      update next_steps set completed = true, completed_at = ${at.toISOString()}, completed_event_id = ${t.eventId}
      where provider_id = ${providerId} and child_id = ${t.childId} and not completed
        and id = any(${sql.param(stepIds)}::int[])`);
  }
}

/** The event's parts: gradings, next steps with links, meals and media ids. */
export async function eventParts(db: Exec, providerId: number, eventId: number) {
  const [g, steps, links, meals, media] = await Promise.all([
    db
      .select()
      .from(gradings)
      .where(and(eq(gradings.providerId, providerId), eq(gradings.eventId, eventId)))
      .orderBy(asc(gradings.id)),
    db
      .select()
      .from(nextSteps)
      .where(and(eq(nextSteps.providerId, providerId), eq(nextSteps.eventId, eventId)))
      .orderBy(asc(nextSteps.id)),
    db.execute<{ next_step_id: number; item_id: string }>(sql`
      select l.next_step_id, l.item_id from next_step_links l
      join next_steps s on s.provider_id = l.provider_id and s.id = l.next_step_id
      where l.provider_id = ${providerId} and s.event_id = ${eventId} order by l.item_id`),
    db
      .select()
      .from(eventMeals)
      .where(and(eq(eventMeals.providerId, providerId), eq(eventMeals.eventId, eventId)))
      .orderBy(asc(eventMeals.id)),
    db
      .select()
      .from(eventMedia)
      .where(and(eq(eventMedia.providerId, providerId), eq(eventMedia.eventId, eventId)))
      .orderBy(asc(eventMedia.sortOrder)),
  ]);
  return {
    values: g.map((x) => ({ itemID: x.itemId, ageRangeID: x.ageRangeId, value: x.value, notes: x.notes })),
    nextSteps: steps.map((s) => ({
      id: s.id,
      notes: s.notes,
      completed: s.completed,
      links: links.rows.filter((l) => l.next_step_id === s.id).map((l) => ({ itemID: l.item_id })),
    })),
    meals: meals.map((m) => ({ mealID: m.mealId, portionID: m.portionId, portionAmount: m.portionAmount })),
    mediaIDs: media.map((m) => m.mediaId),
  };
}

/** The event's next steps with their links, as in eventParts (one query instead of its five). */
export async function nextStepsOf(db: Exec, providerId: number, eventId: number) {
  const r = await db.execute<{ id: number; notes: string | null; completed: boolean; links: string[] }>(sql`
    select s.id, s.notes, s.completed,
      coalesce(array_agg(l.item_id order by l.item_id) filter (where l.item_id is not null), '{}') as links
    from next_steps s
    left join next_step_links l on l.provider_id = s.provider_id and l.next_step_id = s.id
    where s.provider_id = ${providerId} and s.event_id = ${eventId}
    group by s.id, s.notes, s.completed order by s.id`);
  return r.rows.map((s) => ({
    id: Number(s.id),
    notes: s.notes,
    completed: s.completed,
    links: s.links.map((itemID) => ({ itemID })),
  }));
}

/** PUT: updates the steps the client kept (by id), deletes the others, inserts the new ones. */
export async function syncNextSteps(
  tx: Tx,
  providerId: number,
  target: { eventId: number; childId: number | null },
  steps: NextStepIn[],
  author: { personId: number; staffId: number | null },
  at: Date,
) {
  const kept = steps.filter((s) => s.id !== undefined);
  const keepIds = kept.map((s) => s.id!);
  await tx.execute(sql`
    delete from next_steps where provider_id = ${providerId} and event_id = ${target.eventId}
      and not (id = any(${sql.param(keepIds)}::int[]))`);
  for (const s of kept) {
    const updated = await tx.execute<{ id: number }>(sql`
      update next_steps set notes = ${s.notes ?? null}, completed = ${s.completed},
        completed_at = case when ${s.completed} then coalesce(completed_at, ${at.toISOString()}::timestamptz) end,
        completed_event_id = case when ${s.completed} then coalesce(completed_event_id, event_id) end
      where provider_id = ${providerId} and event_id = ${target.eventId} and id = ${s.id!} returning id`);
    if (updated.rows.length === 0) continue;
    await tx
      .delete(nextStepLinks)
      .where(and(eq(nextStepLinks.providerId, providerId), eq(nextStepLinks.nextStepId, s.id!)));
    const links = [...new Set(s.links)].map((itemId) => ({ providerId, nextStepId: s.id!, itemId }));
    if (links.length) await tx.insert(nextStepLinks).values(links);
  }
  await insertNextSteps(
    tx,
    providerId,
    [target],
    steps.filter((s) => s.id === undefined),
    author,
    at,
  );
}

/** The events (of those given) carrying an Intervention or Staff Support consideration. */
export async function eventsWithRestrictedConsiderations(db: Exec, providerId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const r = await db.execute<{ event_id: number; status: string }>(sql`
    select event_id::int as event_id, status from considerations
    where provider_id = ${providerId} and event_id = any(${sql.param(ids)}::bigint[])`);
  return new Set(r.rows.filter((x) => isRestrictedConsideration(x.status)).map((x) => Number(x.event_id)));
}
