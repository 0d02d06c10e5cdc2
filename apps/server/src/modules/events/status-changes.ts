// Status changes of several events in one call (spec 000 §4, §7): POST api/v1/transition and the
// sleep close (PUT/POST api/v2/events?id=…). Every event gets its own outcome: refused ones carry
// their reason, the allowed ones move in one set-based statement, and an event another request
// changed in between is reported as a conflict, not as done.
import { EventStatus } from '@nursery/domain/common';
import {
  type EventOutcome,
  type EventOutcomes,
  publishWarnings,
  type SavedEvent,
  type SleepCloseBody,
} from '@nursery/domain/events';
import type { AppDeps } from '../../deps.ts';
import { conflictOutcome } from '../../lib/conflict.ts';
import { AppError } from '../../lib/errors.ts';
import { auditChange, eventRecord } from '../../lib/record-audit.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { eventsPublished } from '../notifications/index.ts';
import {
  eventsWithRestrictedConsiderations,
  mediaKindsOf,
  visibleEventById,
  visibleEventsByIds,
} from './event-queries.ts';
import {
  MEDICATION_PUBLISHED,
  MEDICATION_UNSIGNED,
  medicationChangeRefusal,
  unsignedMedication,
} from './medication-guard.ts';
import { type EventPolicy, loadEventPolicy } from './policy.ts';
import { savedEvents } from './presenter.ts';
import { closeSleeps, moveEvents } from './write-queries.ts';

const notFoundOutcome = (id: number): EventOutcome => ({
  id,
  ok: false,
  code: 'err-not-found',
  message: 'Event not found.',
});

const sleepTypeIds = (policy: EventPolicy) =>
  policy.config.eventTypes.filter((t) => t.tag === 'sleep').map((t) => t.id);

/** The version the client saw of each id (the first, when an id is sent twice). */
function seenVersionsById(ids: number[], versions: number[] | undefined): Map<number, number> {
  const seen = new Map<number, number>();
  if (!versions) return seen;
  for (const [i, id] of ids.entries()) if (!seen.has(id)) seen.set(id, versions[i] as number);
  return seen;
}

/** Whether the event's version moved since the client saw it (nothing seen: it did not). */
const movedSince = (seen: Map<number, number>, id: number, version: number) =>
  seen.has(id) && seen.get(id) !== version;

/** POST api/v1/transition: each event to the status, when the role allows it and nothing blocks it. */
export async function transitionEvents(
  deps: AppDeps,
  auth: AuthContext,
  ids: number[],
  statusID: number,
  /** The versions the client saw, in the order of `ids` (optional: then the versions read here). */
  seenVersions?: number[],
): Promise<EventOutcomes> {
  const { db } = deps;
  const seen = seenVersionsById(ids, seenVersions);
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  // Only the events the user may see are read at all: any other id is not found, whatever its status.
  const found = await visibleEventsByIds(db, auth.providerId, policy.visibility(auth.siteIds), [
    ...new Set(ids),
  ]);
  const visibleIds = found.map((x) => x.id);
  const [media, restricted, unsigned] = await Promise.all([
    mediaKindsOf(db, auth.providerId, visibleIds),
    eventsWithRestrictedConsiderations(db, auth.providerId, visibleIds),
    unsignedMedication(db, auth.providerId, policy, found, statusID),
  ]);
  const now = deps.clock.now();
  const outcomes: EventOutcome[] = [];
  const moves: { id: number; from: number; version: number }[] = [];
  const byId = new Map(found.map((x) => [x.id, x]));
  const queued = new Set<number>();
  for (const id of ids) {
    const e = byId.get(id);
    if (!e) {
      outcomes.push(notFoundOutcome(id));
      continue;
    }
    // Changed since the client saw it (issue 26): a conflict, whatever the status asked for.
    if (movedSince(seen, id, e.version)) {
      outcomes.push(conflictOutcome(id));
      continue;
    }
    if (e.statusId === statusID) {
      outcomes.push({ id, ok: true, statusID, version: e.version });
      continue;
    }
    // A published medication record never changes (delete included); one is published only signed.
    const locked = medicationChangeRefusal(policy, e);
    if (locked) {
      outcomes.push({ id, ok: false, code: locked.code, message: locked.message });
      continue;
    }
    const unsignedMessage = unsigned.get(id);
    if (unsignedMessage) {
      outcomes.push({ id, ok: false, code: MEDICATION_UNSIGNED, message: unsignedMessage });
      continue;
    }
    const refusal = policy.transitionRefusal(e.typeId, e.authorStaffId, e.statusId, statusID);
    if (refusal) {
      outcomes.push({ id, ok: false, code: refusal.code, message: refusal.message });
      continue;
    }
    const m = media.get(id);
    const warnings = publishWarnings({
      hasPhotos: !!m?.photos,
      hasVideos: !!m?.videos,
      hasRestrictedConsiderations: restricted.has(id),
      permissions: auth.permissions,
      targetStatus: statusID,
    });
    if (warnings.length) {
      outcomes.push({
        id,
        ok: false,
        code: 'err-publish-blocked',
        message: warnings.map((w) => w.message).join(' '),
      });
      continue;
    }
    if (!queued.has(id)) moves.push({ id, from: e.statusId, version: e.version });
    queued.add(id);
    outcomes.push({ id, ok: true, statusID, version: e.version + 1 });
  }
  if (moves.length) {
    // The move and the notifications of what it published (the key persons': notify.ts) commit together.
    const versions = await db.transaction(async (tx) => {
      const moved = await moveEvents(
        tx,
        auth.providerId,
        moves,
        statusID,
        sleepTypeIds(policy),
        auth.personId,
        now,
      );
      const records = [...moved.keys()].map((id) =>
        eventRecord({ id, childId: byId.get(id)?.childId ?? null }),
      );
      await auditChange(tx, auth, 'transition', records, now);
      if (statusID === EventStatus.Published) {
        const published = [...moved.keys()].map((id) => ({ id, childId: byId.get(id)?.childId ?? null }));
        await eventsPublished(tx, auth.providerId, now, auth.userId, published);
      }
      return moved;
    });
    for (const [i, o] of outcomes.entries()) {
      if (!o.ok || !queued.has(o.id) || o.statusID === undefined) continue;
      const version = versions.get(o.id);
      if (version !== undefined) {
        o.version = version;
        continue;
      }
      outcomes[i] = conflictOutcome(o.id);
    }
  }
  return { results: outcomes };
}

