// The settings' Children page (issue 29): the list of the user's sites' children (keyset-paged by
// surname, forename, id: children_site_name_idx), one child's record, and the form's choices. Every
// query takes providerId first; the site filter is always the user's sites.
import type { ChildListStatus } from '@nursery/domain/settings';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { bookingPatterns, children } from '../../db/schema/index.ts';

type Runner = Pick<Db, 'execute'>;
type Child = typeof children.$inferSelect;
type Pattern = typeof bookingPatterns.$inferSelect;

export const CHILD_PAGE_SIZE = 50;

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** A row of the list: the children table's fields, dates as 'YYYY-MM-DD' text. */
export type ChildListRow = Pick<
  Child,
  'id' | 'forename' | 'surname' | 'hasImage' | 'dob' | 'startDate' | 'endDate'
> & {
  siteId: Child['siteId'];
  roomId: Child['roomId'];
  archived: boolean;
};

const LIST_COLUMNS = sql`c.id, c.forename, c.surname, c.has_image as "hasImage",
  to_char(c.dob, 'YYYY-MM-DD') as dob, to_char(c.start_date, 'YYYY-MM-DD') as "startDate",
  to_char(c.end_date, 'YYYY-MM-DD') as "endDate", c.site_id as "siteId", c.room_id as "roomId",
  c.archived_at is not null as archived`;

/** The children of one status on `today` (childRecord.ts childListStatus, as SQL). */
function statusSql(status: ChildListStatus, today: string): SQL {
  if (status === 'archived') return sql`c.archived_at is not null`;
  if (status === 'leavers') return sql`c.archived_at is null and c.end_date < ${today}::date`;
  return sql`c.archived_at is null and (c.end_date is null or c.end_date >= ${today}::date)`;
}

/** `%text%` for ILIKE with the user's % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export interface ChildListFilter {
  siteIds: readonly number[];
  roomId?: number;
  status: ChildListStatus;
  search?: string;
  today: string;
  after?: { surname: string; forename: string; id: number };
}

/** One page (plus one row, to tell a next page exists) of the list, by surname, forename, id. */
export function childListSql(providerId: number, f: ChildListFilter): SQL {
  const search = f.search?.trim();
  return sql`select ${LIST_COLUMNS} from children c
    where c.provider_id = ${providerId} and c.site_id = any(${ints(f.siteIds)})
      and ${statusSql(f.status, f.today)}
      ${f.roomId !== undefined ? sql`and c.room_id = ${f.roomId}` : sql``}
      ${
        search
          ? sql`and (c.forename ilike ${containing(search)} or c.surname ilike ${containing(search)}
              or (c.forename || ' ' || c.surname) ilike ${containing(search)})`
          : sql``
      }
      ${
        f.after
          ? sql`and (c.surname, c.forename, c.id) > (${f.after.surname}, ${f.after.forename}, ${f.after.id})`
          : sql``
      }
    order by c.surname, c.forename, c.id
    limit ${CHILD_PAGE_SIZE + 1}`;
}

export async function childListRows(db: Runner, providerId: number, f: ChildListFilter) {
  return (await db.execute<ChildListRow & Record<string, unknown>>(childListSql(providerId, f))).rows;
}

export type ChildRecordRow = ChildListRow &
  Pick<
    Child,
    | 'gender'
    | 'eal'
    | 'eypp'
    | 'send'
    | 'twoYearFunded'
    | 'allergies'
    | 'dietaryNeeds'
    | 'medicalNotes'
    | 'photoConsent'
  > & { keyPersonId: number | null };

/** One child of the provider with its key person (the first by id), whatever its site. */
export async function childRecordRow(db: Runner, providerId: number, childId: number) {
  const r = await db.execute<ChildRecordRow & Record<string, unknown>>(sql`
    select ${LIST_COLUMNS}, c.gender, c.eal, c.eypp, c.send, c.two_year_funded as "twoYearFunded",
      c.allergies, c.dietary_needs as "dietaryNeeds", c.medical_notes as "medicalNotes",
      c.photo_consent as "photoConsent",
      (select kc.staff_id from key_children kc where kc.provider_id = c.provider_id and kc.child_id = c.id
       order by kc.staff_id limit 1) as "keyPersonId"
    from children c where c.provider_id = ${providerId} and c.id = ${childId}`);
  return r.rows[0];
}

export type PatternRow = Pick<
  Pattern,
  'id' | 'childId' | 'siteId' | 'comboId' | 'weekdays' | 'intervalWeeks'
> & {
  from: string;
  to: string | null;
  bookedThrough: string;
  comboName: string;
  start: string;
  end: string;
};

const PATTERN_COLUMNS = sql`p.id, p.child_id as "childId", p.site_id as "siteId", p.combo_id as "comboId",
  p.weekdays, p.interval_weeks as "intervalWeeks", to_char(p.from_date, 'YYYY-MM-DD') as "from",
  to_char(p.to_date, 'YYYY-MM-DD') as "to", to_char(p.booked_through, 'YYYY-MM-DD') as "bookedThrough",
  co.name as "comboName", to_char(co.start, 'HH24:MI') as start, to_char(co."end", 'HH24:MI') as "end"`;

