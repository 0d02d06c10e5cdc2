/**
 * Single events (spec 000 §7): the save payload (request) and the stored event as answers show it
 * (answer), side by side so a field is declared once; its parts, the save answer, and the contracts
 * of GET/PUT api/v2/events/{id}, POST api/v2/events (create) and GET api/v1/lastEvent.
 * Answer ids are `z.int()` (GraphQL Int), instants ISO strings, nullable where the column is.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import type { SpotlightTag } from '../eventTypes.ts';
import { CHILD_PICKER_MAX, MEAL_PORTION_AMOUNT_MAX, SPOTLIGHT_CHILD_MAX } from '../limits.ts';
import type { SaveMessageKey } from '../publishing.ts';
import { routes } from '../routes.ts';
import { EVENT_STATUS_IDS } from '../statuses.ts';
import { stripControlCharacters } from '../text.ts';
import { EventOutcomes, SleepCloseBody, SleepCloseQuery } from './eventStatusChanges.ts';
import { Id, IdParam, Instant, Int32, MediaId, NonNegativeInt, SafeText } from './primitives.ts';

/**
 * The event save payload of spec 000 §7 (POST and PUT api/v2/events). Text fields carry a generous
 * outer bound here; the per-kind limits from the server flags (textLimit) are checked by the server.
 * Ids are int4, instants real and within the sane year range, text without control characters
 * (primitives.ts).
 */
const TEXT_MAX = 100_000;
const id = Id;
const instant = Instant;
const text = SafeText.max(TEXT_MAX);
/** A framework item path id ('/-29/1/3/'); unknown ones are refused by the grading rules. */
const itemID = SafeText.min(1).max(200);
/**
 * Children in one save, whatever the type: a snapshot takes up to 200 (spec 001), other events 120
 * (spec 000). The limit of the save's type (childPickerMax in rules.ts) is checked by the server.
 */
export const EVENT_SUBJECTS_MAX = Math.max(CHILD_PICKER_MAX, SPOTLIGHT_CHILD_MAX);

export const EventGradingInput = z.object({
  itemID,
  /** Framework age ranges have negative special ids (-2300...). */
  ageRangeID: Int32.nullable().optional(),
  value: z.number().int().min(0).max(2).nullable().optional(),
  notes: text.nullable().optional(),
});

export const EventNextStepInput = z.object({
  id: id.optional(),
  notes: text.nullable().optional(),
  links: z.array(itemID).max(500).default([]),
  completed: z.boolean().default(false),
});

export const EventMealInput = z.object({
  mealID: id,
  portionID: id.nullable().optional(),
  portionAmount: SafeText.max(MEAL_PORTION_AMOUNT_MAX).nullable().optional(),
});

/** One simple stored field: its payload schema (with the input checks) and its answer schema. */
const stored = <I extends z.ZodType, A extends z.ZodType>(input: I, answer: A) => ({ input, answer });

/**
 * The simple stored fields: the same name in the payload, the answer and the `events` table
 * (apps/server/src/db/schema/events.ts). The server copies them by rule (payloadColumns,
 * eventView), so a new such field is its line here and its column. A field with another name or a
 * conversion (ref2 ↔ parentNotes, instants) is written in the payload and answer schemas below and
 * has its own line on the server. The answer side has no refinements: it serialises what is stored.
 */
export const EventStoredFields = {
  notes: stored(text.nullable().optional(), z.string().nullable()),
  childsVoice: stored(text.nullable().optional(), z.string().nullable()),
  /** The sum of the selected learning styles' ids (powers of two). */
  learningStyles: stored(NonNegativeInt.default(0), z.int()),
  tagged: stored(z.boolean().default(false), z.boolean()),
  existingInjury: stored(z.boolean().nullable().optional(), z.boolean().nullable()),
  nappyCream: stored(z.boolean().nullable().optional(), z.boolean().nullable()),
};
export type EventStoredField = keyof typeof EventStoredFields;
export const EVENT_STORED_FIELDS = Object.keys(EventStoredFields) as EventStoredField[];

