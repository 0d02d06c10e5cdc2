// SQL of register signatures, accident signatures, attendance requests and the child page. Every query
// takes the provider first and reads by an index: register_signatures_child_date_idx,
// attendance_requests_site_date_idx, bookings_child_date_combo_key, events_child_type_raised_idx,
// event_subjects_child_idx, child_contacts' primary key.
import { EventStatus } from '@nursery/domain/common';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  attendanceRequests,
  bookings,
  childContacts as childContactsTable,
  children,
  contacts,
  eventSignatures,
  eventSubjects,
  events,
  eventTypes,
  people,
  registerSignatures,
  registerSignatureTypes,
} from '../../db/schema/index.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

type Runner = Pick<Db, 'execute' | 'select'>;

// eventVisibleSql names the event `e`.
const e = alias(events, 'e');

export async function childRow(db: Runner, providerId: number, childId: number) {
  const [row] = await db
    .select({
      id: children.id,
      forename: children.forename,
      surname: children.surname,
      hasImage: children.hasImage,
      siteId: children.siteId,
    })
    .from(children)
    .where(and(eq(children.providerId, providerId), eq(children.id, childId)));
  return row;
}

/** The child's contacts by priority, then name. */
export function childContacts(db: Runner, providerId: number, childId: number) {
  const cc = childContactsTable;
  return db
    .select({
      contactId: contacts.id,
      personId: people.id,
      forename: people.forename,
      surname: people.surname,
      hasImage: people.hasImage,
      relationship: sql<string | null>`coalesce(${cc.relationship}, ${contacts.type})`,
    })
    .from(cc)
    .innerJoin(contacts, and(eq(contacts.providerId, cc.providerId), eq(contacts.id, cc.contactId)))
    .innerJoin(people, and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId)))
    .where(and(eq(cc.providerId, providerId), eq(cc.childId, childId)))
    .orderBy(asc(cc.priority), asc(people.forename), asc(people.surname), asc(contacts.id));
}

export async function signatureTypeExists(db: Runner, providerId: number, typeId: number) {
  const r = await db.execute(
    sql`select 1 from register_signature_types where provider_id = ${providerId} and id = ${typeId} and enabled`,
  );
  return r.rows.length > 0;
}

export function signatureTypes(db: Runner, providerId: number) {
  const t = registerSignatureTypes;
  return db
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(and(eq(t.providerId, providerId), eq(t.enabled, true)))
    .orderBy(asc(t.id));
}

/** The combos the child has a (non-deleted) booking for on the date, with the bookings' sites. */
export function bookedCombos(
  db: Runner,
  providerId: number,
  childId: number,
  date: string,
  comboIds: number[],
) {
  return db
    .select({ comboId: bookings.comboId, siteId: bookings.siteId })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        eq(bookings.childId, childId),
        eq(bookings.date, date),
        inArray(bookings.comboId, comboIds),
        eq(bookings.deleted, false),
      ),
    );
}

/** A register signature with its signer's name and its type's name. */
function signatureSelect(db: Runner) {
  const s = registerSignatures;
  return db
    .select({
      id: s.id,
      childId: s.childId,
      date: s.date,
      comboIds: s.comboIds,
      typeId: s.typeId,
      personId: s.personId,
      dataPath: s.dataPath,
      mimeType: s.mimeType,
      key: s.key,
      createdAt: s.createdAt,
      forename: people.forename,
      surname: people.surname,
      typeName: registerSignatureTypes.name,
    })
    .from(s)
    .innerJoin(people, and(eq(people.providerId, s.providerId), eq(people.id, s.personId)))
    .innerJoin(
      registerSignatureTypes,
      and(eq(registerSignatureTypes.providerId, s.providerId), eq(registerSignatureTypes.id, s.typeId)),
    );
}

export async function insertSignature(
  db: Pick<Db, 'insert'>,
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
  const [r] = await db
    .insert(registerSignatures)
    .values({
      providerId: row.providerId,
      childId: row.childId,
      date: row.date,
      comboIds: row.comboIds,
      typeId: row.typeId,
      personId: row.personId,
      dataPath: row.dataPath,
      mimeType: 'image/png',
      key: row.key,
      createdByUserId: row.userId,
      createdAt: row.now,
    })
    .returning({ id: registerSignatures.id });
  return r!.id;
}

