// Commands on single events, shared by REST, GraphQL and the sync (spec 000 §4, §5, §7): read one
// event, save one (create: one event per child, idempotent per save uuid; update: with its version),
// and a child's last event of a type. The POST and PUT saves go through one command, `saveEvent`,
// so both run the same checks in the same order (checkSave).
import { randomUUID } from 'node:crypto';
import {
  childPickerMax,
  type EventCreatePayload,
  type EventSavePayload,
  EventStatus,
  type EventUpdatePayload,
  type EventView,
  formatMessage,
  type LastEventAnswer,
  type SavedEvent,
  usesPriority,
} from '@nursery/domain';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-error.ts';
import { auditChange, auditChangeInserts, eventRecord } from '../../lib/record-audit.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import { loadProviderFlags } from '../config/flags.ts';
import { eventsPublished } from '../notifications/notify.ts';
import {
  childrenFor,
  type EventRecord,
  eventParts,
  eventsBySave,
  eventsWithRestrictedConsiderations,
  firstPriorityId,
  gradingRowsOf,
  lastEventOf,
  nextStepsOf,
  type SchemeItem,
  schemeItems,
  visibleEventById,
} from './event-queries.ts';
import { type EventPolicy, loadEventPolicy } from './policy.ts';
import { eventDetailView, eventView, savedEvents } from './presenter.ts';
import {
  checkContent,
  checkFutureDate,
  checkGradings,
  checkMedia,
  checkSleep,
  checkTexts,
  checkTwoYear,
  ownReplay,
  resolveTypeAndCode,
  type TypeAndCode,
} from './save-rules.ts';
import {
  completeNextSteps,
  historyInserts,
  insertEvents,
  insertHistory,
  insertNextSteps,
  partsInserts,
  payloadColumns,
  replaceParts,
  syncNextSteps,
  updateEventRow,
} from './write-queries.ts';

/** The event if the user may see it (THE visibility rule, in SQL: visibleEventById), else 404. */
export async function visibleEvent(db: Db, auth: AuthContext, policy: EventPolicy, id: number) {
  const e = await visibleEventById(db, auth.providerId, policy.visibility(auth.siteIds), id);
  if (!e) throw notFound('Event not found.');
  return e;
}

/** GET api/v2/events/{id} and GraphQL `event`: the event with its parts and the user's rights. */
export async function eventDetail(db: Db, auth: AuthContext, policy: EventPolicy, id: number) {
  const e = await visibleEvent(db, auth, policy, id);
  return eventDetailView(e, await eventParts(db, auth.providerId, e.id), policy);
}

/** GET api/v1/lastEvent: the child's latest event of the type with its gradings. */
export async function lastEvent(
  db: Db,
  auth: AuthContext,
  childId: number,
  typeId: number,
): Promise<LastEventAnswer> {
  const [policy] = await Promise.all([
    loadEventPolicy(db, auth.providerId, auth.staffId),
    assertChildren(db, auth, [childId]),
  ]);
  // The latest event the user may see: a hidden one (another's draft) is skipped, not reported.
  const last = await lastEventOf(db, auth.providerId, childId, typeId, policy.visibility(auth.siteIds));
  if (!last) return { eventID: null, raised: null, values: [] };
  const g = await gradingRowsOf(db, auth.providerId, last.id);
  return {
    eventID: Number(last.id),
    raised: new Date(last.raised).toISOString(),
    values: g.map((x) => ({ itemID: x.item_id, value: x.value, ageRangeID: x.age_range_id })),
  };
}

/** 404 unless every child is the provider's and at one of the user's sites. */
export async function assertChildren(db: Db, auth: AuthContext, ids: number[]) {
  const kids = await childrenFor(db, auth.providerId, ids);
  if (kids.length !== ids.length || kids.some((k) => !mayUseSite(auth, k.site_id))) {
    throw notFound('Child not found.');
  }
  return kids;
}

