// Child register (spec 002 §3): session groups and combos, bookings (register sessions),
// mark-off categories, register signatures and attendance requests.
// Register times are local wall-clock times (`time`) at the site's time zone on the row's `date`.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { children, contacts, people, rooms, sites, userAccounts } from './core.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';

/** A group of sessions children join and leave (agenda joiningSessionGroup/leavingSessionGroup). */
export const sessionGroups = pgTable(
  'session_groups',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('session_groups_site_fk', t.providerId, t.siteId, sites),
    uniqueIndex('session_groups_name_key').on(t.providerId, t.siteId, t.name),
  ],
);

/** A bookable session (combo) of a site: "Morning 08:00-13:00". */
export const sessionCombos = pgTable(
  'session_combos',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    sessionGroupId: integer('session_group_id'),
    name: text('name').notNull(),
    start: time('start').notNull(),
    end: time('end').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('session_combos_site_fk', t.providerId, t.siteId, sites),
    tenantFk('session_combos_group_fk', t.providerId, t.sessionGroupId, sessionGroups),
    uniqueIndex('session_combos_name_key').on(t.providerId, t.siteId, t.name),
    check('session_combos_times', sql`${t.end} > ${t.start}`),
  ],
);

/** Mark-off categories (Holiday, Illness, ...): id, value, enabled, code. */
export const markOffCategories = pgTable(
  'mark_off_categories',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    value: text('value').notNull(),
    code: text('code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('mark_off_categories_code_key').on(t.providerId, t.code),
  ],
);

/** Register signature types (typeID of a booking/signature): Drop off, Pick up. */
export const registerSignatureTypes = pgTable(
  'register_signature_types',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('register_signature_types_code_key').on(t.providerId, t.code),
  ],
);

/**
 * A child's booking pattern (issue 29; spec 002 §3 "Booking pattern"): a site session on chosen ISO
 * weekdays (1 Monday … 7 Sunday), every 1 or 2 weeks counted from the week of `from`, to `to` (or for
 * good). The registers read bookings, so the pattern's days are written as bookings rows up to
 * `booked_through` (children-admin/pattern-bookings.ts); a register read of a later day extends it.
 */
export const bookingPatterns = pgTable(
  'booking_patterns',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    childId: integer('child_id').notNull(),
    siteId: integer('site_id').notNull(),
    comboId: integer('combo_id').notNull(),
    weekdays: smallint('weekdays').array().notNull(),
    intervalWeeks: smallint('interval_weeks').notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date'),
    /** The last day whose bookings are written (the day before `from` while none are). */
    bookedThrough: date('booked_through').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('booking_patterns_child_fk', t.providerId, t.childId, children),
    tenantFk('booking_patterns_site_fk', t.providerId, t.siteId, sites),
    tenantFk('booking_patterns_combo_fk', t.providerId, t.comboId, sessionCombos),
    index('booking_patterns_child_idx').on(t.providerId, t.childId),
    // The register of a later day: the site's patterns not yet written that far.
    index('booking_patterns_site_booked_idx').on(t.providerId, t.siteId, t.bookedThrough),
    check('booking_patterns_interval', sql`${t.intervalWeeks} in (1, 2)`),
    check('booking_patterns_weekdays', sql`cardinality(${t.weekdays}) between 1 and 7`),
    check('booking_patterns_dates', sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
  ],
);

/**
 * A booking (register session) of a child on a date for a combo. Offline replays update with
 * `where version = baseVersion`; a change bumps version. Deleted bookings are kept (flag) so a
 * queued check-out can tell the user "deleted" rather than "not found".
 */
