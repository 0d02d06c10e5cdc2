/**
 * The Spotlight editor's calls (spec 001 §2 "Event editor", §3-§5, §9; issue 16), all GraphQL:
 * - `spotlightSetup(siteID)`: what the editor needs to start an add (types, codes, media rights,
 *   allowed save statuses, text limits, parent-notes and Birth to 5 switches);
 * - `spotlightEvent(id)`: one snapshot or learning story as the editor loads it;
 * - mutation `updateEvent(input)` (spec 002 §7 names it): add (id null) or save an existing event,
 *   answering the spec's Save result {created, type, status, ids};
 * - `developmentCheckpoints(ageRange)`, `checkpointNotes(childID, ageRange)`;
 * - the previous-spotlights panel: `previousGradingCounts`, `considerationsForChild`,
 *   `considerationCountForChild`, `eventsByChildAndType`, `eventCountByChildAndType`.
 * The GraphQL types are generated from these schemas (apps/server/src/modules/graphql); the input
 * schemas are the mutation's argument types AND the server's validation (refinements run there).
 * Answer ids are `z.int()` (GraphQL Int); instants are ISO strings; dates YYYY-MM-DD, times HH:mm
 * in the site's time zone (Europe/London).
 */
import { z } from 'zod';
import { CONSIDERATION_STATUS_VALUES } from '../considerations.ts';
import { SPOTLIGHT_TAGS } from '../eventTypes.ts';
import { GRADING_CEILING, SPOTLIGHT_CHILD_MAX } from '../limits.ts';
import { EventView, pickSide, SpotlightTextFields } from './events.ts';
import { Id, Int32, IsoDate, MediaId, SafeText } from './primitives.ts';

/** Outer bound of free text; the per-type limits (textLimit, from flags) are checked by the server. */
const SPOTLIGHT_TEXT_MAX = 100_000;
const text = SafeText.max(SPOTLIGHT_TEXT_MAX);
const itemID = SafeText.min(1).max(200);

export const SpotlightType = z.enum(SPOTLIGHT_TAGS).meta({ title: 'SpotlightType' });
export type SpotlightType = z.infer<typeof SpotlightType>;

export const ConsiderationStatusValue = z
  .enum(CONSIDERATION_STATUS_VALUES)
  .meta({ title: 'ConsiderationStatus' });
export type ConsiderationStatusValue = z.infer<typeof ConsiderationStatusValue>;

/**
 * The development-checkpoint age-range tabs (spec 001 §2), as GraphQL enum names; `label` is the
 * tab's text and the stored value (development_checkpoints.age_range).
 */
export const CHECKPOINT_TABS = [
  { key: 'birthTo3', label: 'Birth-3 Years' },
  { key: 'threeTo4', label: '3-4 Years' },
  { key: 'receptionAge', label: 'Reception Age' },
  { key: 'earlyLearningGoals', label: 'Early Learning Goals' },
] as const;
export const CheckpointTab = z
  .enum(['birthTo3', 'threeTo4', 'receptionAge', 'earlyLearningGoals'])
  .meta({ title: 'CheckpointTab' });
export type CheckpointTab = z.infer<typeof CheckpointTab>;

/* ------------------------------------------------------------------------- shared parts */

export const SpotlightCode = z.object({ id: z.int(), value: z.string() });
export type SpotlightCode = z.infer<typeof SpotlightCode>;

/** Text limits of a type (null = no limit): from the flags, else our defaults (limits.ts). */
export const SpotlightTextLimits = z.object({
  notes: z.int().nullable(),
  childsVoice: z.int().nullable(),
  parentNotes: z.int().nullable(),
  considerationNotes: z.int().nullable(),
});
export type SpotlightTextLimits = z.infer<typeof SpotlightTextLimits>;

/* ------------------------------------------------------------------------- spotlightSetup */

export const SpotlightTypeSetup = z.object({
  /** The event type's id. */
  id: z.int(),
  type: SpotlightType,
  /** Display name ('Snapshot', 'Learning story'). */
  name: z.string(),
  /** Enabled codes in order; the first is the default after a type change. */
  codes: z.array(SpotlightCode),
  /** Code ids of two-year checks (one child, in the age range). */
  twoYearCodeIDs: z.array(z.int()),
  addMedia: z.boolean(),
  addPhoto: z.boolean(),
  addVideo: z.boolean(),
  /** Statuses a new event of this type may be saved to (the user's roles), in status order. */
  saveStatusIDs: z.array(z.int()),
  textLimits: SpotlightTextLimits,
});
export type SpotlightTypeSetup = z.infer<typeof SpotlightTypeSetup>;

