// The events feature's server calls, one client per resource (spec 000 §7). `saveEvent` is the one way
// an event is saved: the editor calls it online and the sync loop's transport
// (features/sync/transport.ts) calls it for the saves queued on this device.
import type { EventSavePayload, EventSearchResult, FrameworksAnswer, QueryValue } from '@nursery/domain';
import { api } from '../../lib/api';
import { graphql } from '../../lib/graphql';
import type { LastEventAnswer, OutstandingNextStep } from './assessment/AssessmentSide';
import type { EventHistoryEntry } from './care/HistoryButton';
import type { MealsAnswer } from './care/meals';
import type { EventDetail, SavedEvent, SiteChild } from './types';

/** What to save: a new event (eventID null: POST) or an edit of a stored one (PUT, with its version). */
export interface EventSave {
  eventID: number | null;
  payload: EventSavePayload;
}

/** POST api/v2/events (create) or PUT api/v2/events/{id} (update): the saved rows, one per child. */
export function saveEvent({ eventID, payload }: EventSave, signal?: AbortSignal): Promise<SavedEvent[]> {
  return eventID === null
    ? api.post<SavedEvent[]>('/api/v2/events', payload, { signal })
    : api.put<SavedEvent[]>(`/api/v2/events/${eventID}`, payload, { signal });
}

/** One event's answer of a bulk call (transition, sleep close). */
export interface BulkOutcome {
  id: number;
  ok: boolean;
  code?: string;
  message?: string;
  statusID?: number;
  version?: number;
}
export interface BulkAnswer {
  results: BulkOutcome[];
}

export const eventsApi = {
  /** GET api/v2/events/{id}: the stored event with the user's rights on it. */
  get: (id: number, signal?: AbortSignal) => api.get<EventDetail>(`/api/v2/events/${id}`, { signal }),
  /** GET api/v2/events: a page of the search (filters as the query; `after` is the next page's cursor). */
  search: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<EventSearchResult>('/api/v2/events', { query, signal }),
  /** GET api/v2/events/{id}/history: creation, edits and status changes, newest first. */
  history: (id: number, signal?: AbortSignal) =>
    api.get<EventHistoryEntry[]>(`/api/v2/events/${id}/history`, { signal }),
  /** POST api/v1/transition: moves events to a status (one outcome per event). */
  transition: (body: { ids: number[]; statusID: number }) => api.post<BulkAnswer>('/api/v1/transition', body),
  /** PUT api/v2/events?id=: closes open sleeps (end time) with a status. */
  closeSleeps: (ids: readonly number[], body: { date2: string; statusID: number }) =>
    api.put<BulkAnswer>('/api/v2/events', body, { query: { id: ids.join(',') } }),
  /** GET api/v1/lastEvent: the child's last event of the type, with its gradings. */
  lastEvent: (query: { childID: number; typeID: number }, signal?: AbortSignal) =>
    api.get<LastEventAnswer>('/api/v1/lastEvent', { query, signal }),
  /** GET api/v1/outstanding-next-steps: the children's next steps not completed yet. */
  outstandingNextSteps: (childIDs: readonly number[], signal?: AbortSignal) =>
    api.get<OutstandingNextStep[]>('/api/v1/outstanding-next-steps', {
      query: { childIDs: childIDs.join(',') },
      signal,
    }),
};

export const mealsApi = {
  /** GET api/v1/meals: the site's meal types, meals and portions. */
  list: (siteID: number, signal?: AbortSignal) =>
    api.get<MealsAnswer>('/api/v1/meals', { query: { siteID }, signal }),
};

export const frameworksApi = {
  /** GET api/v1/frameworks: the site's frameworks, items and learning styles (reference data). */
  list: (siteID: number, signal?: AbortSignal) =>
    api.get<FrameworksAnswer>('/api/v1/frameworks', { query: { siteID }, signal }),
};

const CHILD_FIELDS = 'id forename surname hasImage gender dob startDate endDate siteID roomID';

export const childrenApi = {
  /** GraphQL GetChildren: the site's children (the child picker). */
  list: async (siteID: number) =>
    (
      await graphql<{ children: SiteChild[] }>(
        `query GetChildren($siteID: Int!) { children(siteID: $siteID) { ${CHILD_FIELDS} } }`,
        { siteID },
      )
    ).children,
};
