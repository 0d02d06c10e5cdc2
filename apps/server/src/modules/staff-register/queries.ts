// SQL of the staff register. Every query takes the provider first and is index-backed: the site day
// reads shifts through shifts_site_date_idx (provider_id, site_id, date) with each shift's breaks as
// an index-backed subquery (shift_breaks_shift_idx), the staff through staff_sites_site_idx plus the
// day's shifts; one query for the shifts and one for the staff, never one per row.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type people,
  providers,
  rooms,
  type shiftBreaks,
  shiftStatuses,
  type shifts,
  sites,
  type staff,
} from '../../db/schema/index.ts';

/** A transaction or the database: the queries run in either. */
export type Runner = Pick<Db, 'execute' | 'select'>;

type Shift = typeof shifts.$inferSelect;
type ShiftBreak = typeof shiftBreaks.$inferSelect;
type ShiftStatus = typeof shiftStatuses.$inferSelect;

/** The site's zone, whether it keeps staff registers, and the provider's amendment restriction. */
export async function staffRegisterSite(db: Runner, providerId: number, siteId: number) {
  const [row] = await db
    .select({
      timeZone: sites.timeZone,
      staffRegistersEnabled: sites.staffRegistersEnabled,
      /** The provider's flag enableRestrictStaffRegisterAmendments (JSON), null when not set. */
      restrictFlag: sql<unknown>`${providers.flags} -> 'enableRestrictStaffRegisterAmendments'`,
    })
    .from(sites)
    .innerJoin(providers, eq(providers.id, sites.providerId))
    .where(and(eq(sites.providerId, providerId), eq(sites.id, siteId)));
  return row;
}

/** A break as SHIFT_COLUMNS' JSON holds it: shift_breaks' columns (times 'HH:mm'). */
export type BreakJson = Pick<ShiftBreak, 'timeFrom' | 'timeTo' | 'fromSignature' | 'toSignature'> & {
  /** bigint: JSON may carry it as a number or a string. */
  id: ShiftBreak['id'] | string;
};

/**
 * One shift with its room, status and breaks (SHIFT_COLUMNS): the shift's columns (times 'HH:mm',
 * dates 'YYYY-MM-DD', as the columns' text), the room's name and the status's code and value.
 */
export type ShiftRow = Pick<
  Shift,
  | 'staffId'
  | 'siteId'
  | 'roomId'
  | 'date'
  | 'timeFrom'
  | 'timeTo'
  | 'actualFrom'
  | 'actualTo'
  | 'actualFromSignature'
  | 'actualToSignature'
  | 'additionalMins'
  | 'statusId'
  | 'notes'
  | 'version'
> & {
  /** bigint: a string from the driver. */
  id: Shift['id'] | string;
  room: (typeof rooms.$inferSelect)['name'] | null;
  statusCode: ShiftStatus['code'];
  statusValue: ShiftStatus['value'];
  breaks: BreakJson[] | null;
};

const SHIFT_COLUMNS = sql`
  s.id, s.staff_id as "staffId", s.site_id as "siteId", s.room_id as "roomId", r.name as room,
  to_char(s.date, 'YYYY-MM-DD') as date,
  to_char(s.time_from, 'HH24:MI') as "timeFrom", to_char(s.time_to, 'HH24:MI') as "timeTo",
  to_char(s.actual_from, 'HH24:MI') as "actualFrom", to_char(s.actual_to, 'HH24:MI') as "actualTo",
  s.actual_from_signature as "actualFromSignature", s.actual_to_signature as "actualToSignature",
  s.additional_mins as "additionalMins", s.status_id as "statusId",
  st.code as "statusCode", st.value as "statusValue", s.notes, s.version,
  (select json_agg(json_build_object('id', b.id, 'timeFrom', to_char(b.time_from, 'HH24:MI'),
            'timeTo', to_char(b.time_to, 'HH24:MI'), 'fromSignature', b.from_signature,
            'toSignature', b.to_signature) order by b.time_from, b.time_to nulls last, b.id)
   from shift_breaks b where b.provider_id = s.provider_id and b.shift_id = s.id) as breaks`;

const SHIFT_FROM = sql`
  from shifts s
  join shift_statuses st on st.provider_id = s.provider_id and st.id = s.status_id
  left join rooms r on r.provider_id = s.provider_id and r.id = s.room_id`;

