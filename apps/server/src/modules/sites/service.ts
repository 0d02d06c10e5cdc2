// The Sites page's commands (issue 29): sites (add, change, archive, restore), their rooms, closures
// and sessions. Each write runs in one transaction with its checks and its audit row. A rule broken
// is 400 with the field it is about (`err.field`), shown under that field.
import { todayInZone } from '@nursery/domain/common';
import {
  ageRangeValid,
  type ClosureInput,
  type ClosureSummary,
  normaliseWeekdays,
  openingHoursValid,
  placeNameTaken,
  type RoomInput,
  type RoomSummary,
  type SessionInput,
  type SessionSummary,
  type SiteDetail,
  type SiteList,
  type SiteSummary,
  sessionTimesProblem,
  siteArchiveBlocker,
} from '@nursery/domain/settings';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { rooms, sessionCombos, siteClosures, sites, staffSites } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { cursorCodec, cursorId, keysetPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { siteOfPath } from './policy.ts';
import { presentClosure, presentRoom, presentSession, presentSite } from './presenter.ts';
import {
  closureRows,
  findSiteRow,
  listSiteRows,
  roomRows,
  sessionRows,
  siteAttachments,
  siteNames,
} from './queries.ts';

/** The parsed inputs (the contracts' outputs: trimmed, defaults applied). */
type SiteFields = {
  name: string;
  addressLines: string[];
  postcode: string;
  phone: string;
  openingDays: number[];
  opensAt: string;
  closesAt: string;
  registersEnabled: boolean;
  staffRegistersEnabled: boolean;
  archived: boolean;
};
type RoomFields = Required<Omit<RoomInput, 'archived'>> & { archived: boolean };

const fieldError = (code: string, message: string, field: string) =>
  new AppError(400, code, message, {}, { field });

const siteCursor = cursorCodec(
  z.tuple([z.string().max(200), cursorId]),
  (p: { name: string; id: number }) => [p.name, p.id],
  ([name, id]) => ({ name, id }),
);

const PAGE = 25;

function today(deps: AppDeps, timeZone: string) {
  return todayInZone(deps.clock.now(), timeZone);
}

async function siteOrNotFound(db: Db, auth: AuthContext, siteId: number) {
  siteOfPath(auth, siteId);
  const row = await findSiteRow(db, auth.providerId, siteId);
  if (!row) throw notFound('Site not found.');
  return row;
}

function checkSiteFields(input: SiteFields) {
  if (!openingHoursValid(input.opensAt, input.closesAt))
    throw fieldError('err-site-hours', 'The site must open before it closes.', 'closesAt');
}

async function assertSiteNameFree(db: Db, providerId: number, name: string, exceptId?: number) {
  if (placeNameTaken(name, await siteNames(db, providerId), exceptId))
    throw fieldError('err-site-name-taken', 'A site with this name already exists.', 'name');
}

const siteValues = (input: SiteFields) => ({
  name: input.name,
  addressLines: input.addressLines.filter((line) => line !== ''),
  postcode: input.postcode,
  phone: input.phone,
  openingDays: normaliseWeekdays(input.openingDays),
  opensAt: input.opensAt,
  closesAt: input.closesAt,
  registersEnabled: input.registersEnabled,
  staffRegistersEnabled: input.staffRegistersEnabled,
});

export async function listSites(
  db: Db,
  auth: AuthContext,
  query: { q?: string; archived?: 'true' | 'false'; cursor?: string; limit?: number },
): Promise<SiteList> {
  const limit = query.limit ?? PAGE;
  const rows = await listSiteRows(db, auth.providerId, {
    siteIds: auth.siteIds,
    ...(query.q ? { q: query.q } : {}),
    withArchived: query.archived === 'true',
    ...(query.cursor ? { after: siteCursor.decode(query.cursor) } : {}),
    limit,
  });
  const { page, next } = keysetPage(rows, limit, (last) =>
    siteCursor.encode({ name: last.name, id: last.id }),
  );
  return {
    sites: page.map(presentSite),
    nextCursor: next,
    permittedActions: { add: auth.permissions.settingsSites },
  };
}

export async function getSite(deps: AppDeps, auth: AuthContext, siteId: number): Promise<SiteDetail> {
  const site = await siteOrNotFound(deps.db, auth, siteId);
  const day = today(deps, site.timeZone);
  const [roomList, closures, sessions] = await Promise.all([
    roomRows(deps.db, auth.providerId, siteId, day),
    closureRows(deps.db, auth.providerId, siteId, day),
    sessionRows(deps.db, auth.providerId, siteId),
  ]);
  return {
    site: presentSite(site),
    rooms: roomList.map(presentRoom),
    closures: closures.map(presentClosure),
    sessions: sessions.map(presentSession),
  };
}

/** A new site; its creator may work at it at once (staff_sites), so it is in their site switcher. */
export async function createSite(deps: AppDeps, auth: AuthContext, input: SiteFields): Promise<SiteSummary> {
  checkSiteFields(input);
  const created = await deps.db.transaction(async (tx) => {
    await assertSiteNameFree(tx, auth.providerId, input.name);
    const [row] = await tx
      .insert(sites)
      .values({
        providerId: auth.providerId,
        ...siteValues(input),
        archivedAt: input.archived ? deps.clock.now() : null,
      })
      .returning({ id: sites.id });
    if (auth.staffId !== null)
      await tx
        .insert(staffSites)
        .values({ providerId: auth.providerId, staffId: auth.staffId, siteId: row!.id });
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'site-created',
      entity: 'site',
      entityId: row!.id,
      details: { name: input.name },
      at: deps.clock.now(),
    });
    return (await findSiteRow(tx, auth.providerId, row!.id))!;
  });
  return presentSite(created);
}

