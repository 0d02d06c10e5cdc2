// SQL of the settings' contacts (issue 29). Every query takes the provider first and the user's sites:
// a contact is the user's when it is linked to a child of one of those sites, or to no child at all (a
// contact just added). The list walks people_name_idx (provider_id, surname, forename) by keyset; a
// contact's links come by the child_contacts primary key and child_contacts_contact_idx.
import { likePattern } from '@nursery/domain/settings';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { childContacts, children, contacts, people, sites } from '../../db/schema/index.ts';
import { ADDRESS_COLUMNS } from '../../lib/person-address.ts';

/** The user's part of the provider: the provider and the sites the session may work at. */
export interface Scope {
  providerId: number;
  siteIds: readonly number[];
}

const siteList = (scope: Scope) => sql`${sql.param([...scope.siteIds])}::int[]`;

/** The contact `ct` (contacts) is the user's: linked to a child of the user's sites, or to no child. */
export const contactInScope = (scope: Scope): SQL => sql`(
  exists (select 1 from child_contacts l
    join children lc on lc.provider_id = l.provider_id and lc.id = l.child_id
    where l.provider_id = ${contacts.providerId} and l.contact_id = ${contacts.id}
      and lc.site_id = any(${siteList(scope)}))
  or not exists (select 1 from child_contacts l
    where l.provider_id = ${contacts.providerId} and l.contact_id = ${contacts.id}))`;

/** The child `children` has not left on `now` at its site (no leave date, or one today or later). */
const childCurrent = (now: Date) => sql`(${children.endDate} is null or ${children.endDate} >=
  (select (${now.toISOString()}::timestamptz at time zone s.time_zone)::date from sites s
   where s.provider_id = ${children.providerId} and s.id = ${children.siteId}))`;

const contactColumns = {
  id: contacts.id,
  personId: contacts.personId,
  title: people.title,
  forename: people.forename,
  surname: people.surname,
  type: contacts.type,
  email: people.email,
  telmob: people.telmob,
  telhome: people.telhome,
  telwork: people.telwork,
  archivedAt: contacts.archivedAt,
};

const personJoin = and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId));

/** A page position: the last row's surname, forename and contact id. */
export interface ContactPosition {
  surname: string;
  forename: string;
  id: number;
}

export interface ContactListFilter {
  term: string | null;
  includeArchived: boolean;
  after: ContactPosition | null;
  limit: number;
}

/** Name, e-mail or phone (a phone also without its spaces) contains the term, case aside. */
function matches(term: string): SQL {
  const pattern = likePattern(term);
  const digits = likePattern(term.replace(/\s+/g, ''));
  return sql`(${people.forename} ilike ${pattern} or ${people.surname} ilike ${pattern}
    or (${people.forename} || ' ' || ${people.surname}) ilike ${pattern}
    or ${people.email} ilike ${pattern}
    or replace(${people.telmob}, ' ', '') ilike ${digits}
    or replace(${people.telhome}, ' ', '') ilike ${digits}
    or replace(${people.telwork}, ' ', '') ilike ${digits})`;
}

/** One page of the user's contacts by surname, forename, id (limit + 1 rows: the extra one says "more"). */
export function listContactRows(db: Db, scope: Scope, f: ContactListFilter) {
  const after = f.after;
  return db
    .select(contactColumns)
    .from(contacts)
    .innerJoin(people, personJoin)
    .where(
      and(
        eq(contacts.providerId, scope.providerId),
        f.includeArchived ? undefined : sql`${contacts.archivedAt} is null`,
        f.term ? matches(f.term) : undefined,
        after
          ? sql`(${people.surname}, ${people.forename}, ${contacts.id}) > (${after.surname}, ${after.forename}, ${after.id})`
          : undefined,
        contactInScope(scope),
      ),
    )
    .orderBy(asc(people.surname), asc(people.forename), asc(contacts.id))
    .limit(f.limit + 1);
}
export type ContactRow = Awaited<ReturnType<typeof listContactRows>>[number];

/** The children of the user's sites each contact is linked to, by contact (one query for the page). */
export async function childrenOfContacts(db: Db, scope: Scope, contactIds: number[]) {
  const byContact = new Map<number, { id: number; forename: string; surname: string }[]>();
  if (contactIds.length === 0) return byContact;
  const rows = await db
    .select({
      contactId: childContacts.contactId,
      id: children.id,
      forename: children.forename,
      surname: children.surname,
    })
    .from(childContacts)
    .innerJoin(
      children,
      and(eq(children.providerId, childContacts.providerId), eq(children.id, childContacts.childId)),
    )
    .where(
      and(
        eq(childContacts.providerId, scope.providerId),
        sql`${childContacts.contactId} = any(${sql.param(contactIds)}::int[])`,
        sql`${children.siteId} = any(${siteList(scope)})`,
      ),
    )
    .orderBy(asc(childContacts.priority), asc(children.surname), asc(children.forename), asc(children.id));
  for (const { contactId, ...child } of rows) {
    const list = byContact.get(contactId) ?? [];
    list.push(child);
    byContact.set(contactId, list);
  }
  return byContact;
}

