// The roles table and who holds each role (staff_roles). Every query is filtered by provider_id first.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, staffRoles } from '../../db/schema/index.ts';

export type RoleRow = typeof roles.$inferSelect & { staffCount: number };

const staffCount = sql<number>`(select count(*)::int from ${staffRoles}
  where ${staffRoles.providerId} = ${roles.providerId} and ${staffRoles.roleId} = ${roles.id})`;

/** A role as the list and the role's page read it: its columns and how many hold it. */
const roleSelect = (db: Db) =>
  db
    .select({
      providerId: roles.providerId,
      id: roles.id,
      name: roles.name,
      permissions: roles.permissions,
      staffCount,
    })
    .from(roles);

/** The provider's roles by name (a provider has a handful: no paging). */
export function listRoleRows(db: Db, providerId: number): Promise<RoleRow[]> {
  return roleSelect(db).where(eq(roles.providerId, providerId)).orderBy(asc(roles.name), asc(roles.id));
}

export async function findRoleRow(db: Db, providerId: number, roleId: number): Promise<RoleRow | null> {
  const [row] = await roleSelect(db).where(and(eq(roles.providerId, providerId), eq(roles.id, roleId)));
  return row ?? null;
}

/** The ids and names of the provider's roles, to check a name is free (case and spaces aside). */
export function roleNames(db: Db, providerId: number) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.providerId, providerId));
}

/** How many members of staff hold the permission through any of their roles. */
export async function holdersOf(db: Db, providerId: number, permission: string): Promise<number> {
  const [row] = await db
    .select({ n: count(sql`distinct ${staffRoles.staffId}`) })
    .from(staffRoles)
    .innerJoin(roles, and(eq(roles.providerId, staffRoles.providerId), eq(roles.id, staffRoles.roleId)))
    .where(and(eq(staffRoles.providerId, providerId), sql`${permission} = any(${roles.permissions})`));
  return Number(row?.n ?? 0);
}
