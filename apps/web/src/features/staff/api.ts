// The staff resource's calls: the staff working at a site (the drafts filter by author) and the user's
// own PIN (the Home prompt).
import type { SetPinRequest } from '@nursery/domain';
import { api } from '../../lib/api';

export interface SiteStaffMember {
  staffID: number;
  forename: string;
  surname: string;
}

export const staffApi = {
  /** GET api/v1/staff?siteID=: the staff working at the site, by surname. */
  list: (siteID: number, signal?: AbortSignal) =>
    api.get<{ staff: SiteStaffMember[] }>('/api/v1/staff', { query: { siteID }, signal }),
  /** PUT api/v1/staff/{id} (204): a 4-digit PIN, or 'no' (do not ask again). */
  setPin: (staffID: number, PIN: SetPinRequest['PIN']) => api.put<void>(`api/v1/staff/${staffID}`, { PIN }),
};
