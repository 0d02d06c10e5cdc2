import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { childContacts, children, contacts, people } from '../../db/schema/index.ts';

/** The children of a site (a query builder: awaitable, and `.toSQL()` for the benchmark's EXPLAIN). */
export function childrenForSite(db: Db, providerId: number, siteId: number, ids?: number[]) {
  return db
    .select({
      id: children.id,
      forename: children.forename,
      surname: children.surname,
      hasImage: children.hasImage,
      gender: children.gender,
      dob: children.dob,
      startDate: children.startDate,
      endDate: children.endDate,
      siteID: children.siteId,
      roomID: children.roomId,
      photoConsent: children.photoConsent,
    })
    .from(children)
    .where(
      and(
        eq(children.providerId, providerId),
        eq(children.siteId, siteId),
        ids ? inArray(children.id, ids.length ? ids : [-1]) : undefined,
      ),
    )
    .orderBy(asc(children.surname), asc(children.forename), asc(children.id));
}

export async function contactsOfChildren(db: Db, providerId: number, childIds: number[]) {
  const byChild = new Map<
    number,
    Array<{ id: number; forename: string; surname: string; hasImage: boolean }>
  >();
  if (childIds.length === 0) return byChild;
  const rows = await db
    .select({
      childId: childContacts.childId,
      id: contacts.id,
      forename: people.forename,
      surname: people.surname,
      hasImage: people.hasImage,
    })
    .from(childContacts)
    .innerJoin(
      contacts,
      and(eq(contacts.providerId, childContacts.providerId), eq(contacts.id, childContacts.contactId)),
    )
    .innerJoin(people, and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId)))
    .where(and(eq(childContacts.providerId, providerId), inArray(childContacts.childId, childIds)))
    .orderBy(asc(childContacts.priority), asc(people.surname));
  for (const { childId, ...c } of rows) {
    const list = byChild.get(childId) ?? [];
    list.push(c);
    byChild.set(childId, list);
  }
  return byChild;
}

/** What the photo route needs of one child of the provider: its site and whether it has a photo. */
export async function childPhotoRow(db: Db, providerId: number, childId: number) {
  const [row] = await db
    .select({ siteId: children.siteId, hasImage: children.hasImage })
    .from(children)
    .where(and(eq(children.providerId, providerId), eq(children.id, childId)));
  return row;
}
