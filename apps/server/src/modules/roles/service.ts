// The role commands (issue 29): add, change and delete a role. Each runs in one transaction with its
// checks, so two managers cannot together leave the provider with nobody able to give permissions back.
import {
  normalisePermissions,
  PERMISSIONS_ADMIN,
  type RoleInput,
  type RoleList,
  type RoleSummary,
  roleNameKey,
} from '@nursery/domain/settings';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { presentRole } from './presenter.ts';
import { findRoleRow, holdersOf, listRoleRows, roleNames } from './queries.ts';

type Input = { name: string; permissions: readonly string[] };

const nameTaken = () => new AppError(409, 'err-role-name-taken', 'A role with this name already exists.');
const roleNotFound = () => notFound('Role not found.');

async function assertNameFree(db: Db, providerId: number, name: string, exceptId?: number) {
  const key = roleNameKey(name);
  const taken = (await roleNames(db, providerId)).some(
    (r) => r.id !== exceptId && roleNameKey(r.name) === key,
  );
  if (taken) throw nameTaken();
}

/** The refusal when a change would leave nobody able to change permissions (staff admin's too). */
export const lastPermissionsAdmin = () =>
  new AppError(
    409,
    'err-last-permissions-admin',
    'At least one member of staff must keep the permission to change permissions.',
  );

/** Nobody left with settingsPermissions would lock the provider out of this page for good. */
async function assertAdminRemains(db: Db, providerId: number) {
  if ((await holdersOf(db, providerId, PERMISSIONS_ADMIN)) === 0) throw lastPermissionsAdmin();
}

export async function listProviderRoles(db: Db, auth: AuthContext): Promise<RoleList> {
  const rows = await listRoleRows(db, auth.providerId);
  return { roles: rows.map(presentRole), permittedActions: { add: auth.permissions.settingsPermissions } };
}

export async function createRole(deps: AppDeps, auth: AuthContext, input: Input): Promise<RoleSummary> {
  const permissions = normalisePermissions(input.permissions);
  const created = await deps.db.transaction(async (tx) => {
    await assertNameFree(tx, auth.providerId, input.name);
    const [row] = await tx
      .insert(roles)
      .values({ providerId: auth.providerId, name: input.name, permissions })
      .returning({ id: roles.id });
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'role-created',
      entity: 'role',
      entityId: row!.id,
      details: { name: input.name, permissions },
      at: deps.clock.now(),
    });
    return (await findRoleRow(tx, auth.providerId, row!.id))!;
  });
  return presentRole(created);
}

export async function updateRole(
  deps: AppDeps,
  auth: AuthContext,
  roleId: number,
  input: RoleInput & Input,
): Promise<RoleSummary> {
  const permissions = normalisePermissions(input.permissions);
  const updated = await deps.db.transaction(async (tx) => {
    const before = await findRoleRow(tx, auth.providerId, roleId);
    if (!before) throw roleNotFound();
    await assertNameFree(tx, auth.providerId, input.name, roleId);
    await tx
      .update(roles)
      .set({ name: input.name, permissions })
      .where(and(eq(roles.providerId, auth.providerId), eq(roles.id, roleId)));
    await assertAdminRemains(tx, auth.providerId);
    const was = new Set(before.permissions);
    const now = new Set<string>(permissions);
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'role-changed',
      entity: 'role',
      entityId: roleId,
      details: {
        ...(before.name !== input.name ? { name: { old: before.name, new: input.name } } : {}),
        granted: permissions.filter((p) => !was.has(p)),
        removed: normalisePermissions(before.permissions).filter((p) => !now.has(p)),
      },
      at: deps.clock.now(),
    });
    return (await findRoleRow(tx, auth.providerId, roleId))!;
  });
  return presentRole(updated);
}

export async function deleteRole(deps: AppDeps, auth: AuthContext, roleId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const role = await findRoleRow(tx, auth.providerId, roleId);
    if (!role) throw roleNotFound();
    if (role.staffCount > 0)
      throw new AppError(
        409,
        'err-role-in-use',
        'Members of staff hold this role: give them another role first.',
      );
    await tx.delete(roles).where(and(eq(roles.providerId, auth.providerId), eq(roles.id, roleId)));
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'role-deleted',
      entity: 'role',
      entityId: roleId,
      details: { name: role.name },
      at: deps.clock.now(),
    });
  });
}