/** A save: a new event (POST, one per child in subjects) or an edit of a stored one (PUT). */
export type SaveCommand =
  | { kind: 'create'; payload: EventCreatePayload }
  | { kind: 'update'; id: number; payload: EventUpdatePayload };

/** 201 saved now, 200 a replay of a save uuid already stored (or an update), 409 a version conflict. */
export type SaveResult =
  | { status: 200 | 201; events: SavedEvent[] }
  | { status: 409; current: EventView | null };

/** POST and PUT api/v2/events: the one save command. */
export function saveEvent(deps: AppDeps, auth: AuthContext, command: SaveCommand): Promise<SaveResult> {
  return command.kind === 'create'
    ? createEvents(deps, auth, command.payload)
    : updateEvent(deps, auth, command.id, command.payload);
}

interface SaveChecks {
  db: Db;
  /** The server's clock (future dates). */
  now: Date;
  auth: AuthContext;
  policy: EventPolicy;
  flags: Record<string, unknown>;
  /** The event being edited; undefined for a new one. */
  stored?: EventRecord;
  /** The children of a new event (the two-year window and holders are checked for them). */
  kids?: { id: number; dob: string }[];
  /** schemeItems of the payload's gradings, when already read. */
  schemeRows?: SchemeItem[];
  /** The checks of the children (who the event is about), once the type is known. */
  checkChildren: (tc: TypeAndCode) => Promise<void> | void;
}

/**
 * The checks of a save (spec 000 §4, §5), in this order: type and code, the children, the status
 * change the role allows, content and a future date (issue 13), the two-year check, text limits,
 * a sleep's end time, gradings, media.
 */
async function checkSave(c: SaveChecks, p: EventSavePayload | EventUpdatePayload, raised: Date) {
  const { db, auth, policy, stored } = c;
  const tc = resolveTypeAndCode(policy, p.typeID, p.codeID);
  await c.checkChildren(tc);
  if (!stored || p.statusID !== stored.statusId) {
    // A new event moves from "no status" as a new event of the user (authorStaffId undefined).
    const refusal = stored
      ? policy.transitionRefusal(stored.typeId, stored.authorStaffId, stored.statusId, p.statusID)
      : policy.transitionRefusal(p.typeID, undefined, null, p.statusID);
    if (refusal) throw refusal;
  }
  checkContent(tc, p);
  checkFutureDate(tc, raised, p.date2, c.now, stored);
  if (stored) {
    if (tc.twoyear !== stored.twoyear) {
      throw new AppError(
        400,
        'err-invalid-code',
        'The two-year check code cannot be added to or removed from an existing event.',
      );
    }
  } else if (tc.twoyear) {
    await checkTwoYear(db, auth.providerId, c.kids ?? [], raised);
  }
  checkTexts(c.flags, tc, p);
  checkSleep(tc, raised, p.date2);
  await checkGradings(db, auth.providerId, stored?.typeId ?? p.typeID, p, c.schemeRows);
  const restricted = stored
    ? (await eventsWithRestrictedConsiderations(db, auth.providerId, [stored.id])).has(stored.id)
    : false;
  await checkMedia(db, auth, tc.type, p.mediaIDs, p.statusID, policy, restricted);
  return tc;
}

/** The database's refusals of a save that are the client's: a reference to nothing is a 400. */
function saveError(err: unknown): never {
  if (pgError(err).code === '23503')
    throw new AppError(400, 'err-invalid-request', 'A referenced item does not exist.');
  throw err;
}

