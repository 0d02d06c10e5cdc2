// Requests awaiting a manager (spec 002 §3, §4): booking (mark-off) requests, change-of-details
// requests and GDPR erasure requests.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { children, people, userAccounts } from './core.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';
import { bookings, markOffCategories, sessionCombos } from './registers.ts';

export const REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
const statusCheck = (col: AnyPgColumn) => sql`${col} in ('pending','approved','declined')`;

/** A booking request; type 'MO' = mark off. Approval needs a mark-off category. */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    childId: integer('child_id').notNull(),
    /** Who asked (staff member or parent). */
    personId: integer('person_id').notNull(),
    type: text('type').$type<'MO'>().notNull().default('MO'),
    date: date('date').notNull(),
    comboId: integer('combo_id').notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }),
    requestNotes: text('request_notes'),
    status: text('status').$type<RequestStatus>().notNull().default('pending'),
    responseNotes: text('response_notes'),
    markOffCategoryId: integer('mark_off_category_id'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('booking_requests_child_fk', t.providerId, t.childId, children),
    tenantFk('booking_requests_person_fk', t.providerId, t.personId, people),
    tenantFk('booking_requests_combo_fk', t.providerId, t.comboId, sessionCombos),
    tenantFkCascade('booking_requests_booking_fk', t.providerId, t.bookingId, bookings),
    tenantFk('booking_requests_category_fk', t.providerId, t.markOffCategoryId, markOffCategories),
    tenantFk('booking_requests_user_fk', t.providerId, t.decidedByUserId, userAccounts),
    index('booking_requests_status_idx').on(t.providerId, t.status, t.createdAt),
    index('booking_requests_child_idx').on(t.providerId, t.childId, t.date),
    check('booking_requests_type', sql`${t.type} = 'MO'`),
    check('booking_requests_status', statusCheck(t.status)),
    check(
      'booking_requests_approved_category',
      sql`${t.status} <> 'approved' or ${t.markOffCategoryId} is not null`,
    ),
    check('booking_requests_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check('booking_requests_response_len', sql`char_length(${t.responseNotes}) <= 500`),
    check('booking_requests_notes_len', sql`char_length(${t.requestNotes}) <= 200`),
  ],
);

/**
 * A change of a person's details awaiting approval. fields: { tablename: 'Contacts'|'StaffMember',
 * telmob?, telwork?, telhome?, address1..address5?, postcode?, biography? }.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    /** Whose details change. */
    personId: integer('person_id').notNull(),
    tableName: text('table_name').$type<'Contacts' | 'StaffMember'>().notNull(),
    fields: jsonb('fields').$type<Record<string, string | null>>().notNull(),
    requestedByUserId: integer('requested_by_user_id'),
    status: text('status').$type<RequestStatus>().notNull().default('pending'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('change_requests_person_fk', t.providerId, t.personId, people),
    tenantFk('change_requests_requested_by_fk', t.providerId, t.requestedByUserId, userAccounts),
    tenantFk('change_requests_decided_by_fk', t.providerId, t.decidedByUserId, userAccounts),
    index('change_requests_status_idx').on(t.providerId, t.status, t.createdAt),
    index('change_requests_person_idx').on(t.providerId, t.personId),
    check('change_requests_table', sql`${t.tableName} in ('Contacts','StaffMember')`),
    check('change_requests_status', statusCheck(t.status)),
    check('change_requests_fields', sql`jsonb_typeof(${t.fields}) = 'object'`),
  ],
);

/** A request to erase a child's or a person's data (approveGDPR). */
export const gdprErasureRequests = pgTable(
  'gdpr_erasure_requests',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    childId: integer('child_id'),
    personId: integer('person_id'),
    creatorUserId: integer('creator_user_id').notNull(),
    reason: text('reason'),
    status: text('status').$type<RequestStatus>().notNull().default('pending'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('gdpr_erasure_requests_child_fk', t.providerId, t.childId, children),
    tenantFk('gdpr_erasure_requests_person_fk', t.providerId, t.personId, people),
    tenantFk('gdpr_erasure_requests_creator_fk', t.providerId, t.creatorUserId, userAccounts),
    tenantFk('gdpr_erasure_requests_decided_by_fk', t.providerId, t.decidedByUserId, userAccounts),
    index('gdpr_erasure_requests_status_idx').on(t.providerId, t.status, t.createdAt),
    check('gdpr_erasure_requests_subject', sql`(${t.childId} is null) <> (${t.personId} is null)`),
    check('gdpr_erasure_requests_status', statusCheck(t.status)),
  ],
);
