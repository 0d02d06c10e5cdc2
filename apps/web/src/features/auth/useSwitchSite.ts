import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionApi } from './api';

/** Records the chosen site in the session, then reloads config and everything that depends on the site. */
export function useSwitchSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteID: number) => sessionApi.switchSite(siteID),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
