// The staff-administration commands (issue 29). Each write runs in one transaction with its checks and
// its audit row: people + staff + sites + roles + key children + the login + the invitation e-mail
// together, or nothing. Ids outside the user's provider or sites are 404; a field's problem is 400
// naming the field (`email: …`), as validation answers.
import {
  PERMISSIONS_ADMIN,
  STAFF_PAGE_SIZE,
  type StaffList,
  type StaffMember,
  type StaffMemberInput,
  type StaffOptions,
} from '@nursery/domain/settings';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { people, staff, userAccounts } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { cursorCodec, cursorId, keysetPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { addressOf } from '../../lib/person-address.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { lastPermissionsAdmin } from '../roles/index.ts';
import { sendInvitation } from './invitation.ts';
import { presentListRow, presentMember } from './presenter.ts';
import * as q from './queries.ts';

/** The member input after validation (the contract's transforms applied). */
type MemberInput = Required<{
  [K in keyof StaffMemberInput]: Exclude<StaffMemberInput[K], undefined>;
}>;
type NameInput = { title: string | null; forename: string; surname: string };

const memberNotFound = () => notFound('Staff member not found.');

export const fieldError = (field: string, message: string, code = 'err-invalid-request') =>
  new AppError(400, code, `${field}: ${message}`, {}, { field });

const emailTaken = () =>
  fieldError('email', 'This e-mail address is already used by another login.', 'err-email-taken');

const listCursor = cursorCodec(
  z.tuple([z.string().max(60), z.string().max(60), cursorId]),
  (p: { surname: string; forename: string; id: number }) => [p.surname, p.forename, p.id],
  ([surname, forename, id]) => ({ surname, forename, id }),
);

export async function listStaff(
  deps: AppDeps,
  auth: AuthContext,
  query: { search?: string; siteID?: number; roleID?: number; archived?: boolean; cursor?: string },
): Promise<StaffList> {
  const siteIds = query.siteID !== undefined ? [assertSite(auth, query.siteID)] : auth.siteIds;
  const rows = await q.listStaffRows(deps.db, auth.providerId, {
    siteIds,
    search: query.search,
    roleId: query.roleID,
    archived: query.archived ?? false,
    after: query.cursor ? listCursor.decode(query.cursor) : undefined,
    limit: STAFF_PAGE_SIZE + 1,
  });
  const { page, next } = keysetPage(rows, STAFF_PAGE_SIZE, listCursor.encode);
  const now = deps.clock.now();
  return {
    staff: page.map((r) => presentListRow(r, now)),
    nextCursor: next,
    permittedActions: { add: auth.permissions.addStaff },
  };
}

export async function staffOptions(deps: AppDeps, auth: AuthContext): Promise<StaffOptions> {
  const [sites, rooms, roles, children] = await Promise.all([
    q.sitesOf(deps.db, auth.providerId, auth.siteIds),
    q.roomsOf(deps.db, auth.providerId, auth.siteIds),
    q.rolesOf(deps.db, auth.providerId),
    q.childrenOf(deps.db, auth.providerId, auth.siteIds),
  ]);
  return {
    sites,
    rooms: rooms.map(({ siteId, ...r }) => ({ ...r, siteID: siteId })),
    roles,
    children: children.map(({ siteId, ...c }) => ({ ...c, siteID: siteId })),
  };
}

async function loadMember(db: Db, auth: AuthContext, staffId: number) {
  const row = await q.findMemberRow(db, auth.providerId, staffId, auth.siteIds);
  if (!row) throw memberNotFound();
  return row;
}

export async function getMember(deps: AppDeps, auth: AuthContext, staffId: number): Promise<StaffMember> {
  return presentMember(await loadMember(deps.db, auth, staffId), auth, deps.clock.now());
}

/**
 * The member's sites, roles, room and key children are checked against what the editor may see: a
 * site not theirs is 404 (as any site id from the client), unless it is the member's home site already;
 * a role or room of another provider is 404; a room not at the home site, or a key child at none of the
 * member's sites, is 400 naming the field.
 */
async function checkChoices(db: Db, auth: AuthContext, input: MemberInput, currentHome?: number) {
  if (input.siteID !== currentHome) assertSite(auth, input.siteID);
  const otherSites = [...new Set(input.otherSiteIDs)].filter((id) => id !== input.siteID);
  for (const id of otherSites) assertSite(auth, id);
  const roles = new Set((await q.rolesOf(db, auth.providerId)).map((r) => r.id));
  const roleIds = [...new Set(input.roleIDs)];
  if (roleIds.some((id) => !roles.has(id))) throw notFound('Role not found.');
  if (input.roomID !== null) {
    const rooms = await q.roomsOf(db, auth.providerId, [input.siteID]);
    if (!rooms.some((r) => r.id === input.roomID)) {
      const anywhere = await q.roomsOf(db, auth.providerId, auth.siteIds);
      if (!anywhere.some((r) => r.id === input.roomID)) throw notFound('Room not found.');
      throw fieldError('roomID', 'the room is not at the home site.');
    }
  }
  const childIds = [...new Set(input.keyChildIDs)];
  const memberSites = [input.siteID, ...otherSites].filter((id) => (auth.siteIds as number[]).includes(id));
  const atMemberSites = await q.childrenAtSites(db, auth.providerId, childIds, memberSites);
  if (atMemberSites.length !== childIds.length) {
    const seen = await q.childrenAtSites(db, auth.providerId, childIds, [...auth.siteIds]);
    if (seen.length !== childIds.length) throw notFound('Child not found.');
    throw fieldError('keyChildIDs', "a key child must be at one of the member's sites.");
  }
  return { otherSites, roleIds, childIds };
}

const personValues = (input: MemberInput | NameInput) => ({
  title: input.title,
  forename: input.forename,
  surname: input.surname,
  ...('email' in input
    ? {
        email: input.email,
        telhome: input.telhome,
        telmob: input.telmob,
        telwork: input.telwork,
        ...addressOf(input),
      }
    : {}),
});

async function assertAdminRemains(db: Db, providerId: number) {
  if ((await q.activeHoldersOf(db, providerId, PERMISSIONS_ADMIN)) === 0) throw lastPermissionsAdmin();
}

export async function createMember(
  deps: AppDeps,
  auth: AuthContext,
  input: MemberInput,
  origin: string,
): Promise<StaffMember> {
  const now = deps.clock.now();
  const staffId = await deps.db.transaction(async (tx) => {
    const { otherSites, roleIds, childIds } = await checkChoices(tx, auth, input);
    if (await q.emailTaken(tx, input.email)) throw emailTaken();
    const providerId = auth.providerId;
    const [person] = await tx
      .insert(people)
      .values({ providerId, ...personValues(input) })
      .returning({ id: people.id });
    const [member] = await tx
      .insert(staff)
      .values({
        providerId,
        personId: person!.id,
        siteId: input.siteID,
        roomId: input.roomID,
        jobTitle: input.jobTitle,
        startDate: input.startDate,
      })
      .returning({ id: staff.id });
    const id = member!.id;
    await q.replaceStaffSites(tx, providerId, id, [], otherSites);
    await q.replaceStaffRoles(tx, providerId, id, roleIds);
    await q.replaceKeyChildren(tx, providerId, id, auth.siteIds, childIds);
    const [account] = await tx
      .insert(userAccounts)
      .values({ providerId, personId: person!.id, email: input.email })
      .returning({ id: userAccounts.id });
    const sent = await sendInvitation(
      tx,
      { providerId, userId: account!.id, email: input.email, forename: input.forename },
      origin,
      now,
    );
    await audit(tx, {
      providerId,
      userId: auth.userId,
      action: 'staff-created',
      entity: 'staff',
      entityId: id,
      details: { siteID: input.siteID, roleIDs: roleIds, invitationExpiresAt: sent.expiresAt.toISOString() },
      at: now,
    });
    return id;
  });
  return getMember(deps, auth, staffId);
}

export async function updateMember(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  input: MemberInput,
): Promise<StaffMember> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await loadMember(tx, auth, staffId);
    const { otherSites, roleIds, childIds } = await checkChoices(tx, auth, input, before.siteId);
    const providerId = auth.providerId;
    if (await q.emailTaken(tx, input.email, { providerId, personId: before.personId })) throw emailTaken();
    await tx
      .update(people)
      .set(personValues(input))
      .where(and(eq(people.providerId, providerId), eq(people.id, before.personId)));
    await tx
      .update(staff)
      .set({
        siteId: input.siteID,
        roomId: input.roomID,
        jobTitle: input.jobTitle,
        startDate: input.startDate,
      })
      .where(and(eq(staff.providerId, providerId), eq(staff.id, staffId)));
    await q.replaceStaffSites(tx, providerId, staffId, [...auth.siteIds], otherSites);
    await q.replaceStaffRoles(tx, providerId, staffId, roleIds);
    await q.replaceKeyChildren(tx, providerId, staffId, auth.siteIds, childIds);
    if (before.userId !== null)
      await tx
        .update(userAccounts)
        .set({ email: input.email })
        .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, before.userId)));
    else await tx.insert(userAccounts).values({ providerId, personId: before.personId, email: input.email });
    await assertAdminRemains(tx, providerId);
    const rolesBefore = new Set(before.roleIds.map(Number));
    await audit(tx, {
      providerId,
      userId: auth.userId,
      action: 'staff-changed',
      entity: 'staff',
      entityId: staffId,
      details: {
        rolesGranted: roleIds.filter((id) => !rolesBefore.has(id)),
        rolesRemoved: [...rolesBefore].filter((id) => !roleIds.includes(id)),
        ...(before.email?.toLowerCase() !== input.email.toLowerCase() ? { emailChanged: true } : {}),
      },
      at: now,
    });
  });
  return getMember(deps, auth, staffId);
}