export async function patternRowsOfChild(db: Runner, providerId: number, childId: number) {
  const r = await db.execute<PatternRow & Record<string, unknown>>(sql`
    select ${PATTERN_COLUMNS} from booking_patterns p
    join session_combos co on co.provider_id = p.provider_id and co.id = p.combo_id
    where p.provider_id = ${providerId} and p.child_id = ${childId}
    order by p.from_date, co.start, p.id`);
  return r.rows;
}

export async function patternRow(db: Runner, providerId: number, patternId: number) {
  const r = await db.execute<PatternRow & Record<string, unknown>>(sql`
    select ${PATTERN_COLUMNS} from booking_patterns p
    join session_combos co on co.provider_id = p.provider_id and co.id = p.combo_id
    where p.provider_id = ${providerId} and p.id = ${patternId}`);
  return r.rows[0];
}

/** The site's patterns not yet written through `day` (and not ended before their written days). */
export async function patternsBehind(db: Runner, providerId: number, siteId: number, day: string) {
  const r = await db.execute<PatternRow & Record<string, unknown>>(sql`
    select ${PATTERN_COLUMNS} from booking_patterns p
    join session_combos co on co.provider_id = p.provider_id and co.id = p.combo_id
    where p.provider_id = ${providerId} and p.site_id = ${siteId} and p.booked_through < ${day}::date
      and (p.to_date is null or p.booked_through < p.to_date)`);
  return r.rows;
}

/** The form's choices at the user's sites: sites, rooms, staff still employed, enabled sessions. */
export async function childFormOptions(
  db: Runner,
  providerId: number,
  siteIds: readonly number[],
  today: string,
) {
  const sites = ints(siteIds);
  const [siteRows, roomRows, staffRows, sessionRows] = await Promise.all([
    db.execute<{ id: number; name: string }>(sql`select id, name from sites
      where provider_id = ${providerId} and id = any(${sites}) order by name, id`),
    db.execute<{
      id: number;
      name: string;
      siteID: number;
    }>(sql`select id, name, site_id as "siteID" from rooms
      where provider_id = ${providerId} and site_id = any(${sites}) order by sort_order, name, id`),
    db.execute<{ id: number; forename: string; surname: string; siteIDs: number[] }>(sql`
      select st.id, pe.forename, pe.surname,
        array(select x from unnest(array_append(array(select ss.site_id from staff_sites ss
          where ss.provider_id = st.provider_id and ss.staff_id = st.id), st.site_id)) x
          where x = any(${sites}) group by x order by x) as "siteIDs"
      from staff st join people pe on pe.provider_id = st.provider_id and pe.id = st.person_id
      where st.provider_id = ${providerId} and (st.end_date is null or st.end_date >= ${today}::date)
        and (st.site_id = any(${sites}) or exists (select 1 from staff_sites ss
          where ss.provider_id = st.provider_id and ss.staff_id = st.id and ss.site_id = any(${sites})))
      order by pe.surname, pe.forename, st.id`),
    db.execute<{ id: number; name: string; start: string; end: string; siteID: number }>(sql`
      select id, name, to_char(start, 'HH24:MI') as start, to_char("end", 'HH24:MI') as "end", site_id as "siteID"
      from session_combos where provider_id = ${providerId} and site_id = any(${sites}) and enabled
      order by sort_order, start, id`),
  ]);
  return { sites: siteRows.rows, rooms: roomRows.rows, staff: staffRows.rows, sessions: sessionRows.rows };
}

/** Whether the room is one of the site's. */
export async function roomOfSite(db: Runner, providerId: number, siteId: number, roomId: number) {
  const r = await db.execute(sql`select 1 from rooms
    where provider_id = ${providerId} and site_id = ${siteId} and id = ${roomId}`);
  return r.rows.length > 0;
}

/** Whether the member of staff works at the site (home site or staff_sites). */
export async function staffOfSite(db: Runner, providerId: number, siteId: number, staffId: number) {
  const r =
    await db.execute(sql`select 1 from staff st where st.provider_id = ${providerId} and st.id = ${staffId}
    and (st.site_id = ${siteId} or exists (select 1 from staff_sites ss
      where ss.provider_id = st.provider_id and ss.staff_id = st.id and ss.site_id = ${siteId}))`);
  return r.rows.length > 0;
}

/** Whether the session is an enabled one of the site. */
export async function comboOfSite(db: Runner, providerId: number, siteId: number, comboId: number) {
  const r = await db.execute(sql`select 1 from session_combos
    where provider_id = ${providerId} and site_id = ${siteId} and id = ${comboId} and enabled`);
  return r.rows.length > 0;
}
