// The report's call: GET api/v1/reports/last-published-observation (cursor pages).
import type { getLastPublishedObservations } from '@nursery/domain/children';
import { routes } from '@nursery/domain/common';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

export const reportsApi = {
  lastPublished: (siteID: number, roomID: number | null, after: string | null, signal?: AbortSignal) =>
    callRoute<typeof getLastPublishedObservations>(routes.getLastPublishedObservations, {
      query: { siteID, ...(roomID !== null ? { roomID } : {}), ...(after ? { after } : {}) },
      signal,
    }),
};

/** Not kept on the device: a manager's report, read online. */
export const lastPublishedQuery = (siteID: number, roomID: number | null) =>
  infiniteQueryOptions({
    queryKey: ['reports', 'last-published', siteID, roomID] as const,
    queryFn: ({ pageParam, signal }) => reportsApi.lastPublished(siteID, roomID, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
