// What an import is checked and matched against: the site's rooms, sessions and staff, the provider's
// roles and logins, and the records a row's stable key finds. Every query is filtered by provider_id
// first, then by the site.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  children,
  contacts,
  people,
  roles,
  rooms,
  sessionCombos,
  staff,
  staffRoles,
  staffSites,
  userAccounts,
} from '../../db/schema/index.ts';

/** Names are matched without case or surrounding spaces, as a person reads them. */
const lowerTrim = (column: unknown) => sql<string>`lower(btrim(${column}))`;

export const siteRooms = (db: Db, providerId: number, siteId: number) =>
  db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.providerId, providerId), eq(rooms.siteId, siteId)));

export const siteSessions = (db: Db, providerId: number, siteId: number) =>
  db
    .select({ id: sessionCombos.id, name: sessionCombos.name })
    .from(sessionCombos)
    .where(
      and(
        eq(sessionCombos.providerId, providerId),
        eq(sessionCombos.siteId, siteId),
        eq(sessionCombos.enabled, true),
      ),
    );

export const providerRoles = (db: Db, providerId: number) =>
  db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.providerId, providerId));

/** The staff who work at the site (home site or staff_sites), by their login e-mail. */
export const siteStaffByEmail = (db: Db, providerId: number, siteId: number, emails: readonly string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : db
        .selectDistinct({ staffId: staff.id, email: lowerTrim(userAccounts.email) })
        .from(staff)
        .innerJoin(
          userAccounts,
          and(eq(userAccounts.providerId, staff.providerId), eq(userAccounts.personId, staff.personId)),
        )
        .leftJoin(
          staffSites,
          and(eq(staffSites.providerId, staff.providerId), eq(staffSites.staffId, staff.id)),
        )
        .where(
          and(
            eq(staff.providerId, providerId),
            sql`(${staff.siteId} = ${siteId} or ${staffSites.siteId} = ${siteId})`,
            inArray(lowerTrim(userAccounts.email), [...emails]),
          ),
        );

/** The site's children a children file's rows may match (by forename, surname and date of birth). */
export const siteChildrenByName = (
  db: Db,
  providerId: number,
  siteId: number,
  surnames: readonly string[],
) =>
  surnames.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: children.id,
          forename: children.forename,
          surname: children.surname,
          dob: children.dob,
          startDate: children.startDate,
          endDate: children.endDate,
          roomId: children.roomId,
          gender: children.gender,
          send: children.send,
          eal: children.eal,
          photoConsent: children.photoConsent,
        })
        .from(children)
        .where(
          and(
            eq(children.providerId, providerId),
            eq(children.siteId, siteId),
            inArray(lowerTrim(children.surname), [...surnames]),
          ),
        );

export type MatchedChild = Awaited<ReturnType<typeof siteChildrenByName>>[number];

/**
 * The logins a staff file's e-mails name (login is by e-mail alone, across providers): with the staff
 * record and roles when the login is this provider's member of staff.
 */
export const loginsByEmail = (db: Db, emails: readonly string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : db
        .select({
          providerId: userAccounts.providerId,
          email: lowerTrim(userAccounts.email),
          staffId: staff.id,
          title: people.title,
          forename: people.forename,
          surname: people.surname,
          jobTitle: staff.jobTitle,
          roomId: staff.roomId,
          startDate: staff.startDate,
          roleIds: sql<
            number[]
          >`coalesce((select array_agg(${staffRoles.roleId} order by ${staffRoles.roleId})
            from ${staffRoles} where ${staffRoles.providerId} = ${staff.providerId}
            and ${staffRoles.staffId} = ${staff.id}), '{}')`,
        })
        .from(userAccounts)
        .innerJoin(
          people,
          and(eq(people.providerId, userAccounts.providerId), eq(people.id, userAccounts.personId)),
        )
        .leftJoin(
          staff,
          and(eq(staff.providerId, userAccounts.providerId), eq(staff.personId, userAccounts.personId)),
        )
        .where(inArray(lowerTrim(userAccounts.email), [...emails]));

export type MatchedLogin = Awaited<ReturnType<typeof loginsByEmail>>[number];

/** The provider's contacts (not archived) with this e-mail: a parent already known from a sibling's row. */
export const contactsByEmail = (db: Db, providerId: number, email: string) =>
  db
    .select({ id: contacts.id })
    .from(contacts)
    .innerJoin(people, and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId)))
    .where(
      and(
        eq(contacts.providerId, providerId),
        sql`${contacts.archivedAt} is null`,
        sql`lower(btrim(${people.email})) = ${email.trim().toLowerCase()}`,
      ),
    )
    .orderBy(contacts.id)
    .limit(1);
