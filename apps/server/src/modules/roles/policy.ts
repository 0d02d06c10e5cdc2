// Who may manage roles (issue 29): the settings hub's Permissions card, behind settingsPermissions.
// Without it: 403 on every call. A role of another provider is 404, as an unknown id.
import { requirePermission } from '../../plugins/auth.ts';

export const requireRoleAdmin = requirePermission('settingsPermissions');

/** A role held by nobody may be deleted; every role may be edited by whoever reaches the page. */
export const roleActions = (staffCount: number) => ({ edit: true, delete: staffCount === 0 });