/** Parent notes: `ref2` in the REST payload and answer, `parentNotes` in the table and in Spotlight. */
const parentNotes = stored(text.nullable().optional(), z.string().nullable());

/**
 * The Spotlight editor's text fields (spec 001 §3), declared once: each one's schemas (an event stored
 * field's, or parent notes') and the Spotlight types that have it. The same name in the Spotlight answer
 * (SpotlightEvent) and input (UpdateEventInput), which take their schemas from here, in the web's form
 * and in the events table (apps/server/src/db/schema/events.ts); the server writes and reads them by
 * rule (spotlight/save.ts, presenter.ts) and the form follows the types. A new text field of a Spotlight
 * type is its line in EventStoredFields and its line here.
 */
export const SpotlightTextFields = {
  notes: { ...EventStoredFields.notes, types: ['snapshot', 'learningStory'] },
  /** Further Observations. */
  childsVoice: { ...EventStoredFields.childsVoice, types: ['snapshot'] },
  /** Read-only when any contact group can add notes (parents write them). */
  parentNotes: { ...parentNotes, types: ['learningStory'] },
} as const satisfies Record<string, { input: z.ZodType; answer: z.ZodType; types: readonly SpotlightTag[] }>;
export type SpotlightTextField = keyof typeof SpotlightTextFields;
export const SPOTLIGHT_TEXT_FIELDS = Object.keys(SpotlightTextFields) as SpotlightTextField[];

type StoredFields = Record<string, { input: z.ZodType; answer: z.ZodType }>;
/** One side (payload or answer) of a declaration of stored fields, as a zod shape. */
export const pickSide = <F extends StoredFields, S extends 'input' | 'answer'>(fields: F, side: S) =>
  Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f[side]])) as { [K in keyof F]: F[K][S] };

/** The save payload (POST and PUT api/v2/events, spec 000 §7). */
export const EventSavePayload = z.object({
  /** The client's save id: replaying a save with the same uuid returns the stored events. */
  uuid: z.uuid(),
  priorityID: id.nullable().optional(),
  raised: instant,
  ...pickSide(EventStoredFields, 'input'),
  mediaIDs: z.array(MediaId).max(200).default([]),
  /** Parent notes. */
  ref2: parentNotes.input,
  statusID: Int32.refine((n) => (EVENT_STATUS_IDS as readonly number[]).includes(n), 'an event status id'),
  due: instant.nullable().optional(),
  typeID: id,
  codeID: id,
  subjects: z.array(id).max(EVENT_SUBJECTS_MAX).default([]),
  /** The child of a draft being edited (PUT). */
  childID: id.nullable().optional(),
  values: z.array(EventGradingInput).max(2000).default([]),
  nextSteps: z.array(EventNextStepInput).max(200).default([]),
  completedNextStepIDs: z.array(id).max(500).default([]),
  meals: z.array(EventMealInput).max(50).default([]),
  areaID: id.nullable().optional(),
  date1: instant.nullable().optional(),
  /** Sleep end time. */
  date2: instant.nullable().optional(),
  /** The version the client edited (PUT). */
  version: Id.optional(),
});
export type EventSavePayload = z.infer<typeof EventSavePayload>;

const strip = <T extends string | null | undefined>(t: T): T =>
  (typeof t === 'string' ? stripControlCharacters(t) : t) as T;

/**
 * The payload with the characters SafeText refuses taken out of its free text (notes, child's
 * voice, parent notes, grading and next-step notes, portion amounts): the web applies it where a
 * save is built and again when the sync sends a queued one, so the server never refuses a draft
 * for a pasted control character (it would stay in the outbox for ever).
 */
export function stripPayloadControlCharacters<P extends EventSavePayload>(p: P): P {
  return {
    ...p,
    notes: strip(p.notes),
    childsVoice: strip(p.childsVoice),
    ref2: strip(p.ref2),
    values: p.values?.map((v) => ({ ...v, notes: strip(v.notes) })),
    nextSteps: p.nextSteps?.map((s) => ({ ...s, notes: strip(s.notes) })),
    meals: p.meals?.map((m) => ({ ...m, portionAmount: strip(m.portionAmount) })),
  };
}

