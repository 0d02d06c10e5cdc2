import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Records the chosen site in the session, then reloads config and everything that depends on the site. */
export function useSwitchSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteID: number) => api.post<void>('api/v1/session/site', { siteID }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
