import type { FlagValue, UserSettings } from '@nursery/domain/account';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { areas, keyChildren, people, rooms, sites, staff, userAccounts } from '../../db/schema/index.ts';
import { ADDRESS_COLUMNS } from '../../lib/person-address.ts';

export async function loadMe(db: Db, providerId: number, userId: number) {
  const rows = await db
    .select({
      userID: userAccounts.id,
      personID: people.id,
      staffID: staff.id,
      email: userAccounts.email,
      forename: people.forename,
      surname: people.surname,
      telmob: people.telmob,
      telwork: people.telwork,
      telhome: people.telhome,
      ...ADDRESS_COLUMNS,
      biography: people.biography,
      hasImage: people.hasImage,
      hasPin: sql<boolean>`${userAccounts.pinHash} is not null`,
      pinDeclined: userAccounts.pinDeclined,
      // As the reset by question needs it (account-anonymous policy hasSecurityQuestion): both set.
      hasSecurityQuestion: sql<boolean>`${userAccounts.securityQuestion} is not null and ${userAccounts.securityAnswerHash} is not null`,
      userSettings: userAccounts.userSettings,
    })
    .from(userAccounts)
    .innerJoin(
      people,
      and(eq(people.providerId, userAccounts.providerId), eq(people.id, userAccounts.personId)),
    )
    .leftJoin(staff, and(eq(staff.providerId, people.providerId), eq(staff.personId, people.id)))
    .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, userId)));
  const row = rows[0];
  if (!row) throw new Error(`user ${userId} vanished during the request`);
  const { userSettings, ...me } = row;
  // The column's JSON is typed loosely; the answer schemas (UserSettings) check it when serialising.
  return { ...me, userSettings: userSettings as UserSettings };
}

export type Me = Awaited<ReturnType<typeof loadMe>>;

/** The user's sites with their rooms and room areas, keyed by id (config sitesByID). */
export async function loadSitesByID(db: Db, providerId: number, siteIds: number[]) {
  if (siteIds.length === 0) return {};
  const [siteRows, roomRows, areaRows] = await Promise.all([
    db
      .select()
      .from(sites)
      // Archived sites (issue 29) leave the site switcher; their rooms go with them.
      .where(and(eq(sites.providerId, providerId), inArray(sites.id, siteIds), isNull(sites.archivedAt)))
      .orderBy(asc(sites.name)),
    db
      .select()
      .from(rooms)
      // Archived rooms (issue 29) leave the floor's room pickers.
      .where(and(eq(rooms.providerId, providerId), inArray(rooms.siteId, siteIds), isNull(rooms.archivedAt)))
      .orderBy(asc(rooms.sortOrder), asc(rooms.name)),
    db
      .select({ id: areas.id, roomId: areas.roomId, name: areas.name, enabled: areas.enabled })
      .from(areas)
      .innerJoin(rooms, and(eq(rooms.providerId, areas.providerId), eq(rooms.id, areas.roomId)))
      .where(and(eq(areas.providerId, providerId), inArray(rooms.siteId, siteIds)))
      .orderBy(asc(areas.name)),
  ]);
  return Object.fromEntries(
    siteRows.map((s) => [
      String(s.id),
      {
        id: s.id,
        name: s.name,
        timeZone: s.timeZone,
        registersEnabled: s.registersEnabled,
        staffRegistersEnabled: s.staffRegistersEnabled,
        // Typed loosely by the column; the answer schema (Flags) checks the values when serialising.
        flags: s.flags as Record<string, FlagValue>,
        rooms: roomRows
          .filter((r) => r.siteId === s.id)
          .map((r) => ({
            id: r.id,
            name: r.name,
            areas: areaRows.filter((a) => a.roomId === r.id).map(({ roomId: _, ...a }) => a),
          })),
      },
    ]),
  );
}

export async function loadKeyChildren(db: Db, providerId: number, staffId: number | null): Promise<number[]> {
  if (staffId === null) return [];
  const rows = await db
    .select({ childId: keyChildren.childId })
    .from(keyChildren)
    .where(and(eq(keyChildren.providerId, providerId), eq(keyChildren.staffId, staffId)))
    .orderBy(asc(keyChildren.childId));
  return rows.map((r) => r.childId);
}
