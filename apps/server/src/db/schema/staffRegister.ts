// Staff register (spec 002 §3): shift statuses, shifts and breaks. Times are local wall-clock
// times at the site on the shift's date. Overlapping shifts of one staff member on a date are
// refused by a trigger (custom migration), as an exclusion constraint would need btree_gist.
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { rooms, sites, staff } from './core.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';

/** Shift statuses (id, value, enabled, code); code 'W' = working, the others mark a shift off. */
export const shiftStatuses = pgTable(
  'shift_statuses',
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
    uniqueIndex('shift_statuses_code_key').on(t.providerId, t.code),
  ],
);

export const shifts = pgTable(
  'shifts',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    staffId: integer('staff_id').notNull(),
    siteId: integer('site_id').notNull(),
    roomId: integer('room_id'),
    date: date('date').notNull(),
    timeFrom: time('time_from').notNull(),
    timeTo: time('time_to').notNull(),
    actualFrom: time('actual_from'),
    actualTo: time('actual_to'),
    /** Signature image paths captured at check-in / check-out. */
    actualFromSignature: text('actual_from_signature'),
    actualToSignature: text('actual_to_signature'),
    additionalMins: smallint('additional_mins').notNull().default(0),
    statusId: integer('status_id').notNull(),
    notes: text('notes'),
    /** Optimistic concurrency: ETag / If-Match. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('shifts_staff_fk', t.providerId, t.staffId, staff),
    tenantFk('shifts_site_fk', t.providerId, t.siteId, sites),
    tenantFk('shifts_room_fk', t.providerId, t.roomId, rooms),
    tenantFk('shifts_status_fk', t.providerId, t.statusId, shiftStatuses),
    index('shifts_site_date_idx').on(t.providerId, t.siteId, t.date),
    index('shifts_staff_date_idx').on(t.providerId, t.staffId, t.date),
    check('shifts_times', sql`${t.timeTo} > ${t.timeFrom}`),
    check(
      'shifts_actual',
      sql`${t.actualTo} is null or (${t.actualFrom} is not null and ${t.actualTo} >= ${t.actualFrom})`,
    ),
    check('shifts_additional_mins', sql`${t.additionalMins} between 0 and 1440`),
    check('shifts_notes_len', sql`char_length(${t.notes}) <= 50`),
    check('shifts_version', sql`${t.version} >= 1`),
  ],
);

/** A break of a shift; time_to null = the break is in progress (at most one per shift). */
export const shiftBreaks = pgTable(
  'shift_breaks',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    shiftId: bigint('shift_id', { mode: 'number' }).notNull(),
    timeFrom: time('time_from').notNull(),
    timeTo: time('time_to'),
    fromSignature: text('from_signature'),
    toSignature: text('to_signature'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('shift_breaks_shift_fk', t.providerId, t.shiftId, shifts),
    index('shift_breaks_shift_idx').on(t.providerId, t.shiftId, t.timeFrom),
    uniqueIndex('shift_breaks_active_key').on(t.providerId, t.shiftId).where(sql`${t.timeTo} is null`),
    check('shift_breaks_times', sql`${t.timeTo} is null or ${t.timeTo} >= ${t.timeFrom}`),
  ],
);
