// The staff resource's calls: the staff working at a site (the drafts filter by author) and the user's
// own PIN (the Home prompt, the profile's change of PIN). Typed by the domain's contracts (imported as types only).
import type { SetPinRequest } from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import type { getStaff, listStaff, setStaffPin } from '@nursery/domain/registers';
import type { renameStaffMember, StaffNameInput } from '@nursery/domain/settings';
import { callRoute } from '../../lib/api';

export const staffApi = {
  /** GET api/v1/staff?siteID=: the staff working at the site, by surname. */
  list: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof listStaff>(routes.listStaff, { query: { siteID }, signal }),
  /** GET api/v1/staff/{id}: a member with their key children (404 at none of the user's sites). */
  get: (staffID: number, signal?: AbortSignal) =>
    callRoute<typeof getStaff>(routes.getStaff, { params: { staffID }, signal }),
  /**
   * PUT api/v1/staff/{id} (204): a 4-digit PIN, or 'no' (do not ask again); a change of PIN also sends
   * the current PIN (when one is set) and the confirmation.
   */
  setPin: (staffID: number, body: SetPinRequest) =>
    callRoute<typeof setStaffPin>(routes.setStaffPin, { params: { staffID }, body }),
  /** PUT api/v1/settings/staff/{id}/name (editStaff): title, forename and surname. */
  rename: (staffID: number, body: StaffNameInput) =>
    callRoute<typeof renameStaffMember>(routes.renameStaffMember, { params: { staffID }, body }),
};