async function createEvents(
  deps: AppDeps,
  auth: AuthContext,
  payload: EventCreatePayload,
): Promise<SaveResult> {
  const { db } = deps;
  const hasStaffID = auth.staffId !== null;
  // A save without a uuid gets one here: it is then not deduplicated (a retry saves again).
  const deduplicated = payload.uuid !== undefined;
  const p: EventSavePayload = { ...payload, uuid: payload.uuid ?? randomUUID() };
  const replay = async (found?: EventRecord[]): Promise<SaveResult | null> => {
    const stored = ownReplay(found ?? (await eventsBySave(db, auth.providerId, p.uuid)), auth);
    if (stored.length === 0) return null;
    const steps = await nextStepsOf(db, auth.providerId, stored[0]!.id);
    return { status: 200, events: savedEvents(stored, hasStaffID, steps) };
  };
  const childIds = [...new Set(p.subjects)];
  // The reads of a save do not depend on each other: one parallel round (separate connections
  // on PostgreSQL), then the replay and the checks in their usual order.
  const [stored, policy, flags, kids, schemeRows] = await Promise.all([
    deduplicated ? eventsBySave(db, auth.providerId, p.uuid) : [],
    loadEventPolicy(db, auth.providerId, auth.staffId),
    loadProviderFlags(db, auth.providerId),
    childrenFor(db, auth.providerId, childIds),
    schemeItems(db, auth.providerId, p.typeID, [...new Set(p.values.map((g) => g.itemID))]),
  ]);
  const again = await replay(stored);
  if (again) return again;

  const raised = new Date(p.raised);
  const tc = await checkSave(
    {
      db,
      now: deps.clock.now(),
      auth,
      policy,
      flags,
      kids,
      schemeRows,
      checkChildren: (t) => {
        if (childIds.length === 0)
          throw new AppError(400, 'err-invalid-request', 'subjects: choose at least one child.');
        const max = childPickerMax(t.type.tag);
        if (childIds.length > max) {
          throw new AppError(
            400,
            'err-too-many-children',
            `subjects: at most ${max} child(ren) for this event type.`,
          );
        }
        if (kids.length !== childIds.length || kids.some((k) => !mayUseSite(auth, k.site_id))) {
          throw notFound('Child not found.');
        }
      },
    },
    p,
    raised,
  );

  // Tasks and reminders saved without a priority get the first configured one (spec 000 §9).
  const priorityId =
    p.priorityID ?? (usesPriority(tc.type.tag) ? await firstPriorityId(db, auth.providerId) : null);
  const now = deps.clock.now();
  const author = { personId: auth.personId, staffId: auth.staffId };
  try {
    const created = await db.transaction(async (tx) => {
      const rows = await insertEvents(
        tx,
        childIds.map((childId) => ({
          providerId: auth.providerId,
          saveUuid: p.uuid,
          typeId: p.typeID,
          childId,
          statusId: p.statusID,
          siteId: kids.find((k) => k.id === childId)!.site_id,
          authorPersonId: auth.personId,
          authorStaffId: auth.staffId,
          ...payloadColumns(p, raised, priorityId),
          twoyear: tc.twoyear,
          baseline: tc.baseline,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const targets = rows.map((r) => ({ eventId: r.id, childId: r.childId }));
      // The next steps (their ids are needed for the links), then the links, gradings, meals,
      // media and history in one statement.
      await insertNextSteps(tx, auth.providerId, targets, p.nextSteps, author, now, [
        ...partsInserts(tx, auth.providerId, targets, p),
        ...historyInserts(
          tx,
          auth.providerId,
          rows.map((r) => ({ eventId: r.id, action: 'create' as const, from: null, to: r.statusId })),
          auth.personId,
          now,
        ),
        ...auditChangeInserts(tx, auth, 'create', rows.map(eventRecord), now),
      ]);
      await completeNextSteps(tx, auth.providerId, targets, p.completedNextStepIDs, now);
      if (p.statusID === EventStatus.Published) {
        await eventsPublished(
          tx,
          auth.providerId,
          now,
          auth.userId,
          targets.map((t) => ({ id: t.eventId, childId: t.childId })),
        );
      }
      return rows;
    });
    const steps = await nextStepsOf(db, auth.providerId, created[0]!.id);
    return { status: 201, events: savedEvents(created, hasStaffID, steps) };
  } catch (err) {
    const pg = pgError(err);
    if (pg.code === '23505' && pg.constraint === 'events_save_child_key') {
      const again = await replay();
      if (again) return again;
    }
    if (pg.code === '23505' && pg.constraint === 'events_twoyear_child_key') {
      throw new AppError(409, 'twoyear-in-progress', formatMessage('twoyear-in-progress'));
    }
    return saveError(err);
  }
}

async function updateEvent(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  p: EventUpdatePayload,
): Promise<SaveResult> {
  const { db } = deps;
  const [policy, flags] = await Promise.all([
    loadEventPolicy(db, auth.providerId, auth.staffId),
    loadProviderFlags(db, auth.providerId),
  ]);
  // 404 for an event the user may not see, before its version, type or status are judged.
  const e = await visibleEvent(db, auth, policy, id);
  if (p.version !== e.version) return { status: 409, current: eventView(e) };
  if (p.typeID !== e.typeId) throw new AppError(400, 'err-type-locked', 'The event type cannot be changed.');
  if (!policy.editable(e.typeId, e.authorStaffId, e.statusId)) {
    throw new AppError(403, 'err-not-editable', 'Your role cannot edit this event in its current status.');
  }
  const raised = new Date(p.raised);
  const childId = p.childID ?? e.childId;
  const subjectsMoved = p.subjects.length > 0 && (p.subjects.length !== 1 || p.subjects[0] !== e.childId);
  const newChild = subjectsMoved ? p.subjects[0]! : childId;
  const tc = await checkSave(
    {
      db,
      now: deps.clock.now(),
      auth,
      policy,
      flags,
      stored: e,
      checkChildren: async () => {
        if (e.statusId !== EventStatus.Draft) {
          if (raised.getTime() !== e.raised.getTime() || childId !== e.childId || subjectsMoved) {
            throw new AppError(
              400,
              'err-locked',
              'Date, time and child are locked once the event has left draft.',
            );
          }
        } else if (childId !== e.childId || subjectsMoved) {
          // A draft may move to another child of the user's sites.
          const [kid] = await childrenFor(db, auth.providerId, [newChild!]);
          if (!kid || !mayUseSite(auth, kid.site_id) || p.subjects.length > 1) {
            throw notFound('Child not found.');
          }
        }
      },
    },
    p,
    raised,
  );

  const now = deps.clock.now();
  try {
    const updated = await db.transaction(async (tx) => {
      const row = await updateEventRow(tx, auth.providerId, e.id, p.version, {
        childId: newChild,
        statusId: p.statusID,
        ...payloadColumns(p, raised, p.priorityID ?? null),
        baseline: tc.baseline,
        updatedAt: now,
      });
      if (!row) return null;
      const target = { eventId: row.id, childId: row.childId };
      await replaceParts(tx, auth.providerId, [target], p);
      await syncNextSteps(
        tx,
        auth.providerId,
        target,
        p.nextSteps,
        { personId: auth.personId, staffId: auth.staffId },
        now,
      );
      await completeNextSteps(tx, auth.providerId, [target], p.completedNextStepIDs, now);
      const moved = row.statusId !== e.statusId;
      if (moved && row.statusId === EventStatus.Published) {
        await eventsPublished(tx, auth.providerId, now, auth.userId, [{ id: row.id, childId: row.childId }]);
      }
      await insertHistory(
        tx,
        auth.providerId,
        [{ eventId: row.id, action: moved ? 'transition' : 'update', from: e.statusId, to: row.statusId }],
        auth.personId,
        now,
      );
      await auditChange(tx, auth, moved ? 'transition' : 'update', [eventRecord(row)], now);
      return row;
    });
    if (!updated) {
      const current = await visibleEventById(db, auth.providerId, policy.visibility(auth.siteIds), e.id);
      return { status: 409, current: current ? eventView(current) : null };
    }
    return { status: 200, events: savedEvents([updated], auth.staffId !== null) };
  } catch (err) {
    return saveError(err);
  }
}
