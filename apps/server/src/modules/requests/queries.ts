// SQL of the requests a manager decides. Every query takes the provider first; the pending lists read
// through the (provider_id, status, created_at) indexes of their tables, one query per list (the sites
// of a change request's person as index-backed subqueries per row, no N+1).
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  bookingRequests,
  changeRequests,
  childContacts,
  children,
  contacts,
  gdprErasureRequests,
  people,
  rooms,
  sessionCombos,
  sites,
  staff,
  userAccounts,
} from '../../db/schema/index.ts';
import { PERSON_DETAILS } from '../../lib/person-address.ts';

/** A transaction or the database: the queries run in either. */
export type Runner = Pick<Db, 'execute' | 'select' | 'update' | 'insert'>;

/** The three request tables share the columns of a decision. */
type RequestTable = typeof bookingRequests | typeof changeRequests | typeof gdprErasureRequests;

/** The provider's requests still pending: the lists show them, and only they may be decided. */
const pendingOf = (t: RequestTable, providerId: number) =>
  and(eq(t.providerId, providerId), eq(t.status, 'pending'))!;

/**
 * THE rule of a decision, one for the three kinds of request: the provider's request of this id, still
 * pending (decided once; the lock before and the update after read it alike).
 */
const pendingById = (t: RequestTable, providerId: number, id: number) =>
  and(pendingOf(t, providerId), eq(t.id, id));

/**
 * A list of one kind: the provider's pending requests of its select that also meet `also`, oldest first
 * (the tables' (provider_id, status, created_at) indexes).
 */
const pendingOldestFirst = <Q extends PgSelect>(select: Q, t: RequestTable, providerId: number, also?: SQL) =>
  select.where(and(pendingOf(t, providerId), also)).orderBy(asc(t.createdAt), asc(t.id));

/** The pending request of this id as its kind's select reads it, locked for the decision that follows. */
async function lockPending<Q extends PgSelect>(select: Q, t: RequestTable, providerId: number, id: number) {
  const [row] = await select.where(pendingById(t, providerId, id)).for('update', { of: t });
  return row as Awaited<Q>[number] | undefined;
}

/** Who decided, when, and how: the columns every decision sets. */
const decided = (status: 'approved' | 'declined', userId: number, now: Date) => ({
  status,
  decidedByUserId: userId,
  decidedAt: now,
});

/** The child columns of a request (ChildAvatar: photo flag, name, age, room). */
const CHILD_COLUMNS = {
  childId: children.id,
  childForename: children.forename,
  childSurname: children.surname,
  childHasImage: children.hasImage,
  childDob: children.dob,
  childRoomId: children.roomId,
  childRoomName: rooms.name,
  childSiteId: children.siteId,
};
export type ChildColumn = keyof typeof CHILD_COLUMNS;

/** The child's room: left joined to the request's child. */
const childRoom = and(eq(rooms.providerId, children.providerId), eq(rooms.id, children.roomId));

const bookingRequestSelect = (db: Runner) => {
  const br = bookingRequests;
  return db
    .select({
      id: br.id,
      date: br.date,
      comboId: br.comboId,
      comboName: sessionCombos.name,
      requestNotes: br.requestNotes,
      createdAt: br.createdAt,
      bookingId: br.bookingId,
      personId: people.id,
      personForename: people.forename,
      personSurname: people.surname,
      ...CHILD_COLUMNS,
    })
    .from(br)
    .innerJoin(children, and(eq(children.providerId, br.providerId), eq(children.id, br.childId)))
    .leftJoin(rooms, childRoom)
    .innerJoin(people, and(eq(people.providerId, br.providerId), eq(people.id, br.personId)))
    .innerJoin(
      sessionCombos,
      and(eq(sessionCombos.providerId, br.providerId), eq(sessionCombos.id, br.comboId)),
    )
    .$dynamic();
};

/** Pending booking requests of the site's children from `fromDate` on, oldest first. */
export function pendingBookingRequests(db: Runner, providerId: number, siteId: number, fromDate: string) {
  const br = bookingRequests;
  return pendingOldestFirst(
    bookingRequestSelect(db),
    br,
    providerId,
    and(eq(children.siteId, siteId), sql`${br.date} >= ${fromDate}`),
  );
}

/** A booking request, as Drizzle infers it from the select. */
export type BookingRequestRow = Awaited<ReturnType<typeof pendingBookingRequests>>[number];

