// SQL of the requests a manager decides. Every query takes the provider first; the pending lists read
// through the (provider_id, status, created_at) indexes of their tables, one query per list (the sites
// of a change request's person as index-backed subqueries per row, no N+1).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A transaction or the database: the queries run in either. */
export type Runner = Pick<Db, 'execute'>;

const rowsOf = async <T>(db: Runner, query: SQL) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows as T[];

/** The child columns of a request (ChildAvatar: photo flag, name, age, room). */
const CHILD_COLUMNS = sql`c.id as child_id, c.forename as child_forename, c.surname as child_surname,
  c.has_image as child_has_image, c.dob::text as child_dob, c.room_id as child_room_id,
  rm.name as child_room_name, c.site_id as child_site_id`;

export interface ChildColumns {
  child_id: number;
  child_forename: string;
  child_surname: string;
  child_has_image: boolean;
  child_dob: string;
  child_room_id: number | null;
  child_room_name: string | null;
  child_site_id: number;
}

export interface BookingRequestRow extends ChildColumns {
  id: number;
  date: string;
  combo_id: number;
  combo_name: string;
  request_notes: string | null;
  created_at: Date | string;
  person_id: number;
  person_forename: string;
  person_surname: string;
  booking_id: string | number | null;
}

const bookingRequestSelect = (providerId: number, where: SQL) => sql`
  select br.id, br.date::text as date, br.combo_id, sc.name as combo_name, br.request_notes, br.created_at,
    br.booking_id, p.id as person_id, p.forename as person_forename, p.surname as person_surname, ${CHILD_COLUMNS}
  from booking_requests br
  join children c on c.provider_id = br.provider_id and c.id = br.child_id
  left join rooms rm on rm.provider_id = c.provider_id and rm.id = c.room_id
  join people p on p.provider_id = br.provider_id and p.id = br.person_id
  join session_combos sc on sc.provider_id = br.provider_id and sc.id = br.combo_id
  where br.provider_id = ${providerId} and ${where}`;

/** Pending booking requests of the site's children from `fromDate` on, oldest first. */
export function pendingBookingRequests(db: Runner, providerId: number, siteId: number, fromDate: string) {
  return rowsOf<BookingRequestRow>(
    db,
    sql`${bookingRequestSelect(providerId, sql`br.status = 'pending' and c.site_id = ${siteId} and br.date >= ${fromDate}`)}
      order by br.created_at, br.id`,
  );
}

/** One pending booking request, locked for the decision that follows. */
export async function lockPendingBookingRequest(db: Runner, providerId: number, id: number) {
  const [row] = await rowsOf<BookingRequestRow>(
    db,
    sql`${bookingRequestSelect(providerId, sql`br.id = ${id} and br.status = 'pending'`)} for update of br`,
  );
  return row;
}

export async function decideBookingRequest(
  db: Runner,
  providerId: number,
  id: number,
  decision: {
    status: 'approved' | 'declined';
    categoryId: number | null;
    responseNotes: string | null;
    userId: number;
    now: Date;
  },
) {
  await db.execute(sql`
    update booking_requests set status = ${decision.status}, mark_off_category_id = ${decision.categoryId},
      response_notes = ${decision.responseNotes}, decided_by_user_id = ${decision.userId},
      decided_at = ${decision.now.toISOString()}
    where provider_id = ${providerId} and id = ${id} and status = 'pending'`);
}

/** The enabled mark-off categories (no site is excluded: categories are provider-wide). */
export function enabledMarkOffCategories(db: Runner, providerId: number) {
  return rowsOf<{ id: number; value: string; code: string }>(
    db,
    sql`select id, value, code from mark_off_categories
        where provider_id = ${providerId} and enabled order by sort_order, id`,
  );
}

