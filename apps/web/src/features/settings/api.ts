// The Permissions page's calls (issue 29): GET/POST api/v1/roles, PUT/DELETE api/v1/roles/:roleID.
import { routes } from '@nursery/domain/common';
import type { createRole, deleteRole, listRoles, RoleInput, updateRole } from '@nursery/domain/settings';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

export const rolesApi = {
  list: (signal?: AbortSignal) => callRoute<typeof listRoles>(routes.listRoles, { signal }),
  create: (body: RoleInput) => callRoute<typeof createRole>(routes.createRole, { body }),
  update: (roleID: number, body: RoleInput) =>
    callRoute<typeof updateRole>(routes.updateRole, { params: { roleID }, body }),
  remove: (roleID: number) => callRoute<typeof deleteRole>(routes.deleteRole, { params: { roleID } }),
};

/** Not kept on the device: an administrator's page, read online. */
export const rolesQuery = () =>
  queryOptions({ queryKey: ['roles'] as const, queryFn: ({ signal }) => rolesApi.list(signal) });
