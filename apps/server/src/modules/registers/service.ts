// The child register's commands (spec 002 §2-§5, §7): the register of a site day, the actual times of
// bookings (check-in, check-out and their undo, replayed offline with the version they were made
// against), and mark-off (or the request a manager approves). Decisions the spec leaves open are
// written in docs/decisions.md, "Child register (issue 14)".
import { type Clock, formatMessage, todayInZone } from '@nursery/domain/common';
import {
  type MarkOffAnswer,
  type MarkOffBody,
  markOffProblems,
  type RegisterAnswer,
  type RegisterConflict,
  type RegisterUpdatesAnswer,
  type RegisterUpdatesBody,
} from '@nursery/domain/registers';
import type { Db } from '../../db/client.ts';
import { CONFLICT_CODE } from '../../lib/conflict.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { type AuditedRecord, auditChange } from '../../lib/record-audit.ts';
import { type AuthContext, assertSite, mayUseSite } from '../../plugins/auth.ts';
import { bookPatternsThrough } from '../children-admin/index.ts';
import { notesRequired, permittedActions } from './policy.ts';
import { registerAnswer, sessionOf } from './presenter.ts';
import {
  childBookings,
  enabledCategory,
  insertMarkOffRequests,
  lockBookings,
  markOffCategoryRows,
  registerRows,
  registerSite,
  type SessionRow,
  setMarkOff,
  type TimesUpdate,
  updateTimes,
} from './queries.ts';

export interface RegisterDeps {
  db: Db;
  clock: Clock;
}

type Runner = Parameters<typeof registerSite>[0];

export const REGISTERS_DISABLED = 'registers-feature-disabled-at-site';
export const NOTES_REQUIRED = 'err-mark-off-notes-required';

const invalid = (message: string) => new AppError(400, 'err-invalid-request', message);

/** A site the user may work at, keeping registers: its zone, today there, the notes rule. 404/403. */
async function registerSiteOf(db: Runner, auth: AuthContext, siteId: number, now: Date) {
  const site = await registerSite(db, auth.providerId, siteId);
  if (!site || !mayUseSite(auth, siteId)) throw notFound('Site not found.');
  if (!site.registersEnabled) throw new AppError(403, REGISTERS_DISABLED, formatMessage(REGISTERS_DISABLED));
  return {
    today: todayInZone(now, site.timeZone),
    markOffNotesRequired: notesRequired(site.notesFlag),
  };
}

/** GET sites/:siteID/registers: a past date (or none) answers today's register. */
export async function getRegister(
  { db, clock }: RegisterDeps,
  auth: AuthContext,
  siteID: number,
  date: string | undefined,
): Promise<RegisterAnswer> {
  const siteId = assertSite(auth, siteID);
  const now = clock.now();
  const site = await registerSiteOf(db, auth, siteId, now);
  const day = date !== undefined && date > site.today ? date : site.today;
  // Booking patterns (issue 29) are bookings rows up to a horizon: a later day's are written first.
  await bookPatternsThrough(db, auth.providerId, siteId, day, now);
  const [rows, categories] = await Promise.all([
    registerRows(db, auth.providerId, siteId, day),
    markOffCategoryRows(db, auth.providerId),
  ]);
  return registerAnswer({
    siteID: siteId,
    date: day,
    today: site.today,
    fetchedAt: now,
    rows,
    categories,
    markOffNotesRequired: site.markOffNotesRequired,
    permittedActions: permittedActions(auth.permissions, day, site.today),
  });
}

const keyOf = (k: { childID: number; comboID: number; date: string }) =>
  `${k.childID}/${k.comboID}/${k.date}`;

/**
 * PUT bookings: every update in one transaction. The whole request is refused (400/403, nothing
 * written) when a row is invalid or not permitted; otherwise each row is applied or answered as a
 * conflict (changed, deleted, not-found).
 */
