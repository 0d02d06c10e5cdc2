/**
 * Status changes of several events at once (spec 000 §7): POST api/v1/transition, and the sleep
 * close (PUT or POST api/v2/events?id=1,2,3 with { date2, statusID }). Each event gets its own
 * outcome; one refused event does not stop the others.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { Id, Instant, idListParam } from './primitives.ts';

/** Events in one transition call. */
export const TRANSITION_MAX_EVENTS = 500;
/** Sleep events in one close call. */
export const SLEEP_CLOSE_MAX_EVENTS = 100;

/** One event's outcome: ok with its new status and version, or the refusal's code and message. */
export const EventOutcome = z.object({
  id: z.int(),
  ok: z.boolean(),
  statusID: z.int().optional(),
  version: z.int().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type EventOutcome = z.infer<typeof EventOutcome>;

export const EventOutcomes = z.object({ results: z.array(EventOutcome) });
export type EventOutcomes = z.infer<typeof EventOutcomes>;

export const TransitionBody = z
  .object({
    ids: z.array(Id).min(1).max(TRANSITION_MAX_EVENTS),
    statusID: Id,
    /**
     * The `version` of each event the client saw, in the order of `ids` (issue 26): an event whose
     * version moved since (say, published while a delete was decided on its draft) gets the outcome
     * err-conflict and is not changed. Optional (the spec's body has none).
     */
    versions: z.array(Id).max(TRANSITION_MAX_EVENTS).optional(),
  })
  .refine((body) => body.versions === undefined || body.versions.length === body.ids.length, {
    message: 'versions: one per id, in the same order.',
    path: ['versions'],
  });
export type TransitionBody = z.infer<typeof TransitionBody>;

export const transitionEvents = defineRoute({
  ...routes.transitionEvents,
  summary: 'Change the status of events',
  tags: ['events'],
  body: TransitionBody,
  response: { 200: EventOutcomes },
});

/** `?id=1,2,3`: the sleep events to close. */
export const SleepCloseQuery = z.object({ id: idListParam(SLEEP_CLOSE_MAX_EVENTS) });
/** The end time and the status the closed sleeps move to. */
export const SleepCloseBody = z.object({ date2: Instant, statusID: Id });
export type SleepCloseBody = z.infer<typeof SleepCloseBody>;

const SLEEP_CLOSE_SUMMARY = 'Close open sleep events with an end time and a status';

/** PUT api/v2/events?id=1,2,3. */
export const closeSleepEvents = defineRoute({
  ...routes.closeSleepEvents,
  summary: SLEEP_CLOSE_SUMMARY,
  tags: ['events'],
  querystring: SleepCloseQuery,
  body: SleepCloseBody,
  response: { 200: EventOutcomes },
});

/** POST api/v2/events?id=1,2,3: the spec's form of the same close (the create call has no `id`). */
export const closeSleepEventsByPost = defineRoute({
  ...closeSleepEvents,
  ...routes.closeSleepEventsByPost,
});