export async function updateSite(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  input: SiteFields,
): Promise<SiteSummary> {
  checkSiteFields(input);
  const updated = await deps.db.transaction(async (tx) => {
    const before = await siteOrNotFound(tx, auth, siteId);
    await assertSiteNameFree(tx, auth.providerId, input.name, siteId);
    const archiving = input.archived && before.archivedAt === null;
    if (archiving) {
      const blocker = siteArchiveBlocker(
        await siteAttachments(tx, auth.providerId, siteId, today(deps, before.timeZone)),
      );
      if (blocker === 'err-site-has-children')
        throw fieldError(
          blocker,
          'Children are still at this site: move them or set their leaving date first.',
          'archived',
        );
      if (blocker === 'err-site-has-staff')
        throw fieldError(
          blocker,
          'Staff are still based at this site: move them to another site first.',
          'archived',
        );
    }
    await tx
      .update(sites)
      .set({
        ...siteValues(input),
        archivedAt: input.archived ? (before.archivedAt ?? deps.clock.now()) : null,
      })
      .where(and(eq(sites.providerId, auth.providerId), eq(sites.id, siteId)));
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: archiving
        ? 'site-archived'
        : !input.archived && before.archivedAt
          ? 'site-restored'
          : 'site-changed',
      entity: 'site',
      entityId: siteId,
      details: before.name !== input.name ? { name: { old: before.name, new: input.name } } : {},
      at: deps.clock.now(),
    });
    return (await findSiteRow(tx, auth.providerId, siteId))!;
  });
  return presentSite(updated);
}

function checkRoomFields(input: RoomFields) {
  if (!ageRangeValid(input.ageFromMonths, input.ageToMonths))
    throw fieldError(
      'err-room-ages',
      'The age range must go from a younger age to an older one.',
      'ageToMonths',
    );
}

async function assertRoomNameFree(
  db: Db,
  providerId: number,
  siteId: number,
  name: string,
  exceptId?: number,
) {
  const others = await db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.providerId, providerId), eq(rooms.siteId, siteId)));
  if (placeNameTaken(name, others, exceptId))
    throw fieldError('err-room-name-taken', 'A room with this name already exists at this site.', 'name');
}

async function roomOf(db: Db, providerId: number, siteId: number, roomId: number, day: string) {
  const room = (await roomRows(db, providerId, siteId, day)).find((r) => r.id === roomId);
  if (!room) throw notFound('Room not found.');
  return room;
}

const roomValues = (input: RoomFields) => ({
  name: input.name,
  capacity: input.capacity,
  ageFromMonths: input.ageFromMonths,
  ageToMonths: input.ageToMonths,
  sortOrder: input.sortOrder,
});

export async function createRoom(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  input: RoomFields,
): Promise<RoomSummary> {
  checkRoomFields(input);
  return deps.db.transaction(async (tx) => {
    const site = await siteOrNotFound(tx, auth, siteId);
    await assertRoomNameFree(tx, auth.providerId, siteId, input.name);
    const [row] = await tx
      .insert(rooms)
      .values({
        providerId: auth.providerId,
        siteId,
        ...roomValues(input),
        archivedAt: input.archived ? deps.clock.now() : null,
      })
      .returning({ id: rooms.id });
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'room-created',
      entity: 'room',
      entityId: row!.id,
      details: { siteId, name: input.name },
      at: deps.clock.now(),
    });
    return presentRoom(await roomOf(tx, auth.providerId, siteId, row!.id, today(deps, site.timeZone)));
  });
}

