// Who may do what on the child register (spec 002 §2, §5, §6). Permissions as data: the GET answer
// carries `permittedActions`, and the commands apply the same rules.
import type { Permission, PermissionMap } from '@nursery/domain/common';
import type { RegisterPermittedActions } from '@nursery/domain/registers';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';

/**
 * Seeing a register: any one of the register permissions (viewRegister is the home 'due in' link;
 * whoever may check in, check out or mark off needs to see the children to do it).
 */
export const REGISTER_ACCESS: readonly Permission[] = ['viewRegister', 'checkIn', 'checkOut', 'markOff'];

/** A route guard: a staff session with at least one of the permissions (403 otherwise). */
export function requireAnyPermission(...any: readonly Permission[]): preHandlerAsyncHookHandler[] {
  return [
    requireSession,
    async (request) => {
      const { permissions } = authOf(request);
      if (!any.some((p) => permissions[p])) throw forbidden();
    },
  ];
}

/** Reading the register, and asking for a mark-off: at least one register permission. */
export const requireRegisterAccess = requireAnyPermission(...REGISTER_ACCESS);
/** Changing actual times: check-in or check-out (each row is then checked for what it changes). */
export const requireCheckInOrOut = requireAnyPermission('checkIn', 'checkOut');

/** What the user may do on the register of `date` (check-out only on today's). */
export function permittedActions(
  permissions: PermissionMap,
  date: string,
  today: string,
): RegisterPermittedActions {
  return {
    checkIn: permissions.checkIn === true,
    checkOut: permissions.checkOut === true && date === today,
    markOff: permissions.markOff === true,
  };
}

/** Mark-off notes are required unless the provider's flag markOffNotesRequired is false. */
export const notesRequired = (flag: unknown) => flag !== false;