export const SpotlightSetup = z.object({
  siteID: z.int(),
  /** Only the spotlight types enabled for the account that the user may add (snapshot first). */
  types: z.array(SpotlightTypeSetup),
  /** permissions.anyContactGroupCanAddNotes: parent notes are the parents' and read-only here. */
  anyContactGroupCanAddNotes: z.boolean(),
  /** The enableBirthToFive flag AND the Birth to 5 framework usable at the site. */
  enableBirthToFive: z.boolean(),
  /** The Birth to 5 Matters framework id ('-23'), when usable. */
  birthToFiveFrameworkID: z.string().nullable(),
  /** publishConsiderations: may save to archived/published with an Intervention/Staff Support one. */
  publishConsiderations: z.boolean(),
  /** Child maximum of a new snapshot (200); learning stories and existing events take one. */
  childMax: z.int(),
  /** The maximum of gradings plus best fits (255). */
  gradingMax: z.int(),
});
export type SpotlightSetup = z.infer<typeof SpotlightSetup>;

/* ------------------------------------------------------------------------- spotlightEvent */

export const SpotlightMedia = z.object({
  /** The media id (uuid). */
  id: z.string(),
  url: z.string(),
  type: z.enum(['image', 'video']),
  thumbnailUrl: z.string(),
  /** The token to send back in updateEvent's mediaTokens to keep it attached. */
  mediaToken: z.string(),
});
export type SpotlightMedia = z.infer<typeof SpotlightMedia>;

export const SpotlightGrading = z.object({
  itemID: z.string(),
  /** 0 working towards, 1 achieved, null best fit (kept with its age range or notes). */
  value: z.int().nullable(),
  ageRangeID: z.int().nullable(),
  notes: z.string().nullable(),
});
export type SpotlightGrading = z.infer<typeof SpotlightGrading>;

export const SpotlightBestFit = z.object({ itemID: z.string(), ageRangeID: z.int() });
export type SpotlightBestFit = z.infer<typeof SpotlightBestFit>;

/**
 * A note written in the checkpoints modal for one of the event's checkpoints: stored on the checkpoint
 * and at its section, subsection and age range for the child (checkpoint_notes, spec 001 §3
 * "Checkpoint note"), so the child's notes by tab (checkpointNotes) list it too.
 */
export const SpotlightCheckpointNote = z.object({ checkpointID: z.int(), note: z.string() });
export type SpotlightCheckpointNote = z.infer<typeof SpotlightCheckpointNote>;

export const SpotlightConsideration = z.object({
  id: z.int().nullable(),
  status: ConsiderationStatusValue,
  notes: z.string().nullable(),
  visibleToParents: z.boolean(),
});
export type SpotlightConsideration = z.infer<typeof SpotlightConsideration>;

export const SpotlightPermittedActions = z.object({
  /** Statuses this save may go to (the role's transitions from the current status, and staying). */
  saveStatusIDs: z.array(z.int()),
  addMedia: z.boolean(),
  addPhoto: z.boolean(),
  addVideo: z.boolean(),
  /** Parent notes may be written (not when any contact group can add notes). */
  editParentNotes: z.boolean(),
  /** May save to archived/published with an Intervention/Staff Support consideration. */
  publishConsiderations: z.boolean(),
});
export type SpotlightPermittedActions = z.infer<typeof SpotlightPermittedActions>;

/**
 * A snapshot or learning story as the editor loads it: the same event row as the events answer
 * (EventView), so the row's fields and the text fields (SpotlightTextFields) take their schemas from
 * there and a new one is declared once.
 */
