/** Server reads of the drafts filters. */
import { useQuery } from '@tanstack/react-query';
import { staffApi } from '../../staff';

export const draftsFilterKeys = {
  staff: (siteID: number) => ['site-staff', siteID] as const,
};

/** GET /api/v1/staff?siteID=: the staff working at the site, by surname (the author filter). */
export function useSiteStaff(siteID: number, enabled = true) {
  return useQuery({
    queryKey: draftsFilterKeys.staff(siteID),
    queryFn: async ({ signal }) => (await staffApi.list(siteID, signal)).staff,
    enabled,
    staleTime: 10 * 60_000,
  });
}
