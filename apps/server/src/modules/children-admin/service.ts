// The settings' Children page's commands (issue 29): list, read, add, change, archive and restore a
// child. Each write runs in one transaction with its checks, its bookings (pattern-bookings.ts) and its
// audit rows (audit_log for the action, record_audit for the child's record). Booking patterns:
// patterns.ts.
import { addDays, todayInZone } from '@nursery/domain/common';
import {
  type ChildRecord,
  type ChildRecordFields,
  type ChildRecordList,
  type ChildRecordOptions,
  childFieldProblems,
  type FieldProblem,
} from '@nursery/domain/settings';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { children, keyChildren } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { cursorCodec, cursorId, keysetPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { auditChange } from '../../lib/record-audit.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { contactsOfChildren, mayViewChild } from '../children/index.ts';
import { bookPattern, horizonOf, moveChildBookings, unbookChildAfter } from './pattern-bookings.ts';
import { presentRecord, presentSummary } from './presenter.ts';
import {
  CHILD_PAGE_SIZE,
  childFormOptions,
  childListRows,
  childRecordRow,
  patternRowsOfChild,
  roomOfSite,
  staffOfSite,
} from './queries.ts';

type Runner = Pick<Db, 'execute'>;
export type ListQuery = {
  siteID?: number;
  roomID?: number;
  status: 'current' | 'leavers' | 'archived';
  search?: string;
  cursor?: string;
};

/** A field the rules refuse: 400 with the field named, shown under it. */
export const invalidField = (p: FieldProblem) =>
  new AppError(400, 'err-invalid-field', p.message, {}, { field: p.field });
export const childNotFound = () => notFound('Child not found.');

/** Today where the user works (every site of a provider shares its zone today: Europe/London). */
export const todayOf = (deps: Pick<AppDeps, 'clock'>) => todayInZone(deps.clock.now());

/** The position: the last row's surname, forename and id (the list's order). */
const listCursor = cursorCodec(
  z.tuple([z.string().max(200), z.string().max(200), cursorId]),
  (p: { surname: string; forename: string; id: number }) =>
    [p.surname, p.forename, p.id] as [string, string, number],
  ([surname, forename, id]) => ({ surname, forename, id }),
);

export async function listChildren(deps: AppDeps, auth: AuthContext, q: ListQuery): Promise<ChildRecordList> {
  const siteIds = q.siteID !== undefined ? [assertSite(auth, q.siteID)] : auth.siteIds;
  const today = todayOf(deps);
  const rows = await childListRows(deps.db, auth.providerId, {
    siteIds,
    roomId: q.roomID,
    status: q.status,
    search: q.search,
    today,
    after: q.cursor ? listCursor.decode(q.cursor) : undefined,
  });
  const { page, next } = keysetPage(rows, CHILD_PAGE_SIZE, listCursor.encode);
  return {
    children: page.map((r) => presentSummary(r, today)),
    next,
    permittedActions: { add: auth.permissions.settingsChildren },
  };
}

export function formOptions(deps: AppDeps, auth: AuthContext): Promise<ChildRecordOptions> {
  return childFormOptions(deps.db, auth.providerId, auth.siteIds, todayOf(deps));
}

/** The child, when the user may reach it (one of their sites); 404 otherwise. */
export async function visibleChild(db: Runner, auth: AuthContext, childId: number) {
  const row = await childRecordRow(db, auth.providerId, childId);
  if (!row || !mayViewChild(auth, row)) throw childNotFound();
  return row;
}

export async function readChild(
  db: Runner,
  auth: AuthContext,
  childId: number,
  today: string,
): Promise<ChildRecord> {
  const row = await visibleChild(db, auth, childId);
  const [patterns, contacts] = await Promise.all([
    patternRowsOfChild(db, auth.providerId, childId),
    contactsOfChildren(db as Db, auth.providerId, [childId]),
  ]);
  return presentRecord(row, patterns, contacts.get(childId) ?? [], today);
}

export async function getChild(deps: AppDeps, auth: AuthContext, childId: number) {
  return readChild(deps.db, auth, childId, todayOf(deps));
}

/**
 * The room and key person must be the child's site's (the site's data as the caller read it: one
 * child's two lookups here, a whole file's rooms and staff for the import).
 */
export function childSiteProblems(
  input: Pick<ChildRecordFields, 'roomID' | 'keyPersonID'>,
  site: { hasRoom: (roomId: number) => boolean; hasStaff: (staffId: number) => boolean },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.roomID !== null && !site.hasRoom(input.roomID))
    problems.push({ field: 'roomID', message: 'Choose a room of the child’s site.' });
  if (input.keyPersonID !== null && !site.hasStaff(input.keyPersonID))
    problems.push({ field: 'keyPersonID', message: 'Choose a member of staff of the child’s site.' });
  return problems;
}

