// The one place that shapes events into answers (packages/domain/src/schemas/events.ts and
// eventSearch.ts): the stored event, its parts, a save's items, a search row and a drafts card.
import type {
  EventDetail,
  EventSummary,
  EventView,
  SavedEvent,
  StoredNextStep,
} from '@nursery/domain/events';
import { EVENT_STORED_FIELDS, type EventStoredField, isEventTag, saveMessage } from '@nursery/domain/events';
import type { EventPartRows, EventRecord, NextStepRow } from './event-queries.ts';
import type { EventPolicy } from './policy.ts';
import type { CardPartsRow, EventRow, TimelineParts } from './search-queries.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
/** Raw SQL hands timestamps back as text or Date depending on the driver. */
const isoOf = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The simple stored fields (the domain's EventStoredFields), answered by rule as stored:
 * `Pick<EventRecord, …>` fails the typecheck when one has no column of that name, and the return
 * type when the column's type does not fit the answer.
 */
function storedAnswer(e: EventRecord): Pick<EventView, EventStoredField> {
  const answer = Object.fromEntries(EVENT_STORED_FIELDS.map((k) => [k, e[k]]));
  return answer as Pick<EventRecord, EventStoredField>;
}

export function eventView(e: EventRecord): EventView {
  return {
    ...storedAnswer(e),
    // Identity, answer-only fields, and fields with another name or a conversion.
    id: e.id,
    uuid: e.uuid,
    version: e.version,
    typeID: e.typeId,
    codeID: e.codeId,
    childID: e.childId,
    statusID: e.statusId,
    siteID: e.siteId,
    authorStaffID: e.authorStaffId,
    author: { id: e.authorPersonId, staffID: e.authorStaffId },
    ref2: e.parentNotes,
    raised: e.raised.toISOString(),
    date1: iso(e.date1),
    date2: iso(e.date2),
    due: iso(e.due),
    priorityID: e.priorityId,
    areaID: e.areaId,
    twoyear: e.twoyear,
    baseline: e.baseline,
  };
}

/** The user's rights on an event: the same in the event answer and on a drafts card. */
function rightsOn(policy: EventPolicy, typeId: number, authorStaffId: number | null, statusId: number) {
  return {
    editable: policy.editable(typeId, authorStaffId, statusId),
    permittedActions: policy.targets(typeId, authorStaffId, statusId),
  };
}

export function nextStepView(s: NextStepRow): StoredNextStep {
  return {
    id: Number(s.id),
    notes: s.notes,
    completed: s.completed,
    links: s.links.map((itemID) => ({ itemID })),
  };
}

/** GET api/v2/events/{id}: the event, its parts and the user's rights on it. */
export function eventDetailView(e: EventRecord, parts: EventPartRows, policy: EventPolicy): EventDetail {
  return {
    ...eventView(e),
    values: parts.gradings.map((x) => ({
      itemID: x.itemId,
      ageRangeID: x.ageRangeId,
      value: x.value,
      notes: x.notes,
    })),
    nextSteps: parts.steps.map((s) => ({
      id: s.id,
      notes: s.notes,
      completed: s.completed,
      links: parts.links.filter((l) => l.next_step_id === s.id).map((l) => ({ itemID: l.item_id })),
    })),
    meals: parts.meals.map((m) => ({
      mealID: m.mealId,
      portionID: m.portionId,
      portionAmount: m.portionAmount,
    })),
    mediaIDs: parts.media.map((m) => m.mediaId),
    ...rightsOn(policy, e.typeId, e.authorStaffId, e.statusId),
  };
}

/** The items of a save's answer; the first holds the next steps when they are given (POST). */
export function savedEvents(
  rows: EventRecord[],
  hasStaffID: boolean,
  nextSteps?: NextStepRow[],
): SavedEvent[] {
  return rows.map((e, i) => ({
    id: e.id,
    uuid: e.uuid,
    statusID: e.statusId,
    version: e.version,
    childID: e.childId,
    message: saveMessage({ status: e.statusId, hasStaffID }),
    ...(i === 0 && nextSteps ? { nextSteps: nextSteps.map(nextStepView) } : {}),
  }));
}

/** A search row. */
export function eventSummary(r: EventRow): EventSummary {
  return {
    id: Number(r.id),
    typeID: r.typeId,
    codeID: r.codeId,
    statusID: r.statusId,
    version: r.version,
    siteID: r.siteId,
    childID: r.childId,
    raised: isoOf(r.raised)!,
    date2: isoOf(r.date2),
    notes: r.notes,
    child:
      r.childId === null
        ? null
        : {
            id: r.childId,
            forename: r.childForename!,
            surname: r.childSurname!,
            hasImage: !!r.childHasImage,
          },
    author: {
      id: r.authorPersonId,
      forename: r.authorForename,
      surname: r.authorSurname,
      staffID: r.authorStaffId,
      hasImage: r.authorHasImage,
    },
  };
}

/** A drafts card: the summary plus media, meals, counts and the user's rights on the event. */
export function eventCard(r: EventRow, parts: CardPartsRow | undefined, policy: EventPolicy): EventSummary {
  return {
    ...eventSummary(r),
    mediaIDs: parts?.mediaIds ?? [],
    meals: parts?.meals ?? [],
    gradingCount: parts?.gradingCount ?? 0,
    checkpointCount: parts?.checkpointCount ?? 0,
    ...rightsOn(policy, r.typeId, r.authorStaffId, r.statusId),
  };
}

/**
 * A timeline card (issue 31): the summary plus the child's tile (age from dob, room), the type's tag
 * and the code's name (from the event configuration), the media and comment counts and the first
 * medium's id (the card's thumbnail).
 */
export function timelineCard(r: EventRow, parts: TimelineParts, policy: EventPolicy): EventSummary {
  const summary = eventSummary(r);
  const counts = parts.events.get(Number(r.id));
  const child = r.childId === null ? undefined : parts.children.get(r.childId);
  const type = policy.type(r.typeId);
  const tag = type?.tag;
  return {
    ...summary,
    child: summary.child && {
      ...summary.child,
      ...(child ? { dob: child.dob, roomID: child.roomId, roomName: child.roomName } : {}),
    },
    typeTag: tag && isEventTag(tag) ? tag : 'generic',
    codeName: type?.codes.find((c) => c.id === r.codeId)?.value ?? '',
    mediaCount: Number(counts?.mediaCount ?? 0),
    firstMediaID: counts?.firstMediaId ?? null,
    commentCount: Number(counts?.commentCount ?? 0),
  };
}