/** #/staff/{id}: the name alone. */
export async function renameMember(deps: AppDeps, auth: AuthContext, staffId: number, input: NameInput) {
  await deps.db.transaction(async (tx) => {
    const before = await loadMember(tx, auth, staffId);
    await tx
      .update(people)
      .set(personValues(input))
      .where(and(eq(people.providerId, auth.providerId), eq(people.id, before.personId)));
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'staff-renamed',
      entity: 'staff',
      entityId: staffId,
      at: deps.clock.now(),
    });
  });
  return getMember(deps, auth, staffId);
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** An end date, the login disabled and every session of it ended at once. */
export async function archiveMember(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  endDate: string | null | undefined,
): Promise<StaffMember> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await loadMember(tx, auth, staffId);
    if (staffId === auth.staffId)
      throw new AppError(409, 'err-cannot-archive-self', 'You cannot archive yourself.');
    const end = endDate ?? today(now);
    if (before.startDate && end < before.startDate)
      throw fieldError('endDate', 'the end date is before the start date.');
    const providerId = auth.providerId;
    await tx
      .update(staff)
      .set({ endDate: end })
      .where(and(eq(staff.providerId, providerId), eq(staff.id, staffId)));
    if (before.userId !== null) {
      await tx
        .update(userAccounts)
        .set({ disabled: true })
        .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, before.userId)));
      await q.endSessionsOf(tx, providerId, before.userId);
    }
    await assertAdminRemains(tx, providerId);
    await audit(tx, {
      providerId,
      userId: auth.userId,
      action: 'staff-archived',
      entity: 'staff',
      entityId: staffId,
      details: { endDate: end },
      at: now,
    });
  });
  return getMember(deps, auth, staffId);
}

