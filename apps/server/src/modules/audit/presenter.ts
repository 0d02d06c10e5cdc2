// The audit trail's rows as the page answers them and as CSV lines.
import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@nursery/domain/account';
import type { AuditRow } from './queries.ts';

export const auditEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  operation: r.operation,
  recordType: r.recordType,
  recordID: r.recordId,
  childID: r.childId,
  staffID: r.staffId,
  userID: r.userId,
  staffName: r.staffName,
  childName: r.childName,
});

/**
 * One CSV field (RFC 4180 quoting). A name starting with = + - @ (or a tab or carriage return) is
 * prefixed with ' so that a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const CSV_HEADER = `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;

export function csvLine(e: AuditEntry): string {
  const values = AUDIT_CSV_COLUMNS.map((column) => e[column]);
  return `${values.map(csvField).join(',')}\r\n`;
}
