/** Server reads of the drafts filters. */
import { useQuery } from '@tanstack/react-query';
import { siteStaffQuery, staffKeys } from '../../staff';

export const draftsFilterKeys = {
  staff: staffKeys.site,
};

/** GET /api/v1/staff?siteID=: the staff working at the site, by surname (the author filter). */
export function useSiteStaff(siteID: number, enabled = true) {
  return useQuery({ ...siteStaffQuery(siteID), enabled });
}
