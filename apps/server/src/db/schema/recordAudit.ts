// The record audit trail (issue 26): one append-only row per read or change of a child's record,
// photo, signature or medication record. Ids and an operation only, never free text (CHECKs below),
// so a GDPR erasure has nothing to erase here and keeps the rows. No foreign keys: a row outlives the
// record it names (an erased child, a deleted photo). UPDATE, DELETE and TRUNCATE are refused by the
// trigger of migration 0011_record_audit.sql.
import {
  AUDIT_OPERATIONS,
  AUDIT_RECORD_TYPES,
  type AuditOperation,
  type AuditRecordType,
} from '@nursery/domain/account';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const recordAudit = pgTable(
  'record_audit',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id').notNull(),
    /** The user's staff member (the screen's staff filter); null for an account without one. */
    staffId: integer('staff_id'),
    operation: text('operation').$type<AuditOperation>().notNull(),
    recordType: text('record_type').$type<AuditRecordType>().notNull(),
    /** The record's id: an integer id or a UUID (media), never text a person wrote. */
    recordId: text('record_id').notNull(),
    /** The child the record is about (the screen's child filter); null when it is about no one child. */
    childId: integer('child_id'),
  },
  (t) => [
    // The primary key is the provider's newest-first read (id order); the other two serve the filters.
    primaryKey({ columns: [t.providerId, t.id] }),
    check('record_audit_operation_check', sql`${t.operation} in (${quoted(AUDIT_OPERATIONS)})`),
    check('record_audit_record_type_check', sql`${t.recordType} in (${quoted(AUDIT_RECORD_TYPES)})`),
    check('record_audit_record_id_check', sql`${t.recordId} ~ '^[0-9a-f-]{1,36}$'`),
    index('record_audit_child_idx').on(t.providerId, t.childId, t.id),
    index('record_audit_staff_idx').on(t.providerId, t.staffId, t.id),
  ],
);
