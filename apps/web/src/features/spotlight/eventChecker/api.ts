// The Event Checker's typed client (docs/api.md "Event Checker"): GET api/v1/event-checker. Online only
// (not persisted on the device): the answer depends on every filter and is read when Filter is clicked.

import { routes } from '@nursery/domain/common';
import type { EventCheckerEventType, getEventChecker } from '@nursery/domain/spotlight';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api';

export interface EventCheckerRequest {
  siteID: number;
  /** Absent without the right to select staff: the server answers the user's own key children. */
  staffIDs: number[] | null;
  dateFrom: string;
  dateTo: string;
  frameworkID: string | null;
  eventTypes: EventCheckerEventType[];
}

export const eventCheckerApi = {
  get: (r: EventCheckerRequest, signal?: AbortSignal) =>
    callRoute<typeof getEventChecker>(routes.getEventChecker, {
      query: {
        siteID: r.siteID,
        staffIDs: r.staffIDs ?? undefined,
        dateFrom: r.dateFrom,
        dateTo: r.dateTo,
        frameworkID: r.frameworkID ?? undefined,
        eventTypes: r.eventTypes,
      },
      signal,
    }),
};

export const eventCheckerQuery = (r: EventCheckerRequest) =>
  queryOptions({
    queryKey: ['event-checker', r] as const,
    queryFn: ({ signal }) => eventCheckerApi.get(r, signal),
    staleTime: 60_000,
    retry: false,
  });
