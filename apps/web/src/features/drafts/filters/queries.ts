/** Server reads of the drafts filters. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SiteStaffMember {
  staffID: number;
  forename: string;
  surname: string;
}

export const draftsFilterKeys = {
  staff: (siteID: number) => ['site-staff', siteID] as const,
};

/** GET /api/v1/staff?siteID=: the staff working at the site, by surname (the author filter). */
export function useSiteStaff(siteID: number, enabled = true) {
  return useQuery({
    queryKey: draftsFilterKeys.staff(siteID),
    queryFn: async ({ signal }) =>
      (await api.get<{ staff: SiteStaffMember[] }>('/api/v1/staff', { query: { siteID }, signal })).staff,
    enabled,
    staleTime: 10 * 60_000,
  });
}