/** One pending booking request, locked for the decision that follows. */
export const lockPendingBookingRequest = (db: Runner, providerId: number, id: number) =>
  lockPending(bookingRequestSelect(db), bookingRequests, providerId, id);

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
  await db
    .update(bookingRequests)
    .set({
      ...decided(decision.status, decision.userId, decision.now),
      markOffCategoryId: decision.categoryId,
      responseNotes: decision.responseNotes,
    })
    .where(pendingById(bookingRequests, providerId, id));
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

export type PersonDetail = keyof typeof PERSON_DETAILS;

/** The requester's person (through their user account). */
const requester = alias(people, 'rp');

const changeRequestSelect = (db: Runner) => {
  const cr = changeRequests;
  return db
    .select({
      id: cr.id,
      personId: cr.personId,
      tableName: cr.tableName,
      fields: cr.fields,
      requestedByUserId: cr.requestedByUserId,
      createdAt: cr.createdAt,
      forename: people.forename,
      surname: people.surname,
      ...PERSON_DETAILS,
      requesterPersonId: requester.id,
      requesterForename: requester.forename,
      requesterSurname: requester.surname,
      externallyManaged: contacts.externallyManaged,
      /** Sites of the contact's children, or the staff member's sites (home site and staff_sites). */
      siteIds: sql<number[] | null>`case when ${cr.tableName} = 'Contacts' then
          array(select distinct ch.site_id from child_contacts cc
                join children ch on ch.provider_id = cc.provider_id and ch.id = cc.child_id
                where cc.provider_id = ${cr.providerId} and cc.contact_id = ${contacts.id})
        else
          array(select ${staff.siteId} union select ss.site_id from staff_sites ss
                where ss.provider_id = ${staff.providerId} and ss.staff_id = ${staff.id})
        end`,
    })
    .from(cr)
    .innerJoin(people, and(eq(people.providerId, cr.providerId), eq(people.id, cr.personId)))
    .leftJoin(contacts, and(eq(contacts.providerId, cr.providerId), eq(contacts.personId, cr.personId)))
    .leftJoin(staff, and(eq(staff.providerId, cr.providerId), eq(staff.personId, cr.personId)))
    .leftJoin(
      userAccounts,
      and(eq(userAccounts.providerId, cr.providerId), eq(userAccounts.id, cr.requestedByUserId)),
    )
    .leftJoin(
      requester,
      and(eq(requester.providerId, userAccounts.providerId), eq(requester.id, userAccounts.personId)),
    )
    .$dynamic();
};

/** Pending change requests of the given tables (Contacts, StaffMember), oldest first. */
export async function pendingChangeRequests(
  db: Runner,
  providerId: number,
  tables: readonly (typeof changeRequests.$inferSelect)['tableName'][],
) {
  if (tables.length === 0) return [];
  const cr = changeRequests;
  return pendingOldestFirst(changeRequestSelect(db), cr, providerId, inArray(cr.tableName, [...tables]));
}

/** A change request, as Drizzle infers it from the select. */
export type ChangeRequestRow = Awaited<ReturnType<typeof pendingChangeRequests>>[number];

export const lockPendingChangeRequest = (db: Runner, providerId: number, id: number) =>
  lockPending(changeRequestSelect(db), changeRequests, providerId, id);

