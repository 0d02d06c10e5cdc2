import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { HomeOverviewAnswer } from '../../lib/serverTypes';

export function useHomeOverview(siteID: number, enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'overview', siteID],
    queryFn: ({ signal }) =>
      api.get<HomeOverviewAnswer>('api/v1/home/overview', { query: { siteID }, signal }),
    enabled,
    // The count moves as children arrive; keep it fresh without hammering the server.
    refetchInterval: 60_000,
    retry: false,
  });
}
