// SQL of the emergency contacts list. Every query takes the provider first and reads one site's
// current children through children_site_name_idx (provider_id, site_id, surname, forename); contacts
// by the child_contacts primary key (provider_id, child_id, contact_id); the flags as correlated
// index probes per child (events_child_type_raised_idx, event_subjects_child_idx): no N+1 round trips.
import { and, asc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attributeListItems,
  attributes,
  childAttributeValues,
  childContacts,
  children,
  contacts,
  people,
  sites,
} from '../../db/schema/index.ts';
import { type ListChildRow, listChildColumns } from '../children/index.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

/** The site's zone (undefined when the site is not the provider's). */
export async function emergencySite(db: Db, providerId: number, siteId: number) {
  const rows = await db
    .select({ timeZone: sites.timeZone })
    .from(sites)
    .where(and(eq(sites.providerId, providerId), eq(sites.id, siteId)));
  return rows[0];
}

/** A row of emergencyChildren: the list child, the SEND flag, and the two counts. */
export type EmergencyChildRow = ListChildRow &
  Pick<typeof children.$inferSelect, 'send'> & { reminders: number; accidents: number };

/** The site's current children on `today` (started, not left), as a condition on the children table. */
function currentAtSite(providerId: number, siteId: number, today: string): SQL {
  return and(
    eq(children.providerId, providerId),
    eq(children.siteId, siteId),
    lte(children.startDate, today),
    or(isNull(children.endDate), gte(children.endDate, today)),
  )!;
}

/** Statuses of an open reminder: Draft, Pending, Published (not Archived 4 nor Deleted 6). */
const OPEN_REMINDER_STATUSES = sql`(1, 3, 5)`;

/**
 * The site's current children (started by `today`, not left before it), by surname, forename, id,
 * with their counts of open reminders (due from the start of today, or undated) and of today's
 * accidents. `dayStart`/`dayEnd` are the site's midnight instants around today.
 */
export async function emergencyChildren(
  db: Db,
  providerId: number,
  siteId: number,
  today: string,
  dayStart: Date,
  dayEnd: Date,
  visibility: Visibility,
) {
  const start = dayStart.toISOString();
  const end = dayEnd.toISOString();
  const r = await db.execute<EmergencyChildRow>(sql`
    with task_types as (
      select id from event_types where provider_id = ${providerId} and tag = 'task'
    ), accident_types as (
      select id from event_types where provider_id = ${providerId} and tag = 'accident'
    )
    select ${listChildColumns}, c.send,
      (select count(*)::int from (
         select e.id from events e
         where e.provider_id = c.provider_id and e.child_id = c.id
           and e.type_id in (select id from task_types) and e.status_id in ${OPEN_REMINDER_STATUSES}
           and (e.due is null or e.due >= ${start}::timestamptz) and ${eventVisibleSql(visibility)}
         union
         select e.id from event_subjects s
         join events e on e.provider_id = s.provider_id and e.id = s.event_id
         where s.provider_id = c.provider_id and s.child_id = c.id
           and e.type_id in (select id from task_types) and e.status_id in ${OPEN_REMINDER_STATUSES}
           and (e.due is null or e.due >= ${start}::timestamptz) and ${eventVisibleSql(visibility)}
       ) open_reminders) as reminders,
      (select count(*)::int from events e
       where e.provider_id = c.provider_id and e.child_id = c.id
         and e.type_id in (select id from accident_types) and e.status_id <> 6
         and e.raised >= ${start}::timestamptz and e.raised < ${end}::timestamptz
         and ${eventVisibleSql(visibility)}) as accidents
    from children c
    where c.provider_id = ${providerId} and c.site_id = ${siteId}
      and c.start_date <= ${today}::date and (c.end_date is null or c.end_date >= ${today}::date)
    order by c.surname, c.forename, c.id`);
  return r.rows;
}

/** The emergency contacts (child_contacts.emergency) of the site's current children, by child and priority. */
export async function emergencyContacts(db: Db, providerId: number, siteId: number, today: string) {
  return db
    .select({
      childId: childContacts.childId,
      contactId: contacts.id,
      forename: people.forename,
      surname: people.surname,
      relationship: sql<string | null>`coalesce(${childContacts.relationship}, ${contacts.type})`,
      telmob: people.telmob,
      telhome: people.telhome,
      telwork: people.telwork,
    })
    .from(children)
    .innerJoin(
      childContacts,
      and(eq(childContacts.providerId, children.providerId), eq(childContacts.childId, children.id)),
    )
    .innerJoin(
      contacts,
      and(eq(contacts.providerId, childContacts.providerId), eq(contacts.id, childContacts.contactId)),
    )
    .innerJoin(people, and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId)))
    .where(and(currentAtSite(providerId, siteId, today), eq(childContacts.emergency, true)))
    .orderBy(
      asc(childContacts.childId),
      asc(childContacts.priority),
      asc(people.surname),
      asc(people.forename),
      asc(contacts.id),
    );
}
export type EmergencyContactRow = Awaited<ReturnType<typeof emergencyContacts>>[number];

/**
 * The children's recorded needs: values of the provider's attributes named for diet, allergies or
 * medical needs, other than 'none' (the label of the list item when there is one).
 */
export async function emergencyExceptions(db: Db, providerId: number, siteId: number, today: string) {
  const v = childAttributeValues;
  const li = attributeListItems;
  return db
    .select({
      childId: v.childId,
      name: attributes.name,
      item: sql<string>`coalesce(${li.item}, ${v.value})`,
    })
    .from(children)
    .innerJoin(v, and(eq(v.providerId, children.providerId), eq(v.childId, children.id)))
    .innerJoin(attributes, and(eq(attributes.providerId, v.providerId), eq(attributes.id, v.attributeId)))
    .leftJoin(
      li,
      and(eq(li.providerId, v.providerId), eq(li.attributeId, v.attributeId), eq(li.value, v.value)),
    )
    .where(
      and(
        currentAtSite(providerId, siteId, today),
        sql`${attributes.name} ~* '(diet|allerg|medic)'`,
        sql`lower(${v.value}) <> 'none'`,
        sql`${v.value} <> ''`,
      ),
    )
    .orderBy(asc(v.childId), asc(attributes.name));
}
export type ExceptionRow = Awaited<ReturnType<typeof emergencyExceptions>>[number];
