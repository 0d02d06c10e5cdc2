// SQL of the medication record (issue 31): its medicationInfo row, its signatures with their signers'
// names, the site's staff who may sign, the child's contacts and record, and the child's recent doses.
// Every query takes the provider first and reads by an index: event_medication's and
// event_signatures' primary keys and event_signatures_type_key, staff_site_idx / staff_sites_site_idx,
// child_contacts' primary key, events_child_type_raised_idx.
import { EventStatus } from '@nursery/domain/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  childContacts,
  children,
  contacts,
  eventMedication,
  eventSignatures,
  people,
} from '../../db/schema/index.ts';
import { eventVisibleSql, type Tx, type Visibility } from '../events/index.ts';

type Runner = Pick<Db, 'execute' | 'select'>;

export type MedicationRow = typeof eventMedication.$inferSelect;
export type NewMedicationRow = typeof eventMedication.$inferInsert;

export async function medicationOf(db: Runner, providerId: number, eventId: number) {
  const [row] = await db
    .select()
    .from(eventMedication)
    .where(and(eq(eventMedication.providerId, providerId), eq(eventMedication.eventId, eventId)));
  return row;
}

/** The event's signatures (every type) with their signers' names, in the order they were made. */
export function signaturesOf(db: Runner, providerId: number, eventId: number) {
  const s = eventSignatures;
  return db
    .select({
      id: s.id,
      signatureType: s.signatureType,
      personId: s.personId,
      staffId: s.staffId,
      contactId: s.contactId,
      key: s.key,
      dataPath: s.dataPath,
      createdAt: s.createdAt,
      forename: people.forename,
      surname: people.surname,
    })
    .from(s)
    .innerJoin(people, and(eq(people.providerId, s.providerId), eq(people.id, s.personId)))
    .where(and(eq(s.providerId, providerId), eq(s.eventId, eventId)))
    .orderBy(asc(s.createdAt), asc(s.id));
}
export type SignatureRow = Awaited<ReturnType<typeof signaturesOf>>[number];

/**
 * The site's staff who may sign today (the site's day at `now`): its home staff and those given access through staff_sites,
 * without an end date before today; by surname, forename and id. Only `staffIds` when given.
 */
export async function siteSigners(
  db: Runner,
  providerId: number,
  siteId: number,
  now: Date,
  staffIds?: number[],
) {
  const only = staffIds ? sql`and s.id = any(${sql.param(staffIds)}::int[])` : sql``;
  const r = await db.execute<{
    id: number;
    person_id: number;
    forename: string;
    surname: string;
    has_image: boolean;
  }>(sql`
    select s.id, s.person_id, p.forename, p.surname, p.has_image
    from staff s
    join people p on p.provider_id = s.provider_id and p.id = s.person_id
    where s.provider_id = ${providerId}
      and (s.site_id = ${siteId} or exists (
        select 1 from staff_sites ss
        where ss.provider_id = s.provider_id and ss.staff_id = s.id and ss.site_id = ${siteId}))
      and (s.end_date is null or s.end_date >= (${now.toISOString()}::timestamptz at time zone coalesce(
        (select st.time_zone from sites st where st.provider_id = s.provider_id and st.id = ${siteId}), 'Europe/London'))::date)
      ${only}
    order by p.surname, p.forename, s.id`);
  return r.rows.map((row) => ({
    id: Number(row.id),
    personID: Number(row.person_id),
    forename: row.forename,
    surname: row.surname,
    hasImage: row.has_image,
  }));
}

/** The children's contacts (Consent signers), each child's by priority, then name. */
export function contactsOfChildren(db: Runner, providerId: number, childIds: readonly number[]) {
  const cc = childContacts;
  return db
    .select({
      childID: cc.childId,
      id: contacts.id,
      personID: people.id,
      forename: people.forename,
      surname: people.surname,
      relation: sql<string | null>`coalesce(${cc.relationship}, ${contacts.type})`,
      hasImage: people.hasImage,
    })
    .from(cc)
    .innerJoin(contacts, and(eq(contacts.providerId, cc.providerId), eq(contacts.id, cc.contactId)))
    .innerJoin(people, and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId)))
    .where(and(eq(cc.providerId, providerId), inArray(cc.childId, [...childIds])))
    .orderBy(asc(cc.childId), asc(cc.priority), asc(people.forename), asc(people.surname), asc(contacts.id));
}

/** The children as the form shows them: name, site, and the allergies and medical notes of their record. */
export function childRecords(db: Runner, providerId: number, childIds: readonly number[]) {
  return db
    .select({
      id: children.id,
      forename: children.forename,
      surname: children.surname,
      siteID: children.siteId,
      allergies: children.allergies,
      medicalNotes: children.medicalNotes,
    })
    .from(children)
    .where(and(eq(children.providerId, providerId), inArray(children.id, [...childIds])));
}

/**
 * The children's medication doses (medication events not deleted, with their medicationInfo) raised at
 * or after `since`, of those the user may see (THE visibility rule), each child's newest first (at most
 * 50 each: the interval check needs the last few).
 */
export async function recentDosesOfChildren(
  db: Runner,
  providerId: number,
  childIds: readonly number[],
  medicationTypeId: number,
  since: Date,
  v: Visibility,
) {
  const r = await db.execute<{
    child_id: number;
    id: number;
    name: string;
    raised: Date | string;
    frequency: string | null;
  }>(sql`
    select child_id, id, name, raised, frequency from (
      select e.child_id, e.id, m.name, e.raised, m.frequency,
        row_number() over (partition by e.child_id order by e.raised desc, e.id desc) as n
      from events e
      join event_medication m on m.provider_id = e.provider_id and m.event_id = e.id
      where e.provider_id = ${providerId}
        and e.child_id in (${sql.join(
          childIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and e.type_id = ${medicationTypeId}
        and e.raised >= ${since.toISOString()}::timestamptz and e.status_id <> ${EventStatus.Deleted}
        and ${eventVisibleSql(v)}
    ) d
    where n <= 50
    order by child_id, raised desc, id desc`);
  return r.rows.map((row) => ({
    childID: Number(row.child_id),
    eventID: Number(row.id),
    name: row.name,
    raised: new Date(row.raised).toISOString(),
    frequency: row.frequency,
  }));
}

export function insertMedication(tx: Tx, row: NewMedicationRow) {
  return tx.insert(eventMedication).values(row);
}

/** Writes the record's medicationInfo (an event saved before without one gets its row). */
export function upsertMedication(tx: Tx, row: NewMedicationRow) {
  const { providerId: _p, eventId: _e, ...set } = row;
  return tx
    .insert(eventMedication)
    .values(row)
    .onConflictDoUpdate({ target: [eventMedication.providerId, eventMedication.eventId], set });
}

export type NewSignatureRow = typeof eventSignatures.$inferInsert;

export function insertSignatures(tx: Tx, rows: NewSignatureRow[]) {
  return tx.insert(eventSignatures).values(rows);
}

/** Removes signatures of the event by id (those the save drops or replaces). */
export async function deleteSignatures(tx: Tx, providerId: number, eventId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .delete(eventSignatures)
    .where(
      and(
        eq(eventSignatures.providerId, providerId),
        eq(eventSignatures.eventId, eventId),
        inArray(eventSignatures.id, ids),
      ),
    );
}
