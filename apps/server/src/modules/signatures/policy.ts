// Who may do what with register signatures, attendance requests and the child page (spec 002 §6 names
// no permission of its own for them): the register's permissions.
import { requireAnyPermission, requireRegisterAccess } from '../registers/index.ts';

/** Capturing and viewing signatures, the child page, the request list: any register permission. */
export const requireSignatureAccess = requireRegisterAccess;
/** Deciding a drop-off/pick-up request: check-in or check-out (the service checks the one it needs). */
export const requireAttendanceDecision = requireAnyPermission('checkIn', 'checkOut');
