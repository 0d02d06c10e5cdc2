import { useQuery } from '@tanstack/react-query';
import { healthApi } from './api';

/** How often Home asks the server which version it runs (spec: "not shown"; 15 minutes). */
export const VERSION_CHECK_INTERVAL_MS = 15 * 60_000;

export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => healthApi.get(signal),
    staleTime: VERSION_CHECK_INTERVAL_MS,
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    retry: false,
  });
}
