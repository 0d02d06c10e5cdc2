// SQL of the child register. Every query takes the provider first; the register of a site day reads
// bookings through bookings_site_date_idx (provider_id, site_id, date), one query for all children and
// sessions (contacts and pending mark-off requests as index-backed EXISTS per row, the day's signatures
// as an index-backed subquery per row, no N+1).
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type bookings,
  type children,
  markOffCategories,
  providers,
  type sessionCombos,
  sites,
} from '../../db/schema/index.ts';

/** A transaction or the database: the queries run in either. */
type Runner = Pick<Db, 'execute' | 'select'>;

type Booking = typeof bookings.$inferSelect;
type Child = typeof children.$inferSelect;

/** The site's zone, whether it keeps registers, and the provider's mark-off notes flag. */
export async function registerSite(db: Runner, providerId: number, siteId: number) {
  const [row] = await db
    .select({
      timeZone: sites.timeZone,
      registersEnabled: sites.registersEnabled,
      /** The provider's flag markOffNotesRequired (JSON), null when not set. */
      notesFlag: sql<unknown>`${providers.flags} -> 'markOffNotesRequired'`,
    })
    .from(sites)
    .innerJoin(providers, eq(providers.id, sites.providerId))
    .where(and(eq(sites.providerId, providerId), eq(sites.id, siteId)));
  return row;
}

/**
 * One booking as the register shows it (SESSION_COLUMNS): the booking's columns (times 'HH:mm',
 * dates 'YYYY-MM-DD', as the columns' text), its combo's name and whether a mark-off is asked for.
 */
export type SessionRow = Pick<
  Booking,
  | 'childId'
  | 'siteId'
  | 'comboId'
  | 'date'
  | 'typeId'
  | 'start'
  | 'end'
  | 'actualStart'
  | 'actualEnd'
  | 'roomId'
  | 'sessionGroupId'
  | 'markedOffCategoryId'
  | 'markOffNotes'
  | 'version'
  | 'deleted'
> & {
  /** bookings.id, a bigint: a string from the driver. */
  bookingId: Booking['id'] | string;
  comboName: (typeof sessionCombos.$inferSelect)['name'];
  markOffRequested: boolean;
};

/** A register row: the session with its child. */
export type RegisterRow = SessionRow &
  Pick<Child, 'forename' | 'surname' | 'hasImage' | 'dob'> & {
    childRoomId: Child['roomId'];
    hasContacts: boolean;
    /** The day's signatures naming the session (register_signatures_child_date_idx), as JSON. */
    signatures: { id: number | string; typeID: number; key: string }[] | null;
  };

/** The columns of a SessionRow (bookings `b` joined to session_combos `co`), named as SessionRow. */
export const SESSION_COLUMNS = sql`
  b.id as "bookingId", b.child_id as "childId", b.site_id as "siteId", b.combo_id as "comboId",
  co.name as "comboName", to_char(b.date, 'YYYY-MM-DD') as date, b.type_id as "typeId",
  to_char(b.start, 'HH24:MI') as start, to_char(b."end", 'HH24:MI') as "end",
  to_char(b.actual_start, 'HH24:MI') as "actualStart", to_char(b.actual_end, 'HH24:MI') as "actualEnd",
  b.room_id as "roomId", b.session_group_id as "sessionGroupId",
  b.marked_off_category_id as "markedOffCategoryId", b.mark_off_notes as "markOffNotes", b.version, b.deleted,
  exists (select 1 from booking_requests r
          where r.provider_id = b.provider_id and r.child_id = b.child_id and r.date = b.date
            and r.combo_id = b.combo_id and r.type = 'MO' and r.status = 'pending') as "markOffRequested"`;

/**
 * The register of a site day: every non-deleted booking with its child, by child (forename, surname,
 * id) then by start, end descending. One index-backed query (bookings_site_date_idx).
 */
export function registerRowsSql(providerId: number, siteId: number, date: string): SQL {
  return sql`
    select ${SESSION_COLUMNS},
      c.forename, c.surname, c.has_image as "hasImage", to_char(c.dob, 'YYYY-MM-DD') as dob,
      c.room_id as "childRoomId",
      exists (select 1 from child_contacts cc
              where cc.provider_id = b.provider_id and cc.child_id = b.child_id) as "hasContacts",
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

/** The provider's enabled mark-off categories, in their order. */
export async function markOffCategoryRows(db: Runner, providerId: number) {
  return db
    .select({ id: markOffCategories.id, value: markOffCategories.value, code: markOffCategories.code })
    .from(markOffCategories)
    .where(and(eq(markOffCategories.providerId, providerId), eq(markOffCategories.enabled, true)))
    .orderBy(asc(markOffCategories.sortOrder), asc(markOffCategories.id));
}

/** A mark-off category, as Drizzle infers it from markOffCategoryRows' select. */
export type CategoryRow = Awaited<ReturnType<typeof markOffCategoryRows>>[number];

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

/** A booking updateTimes changed: its id, new times ('HH:mm') and new version. */
export type UpdatedRow = Pick<SessionRow, 'bookingId' | 'actualStart' | 'actualEnd' | 'version'>;

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
    returning b.id as "bookingId", to_char(b.actual_start, 'HH24:MI') as "actualStart",
      to_char(b.actual_end, 'HH24:MI') as "actualEnd", b.version`);
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
