import { type AnyPgColumn, foreignKey } from 'drizzle-orm/pg-core';

interface TenantTable {
  providerId: AnyPgColumn;
  id: AnyPgColumn;
}

/**
 * A foreign key that includes provider_id: (provider_id, column) -> (provider_id, id) of the target.
 * A nullable column leaves the key unchecked while it is null (MATCH SIMPLE).
 */
export function tenantFk(name: string, providerId: AnyPgColumn, column: AnyPgColumn, target: TenantTable) {
  return foreignKey({ name, columns: [providerId, column], foreignColumns: [target.providerId, target.id] });
}

/** The same, cascading deletes of the parent row to this row. */
export function tenantFkCascade(
  name: string,
  providerId: AnyPgColumn,
  column: AnyPgColumn,
  target: TenantTable,
) {
  return tenantFk(name, providerId, column, target).onDelete('cascade');
}