export async function restoreMember(deps: AppDeps, auth: AuthContext, staffId: number): Promise<StaffMember> {
  await deps.db.transaction(async (tx) => {
    const before = await loadMember(tx, auth, staffId);
    const providerId = auth.providerId;
    await tx
      .update(staff)
      .set({ endDate: null })
      .where(and(eq(staff.providerId, providerId), eq(staff.id, staffId)));
    if (before.userId !== null)
      await tx
        .update(userAccounts)
        .set({ disabled: false })
        .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, before.userId)));
    await audit(tx, {
      providerId,
      userId: auth.userId,
      action: 'staff-restored',
      entity: 'staff',
      entityId: staffId,
      at: deps.clock.now(),
    });
  });
  return getMember(deps, auth, staffId);
}

/** A new code and e-mail; the previous code stops working. 409 once activated or when archived. */
export async function resendInvitation(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  origin: string,
): Promise<StaffMember> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const member = await loadMember(tx, auth, staffId);
    const shown = presentMember(member, auth, now);
    if (!shown.permittedActions.resendInvitation || member.userId === null || !member.email)
      throw new AppError(
        409,
        'err-invitation-not-needed',
        'This member has activated their login or is archived.',
      );
    const sent = await sendInvitation(
      tx,
      { providerId: auth.providerId, userId: member.userId, email: member.email, forename: member.forename },
      origin,
      now,
    );
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'staff-invited',
      entity: 'staff',
      entityId: staffId,
      details: { invitationExpiresAt: sent.expiresAt.toISOString() },
      at: now,
    });
  });
  return getMember(deps, auth, staffId);
}
