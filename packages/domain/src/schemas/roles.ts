/**
 * The settings hub's Permissions page (issue 29): roles as sets of permissions. Every call needs
 * settingsPermissions; a change applies to the next request of every session holding the role.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { PERMISSIONS } from '../permissions.ts';
import { ROLE_NAME_MAX } from '../roles.ts';
import { routes } from '../routes.ts';
import { NoContent } from './auth.ts';
import { Id, IdParam, NonNegativeInt, SafeText } from './primitives.ts';

export const RoleParams = z.object({ roleID: IdParam });

export const RoleName = SafeText.transform((s) => s.trim()).pipe(
  z.string().min(1, 'this-field-is-required').max(ROLE_NAME_MAX, 'this-field-has-max-length-of'),
);

/** Add or change a role: its name and the whole list of its permissions (unknown names refused). */
export const RoleInput = z.object({
  name: RoleName,
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length * 2),
});
export type RoleInput = z.input<typeof RoleInput>;

export const RoleSummary = z.object({
  id: Id,
  name: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Members of staff holding the role (a role held by anyone cannot be deleted). */
  staffCount: NonNegativeInt,
  permittedActions: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type RoleSummary = z.infer<typeof RoleSummary>;

export const RoleList = z.object({
  roles: z.array(RoleSummary),
  permittedActions: z.object({ add: z.boolean() }),
});
export type RoleList = z.infer<typeof RoleList>;

export const listRoles = defineRoute({
  ...routes.listRoles,
  summary: "The provider's roles with their permissions, by name (settingsPermissions)",
  tags: ['settings'],
  response: { 200: RoleList },
});

export const createRole = defineRoute({
  ...routes.createRole,
  summary: 'Add a role (settingsPermissions); 409 err-role-name-taken',
  tags: ['settings'],
  body: RoleInput,
  response: { 201: RoleSummary },
});

export const updateRole = defineRoute({
  ...routes.updateRole,
  summary:
    'Rename a role or change its permissions (settingsPermissions); 409 err-role-name-taken, err-last-permissions-admin',
  tags: ['settings'],
  params: RoleParams,
  body: RoleInput,
  response: { 200: RoleSummary },
});

export const deleteRole = defineRoute({
  ...routes.deleteRole,
  summary: 'Delete a role nobody holds (settingsPermissions); 409 err-role-in-use',
  tags: ['settings'],
  params: RoleParams,
  response: { 204: NoContent },
});