/** The sleep close: each open sleep gets the end time and the status (spec 000 §4, spec 002). */
export async function closeSleepEvents(
  deps: AppDeps,
  auth: AuthContext,
  ids: number[],
  body: SleepCloseBody,
): Promise<EventOutcomes> {
  const { db } = deps;
  const { statusID } = body;
  const date2 = new Date(body.date2);
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  const found = await visibleEventsByIds(db, auth.providerId, policy.visibility(auth.siteIds), [
    ...new Set(ids),
  ]);
  const sleepTypes = new Set(sleepTypeIds(policy));
  const now = deps.clock.now();
  const outcomes: EventOutcome[] = [];
  const moves: { id: number; from: number; version: number }[] = [];
  for (const id of ids) {
    const e = found.find((x) => x.id === id);
    if (!e) {
      outcomes.push(notFoundOutcome(id));
      continue;
    }
    const refused = (code: string, message: string) => outcomes.push({ id, ok: false, code, message });
    const locked = medicationChangeRefusal(policy, e);
    if (locked) {
      refused(locked.code, locked.message);
      continue;
    }
    if (!sleepTypes.has(e.typeId)) {
      refused('err-not-sleep', 'Only sleep events can be closed.');
      continue;
    }
    if (e.date2 !== null) {
      refused('err-already-closed', 'This sleep already has an end time.');
      continue;
    }
    if (date2.getTime() <= new Date(e.raised).getTime()) {
      refused('err-invalid-end-time', 'end time must be after start time');
      continue;
    }
    if (e.statusId === statusID && !policy.editable(e.typeId, e.authorStaffId, e.statusId)) {
      refused('err-not-editable', 'You cannot change this event.');
      continue;
    }
    if (e.statusId !== statusID) {
      const refusal = policy.transitionRefusal(e.typeId, e.authorStaffId, e.statusId, statusID);
      if (refusal) {
        refused(refusal.code, refusal.message);
        continue;
      }
    }
    moves.push({ id, from: e.statusId, version: e.version });
    outcomes.push({ id, ok: true, statusID, version: e.version + 1 });
  }
  if (moves.length) {
    const closed = await db.transaction(async (tx) => {
      const done = await closeSleeps(tx, auth.providerId, moves, statusID, date2, auth.personId, now);
      const closedRecords = [...done].map((id) =>
        eventRecord({ id, childId: found.find((x) => x.id === id)?.childId ?? null }),
      );
      await auditChange(tx, auth, 'update', closedRecords, now);
      const published = moves.filter((m) => m.from !== statusID && done.has(m.id));
      if (statusID === EventStatus.Published && published.length) {
        const childOf = (id: number) => found.find((x) => x.id === id)?.childId ?? null;
        await eventsPublished(
          tx,
          auth.providerId,
          now,
          auth.userId,
          published.map((m) => ({ id: m.id, childId: childOf(m.id) })),
        );
      }
      return done;
    });
    for (const [i, o] of outcomes.entries()) {
      if (o.ok && !closed.has(o.id)) outcomes[i] = conflictOutcome(o.id);
    }
  }
  return { results: outcomes };
}

/** The status of each sleep-close refusal when one event is closed on its own (PUT …/{id}). */
const CLOSE_REFUSAL_STATUS: Record<string, AppError['statusCode']> = {
  'err-not-found': 404,
  'err-not-sleep': 400,
  'err-invalid-end-time': 400,
  'err-already-closed': 409,
  'err-conflict': 409,
  'err-not-editable': 403,
  'err-status-not-allowed': 403,
  [MEDICATION_PUBLISHED]: 409,
};

/**
 * PUT api/v2/events/{id} with `{ date2, statusID }` (spec 002): the sleep close of one event, with
 * the same checks as the bulk close; a refusal is the call's error, success the saved event.
 */
export async function closeSleepEvent(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  body: SleepCloseBody,
): Promise<SavedEvent[]> {
  const [outcome] = (await closeSleepEvents(deps, auth, [id], body)).results;
  if (!outcome?.ok) {
    const code = outcome?.code ?? 'err-invalid-request';
    throw new AppError(
      CLOSE_REFUSAL_STATUS[code] ?? 400,
      code,
      outcome?.message ?? 'The sleep was not closed.',
    );
  }
  const policy = await loadEventPolicy(deps.db, auth.providerId, auth.staffId);
  const e = await visibleEventById(deps.db, auth.providerId, policy.visibility(auth.siteIds), id);
  return savedEvents(e ? [e] : [], auth.staffId !== null);
}