export async function updateRoom(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  roomId: number,
  input: RoomFields,
): Promise<RoomSummary> {
  checkRoomFields(input);
  return deps.db.transaction(async (tx) => {
    const site = await siteOrNotFound(tx, auth, siteId);
    const day = today(deps, site.timeZone);
    const before = await roomOf(tx, auth.providerId, siteId, roomId, day);
    await assertRoomNameFree(tx, auth.providerId, siteId, input.name, roomId);
    const archiving = input.archived && before.archivedAt === null;
    if (archiving && before.childCount > 0)
      throw fieldError(
        'err-room-has-children',
        'Children are still in this room: move them to another room first.',
        'archived',
      );
    await tx
      .update(rooms)
      .set({
        ...roomValues(input),
        archivedAt: input.archived ? (before.archivedAt ?? deps.clock.now()) : null,
      })
      .where(and(eq(rooms.providerId, auth.providerId), eq(rooms.id, roomId)));
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: archiving
        ? 'room-archived'
        : !input.archived && before.archivedAt
          ? 'room-restored'
          : 'room-changed',
      entity: 'room',
      entityId: roomId,
      details: {
        siteId,
        ...(before.name !== input.name ? { name: { old: before.name, new: input.name } } : {}),
      },
      at: deps.clock.now(),
    });
    return presentRoom(await roomOf(tx, auth.providerId, siteId, roomId, day));
  });
}

export async function createClosure(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  input: Required<ClosureInput>,
): Promise<ClosureSummary> {
  if (input.endsOn < input.startsOn)
    throw fieldError('err-closure-dates', 'The last day of a closure cannot be before its first.', 'endsOn');
  return deps.db.transaction(async (tx) => {
    await siteOrNotFound(tx, auth, siteId);
    const [row] = await tx
      .insert(siteClosures)
      .values({ providerId: auth.providerId, siteId, ...input })
      .returning();
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'site-closure-added',
      entity: 'site',
      entityId: siteId,
      details: { startsOn: input.startsOn, endsOn: input.endsOn },
      at: deps.clock.now(),
    });
    return presentClosure(row!);
  });
}

export async function deleteClosure(deps: AppDeps, auth: AuthContext, siteId: number, closureId: number) {
  await deps.db.transaction(async (tx) => {
    await siteOrNotFound(tx, auth, siteId);
    const [row] = await tx
      .delete(siteClosures)
      .where(
        and(
          eq(siteClosures.providerId, auth.providerId),
          eq(siteClosures.siteId, siteId),
          eq(siteClosures.id, closureId),
        ),
      )
      .returning();
    if (!row) throw notFound('Closure not found.');
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'site-closure-removed',
      entity: 'site',
      entityId: siteId,
      details: { startsOn: row.startsOn, endsOn: row.endsOn },
      at: deps.clock.now(),
    });
  });
}

async function checkSession(
  db: Db,
  providerId: number,
  site: { id: number; opensAt: string; closesAt: string },
  input: Required<SessionInput>,
  exceptId?: number,
) {
  const problem = sessionTimesProblem(input.start, input.end, site);
  if (problem === 'session-end-before-start')
    throw fieldError('err-session-times', 'A session must start before it ends.', 'end');
  if (problem === 'session-outside-opening-hours')
    throw fieldError(
      'err-session-times',
      `A session must lie within the opening hours (${site.opensAt.slice(0, 5)}–${site.closesAt.slice(0, 5)}).`,
      'start',
    );
  const others = await db
    .select({ id: sessionCombos.id, name: sessionCombos.name })
    .from(sessionCombos)
    .where(and(eq(sessionCombos.providerId, providerId), eq(sessionCombos.siteId, site.id)));
  if (placeNameTaken(input.name, others, exceptId))
    throw fieldError(
      'err-session-name-taken',
      'A session with this name already exists at this site.',
      'name',
    );
}

export async function createSession(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  input: Required<SessionInput>,
): Promise<SessionSummary> {
  return deps.db.transaction(async (tx) => {
    const site = await siteOrNotFound(tx, auth, siteId);
    await checkSession(tx, auth.providerId, site, input);
    const [row] = await tx
      .insert(sessionCombos)
      .values({ providerId: auth.providerId, siteId, ...input })
      .returning();
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'session-created',
      entity: 'session-combo',
      entityId: row!.id,
      details: { siteId, name: input.name },
      at: deps.clock.now(),
    });
    return presentSession(row!);
  });
}

export async function updateSession(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  sessionId: number,
  input: Required<SessionInput>,
): Promise<SessionSummary> {
  return deps.db.transaction(async (tx) => {
    const site = await siteOrNotFound(tx, auth, siteId);
    const current = await sessionRows(tx, auth.providerId, siteId);
    if (!current.some((s) => s.id === sessionId)) throw notFound('Session not found.');
    await checkSession(tx, auth.providerId, site, input, sessionId);
    const [row] = await tx
      .update(sessionCombos)
      .set(input)
      .where(
        and(
          eq(sessionCombos.providerId, auth.providerId),
          eq(sessionCombos.siteId, siteId),
          eq(sessionCombos.id, sessionId),
        ),
      )
      .returning();
    if (!row) throw notFound('Session not found.');
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'session-changed',
      entity: 'session-combo',
      entityId: sessionId,
      details: { siteId, name: input.name, enabled: input.enabled },
      at: deps.clock.now(),
    });
    return presentSession(row);
  });
}
