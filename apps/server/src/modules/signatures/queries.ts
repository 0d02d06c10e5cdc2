// SQL of register signatures, accident signatures, attendance requests and the child page. Every query
// takes the provider first and reads by an index: register_signatures_child_date_idx,
// attendance_requests_site_date_idx, bookings_child_date_combo_key, events_child_type_raised_idx,
// event_subjects_child_idx, child_contacts' primary key.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

type Runner = Pick<Db, 'execute'>;

const rows = async <T>(db: Runner, query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows as T[];

export interface ChildRow {
  id: number;
  forename: string;
  surname: string;
  has_image: boolean;
  site_id: number;
}

export async function childRow(db: Runner, providerId: number, childId: number) {
  const [row] = await rows<ChildRow>(
    db,
    sql`select id, forename, surname, has_image, site_id from children
        where provider_id = ${providerId} and id = ${childId}`,
  );
  return row;
}

export interface ContactRow {
  contact_id: number;
  person_id: number;
  forename: string;
  surname: string;
  has_image: boolean;
  relationship: string | null;
}

/** The child's contacts by priority, then name. */
export function childContacts(db: Runner, providerId: number, childId: number) {
  return rows<ContactRow>(
    db,
    sql`select ct.id as contact_id, p.id as person_id, p.forename, p.surname, p.has_image,
          coalesce(cc.relationship, ct.type) as relationship
        from child_contacts cc
        join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
        join people p on p.provider_id = ct.provider_id and p.id = ct.person_id
        where cc.provider_id = ${providerId} and cc.child_id = ${childId}
        order by cc.priority, p.forename, p.surname, ct.id`,
  );
}

export async function signatureTypeExists(db: Runner, providerId: number, typeId: number) {
  const r = await db.execute(
    sql`select 1 from register_signature_types where provider_id = ${providerId} and id = ${typeId} and enabled`,
  );
  return r.rows.length > 0;
}

export function signatureTypes(db: Runner, providerId: number) {
  return rows<{ id: number; name: string }>(
    db,
    sql`select id, name from register_signature_types where provider_id = ${providerId} and enabled order by id`,
  );
}

/** The combos the child has a (non-deleted) booking for on the date, with the bookings' sites. */
export function bookedCombos(
  db: Runner,
  providerId: number,
  childId: number,
  date: string,
  comboIds: number[],
) {
  const combos = sql.join(
    comboIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return rows<{ combo_id: number; site_id: number }>(
    db,
    sql`select combo_id, site_id from bookings
        where provider_id = ${providerId} and child_id = ${childId} and date = ${date}
          and combo_id in (${combos}) and not deleted`,
  );
}

export interface SignatureRow {
  id: number | string;
  child_id: number;
  date: string;
  combo_ids: number[];
  type_id: number;
  person_id: number;
  data_path: string | null;
  mime_type: string | null;
  key: string;
  created_at: Date | string;
  forename: string;
  surname: string;
  type_name: string;
}

const SIGNATURE_COLUMNS = sql`
  s.id, s.child_id, to_char(s.date, 'YYYY-MM-DD') as date, s.combo_ids, s.type_id, s.person_id,
  s.data_path, s.mime_type, s.key, s.created_at, p.forename, p.surname, t.name as type_name`;
const SIGNATURE_JOINS = sql`
  join people p on p.provider_id = s.provider_id and p.id = s.person_id
  join register_signature_types t on t.provider_id = s.provider_id and t.id = s.type_id`;

export async function insertSignature(
  db: Runner,
  row: {
    providerId: number;
    childId: number;
    date: string;
    comboIds: number[];
    typeId: number;
    personId: number;
    dataPath: string;
    key: string;
    userId: number;
    now: Date;
  },
) {
  const ids = sql.join(
    row.comboIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const [r] = await rows<{ id: number | string }>(
    db,
    sql`insert into register_signatures
          (provider_id, child_id, date, combo_ids, type_id, person_id, data_path, mime_type, key,
           created_by_user_id, created_at)
        values (${row.providerId}, ${row.childId}, ${row.date}, array[${ids}], ${row.typeId}, ${row.personId},
          ${row.dataPath}, 'image/png', ${row.key}, ${row.userId}, ${row.now.toISOString()})
        returning id`,
  );
  return Number(r!.id);
}

export async function signatureById(db: Runner, providerId: number, id: number) {
  const [row] = await rows<SignatureRow>(
    db,
    sql`select ${SIGNATURE_COLUMNS} from register_signatures s ${SIGNATURE_JOINS}
        where s.provider_id = ${providerId} and s.id = ${id}`,
  );
  return row;
}

/** A child's signatures of a date, oldest first. */
export function childSignatures(db: Runner, providerId: number, childId: number, date: string) {
  return rows<SignatureRow>(
    db,
    sql`select ${SIGNATURE_COLUMNS} from register_signatures s ${SIGNATURE_JOINS}
        where s.provider_id = ${providerId} and s.child_id = ${childId} and s.date = ${date}
        order by s.created_at, s.id`,
  );
}

/**
 * The stored file of a signature (register first, then event), by provider, id and key, when the user
 * may see it: a register signature's child is at one of the user's sites; an event signature's event
 * passes THE visibility rule (eventVisibleSql: site, role, status, author). Undefined otherwise.
 */
export async function signatureFile(db: Runner, providerId: number, id: number, key: string, v: Visibility) {
  const [row] = await rows<{ data_path: string | null; mime_type: string | null; child_id: number | null }>(
    db,
    sql`select r.data_path, r.mime_type, r.child_id from register_signatures r
        join children c on c.provider_id = r.provider_id and c.id = r.child_id
        where r.provider_id = ${providerId} and r.id = ${id} and r.key = ${key}
          and c.site_id = any(${sql.param(v.siteIds)}::int[])
        union all
        select s.data_path, s.mime_type, e.child_id from event_signatures s
        join events e on e.provider_id = s.provider_id and e.id = s.event_id
        where s.provider_id = ${providerId} and s.id = ${id} and s.key = ${key} and ${eventVisibleSql(v)}
        limit 1`,
  );
  return row;
}

export interface AccidentRow {
  id: number | string;
  raised: Date | string;
  notes: string | null;
  site_id: number;
  child_id: number;
}

/**
 * Published accidents of the child without a parent's signature (register-unsigned-accidents), of
 * those the user may see (THE visibility rule).
 */
export function unsignedAccidents(db: Runner, providerId: number, childId: number, v: Visibility) {
  return rows<AccidentRow>(
    db,
    sql`select e.id, e.raised, e.notes, e.site_id, e.child_id from events e
        join event_types t on t.provider_id = e.provider_id and t.id = e.type_id and t.tag = 'accident'
        where e.provider_id = ${providerId} and e.child_id = ${childId} and e.status_id = 5
          and ${eventVisibleSql(v)}
          and not exists (select 1 from event_signatures s
                          where s.provider_id = e.provider_id and s.event_id = e.id and s.signature_type = 'Parent')
        order by e.raised, e.id`,
  );
}

/** The event (with its type's tag) when the user may see it (THE visibility rule), else undefined. */
export async function accidentById(db: Runner, providerId: number, eventId: number, v: Visibility) {
  const [row] = await rows<AccidentRow & { tag: string; status_id: number }>(
    db,
    sql`select e.id, e.raised, e.notes, e.site_id, e.child_id, t.tag, e.status_id from events e
        join event_types t on t.provider_id = e.provider_id and t.id = e.type_id
        where e.provider_id = ${providerId} and e.id = ${eventId} and ${eventVisibleSql(v)}`,
  );
  return row;
}

export async function insertEventSignature(
  db: Runner,
  row: {
    providerId: number;
    eventId: number;
    personId: number;
    contactId: number;
    dataPath: string;
    key: string;
    now: Date;
  },
) {
  const [r] = await rows<{ id: number | string }>(
    db,
    sql`insert into event_signatures
          (provider_id, event_id, signature_type, person_id, contact_id, data_path, mime_type, key, created_at)
        values (${row.providerId}, ${row.eventId}, 'Parent', ${row.personId}, ${row.contactId},
          ${row.dataPath}, 'image/png', ${row.key}, ${row.now.toISOString()})
        on conflict do nothing
        returning id`,
  );
  return r ? Number(r.id) : null;
}

export interface ReminderRow {
  id: number | string;
  notes: string | null;
  due: Date | string | null;
  raised: Date | string;
  status_id: number;
}

/**
 * Open reminders and tasks naming the child (task type, not closed, not deleted or archived) that the
 * user may see (THE visibility rule: a manager's draft reminder is not shown to a practitioner).
 */
export function childReminders(db: Runner, providerId: number, childId: number, v: Visibility) {
  return rows<ReminderRow>(
    db,
    sql`select e.id, e.notes, e.due, e.raised, e.status_id from event_subjects su
        join events e on e.provider_id = su.provider_id and e.id = su.event_id
        join event_types t on t.provider_id = e.provider_id and t.id = e.type_id and t.tag = 'task'
        where su.provider_id = ${providerId} and su.child_id = ${childId}
          and e.date2 is null and e.status_id not in (4, 6) and ${eventVisibleSql(v)}
        order by e.due nulls last, e.raised, e.id
        limit 50`,
  );
}

export interface RequestRow {
  id: number;
  child_id: number;
  site_id: number;
  date: string;
  combo_id: number | null;
  booking_id: number | string | null;
  type: 'drop-off' | 'pick-up';
  time: string;
  notes: string | null;
  contact_id: number;
  forename: string;
  surname: string;
  has_image: boolean;
  signature_id: number | string | null;
  signature_key: string | null;
  approved: boolean | null;
  decided_at: Date | string | null;
}

const REQUEST_SELECT = sql`
  select r.id, r.child_id, r.site_id, to_char(r.date, 'YYYY-MM-DD') as date, b.combo_id, r.booking_id,
    r.type, to_char(r.time, 'HH24:MI') as time, r.notes, r.contact_id, p.forename, p.surname, p.has_image,
    r.signature_id, s.key as signature_key, r.approved, r.decided_at
  from attendance_requests r
  join contacts ct on ct.provider_id = r.provider_id and ct.id = r.contact_id
  join people p on p.provider_id = ct.provider_id and p.id = ct.person_id
  left join bookings b on b.provider_id = r.provider_id and b.id = r.booking_id
  left join register_signatures s on s.provider_id = r.provider_id and s.id = r.signature_id`;

export function siteRequests(db: Runner, providerId: number, siteId: number, date: string) {
  return rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT}
        where r.provider_id = ${providerId} and r.site_id = ${siteId} and r.date = ${date}
        order by r.time, r.id`,
  );
}

export async function requestById(db: Runner, providerId: number, id: number, lock = false) {
  const [row] = await rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT} where r.provider_id = ${providerId} and r.id = ${id}
        ${lock ? sql`for update of r` : sql``}`,
  );
  return row;
}

export async function decideRequest(
  db: Runner,
  providerId: number,
  id: number,
  approved: boolean,
  userId: number,
  now: Date,
) {
  await db.execute(sql`
    update attendance_requests set approved = ${approved}, decided_by_user_id = ${userId},
      decided_at = ${now.toISOString()}
    where provider_id = ${providerId} and id = ${id}`);
}