export async function signatureById(db: Runner, providerId: number, id: number) {
  const s = registerSignatures;
  const [row] = await signatureSelect(db).where(and(eq(s.providerId, providerId), eq(s.id, id)));
  return row;
}

/** A child's signatures of a date, oldest first. */
export function childSignatures(db: Runner, providerId: number, childId: number, date: string) {
  const s = registerSignatures;
  return signatureSelect(db)
    .where(and(eq(s.providerId, providerId), eq(s.childId, childId), eq(s.date, date)))
    .orderBy(asc(s.createdAt), asc(s.id));
}

/** The file of a signature (register_signatures' or event_signatures' columns) and the child it names. */
type SignatureFileRow = Pick<typeof registerSignatures.$inferSelect, 'dataPath' | 'mimeType'> & {
  childId: (typeof events.$inferSelect)['childId'];
};

/**
 * The stored file of a signature (register first, then event), by provider, id and key, when the user
 * may see it: a register signature's child is at one of the user's sites; an event signature's event
 * passes THE visibility rule (eventVisibleSql: site, role, status, author). Undefined otherwise.
 */
export async function signatureFile(db: Runner, providerId: number, id: number, key: string, v: Visibility) {
  const r = await db.execute<SignatureFileRow & Record<string, unknown>>(
    sql`select r.data_path as "dataPath", r.mime_type as "mimeType", r.child_id as "childId"
        from register_signatures r
        join children c on c.provider_id = r.provider_id and c.id = r.child_id
        where r.provider_id = ${providerId} and r.id = ${id} and r.key = ${key}
          and c.site_id = any(${sql.param(v.siteIds)}::int[])
        union all
        select s.data_path, s.mime_type, e.child_id from event_signatures s
        join events e on e.provider_id = s.provider_id and e.id = s.event_id
        where s.provider_id = ${providerId} and s.id = ${id} and s.key = ${key} and ${eventVisibleSql(v)}
        limit 1`,
  );
  return r.rows[0];
}

/** An accident's columns the child page and the signature need. */
const ACCIDENT_COLUMNS = { id: e.id, raised: e.raised, notes: e.notes, siteId: e.siteId, childId: e.childId };

/**
 * Published accidents of the child without a parent's signature (register-unsigned-accidents), of
 * those the user may see (THE visibility rule).
 */
export function unsignedAccidents(db: Runner, providerId: number, childId: number, v: Visibility) {
  return db
    .select(ACCIDENT_COLUMNS)
    .from(e)
    .innerJoin(
      eventTypes,
      and(
        eq(eventTypes.providerId, e.providerId),
        eq(eventTypes.id, e.typeId),
        eq(eventTypes.tag, 'accident'),
      ),
    )
    .where(
      and(
        eq(e.providerId, providerId),
        eq(e.childId, childId),
        eq(e.statusId, EventStatus.Published),
        eventVisibleSql(v),
        sql`not exists (select 1 from event_signatures s
                        where s.provider_id = ${e.providerId} and s.event_id = ${e.id} and s.signature_type = 'Parent')`,
      ),
    )
    .orderBy(asc(e.raised), asc(e.id));
}

/** The event (with its type's tag) when the user may see it (THE visibility rule), else undefined. */
export async function accidentById(db: Runner, providerId: number, eventId: number, v: Visibility) {
  const [row] = await db
    .select({ ...ACCIDENT_COLUMNS, tag: eventTypes.tag, statusId: e.statusId })
    .from(e)
    .innerJoin(eventTypes, and(eq(eventTypes.providerId, e.providerId), eq(eventTypes.id, e.typeId)))
    .where(and(eq(e.providerId, providerId), eq(e.id, eventId), eventVisibleSql(v)));
  return row;
}

export async function insertEventSignature(
  db: Pick<Db, 'insert'>,
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
  const [r] = await db
    .insert(eventSignatures)
    .values({
      providerId: row.providerId,
      eventId: row.eventId,
      signatureType: 'Parent',
      personId: row.personId,
      contactId: row.contactId,
      dataPath: row.dataPath,
      mimeType: 'image/png',
      key: row.key,
      createdAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ id: eventSignatures.id });
  return r ? r.id : null;
}

/**
 * Open reminders and tasks naming the child (task type, not closed, not deleted or archived) that the
 * user may see (THE visibility rule: a manager's draft reminder is not shown to a practitioner).
 */