export async function putBookings(
  { db, clock }: RegisterDeps,
  auth: AuthContext,
  body: RegisterUpdatesBody,
): Promise<RegisterUpdatesAnswer> {
  const siteId = assertSite(auth, body.siteID);
  const now = clock.now();
  const site = await registerSiteOf(db, auth, siteId, now);
  const seen = new Set<string>();
  body.updates.forEach((u, i) => {
    const where = `updates[${i}]`;
    if (seen.has(keyOf(u))) throw invalid(`${where}: the same booking is updated twice.`);
    seen.add(keyOf(u));
    if (u.date > site.today) throw invalid(`${where}: a future register cannot be checked in or out.`);
    if (u.actualEnd !== null && u.actualStart === null)
      throw invalid(`${where}: actualEnd needs an actualStart.`);
    if (u.actualEnd !== null && u.actualStart !== null && u.actualEnd < u.actualStart)
      throw invalid(`${where}: actualEnd is before actualStart.`);
  });

  return db.transaction(async (tx) => {
    const rows = await lockBookings(
      tx,
      auth.providerId,
      siteId,
      body.updates.map((u) => ({ childId: u.childID, comboId: u.comboID, date: u.date })),
    );
    const byKey = new Map(
      rows.map((r) => [keyOf({ childID: r.childId, comboID: r.comboId, date: r.date }), r]),
    );
    const conflicts: RegisterConflict[] = [];
    /** Rows already as asked (a replay of an applied update): answered, not written. */
    const unchanged: SessionRow[] = [];
    const writes: { row: SessionRow; update: TimesUpdate }[] = [];
    for (const [i, u] of body.updates.entries()) {
      const key = { childID: u.childID, comboID: u.comboID, date: u.date };
      const row = byKey.get(keyOf(u));
      if (!row || row.deleted) {
        conflicts.push({ ...key, reason: row ? 'deleted' : 'not-found', theirs: null });
        continue;
      }
      const startChanges = row.actualStart !== u.actualStart;
      const endChanges = row.actualEnd !== u.actualEnd;
      if (!startChanges && !endChanges) {
        unchanged.push(row);
        continue;
      }
      if (row.version !== u.version) {
        conflicts.push({ ...key, reason: 'changed', theirs: sessionOf(row) });
        continue;
      }
      if (row.markedOffCategoryId !== null && (u.actualStart !== null || u.actualEnd !== null))
        throw invalid(`updates[${i}]: the session is marked off; undo the mark-off first.`);
      if ((startChanges && !auth.permissions.checkIn) || (endChanges && !auth.permissions.checkOut))
        throw forbidden();
      const update = {
        bookingId: Number(row.bookingId),
        actualStart: u.actualStart,
        actualEnd: u.actualEnd,
      };
      writes.push({ row, update: { ...update, version: u.version } });
    }
    const updated =
      writes.length > 0
        ? await updateTimes(
            tx,
            auth.providerId,
            writes.map((w) => w.update),
            now,
          )
        : [];
    const byId = new Map(updated.map((r) => [Number(r.bookingId), r]));
    const booking = (w: (typeof writes)[number]): AuditedRecord => ({
      type: 'booking',
      id: w.update.bookingId,
      childId: w.row.childId,
    });
    const done = writes.filter((w) => byId.has(w.update.bookingId));
    const checkedIn = done.filter((w) => w.row.actualStart !== w.update.actualStart);
    const checkedOut = done.filter((w) => w.row.actualEnd !== w.update.actualEnd);
    await auditChange(tx, auth, 'check-in', checkedIn.map(booking), now);
    await auditChange(tx, auth, 'check-out', checkedOut.map(booking), now);
    const sessions: RegisterUpdatesAnswer['sessions'] = unchanged.map((row) => ({
      ...sessionOf(row),
      childID: row.childId,
    }));
    for (const { row, update } of writes) {
      const done = byId.get(update.bookingId);
      const key = { childID: row.childId, comboID: row.comboId, date: row.date };
      // Not updated although locked: only if the version moved in between (cannot happen under the lock).
      if (!done) conflicts.push({ ...key, reason: 'changed', theirs: sessionOf(row) });
      else
        sessions.push({
          ...sessionOf({
            ...row,
            actualStart: done.actualStart,
            actualEnd: done.actualEnd,
            version: done.version,
          }),
          childID: row.childId,
        });
    }
    return { conflicts, sessions };
  });
}

export const MARK_OFF_CONFLICT_MESSAGE = 'This session was changed by someone else.';

/** The version the client saw of each combo (the first, when a combo is sent twice). */
function seenVersions(body: MarkOffBody): Map<number, number> {
  const seen = new Map<number, number>();
  body.versions?.forEach((version, i) => {
    const comboId = body.comboIDs[i] as number;
    if (!seen.has(comboId)) seen.set(comboId, version);
  });
  return seen;
}

