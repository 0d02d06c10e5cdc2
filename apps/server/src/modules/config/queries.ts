import type { FlagValue, UserSettings } from '@nursery/domain/account';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people, staff, userAccounts } from '../../db/schema/index.ts';
import { ADDRESS_COLUMNS } from '../../lib/person-address.ts';

/** The user's own details (config `me` and userSettings), as loadMe and the config statement select them. */
const meColumns = {
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
};

// The user's account, person and staff row (THE rule: the session's provider and user).
const mePerson = and(eq(people.providerId, userAccounts.providerId), eq(people.id, userAccounts.personId));
const meStaff = and(eq(staff.providerId, people.providerId), eq(staff.personId, people.id));
const meRow = (providerId: number, userId: number) =>
  and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, userId));

function meOf<R extends { userSettings: unknown }>(row: R | undefined, userId: number) {
  if (!row) throw new Error(`user ${userId} vanished during the request`);
  const { userSettings, ...me } = row;
  // The column's JSON is typed loosely; the answer schemas (UserSettings) check it when serialising.
  return { me, userSettings: userSettings as UserSettings };
}

export async function loadMe(db: Db, providerId: number, userId: number) {
  const [row] = await db
    .select(meColumns)
    .from(userAccounts)
    .innerJoin(people, mePerson)
    .leftJoin(staff, meStaff)
    .where(meRow(providerId, userId));
  const { me, userSettings } = meOf(row, userId);
  return { ...me, userSettings };
}

/** A site of config sitesByID with its rooms and their areas. */
export interface ConfigSite {
  id: number;
  name: string;
  timeZone: string;
  registersEnabled: boolean;
  staffRegistersEnabled: boolean;
  flags: Record<string, FlagValue>;
  rooms: { id: number; name: string; areas: { id: number; name: string; enabled: boolean }[] }[];
}

/**
 * Everything of the config answer that is the user's own, in one statement (issue 32, lean requests: a
 * statement costs a round trip and a socket write, far more than its SQL here): the user (loadMe's
 * columns), their key children, and their sites with rooms and areas as JSON. Archived sites leave the
 * site switcher and archived rooms the floor's pickers (issue 29). The provider's flags come with the
 * session, the event configuration from its cache.
 */
export async function loadConfigParts(
  db: Db,
  providerId: number,
  userId: number,
  staffId: number | null,
  siteIds: number[],
) {
  const siteList = sql`array[${sql.join(
    siteIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const [row] = await db
    .select({
      ...meColumns,
      keyChildren: sql<number[]>`array(select kc.child_id from key_children kc
        where kc.provider_id = ${providerId} and kc.staff_id = ${staffId ?? -1} order by kc.child_id)`,
      sites: siteIds.length
        ? sql<ConfigSite[]>`(select coalesce(json_agg(json_build_object(
            'id', s.id, 'name', s.name, 'timeZone', s.time_zone, 'registersEnabled', s.registers_enabled,
            'staffRegistersEnabled', s.staff_registers_enabled, 'flags', s.flags,
            'rooms', (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
                        'areas', (select coalesce(json_agg(json_build_object(
                                    'id', a.id, 'name', a.name, 'enabled', a.enabled) order by a.name), '[]')
                                  from areas a where a.provider_id = r.provider_id and a.room_id = r.id))
                      order by r.sort_order, r.name), '[]')
                      from rooms r
                      where r.provider_id = s.provider_id and r.site_id = s.id and r.archived_at is null))
            order by s.name), '[]')
          from sites s
          where s.provider_id = ${providerId} and s.id = any(${siteList}) and s.archived_at is null)`
        : sql<ConfigSite[]>`'[]'::json`,
    })
    .from(userAccounts)
    .innerJoin(people, mePerson)
    .leftJoin(staff, meStaff)
    .where(meRow(providerId, userId));
  const { me, userSettings } = meOf(row, userId);
  const { keyChildren: keys, sites: siteRows, ...rest } = me;
  return {
    me: { ...rest, userSettings },
    keyChildren: keys.map(Number),
    sitesByID: Object.fromEntries(siteRows.map((site) => [String(site.id), site])),
  };
}

export type Me = Awaited<ReturnType<typeof loadMe>>;
