// The one place that shapes Spotlight rows into answers (packages/domain/src/schemas/spotlight.ts).
import { formatTime, statusById, toCalendarDate } from '@nursery/domain/common';
import { SPOTLIGHT_TEXT_FIELDS, type SpotlightTextField } from '@nursery/domain/events';
import {
  CHECKPOINT_TABS,
  type CheckpointNote,
  type CheckpointTab,
  type ChildConsideration,
  type ChildSpotlightEvent,
  type ConsiderationStatusValue,
  type DevelopmentCheckpoint,
  type SpotlightEvent,
  type SpotlightPermittedActions,
  type SpotlightTextLimits,
  type SpotlightType,
} from '@nursery/domain/spotlight';
import type { EventPartRows, EventRecord } from '../events/index.ts';
import type {
  CheckpointNoteRow,
  CheckpointRow,
  ChildConsiderationRow,
  ChildEventRow,
  SpotlightPartRows,
} from './queries.ts';

/** The stored age-range label ('Birth-3 Years') as the tab key, and back. */
export const tabOfLabel = (label: string): CheckpointTab =>
  CHECKPOINT_TABS.find((t) => t.label === label)?.key ?? 'birthTo3';
export const labelOfTab = (tab: CheckpointTab): string => CHECKPOINT_TABS.find((t) => t.key === tab)!.label;

const iso = (v: Date | string) => new Date(v).toISOString();

export function mediaUrls(id: string) {
  return { url: `/api/v1/media/${id}`, thumbnailUrl: `/api/v1/media/${id}?size=thumbnail` };
}

/**
 * The text fields (the domain's SpotlightTextFields) as stored, by rule: `Pick<EventRecord, …>` fails
 * the typecheck when one has no column of its name. A field the type lacks is stored as null.
 */
function storedTexts(e: EventRecord): Pick<EventRecord, SpotlightTextField> {
  return Object.fromEntries(SPOTLIGHT_TEXT_FIELDS.map((f) => [f, e[f]])) as Pick<
    EventRecord,
    SpotlightTextField
  >;
}

export function spotlightEventView(
  e: EventRecord,
  type: SpotlightType,
  code: { id: number; value: string },
  parts: EventPartRows,
  spotlight: SpotlightPartRows,
  timeZone: string,
  textLimits: SpotlightTextLimits,
  permittedActions: SpotlightPermittedActions,
): SpotlightEvent {
  const c = spotlight.consideration;
  return {
    id: e.id,
    version: e.version,
    typeID: e.typeId,
    type,
    code,
    childIDs: e.childId === null ? [] : [e.childId],
    siteID: e.siteId,
    date: toCalendarDate(e.raised, timeZone),
    time: formatTime(e.raised, timeZone),
    ...storedTexts(e),
    media: spotlight.media.map((m) => ({
      id: m.id,
      type: m.type,
      mediaToken: m.media_token,
      ...mediaUrls(m.id),
    })),
    gradings: parts.gradings.map((g) => ({
      itemID: g.itemId,
      // Stored 2 (best fit) reads as a grading kept without a value.
      value: g.value === 0 || g.value === 1 ? g.value : null,
      ageRangeID: g.ageRangeId,
      notes: g.notes,
    })),
    bestFits: spotlight.bestFits.map((b) => ({ itemID: b.item_id, ageRangeID: b.age_range_id })),
    checkpointIDs: spotlight.checkpointIds,
    checkpointNotes: spotlight.checkpointNotes.map((n) => ({ checkpointID: n.checkpoint_id, note: n.note })),
    considerations: c
      ? [
          {
            id: c.id,
            status: c.status as ConsiderationStatusValue,
            notes: c.notes,
            visibleToParents: c.visible_to_parents,
          },
        ]
      : [],
    editable: permittedActions.saveStatusIDs.length > 0,
    statusID: e.statusId,
    status: statusById(e.statusId)?.value ?? String(e.statusId),
    textLimits,
    permittedActions,
  };
}

export function checkpointView(r: CheckpointRow): DevelopmentCheckpoint {
  return {
    id: r.id,
    section: r.section,
    subsection: r.subsection,
    ageRange: tabOfLabel(r.age_range),
    description: r.description,
    bespoke: r.bespoke,
    enabled: r.enabled,
  };
}

export function checkpointNoteView(r: CheckpointNoteRow): CheckpointNote {
  return {
    id: r.id,
    note: r.note,
    section: r.section,
    subsection: r.subsection,
    ageRange: tabOfLabel(r.age_range),
    eventID: r.event_id === null ? null : Number(r.event_id),
    created: iso(r.created_at),
  };
}

export function childConsiderationView(r: ChildConsiderationRow): ChildConsideration {
  return {
    id: r.id,
    eventID: Number(r.event_id),
    eventTypeID: r.event_type_id,
    eventStatusID: r.event_status_id,
    status: r.status as ConsiderationStatusValue,
    notes: r.notes,
    visibleToParents: r.visible_to_parents,
    created: iso(r.created),
    staffMember:
      r.staff_id !== null && r.staff_forename !== null && r.staff_surname !== null
        ? { id: r.staff_id, forename: r.staff_forename, surname: r.staff_surname }
        : null,
  };
}

export function childEventView(r: ChildEventRow): ChildSpotlightEvent {
  return {
    id: Number(r.id),
    typeID: r.type_id,
    codeID: r.code_id,
    statusID: r.status_id,
    raised: iso(r.raised_text),
    notes: r.notes,
    gradingCount: r.grading_count,
    checkpointCount: r.checkpoint_count,
    mediaCount: r.media_count,
    author: { id: r.author_person_id, forename: r.author_forename, surname: r.author_surname },
  };
}