/**
 * POST children/:childID/markOff. With markOff: a category marks the sessions off, null undoes it.
 * Without: a pending request per session (type MO) that a manager approves; a session already
 * marked off cannot be changed (403).
 */
export async function markOff(
  { db, clock }: RegisterDeps,
  auth: AuthContext,
  childId: number,
  body: MarkOffBody,
): Promise<MarkOffAnswer> {
  const now = clock.now();
  return db.transaction((tx) => markOffIn(tx, now, auth, childId, body));
}

/**
 * The mark-off inside the caller's transaction: the register's call above, and the approval of a
 * booking request (modules/requests), which decides the request in the same transaction.
 */
export async function markOffIn(
  tx: Runner,
  now: Date,
  auth: AuthContext,
  childId: number,
  body: MarkOffBody,
): Promise<MarkOffAnswer> {
  const comboIds = [...new Set(body.comboIDs)];
  const rows = await childBookings(tx, auth.providerId, childId, body.date, comboIds, true);
  if (rows.length !== comboIds.length || rows.some((r) => !mayUseSite(auth, r.siteId)))
    throw notFound('Booking not found.');
  // The rows are locked (FOR UPDATE): a session another user changed since this client read it (two
  // managers marking off the same session) is a conflict, answered with the sessions as they are now.
  const seen = seenVersions(body);
  if (rows.some((r) => seen.has(r.comboId) && seen.get(r.comboId) !== r.version))
    throw new AppError(409, CONFLICT_CODE, MARK_OFF_CONFLICT_MESSAGE, {}, { sessions: rows.map(sessionOf) });
  for (const siteId of new Set(rows.map((r) => r.siteId))) {
    const site = await registerSiteOf(tx, auth, siteId, now);
    if (body.date < site.today) throw invalid('date: a past register cannot be changed.');
    if (body.markOffCategoryID === null && auth.permissions.markOff) continue;
    const problems = markOffProblems({
      markOffCategoryID: body.markOffCategoryID,
      notes: body.notes,
      canChooseCategory: auth.permissions.markOff,
      notesRequired: site.markOffNotesRequired,
    });
    if (problems.includes('notes-required'))
      throw new AppError(400, NOTES_REQUIRED, 'Notes are required to mark off a session.');
    if (problems.length > 0) throw invalid(`mark-off: ${problems.join(', ')}.`);
  }
  const notes = body.notes.trim() === '' ? null : body.notes;
  const ids = (list: SessionRow[]) => list.map((r) => Number(r.bookingId));
  let outcome: MarkOffAnswer['outcome'];
  if (auth.permissions.markOff && body.markOffCategoryID === null) {
    const off = rows.filter((r) => r.markedOffCategoryId !== null);
    if (off.length > 0) await setMarkOff(tx, auth.providerId, ids(off), null, null, now);
    outcome = 'undone';
  } else {
    if (!auth.permissions.markOff && rows.some((r) => r.markedOffCategoryId !== null)) throw forbidden();
    if (rows.some((r) => r.actualStart !== null))
      throw invalid('The session is checked in: undo the check-in before marking it off.');
    if (auth.permissions.markOff) {
      const categoryId = body.markOffCategoryID as number;
      if (!(await enabledCategory(tx, auth.providerId, categoryId)))
        throw invalid('markOffCategoryID: not an enabled mark-off category.');
      await setMarkOff(tx, auth.providerId, ids(rows), categoryId, notes, now);
      outcome = 'marked-off';
    } else {
      await insertMarkOffRequests(
        tx,
        auth.providerId,
        auth.personId,
        rows.map((r) => ({ bookingId: Number(r.bookingId), childId, comboId: r.comboId, date: r.date })),
        notes,
        now,
      );
      outcome = 'request-sent';
    }
  }
  const bookings = rows.map((r) => ({ type: 'booking' as const, id: Number(r.bookingId), childId }));
  await auditChange(tx, auth, 'mark-off', bookings, now);
  const sessions = await childBookings(tx, auth.providerId, childId, body.date, comboIds);
  return { outcome, sessions: sessions.map(sessionOf) };
}