export const CHILD_ARCHIVED_MESSAGE = 'This child is archived: restore them to change their record.';

/** The field rules, the site (404 when not the user's), the room and key person of that site (400). */
async function checkFields(db: Runner, auth: AuthContext, input: ChildRecordFields, today: string) {
  const [problem] = childFieldProblems(input, today);
  if (problem) throw invalidField(problem);
  assertSite(auth, input.siteID);
  const roomOk = input.roomID !== null && (await roomOfSite(db, auth.providerId, input.siteID, input.roomID));
  const staffOk =
    input.keyPersonID !== null && (await staffOfSite(db, auth.providerId, input.siteID, input.keyPersonID));
  const [siteProblem] = childSiteProblems(input, { hasRoom: () => roomOk, hasStaff: () => staffOk });
  if (siteProblem) throw invalidField(siteProblem);
}

/** The children row's columns of a record as the page saves it (the import's bulk path writes the same). */
export const columnsOf = (input: ChildRecordFields) => ({
  forename: input.forename.trim(),
  surname: input.surname.trim(),
  dob: input.dob,
  startDate: input.startDate,
  endDate: input.endDate || null,
  siteId: input.siteID,
  roomId: input.roomID,
  gender: input.gender,
  eal: input.eal,
  eypp: input.eypp,
  send: input.send,
  twoYearFunded: input.twoYearFunded,
  allergies: input.allergies?.trim() || null,
  dietaryNeeds: input.dietaryNeeds?.trim() || null,
  medicalNotes: input.medicalNotes?.trim() || null,
  photoConsent: input.photoConsent,
});

async function setKeyPerson(tx: Runner, providerId: number, childId: number, staffId: number | null) {
  await tx.execute(sql`delete from key_children where provider_id = ${providerId} and child_id = ${childId}
    and staff_id is distinct from ${staffId}`);
  if (staffId !== null)
    await tx.execute(sql`insert into ${keyChildren} (provider_id, staff_id, child_id)
      values (${providerId}, ${staffId}, ${childId}) on conflict do nothing`);
}

const actorOf = (auth: AuthContext) => ({
  providerId: auth.providerId,
  userId: auth.userId,
  staffId: auth.staffId,
});

async function logChange(
  deps: AppDeps,
  tx: Runner,
  auth: AuthContext,
  action: string,
  childId: number,
  details = {},
) {
  const at = deps.clock.now();
  await audit(tx as Db, {
    providerId: auth.providerId,
    userId: auth.userId,
    action,
    entity: 'child',
    entityId: childId,
    details,
    at,
  });
  await auditChange(
    tx,
    actorOf(auth),
    action === 'child-created' ? 'create' : 'update',
    [{ type: 'child', id: childId, childId }],
    at,
  );
}

export async function createChild(
  deps: AppDeps,
  auth: AuthContext,
  input: ChildRecordFields,
): Promise<ChildRecord> {
  const today = todayOf(deps);
  return deps.db.transaction(async (tx) => {
    await checkFields(tx, auth, input, today);
    const [row] = await tx
      .insert(children)
      .values({ providerId: auth.providerId, ...columnsOf(input) })
      .returning({ id: children.id });
    const childId = row!.id;
    await setKeyPerson(tx, auth.providerId, childId, input.keyPersonID);
    await logChange(deps, tx, auth, 'child-created', childId, { siteID: input.siteID });
    return readChild(tx, auth, childId, today);
  });
}

