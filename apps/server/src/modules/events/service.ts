// Commands on single events, shared by REST, GraphQL and the sync (spec 000 §4, §5, §7): read one
// event, save one (create: one event per child, idempotent per save uuid; update: with its version),
// and a child's last event of a type. The POST and PUT saves go through THE save command of events
// (save-command.ts, also GraphQL updateEvent's); this file holds their REST parts and answers.
import { randomUUID } from 'node:crypto';
import { childPickerMax, EventStatus, usesPriority } from '@nursery/domain/common';
import type {
  EventCreatePayload,
  EventSavePayload,
  EventUpdatePayload,
  EventView,
  LastEventAnswer,
  SavedEvent,
} from '@nursery/domain/events';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import {
  childrenFor,
  eventParts,
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
import { type CheckedSave, type EventSavePart, runEventSave, type SaveContext } from './save-command.ts';
import {
  checkContent,
  checkGradings,
  checkMedia,
  checkSleep,
  checkTexts,
  resolveTypeAndCode,
  type TypeAndCode,
} from './save-rules.ts';
import {
  completeNextSteps,
  insertNextSteps,
  partsInserts,
  payloadColumns,
  replaceParts,
  syncNextSteps,
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
    values: g.map((x) => ({ itemID: x.itemId, value: x.value, ageRangeID: x.ageRangeId })),
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

/** POST and PUT api/v2/events: the REST answers of the one save command (save-command.ts). */
export async function saveEvent(deps: AppDeps, auth: AuthContext, command: SaveCommand): Promise<SaveResult> {
  const hasStaffID = auth.staffId !== null;
  if (command.kind === 'create') {
    const { payload } = command;
    // A save without a uuid gets one here: it is then not deduplicated (a retry saves again).
    const p: EventSavePayload = { ...payload, uuid: payload.uuid ?? randomUUID() };
    const request = {
      saveUuid: p.uuid,
      replayable: payload.uuid !== undefined,
      childIds: p.subjects,
      statusId: p.statusID,
    };
    const outcome = await runEventSave(deps, auth, request, newEventPart(p));
    if (outcome.kind === 'conflict') throw new Error('A new event has no version to conflict with.');
    const steps = await nextStepsOf(deps.db, auth.providerId, outcome.rows[0]!.id);
    return {
      status: outcome.kind === 'created' ? 201 : 200,
      events: savedEvents(outcome.rows, hasStaffID, steps),
    };
  }
  const { id, payload: p } = command;
  const request = { edit: { id, version: p.version }, replayable: false, childIds: [], statusId: p.statusID };
  const outcome = await runEventSave(deps, auth, request, editedEventPart(p));
  if (outcome.kind === 'conflict')
    return { status: 409, current: outcome.current ? eventView(outcome.current) : null };
  return { status: 200, events: savedEvents(outcome.rows, hasStaffID) };
}

interface PlainChecked extends CheckedSave {
  priorityId: number | null;
}

/** The checks of a plain event's own fields, after the shared rules: content, texts, sleep, gradings, media. */
async function checkPlainFields(
  ctx: SaveContext,
  checked: PlainChecked,
  p: EventSavePayload | EventUpdatePayload,
  schemeRows?: SchemeItem[],
) {
  const { db, auth, policy, stored } = ctx;
  const tc = checked.tc;
  checkContent(tc, p);
  checkTexts(ctx.flags, tc, p);
  checkSleep(tc, checked.raised, p.date2);
  await checkGradings(db, auth.providerId, stored?.typeId ?? p.typeID, p, schemeRows);
  const restricted = stored
    ? (await eventsWithRestrictedConsiderations(db, auth.providerId, [stored.id])).has(stored.id)
    : false;
  await checkMedia(db, auth, tc.type, p.mediaIDs, p.statusID, policy, restricted);
}

/**
 * A medication record is saved with its medicationInfo and signatures by GraphQL updateMedicationEvent
 * (the medication module: its rules, its history); the plain save would store one without them.
 */
function refuseMedication(tc: TypeAndCode) {
  if (tc.type.tag === 'medication')
    throw new AppError(
      400,
      'err-medication-editor',
      'A medication record is saved with its medication details and signatures (updateMedicationEvent).',
    );
}

/** POST: a new event per child in subjects, with its gradings, meals, media and next steps. */
function newEventPart(p: EventSavePayload): EventSavePart<PlainChecked> {
  const childIds = [...new Set(p.subjects)];
  let schemeRows: Promise<SchemeItem[]> | undefined;
  return {
    async check({ db, auth, policy, kids }) {
      // Read alongside the checks before it (the scheme does not depend on them).
      schemeRows = schemeItems(db, auth.providerId, p.typeID, [...new Set(p.values.map((g) => g.itemID))]);
      schemeRows.catch(() => {});
      const tc = resolveTypeAndCode(policy, p.typeID, p.codeID);
      refuseMedication(tc);
      if (childIds.length === 0)
        throw new AppError(400, 'err-invalid-request', 'subjects: choose at least one child.');
      const max = childPickerMax(tc.type.tag);
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
      const raised = new Date(p.raised);
      // Tasks and reminders saved without a priority get the first configured one (spec 000 §9).
      const priorityId =
        p.priorityID ?? (usesPriority(tc.type.tag) ? await firstPriorityId(db, auth.providerId) : null);
      return {
        typeId: p.typeID,
        tc,
        raised,
        date2: p.date2,
        priorityId,
        columns: payloadColumns(p, raised, priorityId),
      };
    },
    async checkAfter(ctx, checked) {
      await checkPlainFields(ctx, checked, p, await schemeRows);
    },
    async writeCreated(tx, { auth, now }, _checked, targets, alongside) {
      // The next steps (their ids are needed for the links), then the links, gradings, meals,
      // media, history and audit in one statement.
      const author = { personId: auth.personId, staffId: auth.staffId };
      await insertNextSteps(tx, auth.providerId, targets, p.nextSteps, author, now, [
        ...partsInserts(tx, auth.providerId, targets, p),
        ...alongside,
      ]);
      await completeNextSteps(tx, auth.providerId, targets, p.completedNextStepIDs, now);
    },
    writeUpdated() {
      throw new Error('A new event is not an edit.');
    },
  };
}

/** PUT: an edit of a stored event; a draft may move to another child of the user's sites. */
function editedEventPart(p: EventUpdatePayload): EventSavePart<PlainChecked> {
  return {
    async check({ db, auth, policy, stored }) {
      const e = stored!;
      if (p.typeID !== e.typeId)
        throw new AppError(400, 'err-type-locked', 'The event type cannot be changed.');
      const tc = resolveTypeAndCode(policy, p.typeID, p.codeID);
      refuseMedication(tc);
      const raised = new Date(p.raised);
      const childId = p.childID ?? e.childId;
      const subjectsMoved = p.subjects.length > 0 && (p.subjects.length !== 1 || p.subjects[0] !== e.childId);
      const newChild = subjectsMoved ? p.subjects[0]! : childId;
      if (e.statusId !== EventStatus.Draft) {
        if (raised.getTime() !== e.raised.getTime() || childId !== e.childId || subjectsMoved) {
          throw new AppError(
            400,
            'err-locked',
            'Date, time and child are locked once the event has left draft.',
          );
        }
      } else if (childId !== e.childId || subjectsMoved) {
        const [kid] = await childrenFor(db, auth.providerId, [newChild!]);
        if (!kid || !mayUseSite(auth, kid.site_id) || p.subjects.length > 1) {
          throw notFound('Child not found.');
        }
      }
      const priorityId = p.priorityID ?? null;
      return {
        typeId: e.typeId,
        tc,
        raised,
        date2: p.date2,
        priorityId,
        columns: { childId: newChild, ...payloadColumns(p, raised, priorityId) },
      };
    },
    checkAfter: (ctx, checked) => checkPlainFields(ctx, checked, p),
    writeCreated() {
      throw new Error('An edit is not a new event.');
    },
    async writeUpdated(tx, { auth, now }, _checked, target) {
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
    },
  };
}