export const SpotlightEvent = z.object({
  id: EventView.shape.id,
  /** Send back in updateEvent (a newer version answers err-conflict). */
  version: EventView.shape.version,
  typeID: EventView.shape.typeID,
  type: SpotlightType,
  code: SpotlightCode,
  childIDs: z.array(z.int()),
  siteID: EventView.shape.siteID,
  /** YYYY-MM-DD and HH:mm in the site's time zone. */
  date: z.string(),
  time: z.string(),
  ...pickSide(SpotlightTextFields, 'answer'),
  media: z.array(SpotlightMedia),
  gradings: z.array(SpotlightGrading),
  bestFits: z.array(SpotlightBestFit),
  checkpointIDs: z.array(z.int()),
  checkpointNotes: z.array(SpotlightCheckpointNote),
  /** At most one. */
  considerations: z.array(SpotlightConsideration),
  editable: z.boolean(),
  statusID: EventView.shape.statusID,
  /** The status name ('Draft', 'Pending', ...). */
  status: z.string(),
  textLimits: SpotlightTextLimits,
  permittedActions: SpotlightPermittedActions,
});
export type SpotlightEvent = z.infer<typeof SpotlightEvent>;

/* ------------------------------------------------------------------------- updateEvent */

const TimeText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:mm');

export const SpotlightGradingInput = z
  .object({
    itemID,
    value: z.int().min(0).max(1).nullable().optional(),
    ageRangeID: Int32.nullable().optional(),
    notes: text.nullable().optional(),
  })
  .meta({ title: 'SpotlightGradingInput' });
export type SpotlightGradingInput = z.infer<typeof SpotlightGradingInput>;

export const SpotlightBestFitInput = z
  .object({ itemID, ageRangeID: Int32 })
  .meta({ title: 'SpotlightBestFitInput' });
export type SpotlightBestFitInput = z.infer<typeof SpotlightBestFitInput>;

export const SpotlightConsiderationInput = z
  .object({
    /** The stored consideration's id when keeping it; null/absent for a new one. */
    id: Id.nullable().optional(),
    status: ConsiderationStatusValue,
    notes: text.nullable().optional(),
    visibleToParents: z.boolean(),
  })
  .meta({ title: 'SpotlightConsiderationInput' });
export type SpotlightConsiderationInput = z.infer<typeof SpotlightConsiderationInput>;

export const SpotlightCheckpointNoteInput = z
  .object({ checkpointID: Id, note: text })
  .meta({ title: 'SpotlightCheckpointNoteInput' });
export type SpotlightCheckpointNoteInput = z.infer<typeof SpotlightCheckpointNoteInput>;

/** A photo or video from POST api/v1/media: its id and the mediaToken the upload answered. */
export const SpotlightMediaTokenInput = z
  .object({
    mediaID: MediaId,
    token: SafeText.min(1).max(200),
  })
  .meta({ title: 'SpotlightMediaTokenInput' });
export type SpotlightMediaTokenInput = z.infer<typeof SpotlightMediaTokenInput>;

export const UpdateEventInput = z
  .object({
    /** The event to save; null for an add. */
    id: Id.nullable().optional(),
    /** The version loaded (required with an id). */
    version: Id.nullable().optional(),
    /** An add's client id: the same uuid again answers the events stored the first time. */
    uuid: z.uuid().nullable().optional(),
    type: SpotlightType,
    codeID: Id,
    /** 1..200; exactly one for a learning story or an existing event. */
    childIDs: z.array(Id).min(1).max(SPOTLIGHT_CHILD_MAX),
    date: IsoDate,
    time: TimeText,
    /** The text fields (notes; Further Observations: snapshots; parent notes: learning stories). */
    ...pickSide(SpotlightTextFields, 'input'),
    gradings: z.array(SpotlightGradingInput).max(2000),
    /** Learning stories only. */
    bestFits: z.array(SpotlightBestFitInput).max(2000),
    /** Learning stories only. */
    checkpointIDs: z.array(Id).max(1000),
    /** Learning stories only: a note per chosen checkpoint (one of checkpointIDs). Absent: none. */
    checkpointNotes: z.array(SpotlightCheckpointNoteInput).max(1000).nullable().optional(),
    /** At most one. */
    considerations: z.array(SpotlightConsiderationInput).max(1),
    /** Every medium to be attached (kept or new); a stored one left out is detached. */
    mediaTokens: z.array(SpotlightMediaTokenInput).max(200),
    statusID: Id,
  })
  .meta({ title: 'UpdateEventInput' });
export type UpdateEventInput = z.infer<typeof UpdateEventInput>;

export const UpdateEventArgs = z.object({ input: UpdateEventInput });