/** The shifts of a site day, by timeFrom, timeTo, id. */
export function siteDayShiftsSql(providerId: number, siteId: number, date: string): SQL {
  return sql`select ${SHIFT_COLUMNS} ${SHIFT_FROM}
    where s.provider_id = ${providerId} and s.site_id = ${siteId} and s.date = ${date}
    order by s.time_from, s.time_to, s.id`;
}

export async function siteDayShifts(db: Runner, providerId: number, siteId: number, date: string) {
  const r = await db.execute<ShiftRow & Record<string, unknown>>(siteDayShiftsSql(providerId, siteId, date));
  return r.rows;
}

/** One shift (any site: the caller checks it); `lock` holds its row for the write that follows. */
export async function shiftById(db: Runner, providerId: number, shiftId: number, lock = false) {
  const r = await db.execute<ShiftRow & Record<string, unknown>>(sql`
    select ${SHIFT_COLUMNS} ${SHIFT_FROM}
    where s.provider_id = ${providerId} and s.id = ${shiftId}
    ${lock ? sql`for update of s` : sql``}`);
  return r.rows[0];
}

/** Shifts of a site day by id, locked (the bulk call). */
export async function lockSiteDayShifts(
  db: Runner,
  providerId: number,
  siteId: number,
  date: string,
  ids: number[],
) {
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const r = await db.execute<ShiftRow & Record<string, unknown>>(sql`
    select ${SHIFT_COLUMNS} ${SHIFT_FROM}
    where s.provider_id = ${providerId} and s.site_id = ${siteId} and s.date = ${date} and s.id in (${list})
    order by s.id
    for update of s`);
  return r.rows;
}

type Person = typeof people.$inferSelect;
type StaffMember = typeof staff.$inferSelect;

/** A member of the register: the staff row, the person's columns, the home site and the roles' names. */
export type StaffRow = Pick<StaffMember, 'id' | 'personId' | 'jobTitle' | 'roomId' | 'startDate'> &
  Pick<
    Person,
    | 'forename'
    | 'surname'
    | 'hasImage'
    | 'title'
    | 'email'
    | 'telhome'
    | 'telmob'
    | 'telwork'
    | 'address1'
    | 'address2'
    | 'address3'
    | 'address4'
    | 'address5'
    | 'postCode'
    | 'biography'
  > & {
    homeSiteId: StaffMember['siteId'];
    roles: string[] | null;
  };

/**
 * The staff of the register: members of the site (staff_sites) employed on the date, and anyone with
 * a shift there that day; by surname, forename, id.
 */
export function registerStaffSql(providerId: number, siteId: number, date: string): SQL {
  return sql`
    with on_shift as (
      select distinct sh.staff_id from shifts sh
      where sh.provider_id = ${providerId} and sh.site_id = ${siteId} and sh.date = ${date}
    ), members as (
      select ss.staff_id from staff_sites ss where ss.provider_id = ${providerId} and ss.site_id = ${siteId}
      union
      select staff_id from on_shift
    )
    select st.id, st.person_id as "personId", p.forename, p.surname, p.has_image as "hasImage", p.title,
      p.email, p.telhome, p.telmob, p.telwork, p.address1, p.address2, p.address3, p.address4, p.address5,
      p.post_code as "postCode", p.biography, st.job_title as "jobTitle", st.site_id as "homeSiteId",
      st.room_id as "roomId", to_char(st.start_date, 'YYYY-MM-DD') as "startDate",
      array(select r.name from staff_roles sr join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id
            where sr.provider_id = st.provider_id and sr.staff_id = st.id order by r.name) as roles
    from members m
    join staff st on st.provider_id = ${providerId} and st.id = m.staff_id
    join people p on p.provider_id = st.provider_id and p.id = st.person_id
    where (st.end_date is null or st.end_date >= ${date}) and (st.start_date is null or st.start_date <= ${date})
      or m.staff_id in (select staff_id from on_shift)
    order by p.surname, p.forename, st.id`;
}

export async function registerStaff(db: Runner, providerId: number, siteId: number, date: string) {
  const r = await db.execute<StaffRow & Record<string, unknown>>(registerStaffSql(providerId, siteId, date));
  return r.rows;
}

