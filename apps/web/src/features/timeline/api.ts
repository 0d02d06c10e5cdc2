// The drawer's server calls (issue 31), typed by the contracts in packages/domain (types only).
import { routes } from '@nursery/domain/common';
import type { EventV3, getEventsV3 } from '@nursery/domain/events';
import type { postEventComment } from '@nursery/domain/home';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

/** Everything the drawer shows of an event. */
const INCLUDE = 'media,comments,signatures';

export const drawerKeys = {
  /** Under 'event': kept in the device's read cache with the other event details (persistRules.ts). */
  events: (ids: readonly number[]) => ['event', 'v3', ids.join(',')] as const,
};

export const timelineApi = {
  /** GET api/v3/events/{ids}?include=media,comments,signatures: the events in the order asked. */
  events: (ids: readonly number[], signal?: AbortSignal) =>
    callRoute<typeof getEventsV3>(routes.getEventsV3, {
      params: { ids: ids.join(',') },
      query: { include: INCLUDE },
      signal,
    }),
  /** POST api/v1/events/{id}/comments: adds a comment (the event's author is notified). */
  comment: (eventID: number, text: string) =>
    callRoute<typeof postEventComment>(routes.postEventComment, { params: { id: eventID }, body: { text } }),
};

export const drawerEventsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: drawerKeys.events(ids),
    queryFn: ({ signal }) => timelineApi.events(ids, signal),
    enabled: ids.length > 0,
    retry: 1,
  });

export type DrawerEvent = EventV3;
