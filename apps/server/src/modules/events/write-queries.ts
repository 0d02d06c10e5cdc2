// Writes of events and their parts (gradings, next steps with links, meals, media links, history),
// and the set-based status changes. Every statement filters by provider_id first.
import { EVENT_STORED_FIELDS, type EventSavePayload, type EventStoredField } from '@nursery/domain/events';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  eventHistory,
  eventMeals,
  eventMedia,
  events,
  gradings,
  nextStepLinks,
  nextSteps,
} from '../../db/schema/index.ts';
import type { EventRecord, Exec, NewEvent, Tx } from './event-queries.ts';

/** A payload value as its column takes it: a field left out is stored as null. */
type ColumnValue<T> = undefined extends T ? Exclude<T, undefined> | null : T;

/**
 * The simple stored fields (the domain's EventStoredFields: same name in the payload and the
 * table), copied by rule. `Pick<NewEvent, …>` fails the typecheck when one has no column of that
 * name, and the return type when its payload type does not fit the column.
 */
function storedColumns(p: Pick<EventSavePayload, EventStoredField>): Pick<NewEvent, EventStoredField> {
  const columns = Object.fromEntries(EVENT_STORED_FIELDS.map((k) => [k, p[k] ?? null]));
  return columns as { [K in EventStoredField]: ColumnValue<EventSavePayload[K]> };
}

/** The event columns a save or an edit takes from the payload (the rest is the caller's: ids, status, child...). */
export function payloadColumns(p: Omit<EventSavePayload, 'uuid'>, raised: Date, priorityId: number | null) {
  return {
    ...storedColumns(p),
    // Fields with another name or a conversion.
    codeId: p.codeID,
    parentNotes: p.ref2 ?? null,
    raised,
    date1: p.date1 ? new Date(p.date1) : null,
    date2: p.date2 ? new Date(p.date2) : null,
    due: p.due ? new Date(p.due) : raised,
    priorityId,
    areaId: p.areaID ?? null,
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
  rows: {
    eventId: number;
    action: 'create' | 'update' | 'transition';
    from: number | null;
    to: number;
    /** What the change was, when the save records it (a medication record's values and signatures). */
    details?: unknown;
  }[],
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
        ...(r.details === undefined ? {} : { details: r.details }),
      })),
    ),
  ];
}

export async function insertHistory(
  tx: Tx,
  providerId: number,
  rows: Parameters<typeof historyInserts>[2],
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

/**
 * The update of a PUT, guarded by the version the client edited: undefined when another save moved
 * the version since (a conflict).
 */
export async function updateEventRow(
  tx: Tx,
  providerId: number,
  id: number,
  version: number,
  set: Partial<NewEvent>,
): Promise<EventRecord | undefined> {
  const rows = await tx
    .update(events)
    .set({ ...set, version: version + 1 })
    .where(and(eq(events.providerId, providerId), eq(events.id, id), eq(events.version, version)))
    .returning();
  return rows[0];
}

/**
 * POST api/v1/transition's write, one statement: moves each event (only while its status and version
 * are still the ones checked: a concurrent change makes it a conflict), sets a sleep's missing end time, and
 * writes the history rows. Answers the moved events' new versions.
 */
export async function moveEvents(
  db: Exec,
  providerId: number,
  moves: { id: number; from: number; version: number }[],
  statusId: number,
  sleepTypeIds: number[],
  personId: number,
  now: Date,
): Promise<Map<number, number>> {
  const moved = await db.execute<{ id: number; version: number }>(sql`
    with m as (
      select * from unnest(${sql.param(moves.map((mv) => mv.id))}::bigint[],
                           ${sql.param(moves.map((mv) => mv.from))}::smallint[],
                           ${sql.param(moves.map((mv) => mv.version))}::int[]) as m(id, from_status, version)
    ), moved as (
      update events e set status_id = ${statusId}, version = e.version + 1, updated_at = ${now.toISOString()},
        date2 = case when e.date2 is null and e.type_id = any(${sql.param(sleepTypeIds)}::int[])
                     then greatest(${now.toISOString()}::timestamptz, e.raised) else e.date2 end
      from m
      where e.provider_id = ${providerId} and e.id = any(${sql.param(moves.map((mv) => mv.id))}::bigint[])
        and e.id = m.id and e.status_id = m.from_status and e.version = m.version
      returning e.id, e.version, m.from_status
    ), history as (
      insert into event_history (provider_id, event_id, action, from_status_id, to_status_id, person_id, at)
      select ${providerId}, moved.id, 'transition', moved.from_status, ${statusId}, ${personId},
             ${now.toISOString()}::timestamptz
      from moved
    )
    select id::int as id, version from moved`);
  return new Map(moved.rows.map((r) => [Number(r.id), r.version]));
}

/**
 * The sleep close's write: sets the end time and status of the still-open sleeps, each guarded by
 * the version that was checked (an event changed or closed since is left out: a conflict), with
 * their history rows. Answers the ids closed.
 */
export async function closeSleeps(
  tx: Tx,
  providerId: number,
  moves: { id: number; from: number; version: number }[],
  statusId: number,
  date2: Date,
  personId: number,
  now: Date,
): Promise<Set<number>> {
  const r = await tx.execute<{ id: string | number }>(sql`
    update events set status_id = ${statusId}, version = version + 1, updated_at = ${now.toISOString()},
      date2 = ${date2.toISOString()}
    where provider_id = ${providerId} and date2 is null
      and (id, version) in (select * from unnest(${sql.param(moves.map((m) => m.id))}::bigint[],
                                                 ${sql.param(moves.map((m) => m.version))}::int[]))
    returning id`);
  const done = new Set(r.rows.map((row) => Number(row.id)));
  await insertHistory(
    tx,
    providerId,
    moves
      .filter((mv) => done.has(mv.id))
      .map((mv) => ({ eventId: mv.id, action: 'transition' as const, from: mv.from, to: statusId })),
    personId,
    now,
  );
  return done;
}