/** The user account of a person (the requester a notification goes to), if they have one. */
export async function userOfPerson(db: Runner, providerId: number, personId: number) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from user_accounts where provider_id = ${providerId} and person_id = ${personId} and not disabled`,
  );
  return row?.id ?? null;
}

export async function insertInAppMessage(
  db: Runner,
  providerId: number,
  userId: number,
  blob: Record<string, unknown>,
  now: Date,
) {
  await db.execute(sql`
    insert into notifications (provider_id, user_id, name, json_blob, timestamp)
    values (${providerId}, ${userId}, 'in-app-message', ${JSON.stringify(blob)}::jsonb, ${now.toISOString()})`);
}

export async function insertAudit(
  db: Runner,
  providerId: number,
  entry: { userId: number; action: string; entity: string; entityId: number; details: unknown; now: Date },
) {
  await db.execute(sql`
    insert into audit_log (provider_id, at, user_id, action, entity, entity_id, details)
    values (${providerId}, ${entry.now.toISOString()}, ${entry.userId}, ${entry.action}, ${entry.entity},
      ${String(entry.entityId)}, ${JSON.stringify(entry.details)}::jsonb)`);
}

// ---- Change requests --------------------------------------------------------------------------------

/** The person's current details, as the people table holds them. */
export interface PersonDetails {
  telmob: string | null;
  telwork: string | null;
  telhome: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  address5: string | null;
  postcode: string | null;
  biography: string | null;
}

export interface ChangeRequestRow extends PersonDetails {
  id: number;
  person_id: number;
  table_name: 'Contacts' | 'StaffMember';
  fields: Record<string, unknown>;
  requested_by_user_id: number | null;
  created_at: Date | string;
  forename: string;
  surname: string;
  requester_person_id: number | null;
  requester_forename: string | null;
  requester_surname: string | null;
  externally_managed: boolean | null;
  /** Sites of the contact's children, or the staff member's sites (home site and staff_sites). */
  site_ids: number[] | null;
}

const changeRequestSelect = (providerId: number, where: SQL) => sql`
  select cr.id, cr.person_id, cr.table_name, cr.fields, cr.requested_by_user_id, cr.created_at,
    p.forename, p.surname, p.telmob, p.telwork, p.telhome, p.address1, p.address2, p.address3, p.address4,
    p.address5, p.post_code as postcode, p.biography,
    rp.id as requester_person_id, rp.forename as requester_forename, rp.surname as requester_surname,
    ct.externally_managed,
    case when cr.table_name = 'Contacts' then
      array(select distinct ch.site_id from child_contacts cc
            join children ch on ch.provider_id = cc.provider_id and ch.id = cc.child_id
            where cc.provider_id = cr.provider_id and cc.contact_id = ct.id)
    else
      array(select st.site_id union select ss.site_id from staff_sites ss
            where ss.provider_id = st.provider_id and ss.staff_id = st.id)
    end as site_ids
  from change_requests cr
  join people p on p.provider_id = cr.provider_id and p.id = cr.person_id
  left join contacts ct on ct.provider_id = cr.provider_id and ct.person_id = cr.person_id
  left join staff st on st.provider_id = cr.provider_id and st.person_id = cr.person_id
  left join user_accounts ua on ua.provider_id = cr.provider_id and ua.id = cr.requested_by_user_id
  left join people rp on rp.provider_id = ua.provider_id and rp.id = ua.person_id
  where cr.provider_id = ${providerId} and ${where}`;

/** Pending change requests of the given tables (Contacts, StaffMember), oldest first. */
export function pendingChangeRequests(db: Runner, providerId: number, tables: readonly string[]) {
  if (tables.length === 0) return Promise.resolve([]);
  const list = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  return rowsOf<ChangeRequestRow>(
    db,
    sql`${changeRequestSelect(providerId, sql`cr.status = 'pending' and cr.table_name in (${list})`)}
      order by cr.created_at, cr.id`,
  );
}

export async function lockPendingChangeRequest(db: Runner, providerId: number, id: number) {
  const [row] = await rowsOf<ChangeRequestRow>(
    db,
    sql`${changeRequestSelect(providerId, sql`cr.id = ${id} and cr.status = 'pending'`)} for update of cr`,
  );
  return row;
}

/** The people columns of the change request fields (postcode is post_code). */
const PEOPLE_COLUMN: Record<keyof PersonDetails, string> = {
  telmob: 'telmob',
  telwork: 'telwork',
  telhome: 'telhome',
  address1: 'address1',
  address2: 'address2',
  address3: 'address3',
  address4: 'address4',
  address5: 'address5',
  postcode: 'post_code',
  biography: 'biography',
};

export async function updatePersonDetails(
  db: Runner,
  providerId: number,
  personId: number,
  values: Partial<Record<keyof PersonDetails, string | null>>,
) {
  const sets = Object.entries(values).map(
    ([field, value]) =>
      sql`${sql.identifier(PEOPLE_COLUMN[field as keyof PersonDetails])} = ${value ?? null}`,
  );
  if (sets.length === 0) return;
  await db.execute(sql`
    update people set ${sql.join(sets, sql`, `)} where provider_id = ${providerId} and id = ${personId}`);
}

export async function decideChangeRequest(
  db: Runner,
  providerId: number,
  id: number,
  status: 'approved' | 'declined',
  userId: number,
  now: Date,
) {
  await db.execute(sql`
    update change_requests set status = ${status}, decided_by_user_id = ${userId}, decided_at = ${now.toISOString()}
    where provider_id = ${providerId} and id = ${id} and status = 'pending'`);
}

// ---- GDPR erasure requests --------------------------------------------------------------------------

/** A request's child columns when it may have no child (all null). */
export type NullableChildColumns = { [K in keyof ChildColumns]: ChildColumns[K] | null };

export interface GdprRequestRow extends NullableChildColumns {
  id: number;
  person_id: number | null;
  person_forename: string | null;
  person_surname: string | null;
  creator_user_id: number;
  creator_person_id: number;
  creator_forename: string;
  creator_surname: string;
  reason: string | null;
  created_at: Date | string;
}

const gdprSelect = (providerId: number, where: SQL) => sql`
  select g.id, g.reason, g.created_at, g.creator_user_id, g.person_id,
    p.forename as person_forename, p.surname as person_surname,
    cp.id as creator_person_id, cp.forename as creator_forename, cp.surname as creator_surname, ${CHILD_COLUMNS}
  from gdpr_erasure_requests g
  left join children c on c.provider_id = g.provider_id and c.id = g.child_id
  left join rooms rm on rm.provider_id = c.provider_id and rm.id = c.room_id
  left join people p on p.provider_id = g.provider_id and p.id = g.person_id
  join user_accounts ua on ua.provider_id = g.provider_id and ua.id = g.creator_user_id
  join people cp on cp.provider_id = ua.provider_id and cp.id = ua.person_id
  where g.provider_id = ${providerId} and ${where}`;

export function pendingGdprRequests(db: Runner, providerId: number) {
  return rowsOf<GdprRequestRow>(
    db,
    sql`${gdprSelect(providerId, sql`g.status = 'pending'`)} order by g.created_at, g.id`,
  );
}

export async function lockPendingGdprRequest(db: Runner, providerId: number, id: number) {
  const [row] = await rowsOf<GdprRequestRow>(
    db,
    sql`${gdprSelect(providerId, sql`g.id = ${id} and g.status = 'pending'`)} for update of g`,
  );
  return row;
}

export async function decideGdprRequest(
  db: Runner,
  providerId: number,
  id: number,
  status: 'approved' | 'declined',
  userId: number,
  now: Date,
) {
  await db.execute(sql`
    update gdpr_erasure_requests set status = ${status}, decided_by_user_id = ${userId},
      decided_at = ${now.toISOString()}, reason = case when ${status} = 'approved' then null else reason end
    where provider_id = ${providerId} and id = ${id} and status = 'pending'`);
}

/** The site's time zone (today there decides which booking requests are still open). */
export async function siteZone(db: Runner, providerId: number, siteId: number) {
  const [row] = await rowsOf<{ time_zone: string }>(
    db,
    sql`select time_zone from sites where provider_id = ${providerId} and id = ${siteId}`,
  );
  return row?.time_zone ?? null;
}
