// Who may do what on the staff register (spec 002 §6): at least one of checkInSelf,
// checkInOtherStaff, markOffStaff to see it; the per-shift rules are the domain's
// shiftPermittedActions (packages/domain/src/staffRegister.ts), answered as `permittedActions`.
import type { Permission, PermissionMap } from '@nursery/domain/common';
import {
  mayAmendShiftTimes,
  type ShiftActor,
  type StaffRegisterPermittedActions,
} from '@nursery/domain/registers';
import { requireAnyPermission } from '../registers/index.ts';

export const STAFF_REGISTER_ACCESS: readonly Permission[] = [
  'checkInSelf',
  'checkInOtherStaff',
  'markOffStaff',
];

/** Reading the register and changing a shift: one of the staff register permissions (403 otherwise). */
export const requireStaffRegisterAccess = requireAnyPermission(...STAFF_REGISTER_ACCESS);
/** Bulk actions: checking others in/out or marking off (each action is then checked for its own). */
export const requireBulkAccess = requireAnyPermission('checkInOtherStaff', 'markOffStaff');

/** The provider flag enableRestrictStaffRegisterAmendments (off unless set true). */
export const restrictsAmendments = (flag: unknown) => flag === true;

export function registerPermittedActions(
  permissions: PermissionMap,
  restrictAmendments: boolean,
): StaffRegisterPermittedActions {
  const others = permissions.checkInOtherStaff === true;
  const markOff = permissions.markOffStaff === true;
  return {
    checkInOthers: others,
    checkInSelf: others || permissions.checkInSelf === true,
    markOff,
    selectRows: others || markOff,
    bulk: others || markOff,
    amendTimes:
      (others || permissions.checkInSelf === true) && mayAmendShiftTimes(permissions, restrictAmendments),
  };
}

/** The actor of a shift: the user, whether the shift is their own, the flag and today at the site. */
export function actorOf(
  permissions: PermissionMap,
  staffId: number | null,
  shiftStaffId: number,
  restrictAmendments: boolean,
  today: string,
): ShiftActor {
  return { permissions, own: staffId !== null && staffId === shiftStaffId, restrictAmendments, today };
}

/** Contact details in the details pane: managers (check in others or mark off) and the member themself. */
export const maySeeContacts = (permissions: PermissionMap, own: boolean) =>
  own || permissions.checkInOtherStaff === true || permissions.markOffStaff === true;
