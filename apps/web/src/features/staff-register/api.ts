// The staff register's calls (spec 002 §7, issue 18): a site day's register, one shift, a change of
// one shift against the version it was shown at (412 'err-shift-changed' carries `theirs`), and the
// bulk check-in / check-out / mark-off of status-W shifts.

import { routes } from '@nursery/domain/common';
import type {
  BulkShiftsBody,
  getShift,
  getStaffRegister,
  postBulkShifts,
  postShiftAction,
  ShiftAction,
} from '@nursery/domain/registers';
import { callRoute } from '../../lib/api';

export const staffRegisterApi = {
  /** GET api/v1/sites/{siteID}/staff-register?date= */
  get: (siteID: number, date: string, signal?: AbortSignal) =>
    callRoute<typeof getStaffRegister>(routes.getStaffRegister, {
      params: { siteID },
      query: { date },
      signal,
    }),
  /** GET api/v1/shifts/{shiftID}: the shift as it is now. */
  shift: (shiftID: number, signal?: AbortSignal) =>
    callRoute<typeof getShift>(routes.getShift, { params: { shiftID }, signal }),
  /**
   * POST api/v1/shifts/{shiftID}/actions with the version the change was made against (in the body).
   * A 412 is an ApiError with code 'err-shift-changed' and `details.theirs` (the shift now).
   */
  act: (shiftID: number, action: ShiftAction) =>
    callRoute<typeof postShiftAction>(routes.postShiftAction, { params: { shiftID }, body: action }),
  /** POST api/v1/sites/{siteID}/staff-register/bulk */
  bulk: (siteID: number, body: BulkShiftsBody) =>
    callRoute<typeof postBulkShifts>(routes.postBulkShifts, { params: { siteID }, body }),
};