export function childReminders(db: Runner, providerId: number, childId: number, v: Visibility) {
  const su = eventSubjects;
  return db
    .select({ id: e.id, notes: e.notes, due: e.due, raised: e.raised, statusId: e.statusId })
    .from(su)
    .innerJoin(e, and(eq(e.providerId, su.providerId), eq(e.id, su.eventId)))
    .innerJoin(
      eventTypes,
      and(eq(eventTypes.providerId, e.providerId), eq(eventTypes.id, e.typeId), eq(eventTypes.tag, 'task')),
    )
    .where(
      and(
        eq(su.providerId, providerId),
        eq(su.childId, childId),
        sql`${e.date2} is null`,
        notInArray(e.statusId, [EventStatus.Archived, EventStatus.Deleted]),
        eventVisibleSql(v),
      ),
    )
    .orderBy(sql`${e.due} nulls last`, asc(e.raised), asc(e.id))
    .limit(50);
}

/** An attendance request with its contact's name and its signature's key. */
function requestSelect(db: Runner) {
  const r = attendanceRequests;
  return db
    .select({
      id: r.id,
      childId: r.childId,
      siteId: r.siteId,
      date: r.date,
      comboId: bookings.comboId,
      bookingId: r.bookingId,
      type: r.type,
      time: sql<string>`to_char(${r.time}, 'HH24:MI')`,
      notes: r.notes,
      contactId: r.contactId,
      forename: people.forename,
      surname: people.surname,
      hasImage: people.hasImage,
      signatureId: r.signatureId,
      signatureKey: registerSignatures.key,
      approved: r.approved,
      decidedAt: r.decidedAt,
    })
    .from(r)
    .innerJoin(contacts, and(eq(contacts.providerId, r.providerId), eq(contacts.id, r.contactId)))
    .innerJoin(people, and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId)))
    .leftJoin(bookings, and(eq(bookings.providerId, r.providerId), eq(bookings.id, r.bookingId)))
    .leftJoin(
      registerSignatures,
      and(eq(registerSignatures.providerId, r.providerId), eq(registerSignatures.id, r.signatureId)),
    );
}

export function siteRequests(db: Runner, providerId: number, siteId: number, date: string) {
  const r = attendanceRequests;
  return requestSelect(db)
    .where(and(eq(r.providerId, providerId), eq(r.siteId, siteId), eq(r.date, date)))
    .orderBy(asc(r.time), asc(r.id));
}

export async function requestById(db: Runner, providerId: number, id: number, lock = false) {
  const r = attendanceRequests;
  const query = requestSelect(db).where(and(eq(r.providerId, providerId), eq(r.id, id)));
  const [row] = await (lock ? query.for('update', { of: r }) : query);
  return row;
}

/** An attendance request, as Drizzle infers it from the select. */
export type RequestRow = NonNullable<Awaited<ReturnType<typeof requestById>>>;

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

/** A medication record's signatures: type and signer. */
export function medicationSigners(db: Runner, providerId: number, eventId: number) {
  const s = eventSignatures;
  return db
    .select({ type: s.signatureType, personId: s.personId })
    .from(s)
    .where(and(eq(s.providerId, providerId), eq(s.eventId, eventId)));
}

/** The member of staff with this person id who works at the site and has not left before `today`. */
export async function staffSignerAt(
  db: Runner,
  providerId: number,
  siteId: number,
  personId: number,
  today: string,
) {
  const r = await db.execute<{ id: number }>(sql`
    select s.id from staff s
    where s.provider_id = ${providerId} and s.person_id = ${personId}
      and (s.site_id = ${siteId} or exists (
        select 1 from staff_sites ss where ss.provider_id = s.provider_id and ss.staff_id = s.id and ss.site_id = ${siteId}))
      and (s.end_date is null or s.end_date >= ${today}::date)`);
  return r.rows[0] ? Number(r.rows[0].id) : undefined;
}

/** A medication signature (its signer resolved: a staff id or a contact id); null when the type is taken. */
export async function insertMedicationSignature(
  db: Pick<Db, 'insert'>,
  row: Omit<typeof eventSignatures.$inferInsert, 'mimeType'>,
) {
  const [r] = await db
    .insert(eventSignatures)
    .values({ ...row, mimeType: 'image/png' })
    .onConflictDoNothing()
    .returning({ id: eventSignatures.id });
  return r ? r.id : null;
}
