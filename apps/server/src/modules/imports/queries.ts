// What an import is checked and matched against: the site's rooms, sessions and staff, the provider's
// roles and logins, and the records a row's stable key finds. Every query is filtered by provider_id
// first, then by the site.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { mayViewChild } from '../children/index.ts';
import { contactInScope } from '../contacts/index.ts';

type Scope = Parameters<typeof contactInScope>[0];

type Runner = Pick<Db, 'execute'>;

import {
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

/** The staff who work at the site (home site or staff_sites), with their login e-mail (a few dozen). */
export const siteStaff = (db: Db, providerId: number, siteId: number) =>
  db
    .selectDistinct({ staffId: staff.id, email: lowerTrim(userAccounts.email) })
    .from(staff)
    .leftJoin(
      userAccounts,
      and(eq(userAccounts.providerId, staff.providerId), eq(userAccounts.personId, staff.personId)),
    )
    .leftJoin(staffSites, and(eq(staffSites.providerId, staff.providerId), eq(staffSites.staffId, staff.id)))
    .where(
      and(
        eq(staff.providerId, providerId),
        sql`(${staff.siteId} = ${siteId} or ${staffSites.siteId} = ${siteId})`,
      ),
    );

/**
 * The site's children a children file's rows may match (by forename, surname and date of birth), with
 * every field the Children page edits, the key person and whether they are archived. Only the children
 * the user may see (the server's one rule, children/index.ts mayViewChild): a child they may not see is
 * never matched, so never overwritten.
 */
export async function siteChildrenByName(
  db: Runner,
  auth: AuthContext,
  siteId: number,
  surnames: readonly string[],
) {
  if (surnames.length === 0) return [];
  const providerId = auth.providerId;
  const r = await db.execute<MatchedChild & Record<string, unknown>>(sql`
    select c.id, c.site_id as "siteId", c.forename, c.surname, to_char(c.dob, 'YYYY-MM-DD') as dob,
      to_char(c.start_date, 'YYYY-MM-DD') as "startDate", to_char(c.end_date, 'YYYY-MM-DD') as "endDate",
      c.room_id as "roomId", c.gender, c.eal, c.eypp, c.send, c.two_year_funded as "twoYearFunded",
      c.allergies, c.dietary_needs as "dietaryNeeds", c.medical_notes as "medicalNotes",
      c.photo_consent as "photoConsent", c.archived_at is not null as archived,
      (select kc.staff_id from key_children kc where kc.provider_id = c.provider_id and kc.child_id = c.id
       order by kc.staff_id limit 1) as "keyPersonId"
    from children c
    where c.provider_id = ${providerId} and c.site_id = ${siteId}
      and lower(btrim(c.surname)) = any(${sql.param([...surnames])}::text[])`);
  return r.rows.filter((child) => mayViewChild(auth, child));
}

export interface MatchedChild {
  id: number;
  siteId: number;
  forename: string;
  surname: string;
  dob: string;
  startDate: string;
  endDate: string | null;
  roomId: number | null;
  gender: 'M' | 'F' | 'O' | null;
  eal: boolean;
  eypp: boolean;
  send: boolean;
  twoYearFunded: boolean;
  allergies: string | null;
  dietaryNeeds: string | null;
  medicalNotes: string | null;
  photoConsent: 'yes' | 'no' | 'notAsked';
  archived: boolean;
  keyPersonId: number | null;
}

/** The booking patterns of matched children (what a Sessions cell is compared with). */
export async function patternsOfChildren(db: Runner, providerId: number, childIds: readonly number[]) {
  if (childIds.length === 0) return [];
  const r = await db.execute<MatchedPattern & Record<string, unknown>>(sql`
    select p.child_id as "childId", p.combo_id as "comboId", p.weekdays, p.interval_weeks as "intervalWeeks",
      to_char(p.to_date, 'YYYY-MM-DD') as "to"
    from booking_patterns p
    where p.provider_id = ${providerId} and p.child_id = any(${sql.param([...childIds])}::int[])`);
  return r.rows;
}

export interface MatchedPattern {
  childId: number;
  comboId: number;
  weekdays: number[];
  intervalWeeks: number;
  to: string | null;
}

/** The contacts (not archived) linked to matched children, with the link's values (what the contact columns are compared with). */
export async function linksOfChildren(db: Runner, providerId: number, childIds: readonly number[]) {
  if (childIds.length === 0) return [];
  const r = await db.execute<MatchedLink & Record<string, unknown>>(sql`
    select l.child_id as "childId", l.contact_id as "contactId", pe.forename, pe.surname,
      l.relationship, l.priority, l.parental_responsibility as "parentalResponsibility",
      l.emergency, l.can_collect as "canCollect", l.can_add_notes as "canAddNotes"
    from child_contacts l
    join contacts ct on ct.provider_id = l.provider_id and ct.id = l.contact_id
    join people pe on pe.provider_id = ct.provider_id and pe.id = ct.person_id
    where l.provider_id = ${providerId} and l.child_id = any(${sql.param([...childIds])}::int[])
      and ct.archived_at is null`);
  return r.rows;
}

export interface MatchedLink {
  childId: number;
  contactId: number;
  forename: string;
  surname: string;
  relationship: string | null;
  priority: number;
  parentalResponsibility: boolean;
  emergency: boolean;
  canCollect: boolean;
  canAddNotes: boolean;
}

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

/**
 * The user's contacts (contacts' own rule of whose a contact is; not archived) with these e-mails, the
 * first by id for each: a parent already known (from a sibling's row or another file).
 */
export async function contactsByEmails(db: Runner, scope: Scope, emails: readonly string[]) {
  if (emails.length === 0) return new Map<string, number>();
  const r = await db.execute<{ email: string; id: number }>(sql`
    select distinct on (lower(btrim(people.email))) lower(btrim(people.email)) as email, contacts.id
    from contacts join people on people.provider_id = contacts.provider_id and people.id = contacts.person_id
    where contacts.provider_id = ${scope.providerId} and contacts.archived_at is null
      and lower(btrim(people.email)) = any(${sql.param([...emails])}::text[])
      and ${contactInScope(scope)}
    order by lower(btrim(people.email)), contacts.id`);
  return new Map(r.rows.map((row) => [row.email, row.id] as const));
}
