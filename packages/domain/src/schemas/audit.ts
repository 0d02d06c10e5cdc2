/**
 * The record audit trail (issue 26 "Privacy inside the provider"): every read and change of a child's
 * record, photo, signature or medication record, as ids and an operation (never free text). A manager
 * lists it filtered by child, staff member and dates, paged by cursor, and exports it as CSV.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { IdParam, IsoDate } from './primitives.ts';

/** What happened to the record. `read` is a view; the others are changes. */
export const AUDIT_OPERATIONS = [
  'read',
  'create',
  'update',
  'transition',
  'delete',
  'sign',
  'check-in',
  'check-out',
  'mark-off',
  'comment',
  'decide',
] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

/** Which kind of record: an event (observations, care records incl. medication, Spotlight), a child, ... */
export const AUDIT_RECORD_TYPES = ['event', 'child', 'media', 'signature', 'booking', 'request'] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** Rows per page of the manager's screen (and per database page of the CSV export). */
export const AUDIT_PAGE_SIZE = 50;

/** The days of the date filters are the nurseries' calendar days (Europe/London). */
export const AUDIT_TIME_ZONE = 'Europe/London';

const fromNotAfterTo = (q: { from?: string; to?: string }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const FROM_AFTER_TO = { message: 'from must not be after to', path: ['to'] };

/** The filters: a child, a staff member, a range of days (both ends included). */
const AuditFilterFields = z.object({
  childID: IdParam.optional(),
  staffID: IdParam.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export const AuditFilters = AuditFilterFields.refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditFilters = z.infer<typeof AuditFilters>;

/** The filters and the cursor of the next page (`next` of the previous one). */
export const AuditQuery = AuditFilterFields.extend({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'a cursor from a previous page')
    .optional(),
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.int(),
  at: z.string(),
  operation: z.enum(AUDIT_OPERATIONS),
  recordType: z.enum(AUDIT_RECORD_TYPES),
  recordID: z.string(),
  childID: z.int().nullable(),
  /** Who: the staff member (name from the staff list, not stored in the row). */
  staffID: z.int().nullable(),
  userID: z.int().nullable(),
  staffName: z.string().nullable(),
  childName: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
  permittedActions: z.object({ export: z.boolean() }),
});
export type AuditPage = z.infer<typeof AuditPage>;

export const getAuditTrail = defineRoute({
  ...routes.getAuditTrail,
  summary: 'The record audit trail, newest first, 50 a page (viewAuditTrail)',
  tags: ['audit'],
  querystring: AuditQuery,
  response: { 200: AuditPage },
});

export const getAuditCsv = defineRoute({
  ...routes.getAuditCsv,
  summary: 'The record audit trail with the same filters as CSV, newest first (viewAuditTrail)',
  tags: ['audit'],
  querystring: AuditFilters,
  response: { 200: z.string() },
});

/** The CSV's header row (the file's columns). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'operation',
  'recordType',
  'recordID',
  'childID',
  'staffID',
  'userID',
  'staffName',
  'childName',
] as const;
