import { useQuery } from '@tanstack/react-query';
import { homeApi } from './api';

export function useHomeOverview(siteID: number, enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'overview', siteID],
    queryFn: ({ signal }) => homeApi.overview(siteID, signal),
    enabled,
    // The count moves as children arrive; keep it fresh without hammering the server.
    refetchInterval: 60_000,
    retry: false,
  });
}
