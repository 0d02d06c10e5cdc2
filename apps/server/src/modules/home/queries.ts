// SQL of the Home overview (spec 002 §2, §3 Agenda day, §7). Every query takes the provider first and
// reads one site over the three days: children through children_site_name_idx (provider_id, site_id …),
// bookings through bookings_site_date_idx (provider_id, site_id, date) with their session-group
// neighbours probed on bookings_child_date_combo_key (provider_id, child_id, date …), events through
// events_site_due_idx (provider_id, site_id, due), closures through site_closures_site_ends_idx.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type bookings,
  type children,
  type eventSubjects,
  type events,
  type eventTypes,
  type markOffCategories,
  type people,
  rooms,
  type sessionGroups,
  type siteClosures,
  sites,
  type staff,
} from '../../db/schema/index.ts';
import { type ListChildRow, listChildColumns } from '../children/index.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

type Runner = Pick<Db, 'execute'>;

const list = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Children due in: booked at the site on the date, not marked off, and not yet checked in to any
 * of that day's sessions. Reads bookings_site_date_idx.
 */
export async function countDueIn(db: Db, providerId: number, siteId: number, date: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(distinct b.child_id)::int as n
    from bookings b
    where b.provider_id = ${providerId} and b.site_id = ${siteId} and b.date = ${date}
      and not b.deleted and b.marked_off_category_id is null and b.actual_start is null
      and not exists (
        select 1 from bookings c
        where c.provider_id = b.provider_id and c.site_id = b.site_id and c.date = b.date
          and c.child_id = b.child_id and not c.deleted and c.actual_start is not null)`);
  return r.rows[0]?.n ?? 0;
}

export async function homeSite(db: Db, providerId: number, siteId: number) {
  const rows = await db
    .select({ name: sites.name, timeZone: sites.timeZone, registersEnabled: sites.registersEnabled })
    .from(sites)
    .where(and(eq(sites.providerId, providerId), eq(sites.id, siteId)));
  return rows[0];
}

export async function siteRooms(db: Db, providerId: number, siteId: number) {
  return db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.providerId, providerId), eq(rooms.siteId, siteId)))
    .orderBy(asc(rooms.sortOrder), asc(rooms.name), asc(rooms.id));
}

type Child = typeof children.$inferSelect;
type Booking = typeof bookings.$inferSelect;
type Event = typeof events.$inferSelect;
type Person = typeof people.$inferSelect;
/** A column's type, null when it comes from a left join. */
type Joined<T> = T | null;

/** A child with a birthday or anniversary: the list child and its dates at the nursery. */
export type YearlyChildRow = ListChildRow & Pick<Child, 'startDate' | 'endDate'>;

/**
 * The site's children at the nursery some day of [from, to] whose birthday or start-date anniversary
 * ('MM-DD' in `dayKeys`) falls in it.
 */
export async function yearlyChildren(
  db: Runner,
  providerId: number,
  siteId: number,
  from: string,
  to: string,
  dayKeys: readonly string[],
) {
  const keys = list(dayKeys);
  const r = await db.execute<YearlyChildRow>(sql`
    select ${listChildColumns},
      to_char(c.start_date, 'YYYY-MM-DD') as "startDate", to_char(c.end_date, 'YYYY-MM-DD') as "endDate"
    from children c
    where c.provider_id = ${providerId} and c.site_id = ${siteId}
      and c.start_date <= ${to} and (c.end_date is null or c.end_date >= ${from})
      and (to_char(c.dob, 'MM-DD') in (${keys}) or to_char(c.start_date, 'MM-DD') in (${keys}))
    order by c.surname, c.forename, c.id`);
  return r.rows;
}

/** A booking (times as 'HH:MM') with its child (the list child), session group and mark-off reason. */
export type BookingRow = ListChildRow &
  Pick<
    Booking,
    'date' | 'sessionGroupId' | 'start' | 'end' | 'actualStart' | 'actualEnd' | 'markedOffCategoryId'
  > & {
    bookingRoomId: Booking['roomId'];
    groupName: Joined<(typeof sessionGroups.$inferSelect)['name']>;
    offReason: Joined<(typeof markOffCategories.$inferSelect)['value']>;
    /** No earlier booking of the child in this session group. */
    joins: boolean;
    /** No later booking of the child in this session group. */
    leaves: boolean;
  };

/** The site's bookings (not deleted) over [from, to], with the child and the session-group edges. */
export async function bookingsInRange(
  db: Runner,
  providerId: number,
  siteId: number,
  from: string,
  to: string,
) {
  const r = await db.execute<BookingRow>(bookingsInRangeSql(providerId, siteId, from, to));
  return r.rows;
}

/** The overview's main query (the bench's 'home overview' explains it). */
export function bookingsInRangeSql(providerId: number, siteId: number, from: string, to: string): SQL {
  return sql`
    select to_char(b.date, 'YYYY-MM-DD') as date, b.room_id as "bookingRoomId",
      b.session_group_id as "sessionGroupId", g.name as "groupName", to_char(b.start, 'HH24:MI') as start,
      to_char(b."end", 'HH24:MI') as "end", to_char(b.actual_start, 'HH24:MI') as "actualStart",
      to_char(b.actual_end, 'HH24:MI') as "actualEnd", b.marked_off_category_id as "markedOffCategoryId",
      m.value as "offReason",
      ${listChildColumns},
      (b.session_group_id is not null and not exists (
        select 1 from bookings p
        where p.provider_id = b.provider_id and p.child_id = b.child_id and p.date < b.date
          and p.session_group_id = b.session_group_id and not p.deleted)) as joins,
      (b.session_group_id is not null and not exists (
        select 1 from bookings p
        where p.provider_id = b.provider_id and p.child_id = b.child_id and p.date > b.date
          and p.session_group_id = b.session_group_id and not p.deleted)) as leaves
    from bookings b
    join children c on c.provider_id = b.provider_id and c.id = b.child_id
    left join session_groups g on g.provider_id = b.provider_id and g.id = b.session_group_id
    left join mark_off_categories m on m.provider_id = b.provider_id and m.id = b.marked_off_category_id
    where b.provider_id = ${providerId} and b.site_id = ${siteId} and b.date between ${from} and ${to}
      and not b.deleted
    order by b.date, c.surname, c.forename, c.id, b.start`;
}

/** A due event, one row per subject (a child or a staff member, from left joins). */
export type DueEventRow = Pick<
  Event,
  'id' | 'version' | 'statusId' | 'typeId' | 'authorStaffId' | 'notes'
> & {
  /** The due day at the site ('YYYY-MM-DD'). */
  dueDay: string;
  /** ISO instants, for the rule of what is due (isAgendaDue). */
  raisedAt: string;
  dueAt: string;
  typeTag: (typeof eventTypes.$inferSelect)['tag'];
  isReminder: boolean;
  subjectId: Joined<(typeof eventSubjects.$inferSelect)['id']>;
  childId: Joined<Child['id']>;
  childForename: Joined<Child['forename']>;
  childSurname: Joined<Child['surname']>;
  childHasImage: Joined<Child['hasImage']>;
  childDob: Joined<Child['dob']>;
  childRoomId: Child['roomId'];
  staffId: Joined<(typeof staff.$inferSelect)['id']>;
  staffForename: Joined<Person['forename']>;
  staffSurname: Joined<Person['surname']>;
  staffHasImage: Joined<Person['hasImage']>;
};

/**
 * Open events (Draft, Pending, Published) of the site due in [start, end) that the user may see (THE
 * visibility rule: a manager's draft reminder is not listed to a practitioner), one row per subject. The
 * bigint ids are read as float8: node-postgres answers bigint as text (exact as numbers below 2^53).
 */
export async function dueEvents(
  db: Runner,
  providerId: number,
  siteId: number,
  start: Date,
  end: Date,
  timeZone: string,
  v: Visibility,
) {
  const r = await db.execute<DueEventRow>(sql`
    select e.id::float8 as id, e.version, e.status_id as "statusId", e.type_id as "typeId",
      e.author_staff_id as "authorStaffId", e.notes,
      to_char(e.due at time zone ${timeZone}::text, 'YYYY-MM-DD') as "dueDay",
      to_char(e.raised at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "raisedAt",
      to_char(e.due at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dueAt",
      t.tag as "typeTag",
      (t.tag = 'task' and k.code_key = 'reminder') as "isReminder",
      s.id::float8 as "subjectId",
      c.id as "childId", c.forename as "childForename", c.surname as "childSurname",
      c.has_image as "childHasImage", to_char(c.dob, 'YYYY-MM-DD') as "childDob", c.room_id as "childRoomId",
      st.id as "staffId", sp.forename as "staffForename", sp.surname as "staffSurname",
      sp.has_image as "staffHasImage"
    from events e
    join event_types t on t.provider_id = e.provider_id and t.id = e.type_id
    join event_codes k on k.provider_id = e.provider_id and k.id = e.code_id
    left join event_subjects s on s.provider_id = e.provider_id and s.event_id = e.id
    left join children c on c.provider_id = e.provider_id
      and c.id = case when s.id is null then e.child_id else s.child_id end
    left join staff st on st.provider_id = e.provider_id and st.id = s.staff_id
    left join people sp on sp.provider_id = st.provider_id and sp.id = st.person_id
    where e.provider_id = ${providerId} and e.site_id = ${siteId}
      and e.due >= ${start.toISOString()}::timestamptz and e.due < ${end.toISOString()}::timestamptz
      and e.status_id in (1, 3, 5) and ${eventVisibleSql(v)}
    order by e.due, e.id, c.surname, c.forename, sp.surname, sp.forename`);
  return r.rows;
}

/** A closure of the site (dates 'YYYY-MM-DD'). */
export type ClosureRow = Pick<typeof siteClosures.$inferSelect, 'startsOn' | 'endsOn' | 'reason'>;

export async function closuresInRange(
  db: Runner,
  providerId: number,
  siteId: number,
  from: string,
  to: string,
) {
  const r = await db.execute<ClosureRow>(sql`
    select to_char(starts_on, 'YYYY-MM-DD') as "startsOn", to_char(ends_on, 'YYYY-MM-DD') as "endsOn", reason
    from site_closures
    where provider_id = ${providerId} and site_id = ${siteId} and ends_on >= ${from} and starts_on <= ${to}
    order by starts_on, id`);
  return r.rows;
}
