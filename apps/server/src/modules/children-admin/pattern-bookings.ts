// Booking patterns as bookings (issue 29, docs/decisions.md "Issue 29: children administration"): the
// registers read bookings rows, so a pattern's days are written as rows (pattern_id set) from today up to
// a horizon, in the transaction that saves the pattern; a register read of a later day writes the site's
// patterns up to that day first (bookPatternsThrough). Changing or removing a pattern takes back only its
// bookings from today on that nobody attended, was marked off or asked about (deleted flag, as the
// registers expect); past bookings and those with attendance recorded stay as they are.
import { addDays, type CalendarDate } from '@nursery/domain/common';
import { PATTERN_HORIZON_DAYS, patternDates } from '@nursery/domain/settings';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PatternRow, patternsBehind } from './queries.ts';

type Runner = Pick<Db, 'execute'>;

/** A booking nobody has acted on: no arrival, no mark-off, no attendance request. */
const UNTOUCHED = sql`b.actual_start is null and b.marked_off_category_id is null
  and not exists (select 1 from attendance_requests ar where ar.provider_id = b.provider_id and ar.booking_id = b.id)`;

export const horizonOf = (today: CalendarDate) => addDays(today, PATTERN_HORIZON_DAYS);

/**
 * Writes the pattern's bookings from `first` through `through` (only days after what is written, within
 * the child's start and leave dates), then records how far it is written. A day the child is already
 * booked for that session keeps its booking; one deleted and untouched is booked again.
 */
export async function bookPattern(
  tx: Runner,
  providerId: number,
  pattern: BookablePattern,
  first: CalendarDate,
  through: CalendarDate,
  now: Date,
) {
  await bookPatterns(tx, providerId, [pattern], first, through, now);
}

type BookablePattern = Pick<
  PatternRow,
  'id' | 'weekdays' | 'intervalWeeks' | 'from' | 'to' | 'bookedThrough'
>;

/** bookPattern for many patterns at once: one insert of all their days, one update of how far each is written. */
export async function bookPatterns(
  tx: Runner,
  providerId: number,
  patterns: readonly BookablePattern[],
  first: CalendarDate,
  through: CalendarDate,
  now: Date,
) {
  const ids: number[] = [];
  const days: CalendarDate[] = [];
  for (const pattern of patterns) {
    const after = addDays(pattern.bookedThrough, 1);
    for (const date of patternDates(pattern, after > first ? after : first, through)) {
      ids.push(pattern.id);
      days.push(date);
    }
  }
  if (days.length > 0)
    await tx.execute(sql`
      insert into bookings (provider_id, child_id, site_id, room_id, date, combo_id, session_group_id,
        start, "end", pattern_id, created_at, updated_at)
      select distinct on (p.child_id, d.date, p.combo_id)
        p.provider_id, p.child_id, p.site_id, c.room_id, d.date, p.combo_id, co.session_group_id,
        co.start, co."end", p.id, ${now}, ${now}
      from unnest(${sql.param(ids)}::int[], ${sql.param(days)}::date[]) as d(pattern_id, date)
      join booking_patterns p on p.provider_id = ${providerId} and p.id = d.pattern_id
      join children c on c.provider_id = p.provider_id and c.id = p.child_id
      join session_combos co on co.provider_id = p.provider_id and co.id = p.combo_id
      where c.archived_at is null
        and d.date >= c.start_date and (c.end_date is null or d.date <= c.end_date)
      -- Two patterns of one child booking the same session on a day: the first keeps it, as one by one.
      order by p.child_id, d.date, p.combo_id, p.id
      on conflict (provider_id, child_id, date, combo_id) do update
        set deleted = false, pattern_id = excluded.pattern_id, room_id = excluded.room_id,
          start = excluded.start, "end" = excluded."end", version = bookings.version + 1,
          updated_at = excluded.updated_at
        where bookings.deleted and bookings.actual_start is null and bookings.marked_off_category_id is null`);
  const behind = patterns.filter((p) => through > p.bookedThrough).map((p) => p.id);
  if (behind.length > 0)
    await tx.execute(sql`update booking_patterns set booked_through = ${through}::date
      where provider_id = ${providerId} and id = any(${sql.param(behind)}::int[])
        and booked_through < ${through}::date`);
}

/**
 * Takes back the pattern's untouched bookings from `from` on (deleted flag, version bumped), and
 * forgets how far it was written from there.
 */
export async function unbookPatternFrom(
  tx: Runner,
  providerId: number,
  patternId: number,
  from: CalendarDate,
  now: Date,
) {
  await tx.execute(sql`update bookings b set deleted = true, version = b.version + 1, updated_at = ${now}
    where b.provider_id = ${providerId} and b.pattern_id = ${patternId} and b.date >= ${from}::date
      and not b.deleted and ${UNTOUCHED}`);
  await tx.execute(sql`update booking_patterns set booked_through = least(booked_through, ${addDays(from, -1)}::date)
    where provider_id = ${providerId} and id = ${patternId}`);
}

/** A child who leaves (or is archived): its untouched pattern bookings after its last day go. */
export async function unbookChildAfter(
  tx: Runner,
  providerId: number,
  childId: number,
  lastDay: CalendarDate,
  now: Date,
) {
  await tx.execute(sql`update bookings b set deleted = true, version = b.version + 1, updated_at = ${now}
    where b.provider_id = ${providerId} and b.child_id = ${childId} and b.pattern_id is not null
      and b.date > ${lastDay}::date and not b.deleted and ${UNTOUCHED}`);
}

/** A child who moves room: its pattern bookings from today on that nobody attended follow. */
export async function moveChildBookings(
  tx: Runner,
  providerId: number,
  childId: number,
  roomId: number | null,
  today: CalendarDate,
  now: Date,
) {
  await tx.execute(sql`update bookings b set room_id = ${roomId}, version = b.version + 1, updated_at = ${now}
    where b.provider_id = ${providerId} and b.child_id = ${childId} and b.pattern_id is not null
      and b.date >= ${today}::date and not b.deleted and b.room_id is distinct from ${roomId} and ${UNTOUCHED}`);
}

/**
 * Before a register of `day` is read: the site's patterns not yet written that far are written through
 * it (one transaction; concurrent reads both write, the bookings' unique key keeps one row).
 */
export async function bookPatternsThrough(
  db: Db,
  providerId: number,
  siteId: number,
  day: CalendarDate,
  now: Date,
) {
  const behind = await patternsBehind(db, providerId, siteId, day);
  if (behind.length === 0) return;
  await db.transaction(async (tx) => {
    for (const pattern of behind) await bookPattern(tx, providerId, pattern, pattern.from, day, now);
  });
}
