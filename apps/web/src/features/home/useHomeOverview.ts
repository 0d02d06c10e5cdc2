import { HOME_CACHE_VERSION } from '@nursery/domain/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeApi } from './api';

/**
 * The overview's key: `['home', 'overview', …]` is kept on the device (lib/offline/persistRules.ts);
 * the cache version (spec 002 §9: 4) in the key means a copy of an older shape is never read.
 */
export const homeKeys = {
  overview: (siteID: number) => ['home', 'overview', HOME_CACHE_VERSION, siteID] as const,
};

/** One query for Home and the device's preparation at login and site change (features/sync). */
export const homeOverviewQuery = (siteID: number) =>
  queryOptions({
    queryKey: homeKeys.overview(siteID),
    queryFn: ({ signal }) => homeApi.overview(siteID, signal),
  });

export function useHomeOverview(siteID: number) {
  return useQuery({
    ...homeOverviewQuery(siteID),
    // The counts move as children arrive; keep them fresh without hammering the server.
    refetchInterval: 60_000,
    // An answer prefetched with the session (prefetch.ts) a moment ago is not fetched again on mount.
    staleTime: 10_000,
    retry: false,
  });
}