/** `/…/:id` with a positive integer id. */
export const EventIdParams = z.object({ id: IdParam });

/** The stored event's own columns (no parts): the GET answer's head and a 409's `current`. */
export const EventView = z.object({
  id: z.int(),
  uuid: z.string(),
  version: z.int(),
  typeID: z.int(),
  codeID: z.int(),
  childID: z.int().nullable(),
  statusID: z.int(),
  siteID: z.int(),
  authorStaffID: z.int().nullable(),
  /** The author person (staff member or parent contact) and their staff id, if staff. */
  author: z.object({ id: z.int(), staffID: z.int().nullable() }),
  ...pickSide(EventStoredFields, 'answer'),
  /** Parent notes. */
  ref2: parentNotes.answer,
  raised: z.string(),
  date1: z.string().nullable(),
  /** Sleep end time (and the close time of other timed events). */
  date2: z.string().nullable(),
  due: z.string().nullable(),
  priorityID: z.int().nullable(),
  /** Accident location. */
  areaID: z.int().nullable(),
  twoyear: z.boolean(),
  baseline: z.boolean(),
});
export type EventView = z.infer<typeof EventView>;

export const EventGrading = z.object({
  itemID: z.string(),
  ageRangeID: z.int().nullable(),
  value: z.int().nullable(),
  notes: z.string().nullable(),
});
export type EventGrading = z.infer<typeof EventGrading>;

export const EventNextStepLink = z.object({ itemID: z.string() });

/** A next step stored on an event, with the framework items it links to. */
export const StoredNextStep = z.object({
  id: z.int(),
  notes: z.string().nullable(),
  completed: z.boolean(),
  links: z.array(EventNextStepLink),
});
export type StoredNextStep = z.infer<typeof StoredNextStep>;

export const StoredMeal = z.object({
  mealID: z.int(),
  portionID: z.int().nullable(),
  portionAmount: z.string().nullable(),
});
export type StoredMeal = z.infer<typeof StoredMeal>;

/** GET api/v2/events/{id} (and GraphQL `event`): the event, its parts and the user's rights on it. */
export const EventDetail = EventView.extend({
  values: z.array(EventGrading),
  nextSteps: z.array(StoredNextStep),
  meals: z.array(StoredMeal),
  mediaIDs: z.array(z.string()),
  editable: z.boolean(),
  /** Status ids the user may move this event to (the role's transitions from its status). */
  permittedActions: z.array(z.int()),
  /** The user may start a conversation from it (issue 31: sendMessages and a published event of a child). */
  mayStartConversation: z.boolean(),
});
export type EventDetail = z.infer<typeof EventDetail>;

const SAVE_MESSAGE_KEYS = [
  'saved-to-drafts',
  'saved-to-drafts-offline',
  'sent-to-nursery',
  'sent-to-nursery-offline',
  'saved-to-deleted',
  'saved-to-deleted-offline',
  'saved-to-published',
  'saved-to-published-offline',
  'saved-to-status',
  'saved-to-status-offline',
] as const satisfies readonly SaveMessageKey[];

/** The message to show after a save (publishing.ts saveMessage). */
export const SaveMessageAnswer = z.object({
  key: z.enum(SAVE_MESSAGE_KEYS),
  params: z.object({ status: z.string() }).optional(),
});

/** One saved event of a POST/PUT answer (one per child); the first of a POST holds its next steps. */
export const SavedEvent = z.object({
  id: z.int(),
  uuid: z.string(),
  statusID: z.int(),
  version: z.int(),
  childID: z.int().nullable(),
  message: SaveMessageAnswer,
  nextSteps: z.array(StoredNextStep).optional(),
});
export type SavedEvent = z.infer<typeof SavedEvent>;
export const SavedEvents = z.array(SavedEvent);
export type SavedEvents = z.infer<typeof SavedEvents>;