export async function updatePersonDetails(
  db: Runner,
  providerId: number,
  personId: number,
  values: Partial<Record<PersonDetail, string | null>>,
) {
  const sets = Object.entries(values).map(
    ([field, value]) => sql`${sql.identifier(PERSON_DETAILS[field as PersonDetail].name)} = ${value ?? null}`,
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
  await db
    .update(changeRequests)
    .set(decided(status, userId, now))
    .where(pendingById(changeRequests, providerId, id));
}

// ---- GDPR erasure requests --------------------------------------------------------------------------

/** The request's creator's person (through their user account). */
const creator = alias(people, 'cp');

const gdprSelect = (db: Runner) => {
  const g = gdprErasureRequests;
  return db
    .select({
      id: g.id,
      reason: g.reason,
      createdAt: g.createdAt,
      creatorUserId: g.creatorUserId,
      personId: g.personId,
      personForename: people.forename,
      personSurname: people.surname,
      creatorPersonId: creator.id,
      creatorForename: creator.forename,
      creatorSurname: creator.surname,
      ...CHILD_COLUMNS,
    })
    .from(g)
    .leftJoin(children, and(eq(children.providerId, g.providerId), eq(children.id, g.childId)))
    .leftJoin(rooms, childRoom)
    .leftJoin(people, and(eq(people.providerId, g.providerId), eq(people.id, g.personId)))
    .innerJoin(
      userAccounts,
      and(eq(userAccounts.providerId, g.providerId), eq(userAccounts.id, g.creatorUserId)),
    )
    .innerJoin(
      creator,
      and(eq(creator.providerId, userAccounts.providerId), eq(creator.id, userAccounts.personId)),
    )
    .$dynamic();
};

export function pendingGdprRequests(db: Runner, providerId: number) {
  return pendingOldestFirst(gdprSelect(db), gdprErasureRequests, providerId);
}

/** A GDPR erasure request, as Drizzle infers it from the select (its child columns null when of a person). */
export type GdprRequestRow = Awaited<ReturnType<typeof pendingGdprRequests>>[number];

export const lockPendingGdprRequest = (db: Runner, providerId: number, id: number) =>
  lockPending(gdprSelect(db), gdprErasureRequests, providerId, id);

/** The pending request of a child or a person, if any (one at a time for each: 409 on a second). */
export async function pendingGdprRequestOf(
  db: Runner,
  providerId: number,
  subject: { childId: number } | { personId: number },
) {
  const g = gdprErasureRequests;
  const [row] = await db
    .select({ id: g.id })
    .from(g)
    .where(
      and(
        pendingOf(g, providerId),
        'childId' in subject ? eq(g.childId, subject.childId) : eq(g.personId, subject.personId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A new pending request; answers it as the list shows it. */
export async function insertGdprRequest(
  db: Runner,
  providerId: number,
  values: {
    childId: number | null;
    personId: number | null;
    creatorUserId: number;
    reason: string | null;
    now: Date;
  },
) {
  const g = gdprErasureRequests;
  const [row] = await db
    .insert(g)
    .values({
      providerId,
      childId: values.childId,
      personId: values.personId,
      creatorUserId: values.creatorUserId,
      reason: values.reason,
      createdAt: values.now,
    })
    .returning({ id: g.id });
  const [created] = await gdprSelect(db).where(and(eq(g.providerId, providerId), eq(g.id, row!.id)));
  return created!;
}

/**
 * The person behind a contact of a child at one of these sites (a parent or carer the user may see),
 * or null: another site's or provider's contact is not found, as an unknown id.
 */
export async function contactPersonAtSites(
  db: Runner,
  providerId: number,
  contactId: number,
  siteIds: readonly number[],
) {
  if (siteIds.length === 0) return null;
  const [row] = await db
    .select({ personId: contacts.personId })
    .from(contacts)
    .innerJoin(
      childContacts,
      and(eq(childContacts.providerId, contacts.providerId), eq(childContacts.contactId, contacts.id)),
    )
    .innerJoin(
      children,
      and(eq(children.providerId, childContacts.providerId), eq(children.id, childContacts.childId)),
    )
    .where(
      and(
        eq(contacts.providerId, providerId),
        eq(contacts.id, contactId),
        inArray(children.siteId, [...siteIds]),
      ),
    )
    .limit(1);
  return row?.personId ?? null;
}

/** Whether a child of the provider is at one of these sites (else 404, as an unknown id). */
export async function childAtSites(
  db: Runner,
  providerId: number,
  childId: number,
  siteIds: readonly number[],
) {
  if (siteIds.length === 0) return false;
  const [row] = await db
    .select({ id: children.id })
    .from(children)
    .where(
      and(
        eq(children.providerId, providerId),
        eq(children.id, childId),
        inArray(children.siteId, [...siteIds]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function decideGdprRequest(
  db: Runner,
  providerId: number,
  id: number,
  status: 'approved' | 'declined',
  userId: number,
  now: Date,
) {
  const g = gdprErasureRequests;
  await db
    .update(g)
    .set({
      ...decided(status, userId, now),
      reason: sql`case when ${status} = 'approved' then null else ${g.reason} end`,
    })
    .where(pendingById(g, providerId, id));
}

/** The site's time zone (today there decides which booking requests are still open). */
export async function siteZone(db: Runner, providerId: number, siteId: number) {
  const [row] = await db
    .select({ timeZone: sites.timeZone })
    .from(sites)
    .where(and(eq(sites.providerId, providerId), eq(sites.id, siteId)));
  return row?.timeZone ?? null;
}