export async function updateChild(
  deps: AppDeps,
  auth: AuthContext,
  childId: number,
  input: ChildRecordFields,
): Promise<ChildRecord> {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await visibleChild(tx, auth, childId);
    if (before.archived) throw new AppError(409, 'err-child-archived', CHILD_ARCHIVED_MESSAGE);
    await checkFields(tx, auth, input, today);
    const patterns = await patternRowsOfChild(tx, auth.providerId, childId);
    if (input.siteID !== before.siteId && patterns.length > 0)
      throw invalidField({
        field: 'siteID',
        message: 'Remove the child’s booking patterns before moving them to another site.',
      });
    await tx
      .update(children)
      .set(columnsOf(input))
      .where(and(eq(children.providerId, auth.providerId), eq(children.id, childId)));
    await setKeyPerson(tx, auth.providerId, childId, input.keyPersonID);
    if (input.roomID !== before.roomId)
      await moveChildBookings(tx, auth.providerId, childId, input.roomID, today, now);
    const endDate = input.endDate || null;
    if (endDate !== null) await unbookChildAfter(tx, auth.providerId, childId, endDate, now);
    // A later (or no) leave date, or an earlier start: the patterns book the days now open to them.
    await rebookFromToday(tx, auth.providerId, patterns, today, now);
    const changed = Object.keys(columnsOf(input)).filter(
      (k) =>
        String((columnsOf(input) as Record<string, unknown>)[k]) !==
        String((before as Record<string, unknown>)[k]),
    );
    await logChange(deps, tx, auth, 'child-changed', childId, { fields: changed });
    return readChild(tx, auth, childId, today);
  });
}

/**
 * The child's patterns book again from today to the horizon, as if booked through yesterday: every
 * untouched day is seen again (a booking already there stays).
 */
async function rebookFromToday(
  tx: Parameters<typeof bookPattern>[0],
  providerId: number,
  patterns: readonly Parameters<typeof bookPattern>[2][],
  today: string,
  now: Date,
) {
  for (const p of patterns)
    await bookPattern(
      tx,
      providerId,
      { ...p, bookedThrough: addDays(today, -1) },
      today,
      horizonOf(today),
      now,
    );
}

export async function archiveChild(deps: AppDeps, auth: AuthContext, childId: number): Promise<ChildRecord> {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await visibleChild(tx, auth, childId);
    if (before.archived) return readChild(tx, auth, childId, today);
    // Leaving today unless they left earlier; never before their start (a starter who never came).
    const lastDay = before.endDate !== null && before.endDate < today ? before.endDate : today;
    await tx.execute(sql`update children set archived_at = ${now},
        end_date = greatest(start_date, ${lastDay}::date)
      where provider_id = ${auth.providerId} and id = ${childId}`);
    await unbookChildAfter(
      tx,
      auth.providerId,
      childId,
      lastDay < before.startDate ? before.startDate : lastDay,
      now,
    );
    await logChange(deps, tx, auth, 'child-archived', childId, { endDate: before.endDate });
    return readChild(tx, auth, childId, today);
  });
}

export async function restoreChild(deps: AppDeps, auth: AuthContext, childId: number): Promise<ChildRecord> {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await visibleChild(tx, auth, childId);
    if (!before.archived) return readChild(tx, auth, childId, today);
    await tx.execute(sql`update children set archived_at = null, end_date = null
      where provider_id = ${auth.providerId} and id = ${childId}`);
    await rebookFromToday(
      tx,
      auth.providerId,
      await patternRowsOfChild(tx, auth.providerId, childId),
      today,
      now,
    );
    await logChange(deps, tx, auth, 'child-restored', childId);
    return readChild(tx, auth, childId, today);
  });
}
