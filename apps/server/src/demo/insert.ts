// Bulk inserts for the seed: multi-row INSERTs in chunks (never one round trip per row).
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** The transaction handle of Db.transaction (the seed runs inside one transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Keep each statement under PostgreSQL's 65 535 bind parameters. */
const MAX_PARAMS = 30_000;

export async function insertMany<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
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

/**
 * The same as insertMany for large tables of scalar columns, faster: one statement per chunk
 * of 5000 rows, `INSERT ... SELECT * FROM unnest($1::type[], $2::type[], ...)` with one array
 * parameter per column (no per-row SQL to build or parse).
 */
export async function insertColumns<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(columns).filter((k) =>
    rows.some((r) => (r as Record<string, unknown>)[k] !== undefined),
  );
  for (const k of keys) {
    const type = columns[k].getSQLType();
    if (type.endsWith('[]') || type.startsWith('json'))
      throw new Error(`insertColumns: ${k} (${type}) is not a scalar column`);
  }
  const names = keys.map((k) => `"${columns[k].name}"`).join(', ');
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000) as Record<string, unknown>[];
    const arrays = keys.map((k) => {
      const col = columns[k];
      return chunk.map((r) => {
        const v = r[k] === undefined ? (col.hasDefault ? undefined : null) : r[k];
        if (v === undefined) throw new Error(`insertColumns: ${k} needs a value in every row or in none`);
        return v instanceof Date ? v.toISOString() : v;
      });
    });
    const params = sql.join(
      keys.map((k, j) => sql`${sql.param(arrays[j])}::${sql.raw(columns[k].getSQLType())}[]`),
      sql`, `,
    );
    await tx.execute(sql`insert into ${table} (${sql.raw(names)}) select * from unnest(${params})`);
  }
}