/** One contact of the user's, with its address and settings, or null (unknown, another provider's, or out of scope). */
export async function findContactRow(db: Db, scope: Scope, contactId: number) {
  const [row] = await db
    .select({
      ...contactColumns,
      ...ADDRESS_COLUMNS,
      hasCollectionPassword: sql<boolean>`${contacts.collectionPassword} is not null`,
      externallyManaged: contacts.externallyManaged,
    })
    .from(contacts)
    .innerJoin(people, personJoin)
    .where(and(eq(contacts.providerId, scope.providerId), eq(contacts.id, contactId), contactInScope(scope)));
  return row ?? null;
}
export type ContactDetailRow = NonNullable<Awaited<ReturnType<typeof findContactRow>>>;

/** The collection password of a contact already found in scope. */
export async function collectionPasswordOf(db: Db, providerId: number, contactId: number) {
  const [row] = await db
    .select({ password: contacts.collectionPassword })
    .from(contacts)
    .where(and(eq(contacts.providerId, providerId), eq(contacts.id, contactId)));
  return row?.password ?? null;
}

/**
 * The contact's links to children of the user's sites with what removing each would mean: whether the
 * child is current, how many other contacts it has and how many of them hold parental responsibility.
 */
export function contactLinkRows(db: Db, scope: Scope, contactId: number, now: Date) {
  const others = (extra: SQL) => sql<number>`(select count(*)::int from child_contacts o
    join contacts oc on oc.provider_id = o.provider_id and oc.id = o.contact_id
    where o.provider_id = ${childContacts.providerId} and o.child_id = ${childContacts.childId}
      and o.contact_id <> ${childContacts.contactId} and oc.archived_at is null ${extra})`;
  return db
    .select({
      childId: children.id,
      forename: children.forename,
      surname: children.surname,
      siteName: sites.name,
      current: sql<boolean>`${childCurrent(now)}`,
      relationship: childContacts.relationship,
      priority: childContacts.priority,
      parentalResponsibility: childContacts.parentalResponsibility,
      emergency: childContacts.emergency,
      canCollect: childContacts.canCollect,
      canAddNotes: childContacts.canAddNotes,
      otherContacts: others(sql``),
      otherParentalResponsibility: others(sql`and o.parental_responsibility`),
    })
    .from(childContacts)
    .innerJoin(
      children,
      and(eq(children.providerId, childContacts.providerId), eq(children.id, childContacts.childId)),
    )
    .innerJoin(sites, and(eq(sites.providerId, children.providerId), eq(sites.id, children.siteId)))
    .where(
      and(
        eq(childContacts.providerId, scope.providerId),
        eq(childContacts.contactId, contactId),
        sql`${children.siteId} = any(${siteList(scope)})`,
      ),
    )
    .orderBy(asc(childContacts.priority), asc(children.surname), asc(children.forename), asc(children.id));
}
export type ContactLinkRow = Awaited<ReturnType<typeof contactLinkRows>>[number];

/** Locks the children's rows (FOR UPDATE) so two removals cannot together leave a child without contacts. */
export async function lockChildren(db: Db, providerId: number, childIds: number[]) {
  if (childIds.length === 0) return;
  await db.execute(sql`select id from children where provider_id = ${providerId}
    and id = any(${sql.param(childIds)}::int[]) order by id for update`);
}

/** A child of the user's sites (any status), or null. */
export async function findChildInScope(db: Db, scope: Scope, childId: number) {
  const [row] = await db
    .select({ id: children.id })
    .from(children)
    .where(
      and(
        eq(children.providerId, scope.providerId),
        eq(children.id, childId),
        sql`${children.siteId} = any(${siteList(scope)})`,
      ),
    );
  return row ?? null;
}

/** Children of the user's sites who have not left, by name, matching the term (at most `limit`). */
export function childChoiceRows(db: Db, scope: Scope, term: string | null, now: Date, limit: number) {
  const pattern = term ? likePattern(term) : null;
  return db
    .select({ id: children.id, forename: children.forename, surname: children.surname, siteName: sites.name })
    .from(children)
    .innerJoin(sites, and(eq(sites.providerId, children.providerId), eq(sites.id, children.siteId)))
    .where(
      and(
        eq(children.providerId, scope.providerId),
        sql`${children.siteId} = any(${siteList(scope)})`,
        childCurrent(now),
        pattern
          ? sql`(${children.forename} ilike ${pattern} or ${children.surname} ilike ${pattern}
              or (${children.forename} || ' ' || ${children.surname}) ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(asc(children.surname), asc(children.forename), asc(children.id))
    .limit(limit);
}
