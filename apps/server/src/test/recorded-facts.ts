// Which date and time columns hold recorded facts (never after now in the demo data) and which
// hold schedules (may be in the future). Every date, time and timestamp column of the schema is
// listed, so a new column fails the demo tests until it is classified here.
import type { Database } from '../db/client.ts';
import { londonWallClock } from '../demo/dates.ts';

/** Timestamps of things that happened: created, raised, reported, read, decided … */
const FACT_TIMESTAMPS = [
  'attendance_requests.created_at',
  'attendance_requests.decided_at',
  'audit_log.at',
  'booking_patterns.created_at',
  'booking_requests.created_at',
  'booking_requests.decided_at',
  'bookings.created_at',
  'bookings.updated_at',
  'change_requests.created_at',
  'change_requests.decided_at',
  'checkpoint_notes.created_at',
  'children.archived_at',
  'children.image_updated_at',
  'considerations.acknowledged_at',
  'contacts.archived_at',
  'considerations.created_at',
  'device_sync_reports.reported_at',
  'email_outbox.created',
  'email_outbox.sent_at',
  'event_comments.created_at',
  'conversation_threads.created_at',
  'conversation_messages.created_at',
  'event_history.at',
  'event_signatures.created_at',
  'events.created_at',
  'events.date2', // a sleep's end, a task's completion
  'events.raised',
  'events.updated_at',
  'gdpr_erasure_requests.created_at',
  'gdpr_erasure_requests.decided_at',
  'idempotency_keys.created_at',
  'login_failures.failed_at',
  'login_unknown_failures.failed_at', // a failed attempt with no account (issue 32)
  'login_tokens.created_at', // a sign-in link made (issue 30: token login)
  'media.created_at',
  'media.updated_at',
  'next_steps.completed_at',
  'next_steps.created_at',
  'notifications.read_at',
  'notifications.timestamp',
  'people.image_updated_at',
  'providers.created_at',
  'record_audit.at',
  'rooms.archived_at',
  'register_signatures.created_at',
  'server_sessions.created_at',
  'server_sessions.last_seen_at',
  'shifts.created_at',
  'sites.archived_at',
  'shifts.updated_at',
  'user_accounts.activated_at',
  'user_accounts.created_at',
  'user_accounts.invited_at',
];

/**
 * Times of day of things that happened, with the SQL of their date (`t` is the row).
 * Compared with now as the earliest instant the London wall-clock time can mean.
 */
const FACT_TIMES: Record<string, { from: string; date: string }> = {
  'bookings.actual_start': { from: 'bookings t', date: 't.date' },
  'bookings.actual_end': { from: 'bookings t', date: 't.date' },
  'shifts.actual_from': { from: 'shifts t', date: 't.date' },
  'shifts.actual_to': { from: 'shifts t', date: 't.date' },
  'shift_breaks.time_from': {
    from: 'shift_breaks t join shifts s on s.provider_id = t.provider_id and s.id = t.shift_id',
    date: 's.date',
  },
  'shift_breaks.time_to': {
    from: 'shift_breaks t join shifts s on s.provider_id = t.provider_id and s.id = t.shift_id',
    date: 's.date',
  },
};

/** Calendar dates of things that happened (not after today in London). */
const FACT_DATES = ['children.dob', 'register_signatures.date'];

/** Schedules and limits: allowed in the future. */
const PLANNED = [
  'attendance_requests.date',
  'attendance_requests.time', // the time the child will be dropped off or picked up
  'booking_patterns.booked_through', // how far ahead the pattern's bookings are written
  'booking_patterns.from_date', // a pattern may start later
  'booking_patterns.to_date',
  'booking_requests.date',
  'bookings.date',
  'bookings.end',
  'bookings.start',
  'children.end_date',
  'children.start_date', // a child may be registered before starting
  'event_medication.expiry_date',
  'events.date1', // a date the author gives
  'email_outbox.next_attempt_at', // the sender's next try after a failure
  'events.due',
  'login_tokens.expires_at', // a sign-in link's expiry (10 minutes after it is made; issue 30)
  'meal_types.approximate_end_time',
  'meal_types.approximate_time',
  'rate_limit_hits.window_ends', // the end of a flood guard's window (issue 32)
  'server_sessions.expires_at',
  'session_combos.end',
  'session_combos.start',
  'shifts.date',
  'site_closures.ends_on', // a closure the nursery plans (bank holiday, training day)
  'site_closures.starts_on',
  'sites.closes_at', // opening hours: times of day, not events
  'sites.opens_at',
  'shifts.time_from',
  'shifts.time_to',
  'staff.end_date',
  'staff.start_date',
  'user_accounts.activation_expires_at', // an invitation's expiry (7 days after it is sent)
  'user_accounts.reset_expires_at', // an e-mailed reset link's expiry (1 hour after it is sent; issue 30)
];

