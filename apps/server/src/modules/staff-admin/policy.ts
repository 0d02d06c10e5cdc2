// Who may administer staff (issue 29): the settings hub's staff card is behind addStaff (read and add);
// changing a member needs editStaff. The outbox view is for managers: addStaff or settingsProvider.
// A member outside the user's sites is 404, as an unknown id.
import { type InvitationState, mayResendInvitation } from '@nursery/domain/settings';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { type AuthContext, authOf, requirePermission } from '../../plugins/auth.ts';

export const requireStaffAdmin = requirePermission('addStaff');
export const requireStaffEditor = requirePermission('editStaff');

export async function requireOutboxReader(request: FastifyRequest) {
  const { permissions } = authOf(request);
  if (!permissions.addStaff && !permissions.settingsProvider) throw forbidden();
}

export const staffListActions = (auth: AuthContext) => ({ add: auth.permissions.addStaff });

export function memberActions(
  auth: AuthContext,
  member: { id: number; archived: boolean; invitation: InvitationState },
) {
  const edit = auth.permissions.editStaff;
  return {
    edit,
    // Archiving oneself would end the session doing it: someone else archives a manager.
    archive: edit && !member.archived && member.id !== auth.staffId,
    restore: edit && member.archived,
    resendInvitation: auth.permissions.addStaff && mayResendInvitation(member.invitation, member.archived),
  };
}