/** PUT api/v2/events/{id}: the save payload with its version; the save uuid is optional. */
export const EventUpdatePayload = EventSavePayload.extend({
  uuid: z.uuid().optional(),
  version: Id,
});
export type EventUpdatePayload = z.infer<typeof EventUpdatePayload>;

/**
 * POST api/v2/events: the save payload; the uuid is optional (spec 000 §7 sends none). With a uuid
 * a retried save answers the stored events; without one the server makes one, so a retry saves
 * again.
 */
export const EventCreatePayload = EventSavePayload.extend({ uuid: z.uuid().optional() });
export type EventCreatePayload = z.infer<typeof EventCreatePayload>;

/** POST api/v2/events (create): a new event per child in subjects, in one transaction. */
export const createEvent = defineRoute({
  ...routes.createEvent,
  summary: 'Save a new event: one per child in subjects',
  tags: ['events'],
  body: EventCreatePayload,
  /** 201 when saved now; 200 when the save uuid was saved before (the stored events). */
  response: { 200: SavedEvents, 201: SavedEvents },
});

/**
 * The one operation POST api/v2/events is on the server: without `?id=` the create call
 * (createEvent), with `?id=1,2,3` the sleep close (closeSleepEventsByPost). Clients call those two
 * typed views; the server validates the body by the branch the query picks.
 */
export const postEvents = defineRoute({
  ...routes.postEvents,
  summary:
    'Save a new event, one per child in subjects (body EventCreatePayload); with ?id=1,2,3 close those open sleep events instead (body { date2, statusID })',
  tags: ['events'],
  querystring: z.object({ id: SleepCloseQuery.shape.id.optional() }),
  body: z.union([EventCreatePayload, SleepCloseBody]),
  response: { 200: z.union([SavedEvents, EventOutcomes]), 201: SavedEvents },
});

/** GET api/v2/events/{id}: 404 when the event is not the provider's or not visible to the user. */
export const getEvent = defineRoute({
  ...routes.getEvent,
  summary: 'One event with its parts and rights',
  tags: ['events'],
  params: EventIdParams,
  response: { 200: EventDetail },
});

/** PUT api/v2/events/{id} (update): 409 err-conflict (with `current`) when the version moved. */
export const updateEvent = defineRoute({
  ...routes.updateEvent,
  summary: 'Update an event (with its version)',
  tags: ['events'],
  params: EventIdParams,
  body: EventUpdatePayload,
  response: { 200: SavedEvents },
});

/** PUT api/v2/events/{id} with `{ date2, statusID }` (spec 002): close one open sleep. */
export const closeSleepEvent = defineRoute({
  ...routes.closeSleepEvent,
  summary: 'Close an open sleep event with an end time and a status',
  tags: ['events'],
  params: EventIdParams,
  body: SleepCloseBody,
  response: { 200: SavedEvents },
});

/**
 * The one operation PUT api/v2/events/{id} is on the server: the full payload (updateEvent) or,
 * a body without typeID, the sleep close (closeSleepEvent).
 */
export const putEvent = defineRoute({
  ...routes.putEvent,
  summary:
    'Update an event with its version (body EventUpdatePayload), or close an open sleep (body { date2, statusID })',
  tags: ['events'],
  params: EventIdParams,
  body: z.union([EventUpdatePayload, SleepCloseBody]),
  response: { 200: SavedEvents },
});

export const LastEventQuery = z.object({ childID: IdParam, typeID: IdParam });

/** A child's latest (not deleted) event of a type with its gradings; nulls when there is none. */
export const LastEventAnswer = z.object({
  eventID: z.int().nullable(),
  raised: z.string().nullable(),
  values: z.array(
    z.object({ itemID: z.string(), value: z.int().nullable(), ageRangeID: z.int().nullable() }),
  ),
});
export type LastEventAnswer = z.infer<typeof LastEventAnswer>;

export const getLastEvent = defineRoute({
  ...routes.getLastEvent,
  summary: "A child's latest event of a type",
  tags: ['events'],
  querystring: LastEventQuery,
  response: { 200: LastEventAnswer },
});
