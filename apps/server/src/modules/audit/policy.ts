// Who may read the record audit trail (issue 26): a manager's screen, behind our permission
// `viewAuditTrail` (migration 0011 gives it to the roles that approve GDPR erasures, as the demo
// Manager). Without it: 403. A filter naming a child of a site the user may not work at, or another
// provider's child or staff member: 404, as for an unknown id.
import { forbidden } from '../../lib/errors.ts';
import { type AuthContext, requirePermission } from '../../plugins/auth.ts';

export const requireAuditTrail = requirePermission('viewAuditTrail');

/** What the page's user may do (answers carry permittedActions): the CSV export, with the same right. */
export const auditActions = (auth: AuthContext) => ({ export: auth.permissions.viewAuditTrail });

export function assertMayReadAuditTrail(auth: AuthContext) {
  if (!auth.permissions.viewAuditTrail) throw forbidden();
}
