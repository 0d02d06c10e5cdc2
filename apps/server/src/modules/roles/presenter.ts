import { normalisePermissions, type RoleSummary } from '@nursery/domain/settings';
import { roleActions } from './policy.ts';
import type { RoleRow } from './queries.ts';

export function presentRole(row: RoleRow): RoleSummary {
  return {
    id: row.id,
    name: row.name,
    permissions: normalisePermissions(row.permissions),
    staffCount: row.staffCount,
    permittedActions: roleActions(row.staffCount),
  };
}
