// The events feature's server calls, one client per resource (spec 000 §7), typed by the contracts in
// packages/domain/src/schemas (imported as types only: no zod in the browser bundle). `saveEvent` is
// the one way an event is saved: the editor calls it online and the sync loop's transport
// (features/sync/transport.ts) calls it for the saves queued on this device.
import type { getMeals } from '@nursery/domain/children';
import type { RouteAnswer, RouteBody, RouteQuery } from '@nursery/domain/common';
import { routes } from '@nursery/domain/common';
import type {
  closeSleepEvents,
  createEvent,
  EventSavePayload,
  getEvent,
  getEventHistory,
  getLastEvent,
  getOutstandingNextSteps,
  SavedEvents,
  SleepCloseBody,
  searchEvents,
  TransitionBody,
  transitionEvents,
  updateEvent,
} from '@nursery/domain/events';
import type { getFrameworks } from '@nursery/domain/frameworks';
import { callRoute } from '../../lib/api';
import { graphql, sendGraphQL } from '../../lib/graphql';

/** What to save: a new event (eventID null: POST) or an edit of a stored one (PUT, with its version). */
export interface EventSave {
  eventID: number | null;
  payload: EventSavePayload;
}

/** POST api/v2/events (create) or PUT api/v2/events/{id} (update): the saved rows, one per child. */
export function saveEvent({ eventID, payload }: EventSave, signal?: AbortSignal): Promise<SavedEvents> {
  if (eventID === null) return callRoute<typeof createEvent>(routes.createEvent, { body: payload, signal });
  return callRoute<typeof updateEvent>(
    routes.updateEvent,
    // An edit carries the version it started from (the form and the outbox item keep it); one without
    // is refused by the server (400), as it always was.
    { params: { id: eventID }, body: payload as RouteBody<typeof updateEvent>, signal },
  );
}

/** The outcome per event of a bulk call (transition, sleep close). */
export type BulkAnswer = RouteAnswer<typeof transitionEvents>;
export type EventSearchQuery = RouteQuery<typeof searchEvents>;

export const eventsApi = {
  /** GET api/v2/events/{id}: the stored event with the user's rights on it. */
  get: (id: number, signal?: AbortSignal) =>
    callRoute<typeof getEvent>(routes.getEvent, { params: { id }, signal }),
  /** GET api/v2/events: a page of the search (filters as the query; `after` is the next page's cursor). */
  search: (query: EventSearchQuery, signal?: AbortSignal) =>
    callRoute<typeof searchEvents>(routes.searchEvents, { query, signal }),
  /** GET api/v2/events/{id}/history: creation, edits and status changes, newest first. */
  history: (id: number, signal?: AbortSignal) =>
    callRoute<typeof getEventHistory>(routes.getEventHistory, { params: { id }, signal }),
  /** POST api/v1/transition: moves events to a status (one outcome per event). */
  transition: (body: TransitionBody): Promise<BulkAnswer> =>
    callRoute<typeof transitionEvents>(routes.transitionEvents, { body }),
  /** PUT api/v2/events?id=: closes open sleeps (end time) with a status. */
  closeSleeps: (ids: readonly number[], body: SleepCloseBody): Promise<BulkAnswer> =>
    callRoute<typeof closeSleepEvents>(routes.closeSleepEvents, { query: { id: ids.join(',') }, body }),
  /** GET api/v1/lastEvent: the child's last event of the type, with its gradings. */
  lastEvent: (query: { childID: number; typeID: number }, signal?: AbortSignal) =>
    callRoute<typeof getLastEvent>(routes.getLastEvent, { query, signal }),
  /** GET api/v1/outstanding-next-steps: the children's next steps not completed yet. */
  outstandingNextSteps: (childIDs: readonly number[], signal?: AbortSignal) =>
    callRoute<typeof getOutstandingNextSteps>(routes.getOutstandingNextSteps, {
      query: { childIDs: childIDs.join(',') },
      signal,
    }),
};

export const mealsApi = {
  /** GET api/v1/meals: the site's meal types, meals and portions. */
  list: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof getMeals>(routes.getMeals, { query: { siteID }, signal }),
};

export const frameworksApi = {
  /** GET api/v1/frameworks: the site's frameworks, items and learning styles (reference data). */
  list: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof getFrameworks>(routes.getFrameworks, { query: { siteID }, signal }),
};

const GET_CHILDREN = graphql(
  'query GetChildren($siteID: Int!) { children(siteID: $siteID) { id forename surname hasImage gender dob startDate endDate siteID roomID photoConsent } }',
);

export const childrenApi = {
  /** GraphQL GetChildren: the site's children (the child picker). */
  list: async (siteID: number) => (await sendGraphQL(GET_CHILDREN, { siteID })).children,
};
