// Bulk inserts for the seed: multi-row INSERTs in chunks (never one round trip per row).
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** The transaction handle of Db.transaction (the seed runs inside one transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Keep each statement under PostgreSQL's 65 535 bind parameters. */
const MAX_PARAMS = 30_000;

export async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Math.max(1, Object.keys(rows[0] as object).length);
  const size = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}

/**
 * Moves every identity sequence past the largest id in its table: the demo gives explicit ids
 * (so rows can refer to each other without round trips), and later inserts must not collide.
 */
export async function resetIdentitySequences(tx: Tx): Promise<void> {
  const cols = await tx.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and is_identity = 'YES'`);
  const parts = cols.rows.map(
    (c) =>
      `select setval(pg_get_serial_sequence('public."${c.table_name}"', '${c.column_name}'), ` +
      `coalesce((select max("${c.column_name}") from public."${c.table_name}" where "${c.column_name}" > 0), 0) + 1, false)`,
  );
  if (parts.length > 0) await tx.execute(sql.raw(parts.join(' union all ')));
}
