/**
 * Single events (spec 000 §7): the stored event as answers show it, its parts, the save answer, and
 * the contracts of GET/PUT api/v2/events/{id}, POST api/v2/events (create) and GET api/v1/lastEvent.
 * Ids are `z.int()` (GraphQL Int), instants ISO strings, nullable where the column is.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import type { SaveMessageKey } from '../publishing.ts';
import { EventSavePayload } from './eventSave.ts';
import { EventOutcomes, SleepCloseBody, SleepCloseQuery } from './eventStatusChanges.ts';
import { Id, IdParam } from './primitives.ts';

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
  notes: z.string().nullable(),
  childsVoice: z.string().nullable(),
  /** Parent notes. */
  ref2: z.string().nullable(),
  /** The sum of the selected learning styles' ids (powers of two). */
  learningStyles: z.int(),
  tagged: z.boolean(),
  raised: z.string(),
  date1: z.string().nullable(),
  /** Sleep end time (and the close time of other timed events). */
  date2: z.string().nullable(),
  due: z.string().nullable(),
  priorityID: z.int().nullable(),
  /** Accident location. */
  areaID: z.int().nullable(),
  existingInjury: z.boolean().nullable(),
  nappyCream: z.boolean().nullable(),
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
  method: 'POST',
  path: '/api/v2/events',
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
  method: 'POST',
  path: '/api/v2/events',
  summary:
    'Save a new event, one per child in subjects (body EventCreatePayload); with ?id=1,2,3 close those open sleep events instead (body { date2, statusID })',
  tags: ['events'],
  querystring: z.object({ id: SleepCloseQuery.shape.id.optional() }),
  body: z.union([EventCreatePayload, SleepCloseBody]),
  response: { 200: z.union([SavedEvents, EventOutcomes]), 201: SavedEvents },
});

/** GET api/v2/events/{id}: 404 when the event is not the provider's or not visible to the user. */
export const getEvent = defineRoute({
  method: 'GET',
  path: '/api/v2/events/:id',
  summary: 'One event with its parts and rights',
  tags: ['events'],
  params: EventIdParams,
  response: { 200: EventDetail },
});

/** PUT api/v2/events/{id} (update): 409 err-conflict (with `current`) when the version moved. */
export const updateEvent = defineRoute({
  method: 'PUT',
  path: '/api/v2/events/:id',
  summary: 'Update an event (with its version)',
  tags: ['events'],
  params: EventIdParams,
  body: EventUpdatePayload,
  response: { 200: SavedEvents },
});

/** PUT api/v2/events/{id} with `{ date2, statusID }` (spec 002): close one open sleep. */
export const closeSleepEvent = defineRoute({
  method: 'PUT',
  path: '/api/v2/events/:id',
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
  method: 'PUT',
  path: '/api/v2/events/:id',
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
  method: 'GET',
  path: '/api/v1/lastEvent',
  summary: "A child's latest event of a type",
  tags: ['events'],
  querystring: LastEventQuery,
  response: { 200: LastEventAnswer },
});
