import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { childContacts, children, contacts, people } from '../../db/schema/index.ts';

/**
 * THE columns of a child in a list (avatar, name, age, room: Home's widgets, the emergency list, the Event
 * Checker, the reports, the key children), as a select list on `children c` named as the table's fields,
 * so a raw statement's row (or a json_agg of it) is a ListChildRow. The date of birth is read as
 * 'YYYY-MM-DD' text, the same on PostgreSQL and PGlite.
 */
export const listChildColumns = sql`c.id, c.forename, c.surname, c.has_image as "hasImage",
  to_char(c.dob, 'YYYY-MM-DD') as dob, c.room_id as "roomId"`;

/** A row of listChildColumns, typed from the children table. */
export type ListChildRow = Pick<
  typeof children.$inferSelect,
  'id' | 'forename' | 'surname' | 'hasImage' | 'dob' | 'roomId'
>;

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