/**
 * The earliest instant a London wall-clock date and time ('HH:mm' or 'HH:mm:ss') can mean (in
 * the hour the clocks repeat, the first), or null when it never occurs (the hour they skip).
 */
export function earliestLondonInstant(date: string, time: string): Date | null {
  const hhmm = time.slice(0, 5);
  const seconds = time.length > 5 ? Number(time.slice(6, 8)) : 0;
  const wall = Date.parse(`${date}T${hhmm}:00Z`);
  // London is UTC+0 or UTC+1: try the earlier reading (BST) first.
  for (const offsetHours of [1, 0]) {
    const at = new Date(wall - offsetHours * 3_600_000);
    const w = londonWallClock(at);
    if (w.date === date && w.time === hhmm) return new Date(at.getTime() + seconds * 1000);
  }
  return null;
}

export interface FactCheck {
  /** Date/time columns in no list above. */
  unclassified: string[];
  /** Listed columns that no longer exist. */
  missing: string[];
  /** 'table.column: value' of facts after now (at most a few per column). */
  future: string[];
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Checks every date, time and timestamp column of the public schema against `now`. */
export async function checkRecordedFacts(database: Database, now: Date): Promise<FactCheck> {
  const columns = (
    await database.query<{ table_name: string; column_name: string; data_type: string }>(
      `select c.table_name, c.column_name, c.data_type from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         and (c.data_type like 'timestamp%' or c.data_type like 'time %' or c.data_type = 'date')
       order by 1, 2`,
    )
  ).map((c) => ({
    key: `${c.table_name}.${c.column_name}`,
    table: c.table_name,
    column: c.column_name,
    type: c.data_type,
  }));
  const known = new Set([...FACT_TIMESTAMPS, ...Object.keys(FACT_TIMES), ...FACT_DATES, ...PLANNED]);
  const present = new Set(columns.map((c) => c.key));
  const result: FactCheck = {
    unclassified: columns.filter((c) => !known.has(c.key)).map((c) => `${c.key} (${c.type})`),
    missing: [...known].filter((k) => !present.has(k)),
    future: [],
  };
  const today = londonWallClock(now).date;
  for (const c of columns) {
    if (FACT_TIMESTAMPS.includes(c.key)) {
      if (!c.type.startsWith('timestamp'))
        result.unclassified.push(`${c.key} (${c.type}, listed as a timestamp)`);
      const rows = await database.query<{ v: string }>(
        `select ${quoted(c.column)}::text as v from ${quoted(c.table)} where ${quoted(c.column)} > $1 order by 1 desc limit 3`,
        [now.toISOString()],
      );
      for (const r of rows) result.future.push(`${c.key}: ${r.v}`);
    } else if (FACT_DATES.includes(c.key)) {
      const rows = await database.query<{ v: string }>(
        `select ${quoted(c.column)}::text as v from ${quoted(c.table)} where ${quoted(c.column)} > $1::date order by 1 desc limit 3`,
        [today],
      );
      for (const r of rows) result.future.push(`${c.key}: ${r.v} (today ${today})`);
    } else if (FACT_TIMES[c.key]) {
      const { from, date } = FACT_TIMES[c.key];
      const rows = await database.query<{ d: string; t: string }>(
        `select distinct to_char(${date}, 'YYYY-MM-DD') as d, to_char(t.${quoted(c.column)}, 'HH24:MI:SS') as t
         from ${from} where t.${quoted(c.column)} is not null and ${date} >= $1::date`,
        [today],
      );
      for (const r of rows) {
        const at = earliestLondonInstant(r.d, r.t);
        if (at === null || at.getTime() > now.getTime()) {
          result.future.push(`${c.key}: ${r.d} ${r.t}${at === null ? ' (not a London time)' : ''}`);
        }
      }
    }
  }
  return result;
}
