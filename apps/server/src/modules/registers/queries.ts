// SQL of the child register. Every query takes the provider first; the register of a site day reads
// bookings through bookings_site_date_idx (provider_id, site_id, date), one query for all children and
// sessions (contacts and pending mark-off requests as index-backed EXISTS per row, the day's signatures
// as an index-backed subquery per row, no N+1).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A transaction or the database: the queries run in either. */
type Runner = Pick<Db, 'execute'>;

export interface RegisterSiteRow {
  time_zone: string;
  registers_enabled: boolean;
  /** The provider's flag markOffNotesRequired (JSON), null when not set. */
  notes_flag: unknown;
}

/** The site's zone, whether it keeps registers, and the provider's mark-off notes flag. */
export async function registerSite(db: Runner, providerId: number, siteId: number) {
  const r = await db.execute<RegisterSiteRow & Record<string, unknown>>(sql`
    select s.time_zone, s.registers_enabled, p.flags -> 'markOffNotesRequired' as notes_flag
    from sites s join providers p on p.id = s.provider_id
    where s.provider_id = ${providerId} and s.id = ${siteId}`);
  return r.rows[0];
}

/** One booking as the register shows it (times 'HH:mm', dates 'YYYY-MM-DD'). */
export interface SessionRow {
  /** bigint: a string from the driver. */
  booking_id: string | number;
  child_id: number;
  site_id: number;
  combo_id: number;
  combo_name: string;
  date: string;
  type_id: number | null;
  start: string;
  end: string;
  actual_start: string | null;
  actual_end: string | null;
  room_id: number | null;
  session_group_id: number | null;
  marked_off_category_id: number | null;
  mark_off_notes: string | null;
  mark_off_requested: boolean;
  version: number;
  deleted: boolean;
}

export interface RegisterRow extends SessionRow {
  forename: string;
  surname: string;
  has_image: boolean;
  dob: string;
  child_room_id: number | null;
  has_contacts: boolean;
  /** The day's signatures naming the session (register_signatures_child_date_idx), as JSON. */
  signatures: { id: number | string; typeID: number; key: string }[] | null;
}

/** The columns of a SessionRow (bookings `b` joined to session_combos `co`). */
export const SESSION_COLUMNS = sql`
  b.id as booking_id, b.child_id, b.site_id, b.combo_id, co.name as combo_name,
  to_char(b.date, 'YYYY-MM-DD') as date, b.type_id,
  to_char(b.start, 'HH24:MI') as start, to_char(b."end", 'HH24:MI') as "end",
  to_char(b.actual_start, 'HH24:MI') as actual_start, to_char(b.actual_end, 'HH24:MI') as actual_end,
  b.room_id, b.session_group_id, b.marked_off_category_id, b.mark_off_notes, b.version, b.deleted,
  exists (select 1 from booking_requests r
          where r.provider_id = b.provider_id and r.child_id = b.child_id and r.date = b.date
            and r.combo_id = b.combo_id and r.type = 'MO' and r.status = 'pending') as mark_off_requested`;

/**
 * The register of a site day: every non-deleted booking with its child, by child (forename, surname,
 * id) then by start, end descending. One index-backed query (bookings_site_date_idx).
 */
export function registerRowsSql(providerId: number, siteId: number, date: string): SQL {
  return sql`
    select ${SESSION_COLUMNS},
      c.forename, c.surname, c.has_image, to_char(c.dob, 'YYYY-MM-DD') as dob, c.room_id as child_room_id,
      exists (select 1 from child_contacts cc
              where cc.provider_id = b.provider_id and cc.child_id = b.child_id) as has_contacts,
      (select json_agg(json_build_object('id', s.id, 'typeID', s.type_id, 'key', s.key) order by s.id)
       from register_signatures s
       where s.provider_id = b.provider_id and s.child_id = b.child_id and s.date = b.date
         and b.combo_id = any(s.combo_ids)) as signatures
    from bookings b
    join children c on c.provider_id = b.provider_id and c.id = b.child_id
    join session_combos co on co.provider_id = b.provider_id and co.id = b.combo_id
    where b.provider_id = ${providerId} and b.site_id = ${siteId} and b.date = ${date} and not b.deleted
    order by c.forename, c.surname, c.id, b.start, b."end" desc, b.combo_id`;
}

export async function registerRows(db: Runner, providerId: number, siteId: number, date: string) {
  const r = await db.execute<RegisterRow & Record<string, unknown>>(
    registerRowsSql(providerId, siteId, date),
  );
  return r.rows;
}

export interface CategoryRow {
  id: number;
  value: string;
  code: string;
}

/** The provider's enabled mark-off categories, in their order. */
export async function markOffCategoryRows(db: Runner, providerId: number) {
  const r = await db.execute<CategoryRow & Record<string, unknown>>(sql`
    select id, value, code from mark_off_categories
    where provider_id = ${providerId} and enabled order by sort_order, id`);
  return r.rows;
}

export interface BookingKey {
  childId: number;
  comboId: number;
  date: string;
}

