// The record audit trail (issue 26; table record_audit, docs/security.md "Audit trail"): who read or
// changed which child's record, photo, signature or medication record, and when. Ids and an
// operation only. Changes are written by the service in the transaction of the change (a rolled-back
// change leaves no row); reads are written after the read succeeded, batched (ReadAudit).
import type { AuditOperation, AuditRecordType } from '@nursery/domain/account';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recordAudit } from '../db/schema/index.ts';

type Runner = Pick<Db, 'execute'>;

/** Who acted: the session's provider, user and staff member. */
export interface AuditActor {
  providerId: number;
  userId: number;
  staffId: number | null;
}

/** The record read or changed, and the child it is about (null: no one child, e.g. a staff photo). */
export interface AuditedRecord {
  type: AuditRecordType;
  id: string | number;
  childId: number | null;
}

interface AuditRow {
  providerId: number;
  userId: number;
  staffId: number | null;
  operation: AuditOperation;
  recordType: AuditRecordType;
  recordId: string;
  childId: number | null;
  at: Date;
}

/**
 * Off only in the bench's "without auditing" runs (the cost figure): every app writes the trail.
 * One process-wide switch, as the bench builds one app per run.
 */
let auditOn = true;
export function setRecordAuditEnabled(on: boolean) {
  auditOn = on;
}

function rowsOf(actor: AuditActor, operation: AuditOperation, records: readonly AuditedRecord[], at: Date) {
  const seen = new Set<string>();
  const rows: AuditRow[] = [];
  for (const r of records) {
    const recordId = String(r.id);
    const key = `${r.type}:${recordId}:${r.childId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      providerId: actor.providerId,
      userId: actor.userId,
      staffId: actor.staffId,
      operation,
      recordType: r.type,
      recordId,
      childId: r.childId,
      at,
    });
  }
  return rows;
}

async function insertRows(db: Runner, rows: readonly AuditRow[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.providerId}, ${r.at.toISOString()}::timestamptz, ${r.userId}, ${r.staffId}, ${r.operation}, ${r.recordType}, ${r.recordId}, ${r.childId})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into record_audit (provider_id, at, user_id, staff_id, operation, record_type, record_id, child_id)
    values ${values}`);
}

/**
 * Writes the rows of a change in the caller's transaction (`tx`): the change and its audit rows
 * commit or roll back together.
 */
export async function auditChange(
  tx: Runner,
  actor: AuditActor,
  operation: Exclude<AuditOperation, 'read'>,
  records: readonly AuditedRecord[],
  at: Date,
): Promise<void> {
  if (!auditOn) return;
  await insertRows(tx, rowsOf(actor, operation, records, at));
}

/**
 * The same rows as an insert to run in a statement the caller already sends (the event save's one
 * statement of parts and history, `runInserts`): no round trip of its own, still in the transaction.
 */
export function auditChangeInserts(
  tx: Pick<Db, 'insert'>,
  actor: AuditActor,
  operation: Exclude<AuditOperation, 'read'>,
  records: readonly AuditedRecord[],
  at: Date,
) {
  const rows = auditOn ? rowsOf(actor, operation, records, at) : [];
  return rows.length ? [tx.insert(recordAudit).values(rows)] : [];
}

export interface ReadAuditOptions {
  /**
   * How long read rows wait to be written together in one insert (main.ts: 200 ms). 0 writes each
   * read's rows before its answer is sent (the tests). The trade-off (docs/security.md): a process
   * killed within the interval loses the rows of reads it answered.
   */
  flushMs: number;
  /** Where a failed flush is reported (the app's logger); the rows of that flush are lost. */
  onError?: (err: unknown) => void;
}

/** A buffer this large is written at once, without waiting for the interval. */
const READ_BUFFER_MAX = 1000;

/** The reads' audit rows: written at once (flushMs 0) or batched per interval. */
export class ReadAudit {
  private buffer: AuditRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Runner,
    private readonly options: ReadAuditOptions,
  ) {}

  /** Records that the actor read these records (call after the read succeeded). */
  async read(actor: AuditActor, records: readonly AuditedRecord[], at: Date): Promise<void> {
    if (!auditOn || records.length === 0) return;
    const rows = rowsOf(actor, 'read', records, at);
    if (this.options.flushMs <= 0) return insertRows(this.db, rows);
    this.buffer.push(...rows);
    if (this.buffer.length >= READ_BUFFER_MAX) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered in one insert (also at close). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      insertRows(this.db, rows).catch((err) => this.options.onError?.(err)),
    );
    return this.flushing;
  }
}

/** An event (observation, care record incl. medication, Spotlight) as an audited record. */
export const eventRecord = (e: { id: number; childId: number | null }): AuditedRecord => ({
  type: 'event',
  id: e.id,
  childId: e.childId,
});

/** An event as the answers carry it (`id`, `childID`). */
export const eventRecordOf = (e: { id: number; childID: number | null }): AuditedRecord => ({
  type: 'event',
  id: e.id,
  childId: e.childID,
});
