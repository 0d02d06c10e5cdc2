// SQL helpers of the bench generator: deterministic pseudo-random values computed in SQL from an
// integer expression, literals, and a runner that times each statement and keeps row counts.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../apps/server/src/demo/insert.ts';

/**
 * A pseudo-random integer in [0, n) from an integer SQL expression and a salt: PostgreSQL's own
 * 64-bit Jenkins hash of an int8 with a seed (hashint8extended), the same on PostgreSQL and PGlite.
 */
export function rnd(expr: string, salt: number, n: number | string): string {
  return `((hashint8extended((${expr})::int8, ${salt}) & 2147483647) % ${n})::int`;
}

/** A pseudo-random integer in [0, 2^31) (for bit tricks and several draws from one hash). */
export function rawHash(expr: string, salt: number): string {
  return `(hashint8extended((${expr})::int8, ${salt}) & 2147483647)`;
}

/** A SQL string literal. */
export function lit(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** A SQL text[] literal. */
export function textArray(xs: readonly string[]): string {
  return `array[${xs.map(lit).join(',')}]::text[]`;
}

/** A SQL int[] literal. */
export function intArray(xs: readonly number[]): string {
  return `array[${xs.join(',')}]::int[]`;
}

/** One element of a text array chosen by a pseudo-random draw. */
export function pickText(xs: readonly string[], expr: string, salt: number): string {
  return `(${textArray(xs)})[1 + ${rnd(expr, salt, xs.length)}]`;
}

/** One element of an int array chosen by a pseudo-random draw. */
export function pickInt(xs: readonly number[], expr: string, salt: number): string {
  return `(${intArray(xs)})[1 + ${rnd(expr, salt, xs.length)}]`;
}

/** A London wall-clock date plus minutes after midnight, as timestamptz. */
export function london(dateExpr: string, minutesExpr: string): string {
  return `((${dateExpr})::date + (${minutesExpr}) * interval '1 minute') at time zone 'Europe/London'`;
}

/** The database's message (Drizzle wraps it in 'Failed query: ...'). */
function errorText(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message.split('\n')[0] : String(err);
}

export interface StepTiming {
  table: string;
  ms: number;
  rows: number;
}

/** Runs the generator's statements on one transaction, timing each and counting inserted rows. */
export class Runner {
  readonly steps: StepTiming[] = [];
  readonly counts: Record<string, number> = {};

  constructor(
    readonly tx: Tx,
    readonly kind: 'pglite' | 'postgres',
    readonly providerId: number,
    private readonly log: (msg: string) => void,
  ) {}

  /** Executes an INSERT (or other statement) and books its time and row count under `table`. */
  async exec(table: string, text: string): Promise<number> {
    const t0 = performance.now();
    let result: unknown;
    try {
      result = await this.tx.execute(sql.raw(text));
    } catch (err) {
      throw new Error(`bench generate: ${table}: ${errorText(err)}\n${text}`, { cause: err });
    }
    const r = result as { rowCount?: number | null; affectedRows?: number };
    const rows = Number(r.rowCount ?? r.affectedRows ?? 0);
    const ms = performance.now() - t0;
    this.steps.push({ table, ms, rows });
    this.counts[table] = (this.counts[table] ?? 0) + rows;
    this.log(`${table.padEnd(26)} ${String(rows).padStart(9)} rows ${(ms / 1000).toFixed(2).padStart(7)} s`);
    return rows;
  }

  /** Runs a query and answers its rows (small results only). */
  async rows<T = Record<string, unknown>>(text: string): Promise<T[]> {
    try {
      const result = await this.tx.execute(sql.raw(text));
      return (result as unknown as { rows: T[] }).rows;
    } catch (err) {
      throw new Error(`bench generate: ${errorText(err)}\n${text}`, { cause: err });
    }
  }

  /** A statement whose time counts but which inserts no rows of a real table (temp tables). */
  async step(label: string, text: string, analyze?: string): Promise<void> {
    const t0 = performance.now();
    await this.rows(text);
    // Temporary tables get no statistics unless analysed: the planner would guess their size.
    if (analyze) await this.rows(`analyze ${analyze}`);
    const ms = performance.now() - t0;
    this.steps.push({ table: label, ms, rows: 0 });
    this.log(`${label.padEnd(26)} ${''.padStart(9)}      ${(ms / 1000).toFixed(2).padStart(7)} s`);
  }

  /**
   * The first free id of a table with explicit ids: above every id in the table (sites and
   * user_accounts ids are unique across providers) and above the identity sequence.
   */
  async idBase(table: string): Promise<number> {
    const [r] = await this.rows<{ base: number | string }>(
      `select greatest(coalesce((select max(id) from "${table}"), 0),
         coalesce(pg_sequence_last_value(pg_get_serial_sequence('public."${table}"', 'id')::regclass), 0)
       )::float8 as base`,
    );
    return Number(r.base);
  }
}

/** Moves the identity sequence of `table` to `maxId` (the next generated id is maxId + 1). */
export function setSequence(table: string, maxId: number): string {
  return `select setval(pg_get_serial_sequence('public."${table}"', 'id'), greatest(${maxId}, 1))`;
}