export async function siteRooms(db: Runner, providerId: number, siteId: number) {
  return db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.providerId, providerId), eq(rooms.siteId, siteId)))
    .orderBy(asc(rooms.sortOrder), asc(rooms.name), asc(rooms.id));
}

/** The provider's enabled shift statuses, in their order. */
export async function shiftStatusRows(db: Runner, providerId: number) {
  return db
    .select({ id: shiftStatuses.id, code: shiftStatuses.code, value: shiftStatuses.value })
    .from(shiftStatuses)
    .where(and(eq(shiftStatuses.providerId, providerId), eq(shiftStatuses.enabled, true)))
    .orderBy(asc(shiftStatuses.sortOrder), asc(shiftStatuses.id));
}

/** A shift status, as Drizzle infers it from shiftStatusRows' select. */
export type StatusRow = Awaited<ReturnType<typeof shiftStatusRows>>[number];

/** The columns a shift action may set (undefined = unchanged). */
export interface ShiftPatch {
  actualFrom?: string | null;
  actualTo?: string | null;
  actualFromSignature?: string | null;
  actualToSignature?: string | null;
  additionalMins?: number;
  statusId?: number;
  notes?: string | null;
}

/** Sets the patch's columns and bumps the version: every action ends here, once. */
export async function updateShift(
  db: Runner,
  providerId: number,
  shiftId: number,
  patch: ShiftPatch,
  now: Date,
) {
  const sets: SQL[] = [];
  if (patch.actualFrom !== undefined) sets.push(sql`actual_from = ${patch.actualFrom}::time`);
  if (patch.actualTo !== undefined) sets.push(sql`actual_to = ${patch.actualTo}::time`);
  if (patch.actualFromSignature !== undefined)
    sets.push(sql`actual_from_signature = ${patch.actualFromSignature}`);
  if (patch.actualToSignature !== undefined) sets.push(sql`actual_to_signature = ${patch.actualToSignature}`);
  if (patch.additionalMins !== undefined) sets.push(sql`additional_mins = ${patch.additionalMins}`);
  if (patch.statusId !== undefined) sets.push(sql`status_id = ${patch.statusId}`);
  if (patch.notes !== undefined) sets.push(sql`notes = ${patch.notes}`);
  sets.push(sql`version = version + 1`, sql`updated_at = ${now.toISOString()}`);
  await db.execute(sql`
    update shifts set ${sql.join(sets, sql`, `)} where provider_id = ${providerId} and id = ${shiftId}`);
}

export async function insertBreak(
  db: Runner,
  providerId: number,
  shiftId: number,
  timeFrom: string,
  timeTo: string | null,
  fromSignature: string | null = null,
) {
  await db.execute(sql`
    insert into shift_breaks (provider_id, shift_id, time_from, time_to, from_signature)
    values (${providerId}, ${shiftId}, ${timeFrom}::time, ${timeTo}::time, ${fromSignature})`);
}

/**
 * Sets a break's times. A signature confirms the time it was captured at: a changed start or end
 * loses its signature; `toSignature` (ending a break with one) is the new end's.
 */
export async function updateBreak(
  db: Runner,
  providerId: number,
  shiftId: number,
  breakId: number,
  timeFrom: string,
  timeTo: string | null,
  toSignature?: string | null,
) {
  const to =
    toSignature !== undefined
      ? sql`${toSignature}`
      : sql`case when time_to is not distinct from ${timeTo}::time then to_signature end`;
  await db.execute(sql`
    update shift_breaks set
      from_signature = case when time_from = ${timeFrom}::time then from_signature end,
      to_signature = ${to},
      time_from = ${timeFrom}::time, time_to = ${timeTo}::time
    where provider_id = ${providerId} and shift_id = ${shiftId} and id = ${breakId}`);
}

/** Deletes the shift's breaks except the kept ids (all of them when none is kept). */
export async function deleteBreaks(db: Runner, providerId: number, shiftId: number, keep: number[] = []) {
  const kept =
    keep.length > 0
      ? sql`and id not in (${sql.join(
          keep.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`
      : sql``;
  await db.execute(sql`
    delete from shift_breaks where provider_id = ${providerId} and shift_id = ${shiftId} ${kept}`);
}