export const bookings = pgTable(
  'bookings',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    childId: integer('child_id').notNull(),
    siteId: integer('site_id').notNull(),
    roomId: integer('room_id'),
    date: date('date').notNull(),
    comboId: integer('combo_id').notNull(),
    /** Signature type expected for this session (typeID). */
    typeId: integer('type_id'),
    sessionGroupId: integer('session_group_id'),
    /** Provider-defined booking code (userDefID); free integer. */
    userDefId: integer('user_def_id'),
    start: time('start').notNull(),
    end: time('end').notNull(),
    actualStart: time('actual_start'),
    actualEnd: time('actual_end'),
    markedOffCategoryId: integer('marked_off_category_id'),
    markOffNotes: text('mark_off_notes'),
    notes: text('notes'),
    /**
     * The booking pattern that wrote the row (issue 29); null for a booking made otherwise. No foreign
     * key: a removed pattern's past bookings stay (the service clears this column).
     */
    patternId: integer('pattern_id'),
    version: integer('version').notNull().default(1),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    unique('bookings_child_date_combo_key').on(t.providerId, t.childId, t.date, t.comboId),
    tenantFk('bookings_child_fk', t.providerId, t.childId, children),
    tenantFk('bookings_site_fk', t.providerId, t.siteId, sites),
    tenantFk('bookings_room_fk', t.providerId, t.roomId, rooms),
    tenantFk('bookings_combo_fk', t.providerId, t.comboId, sessionCombos),
    tenantFk('bookings_type_fk', t.providerId, t.typeId, registerSignatureTypes),
    tenantFk('bookings_group_fk', t.providerId, t.sessionGroupId, sessionGroups),
    tenantFk('bookings_mark_off_fk', t.providerId, t.markedOffCategoryId, markOffCategories),
    // The register of a site on a date; the child's bookings around a date.
    index('bookings_site_date_idx').on(t.providerId, t.siteId, t.date),
    index('bookings_pattern_date_idx').on(t.providerId, t.patternId, t.date),
    check('bookings_times', sql`${t.end} > ${t.start}`),
    check(
      'bookings_actual_end',
      sql`${t.actualEnd} is null or (${t.actualStart} is not null and ${t.actualEnd} >= ${t.actualStart})`,
    ),
    check(
      'bookings_marked_off_not_attended',
      sql`${t.markedOffCategoryId} is null or ${t.actualStart} is null`,
    ),
    check('bookings_mark_off_notes_len', sql`char_length(${t.markOffNotes}) <= 200`),
    check('bookings_version', sql`${t.version} >= 1`),
  ],
);

/** A signature captured at the register (drop-off/pick-up) for one or more sessions of a day. */
export const registerSignatures = pgTable(
  'register_signatures',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    childId: integer('child_id').notNull(),
    date: date('date').notNull(),
    comboIds: integer('combo_ids').array().notNull(),
    typeId: integer('type_id').notNull(),
    /** The signer (a contact's person). */
    personId: integer('person_id').notNull(),
    dataPath: text('data_path'),
    mimeType: text('mime_type'),
    /** Random key required in the signature URL. */
    key: text('key').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('register_signatures_child_fk', t.providerId, t.childId, children),
    tenantFk('register_signatures_type_fk', t.providerId, t.typeId, registerSignatureTypes),
    tenantFk('register_signatures_person_fk', t.providerId, t.personId, people),
    tenantFk('register_signatures_user_fk', t.providerId, t.createdByUserId, userAccounts),
    index('register_signatures_child_date_idx').on(t.providerId, t.childId, t.date),
    check('register_signatures_combos', sql`cardinality(${t.comboIds}) >= 1`),
  ],
);

/** A parent's drop-off/pick-up request shown in the register ('Confirm drop off/pick up at {time}'). */
export const attendanceRequests = pgTable(
  'attendance_requests',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    childId: integer('child_id').notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }),
    siteId: integer('site_id').notNull(),
    date: date('date').notNull(),
    type: text('type').$type<'drop-off' | 'pick-up'>().notNull(),
    time: time('time').notNull(),
    notes: text('notes'),
    contactId: integer('contact_id').notNull(),
    signatureId: bigint('signature_id', { mode: 'number' }),
    /** Null while pending. */
    approved: boolean('approved'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('attendance_requests_child_fk', t.providerId, t.childId, children),
    tenantFkCascade('attendance_requests_booking_fk', t.providerId, t.bookingId, bookings),
    tenantFk('attendance_requests_site_fk', t.providerId, t.siteId, sites),
    tenantFk('attendance_requests_contact_fk', t.providerId, t.contactId, contacts),
    tenantFk('attendance_requests_signature_fk', t.providerId, t.signatureId, registerSignatures),
    tenantFk('attendance_requests_user_fk', t.providerId, t.decidedByUserId, userAccounts),
    index('attendance_requests_site_date_idx').on(t.providerId, t.siteId, t.date),
    check('attendance_requests_type', sql`${t.type} in ('drop-off','pick-up')`),
    check('attendance_requests_decided', sql`(${t.approved} is null) = (${t.decidedAt} is null)`),
  ],
);

/**
 * Days a site is closed (bank holidays, training days): the agenda's siteClosure items. A closure
 * spans starts_on to ends_on inclusive (one row for a week at Christmas).
 */
export const siteClosures = pgTable(
  'site_closures',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('site_closures_site_fk', t.providerId, t.siteId, sites),
    // Closures overlapping a range: ends_on >= from (then starts_on <= to filtered).
    index('site_closures_site_ends_idx').on(t.providerId, t.siteId, t.endsOn),
    check('site_closures_dates', sql`${t.endsOn} >= ${t.startsOn}`),
    check('site_closures_reason_len', sql`char_length(${t.reason}) between 1 and 100`),
  ],
);