/** The spec's Save result: one event per child for a snapshot add. */
export const SpotlightSaveResult = z.object({
  created: z.boolean(),
  type: SpotlightType,
  statusID: z.int(),
  /** The status name, for '{Type} successfully saved as {status}.' */
  status: z.string(),
  ids: z.array(z.int()),
  /** Per saved event: its child and new version (for the next save). */
  events: z.array(z.object({ id: z.int(), childID: z.int(), version: z.int() })),
});
export type SpotlightSaveResult = z.infer<typeof SpotlightSaveResult>;

/* --------------------------------------------------------------- development checkpoints */

export const DevelopmentCheckpoint = z.object({
  id: z.int(),
  section: z.string(),
  subsection: z.string().nullable(),
  ageRange: CheckpointTab,
  description: z.string(),
  bespoke: z.boolean(),
  enabled: z.boolean(),
});
export type DevelopmentCheckpoint = z.infer<typeof DevelopmentCheckpoint>;

export const CheckpointNote = z.object({
  id: z.int(),
  note: z.string(),
  section: z.string(),
  subsection: z.string().nullable(),
  ageRange: CheckpointTab,
  eventID: z.int().nullable(),
  created: z.string(),
});
export type CheckpointNote = z.infer<typeof CheckpointNote>;

/* --------------------------------------------------------------- previous spotlights */

export const PreviousGradingCount = z.object({
  itemID: z.string(),
  /** 0 working towards, 1 achieved, 2 best fit (best fits and gradings kept without a value). */
  value: z.int(),
  count: z.int(),
});
export type PreviousGradingCount = z.infer<typeof PreviousGradingCount>;

export const ChildConsideration = z.object({
  id: z.int(),
  eventID: z.int(),
  eventTypeID: z.int(),
  eventStatusID: z.int(),
  status: ConsiderationStatusValue,
  notes: z.string().nullable(),
  visibleToParents: z.boolean(),
  created: z.string(),
  staffMember: z.object({ id: z.int(), forename: z.string(), surname: z.string() }).nullable(),
});
export type ChildConsideration = z.infer<typeof ChildConsideration>;

export const ChildConsiderationPage = z.object({
  items: z.array(ChildConsideration),
  nextCursor: z.string().nullable(),
});
export type ChildConsiderationPage = z.infer<typeof ChildConsiderationPage>;

export const ChildSpotlightEvent = z.object({
  id: z.int(),
  typeID: z.int(),
  codeID: z.int(),
  statusID: z.int(),
  /** The event's instant (ISO). */
  raised: z.string(),
  notes: z.string().nullable(),
  gradingCount: z.int(),
  checkpointCount: z.int(),
  mediaCount: z.int(),
  author: z.object({ id: z.int(), forename: z.string(), surname: z.string() }),
});
export type ChildSpotlightEvent = z.infer<typeof ChildSpotlightEvent>;

export const ChildSpotlightEventPage = z.object({
  items: z.array(ChildSpotlightEvent),
  nextCursor: z.string().nullable(),
});
export type ChildSpotlightEventPage = z.infer<typeof ChildSpotlightEventPage>;

/** Page size of the panel's lists (OURS: decisions.md Issue 16). */
export const PREVIOUS_SPOTLIGHTS_PAGE_SIZE = 20;
export const PREVIOUS_SPOTLIGHTS_PAGE_MAX = 100;

/* --------------------------------------------------------------- GraphQL arguments */

export const SpotlightSetupArgs = z.object({ siteID: z.int().nullish() });
export const SpotlightEventArgs = z.object({ id: z.int() });
export const DevelopmentCheckpointsArgs = z.object({ ageRange: CheckpointTab.nullish() });
export const CheckpointNotesArgs = z.object({ childID: z.int(), ageRange: CheckpointTab.nullish() });
export const PreviousGradingCountsArgs = z.object({ childID: z.int(), eventTypeIDs: z.array(z.int()) });
export const ChildPageArgs = z.object({
  childID: z.int(),
  cursor: z.string().nullish(),
  limit: z.int().nullish(),
});
export const ChildCountArgs = z.object({ childID: z.int() });
export const ChildTypePageArgs = z.object({
  childID: z.int(),
  typeID: z.int(),
  cursor: z.string().nullish(),
  limit: z.int().nullish(),
});
export const ChildTypeCountArgs = z.object({ childID: z.int(), typeID: z.int() });

/** The ceiling the save checks (re-exported for the editor's counter). */
export const SPOTLIGHT_GRADING_MAX = GRADING_CEILING;
