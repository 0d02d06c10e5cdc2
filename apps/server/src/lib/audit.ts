import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  providerId: number;
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** Never a secret: no password, PIN, answer or token. */
  details?: Record<string, unknown>;
  at: Date;
}

/** The audit_log row of an entry (its id as text: the entities' ids are numbers or UUIDs). */
function auditRow(entry: AuditEntry) {
  return {
    providerId: entry.providerId,
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? null,
    at: entry.at,
  };
}

/** Security-relevant actions (logins, PIN changes) for the provider's audit trail. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}

/** Many entries in one insert (the CSV import's bulk path: one entry per record, as typed ones get). */
export async function auditAll(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000)
    await db.insert(auditLog).values(entries.slice(i, i + 1000).map(auditRow));
}
