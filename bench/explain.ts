// EXPLAIN helpers: the raw SQL time of a scenario's main query, and whether its plan reads a big
// table sequentially.

import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../apps/server/src/db/client.ts';

export interface SqlText {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();
export const toSqlText = (q: SQL): SqlText => dialect.sqlToQuery(q);

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

export async function explain(database: Database, q: SqlText, analyze: boolean) {
  const options = analyze ? '(analyze, buffers off, format json)' : '(format json)';
  const rows = await database.query<{ 'QUERY PLAN': unknown }>(`explain ${options} ${q.sql}`, q.params);
  const raw = rows[0]!['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan: PlanNode;
    'Execution Time'?: number;
  }>;
  return doc[0]!;
}

/** Relations read by a sequential scan anywhere in the plan. */
export function seqScannedRelations(plan: PlanNode): string[] {
  const found: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) found.push(n['Relation Name']);
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan);
  return found;
}

/** Median execution time (ms) of EXPLAIN ANALYZE over a few runs. */
export async function rawSqlMs(
  database: Database,
  q: SqlText,
  runs = 5,
): Promise<{ ms: number; seqScans: string[] }> {
  const times: number[] = [];
  let seqScans: string[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await explain(database, q, true);
    times.push(r['Execution Time'] ?? Number.NaN);
    seqScans = seqScannedRelations(r.Plan);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, seqScans };
}