/**
 * The bookings (deleted ones too) of the keys at the site, locked for the update that follows (a
 * concurrent writer waits, then sees the new version). By bookings_child_date_combo_key.
 */
export function lockBookingsSql(providerId: number, siteId: number, keys: BookingKey[]): SQL {
  const values = sql.join(
    keys.map((k) => sql`(${k.childId}::int, ${k.comboId}::int, ${k.date}::date)`),
    sql`, `,
  );
  return sql`
    select ${SESSION_COLUMNS}
    from bookings b
    join session_combos co on co.provider_id = b.provider_id and co.id = b.combo_id
    where b.provider_id = ${providerId} and b.site_id = ${siteId}
      and (b.child_id, b.combo_id, b.date) in (values ${values})
    for update of b`;
}

export async function lockBookings(db: Runner, providerId: number, siteId: number, keys: BookingKey[]) {
  const r = await db.execute<SessionRow & Record<string, unknown>>(lockBookingsSql(providerId, siteId, keys));
  return r.rows;
}

export interface TimesUpdate {
  bookingId: number;
  actualStart: string | null;
  actualEnd: string | null;
  /** The version the change was made against. */
  version: number;
}

export interface UpdatedRow {
  booking_id: string | number;
  actual_start: string | null;
  actual_end: string | null;
  version: number;
}

/**
 * New actual times, one statement for all rows: a row whose version moved (a concurrent writer won)
 * is not updated and not returned.
 */
export async function updateTimes(db: Runner, providerId: number, updates: TimesUpdate[], now: Date) {
  const values = sql.join(
    updates.map(
      (u) => sql`(${u.bookingId}::bigint, ${u.actualStart}::time, ${u.actualEnd}::time, ${u.version}::int)`,
    ),
    sql`, `,
  );
  const r = await db.execute<UpdatedRow & Record<string, unknown>>(sql`
    update bookings b
    set actual_start = v.actual_start, actual_end = v.actual_end, version = b.version + 1,
        updated_at = ${now.toISOString()}
    from (values ${values}) as v(id, actual_start, actual_end, version)
    where b.provider_id = ${providerId} and b.id = v.id and b.version = v.version and not b.deleted
    returning b.id as booking_id, to_char(b.actual_start, 'HH24:MI') as actual_start,
      to_char(b.actual_end, 'HH24:MI') as actual_end, b.version`);
  return r.rows;
}

/** A child's non-deleted bookings on a date for the combos (any site: the caller checks it). */
export async function childBookings(
  db: Runner,
  providerId: number,
  childId: number,
  date: string,
  comboIds: number[],
  lock = false,
) {
  const combos = sql.join(
    comboIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const r = await db.execute<SessionRow & Record<string, unknown>>(sql`
    select ${SESSION_COLUMNS}
    from bookings b
    join session_combos co on co.provider_id = b.provider_id and co.id = b.combo_id
    where b.provider_id = ${providerId} and b.child_id = ${childId} and b.date = ${date}
      and b.combo_id in (${combos}) and not b.deleted
    order by b.start, b."end" desc, b.combo_id
    ${lock ? sql`for update of b` : sql``}`);
  return r.rows;
}

/** Whether the category is an enabled mark-off category of the provider. */
export async function enabledCategory(db: Runner, providerId: number, categoryId: number) {
  const r = await db.execute(sql`
    select 1 from mark_off_categories where provider_id = ${providerId} and id = ${categoryId} and enabled`);
  return r.rows.length > 0;
}

/** Sets (or with null clears) the mark-off of the bookings; bumps their version. */
export async function setMarkOff(
  db: Runner,
  providerId: number,
  bookingIds: number[],
  categoryId: number | null,
  notes: string | null,
  now: Date,
) {
  const ids = sql.join(
    bookingIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  await db.execute(sql`
    update bookings set marked_off_category_id = ${categoryId}, mark_off_notes = ${notes},
      version = version + 1, updated_at = ${now.toISOString()}
    where provider_id = ${providerId} and id in (${ids})`);
}

/**
 * A pending mark-off request per booking unless one is already pending for that child, date and
 * combo (the caller holds the bookings' row locks, so two requests cannot both insert).
 */
export async function insertMarkOffRequests(
  db: Runner,
  providerId: number,
  personId: number,
  bookings: { bookingId: number; childId: number; comboId: number; date: string }[],
  notes: string | null,
  now: Date,
) {
  const values: SQL = sql.join(
    bookings.map((b) => sql`(${b.bookingId}::bigint, ${b.childId}::int, ${b.comboId}::int, ${b.date}::date)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into booking_requests
      (provider_id, child_id, person_id, type, date, combo_id, booking_id, request_notes, status, created_at)
    select ${providerId}, v.child_id, ${personId}, 'MO', v.date, v.combo_id, v.booking_id, ${notes},
      'pending', ${now.toISOString()}
    from (values ${values}) as v(booking_id, child_id, combo_id, date)
    where not exists (select 1 from booking_requests r
      where r.provider_id = ${providerId} and r.child_id = v.child_id and r.date = v.date
        and r.combo_id = v.combo_id and r.type = 'MO' and r.status = 'pending')`);
}
