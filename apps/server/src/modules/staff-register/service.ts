// The staff register's commands (spec 002 §2-§6): the register of a site day, one shift, the changes
// of a shift guarded by its version (If-Match or body `version`; 412 with the shift as it is now),
// and bulk actions on status-W shifts. Every write runs in a transaction holding the shift's row lock
// and bumps `version` once. Choices the spec leaves open: docs/decisions.md "Issue 18: Staff register
// server".
import { type Clock, formatMessage, formatTime, todayInZone } from '@nursery/domain/common';
import {
  type BulkShiftsAnswer,
  type BulkShiftsBody,
  canCheckIn,
  canCheckOut,
  END_TIME_MUST_BE_AFTER_START_TIME,
  markOffStatusChoices,
  mayAmendShiftTimes,
  mayCheckInShift,
  parseAdditionalMinutes,
  type Shift,
  type ShiftAction,
  type ShiftActor,
  type StaffRegisterAnswer,
  saveBreaksProblems,
  shiftPermittedActions,
} from '@nursery/domain/registers';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { ObjectStore } from '../../lib/object-store/index.ts';
import { type AuthContext, assertSite, mayUseSite } from '../../plugins/auth.ts';
import { actorOf, registerPermittedActions, restrictsAmendments } from './policy.ts';
import { shiftOf, staffRegisterAnswer } from './presenter.ts';
import {
  deleteBreaks,
  insertBreak,
  lockSiteDayShifts,
  type Runner,
  registerStaff,
  type ShiftPatch,
  type ShiftRow,
  shiftById,
  shiftStatusRows,
  siteDayShifts,
  siteRooms,
  staffRegisterSite,
  updateBreak,
  updateShift,
} from './queries.ts';
import {
  droppedSignatures,
  removeSignatureFiles,
  signatureImageOf,
  storeActionSignature,
} from './signatures.ts';

export interface StaffRegisterDeps {
  db: Db;
  clock: Clock;
  /** Where the signature images live (lib/object-store: DATA_DIR/media or the bucket). */
  objects: ObjectStore;
}

export const FEATURE_DISABLED = 'staff-registers-disabled';
export const SHIFT_CHANGED = 'err-shift-changed';
export const NOT_ELIGIBLE = 'err-shift-not-eligible';
export const TIME_IN_FUTURE = 'err-time-in-future';
export const NO_STAFF_SELECTED = 'err-no-staff-selected';

const invalid = (message: string) => new AppError(400, 'err-invalid-request', message);
const notEligible = (what: string) =>
  new AppError(400, NOT_ELIGIBLE, `${formatMessage(NOT_ELIGIBLE)} (${what})`);
export const shiftNotFound = (id: number) =>
  new AppError(404, 'err-not-found', formatMessage('shift-not-found', { id }));

/** A site the user may work at, keeping staff registers: its zone, today there, the amendment flag. */
async function siteOf(db: Runner, auth: AuthContext, siteId: number, now: Date) {
  const site = await staffRegisterSite(db, auth.providerId, siteId);
  if (!site || !mayUseSite(auth, siteId)) throw new AppError(404, 'err-not-found', 'Site not found.');
  if (!site.staffRegistersEnabled) throw new AppError(403, FEATURE_DISABLED, formatMessage(FEATURE_DISABLED));
  return {
    timeZone: site.timeZone,
    today: todayInZone(now, site.timeZone),
    restrict: restrictsAmendments(site.restrictFlag),
  };
}
type SiteInfo = Awaited<ReturnType<typeof siteOf>>;

/** The session's staff id (every staff-register route needs a staff session). */
const viewerOf = (auth: AuthContext) => {
  if (auth.staffId === null) throw forbidden();
  return auth.staffId as number;
};

/** GET sites/:siteID/staff-register: any date (today at the site when absent). */
export async function getStaffRegister(
  { db, clock }: StaffRegisterDeps,
  auth: AuthContext,
  siteID: number,
  date: string | undefined,
): Promise<StaffRegisterAnswer> {
  const siteId = assertSite(auth, siteID);
  const viewer = viewerOf(auth);
  const now = clock.now();
  const site = await siteOf(db, auth, siteId, now);
  const day = date ?? site.today;
  const [staff, shifts, rooms, statuses] = await Promise.all([
    registerStaff(db, auth.providerId, siteId, day),
    siteDayShifts(db, auth.providerId, siteId, day),
    siteRooms(db, auth.providerId, siteId),
    shiftStatusRows(db, auth.providerId),
  ]);
  return staffRegisterAnswer({
    siteID: siteId,
    date: day,
    today: site.today,
    fetchedAt: now,
    rooms,
    staff,
    shifts,
    statuses,
    viewerStaffId: viewer,
    actorFor: (staffId) => actorOf(auth.permissions, viewer, staffId, site.restrict, site.today),
    permittedActions: registerPermittedActions(auth.permissions, site.restrict),
    permissions: auth.permissions,
  });
}

/** A shift of a site the user may use (404 'Shift not found: {id}' otherwise) with its site. */
async function visibleShift(db: Runner, auth: AuthContext, shiftId: number, now: Date, lock = false) {
  const row = await shiftById(db, auth.providerId, shiftId, lock);
  if (!row || !mayUseSite(auth, row.siteId)) throw shiftNotFound(shiftId);
  const site = await siteOf(db, auth, row.siteId, now);
  return {
    row,
    site,
    actor: actorOf(auth.permissions, auth.staffId, row.staffId, site.restrict, site.today),
  };
}

/** GET shifts/:shiftID. */
export async function getShift({ db, clock }: StaffRegisterDeps, auth: AuthContext, shiftId: number) {
  const { row, actor } = await visibleShift(db, auth, shiftId, clock.now());
  return shiftOf(row, actor);
}

/** The version of `If-Match: "<n>"` (or W/"<n>"), or of the body; 400 without either or when they differ. */
export function expectedVersion(ifMatch: string | undefined, bodyVersion: number | undefined): number {
  let header: number | undefined;
  if (ifMatch !== undefined) {
    const m = /^\s*(?:W\/)?"(\d{1,10})"\s*$/.exec(ifMatch);
    if (!m) throw invalid('If-Match: the ETag of the shift, "<version>".');
    header = Number(m[1]);
  }
  if (header !== undefined && bodyVersion !== undefined && header !== bodyVersion)
    throw invalid('If-Match and version name different versions.');
  const version = header ?? bodyVersion;
  if (version === undefined) throw invalid('If-Match or version: the version the change was made against.');
  return version;
}

/**
 * POST shifts/:shiftID/actions: one change against the shift's version, in one transaction. A
 * signature is stored first and removed again when the change is refused; signatures the change
 * cleared are removed once it is committed.
 */
export async function actOnShift(
  deps: StaffRegisterDeps,
  auth: AuthContext,
  shiftId: number,
  body: ShiftAction,
  ifMatch: string | undefined,
): Promise<Shift> {
  const { db, clock } = deps;
  const version = expectedVersion(ifMatch, body.version);
  const now = clock.now();
  const signature = await storeActionSignature(deps, auth.providerId, body);
  try {
    const { shift, dropped } = await db.transaction(async (tx) => {
      const { row, site, actor } = await visibleShift(tx, auth, shiftId, now, true);
      if (row.version !== version)
        throw new AppError(
          412,
          SHIFT_CHANGED,
          formatMessage(SHIFT_CHANGED),
          { etag: `"${row.version}"` },
          { theirs: shiftOf(row, actor) },
        );
      await applyAction(tx, auth, row, site, actor, body, now, signature);
      const after = await shiftById(tx, auth.providerId, shiftId);
      return { shift: shiftOf(after!, actor), dropped: droppedSignatures(row, after) };
    });
    await removeSignatureFiles(deps, dropped);
    return shift;
  } catch (error) {
    if (signature) await removeSignatureFiles(deps, [signature]);
    throw error;
  }
}

/** GET shifts/:shiftID/signatures/:which: the check-in's or check-out's image (404 when none). */
export async function shiftSignatureImage(
  deps: StaffRegisterDeps,
  auth: AuthContext,
  shiftId: number,
  which: 'actualFrom' | 'actualTo',
) {
  const { row } = await visibleShift(deps.db, auth, shiftId, deps.clock.now());
  return signatureImageOf(deps, which === 'actualFrom' ? row.actualFromSignature : row.actualToSignature);
}

/** GET shifts/:shiftID/breaks/:breakID/signatures/:which: a break's start or end image (404 when none). */
export async function breakSignatureImage(
  deps: StaffRegisterDeps,
  auth: AuthContext,
  shiftId: number,
  breakId: number,
  which: 'timeFrom' | 'timeTo',
) {
  const { row } = await visibleShift(deps.db, auth, shiftId, deps.clock.now());
  const found = (row.breaks ?? []).find((b) => Number(b.id) === breakId);
  return signatureImageOf(deps, which === 'timeFrom' ? found?.fromSignature : found?.toSignature);
}

const rulesOf = (row: ShiftRow) => ({
  date: row.date,
  actualFrom: row.actualFrom,
  actualTo: row.actualTo,
  status: { code: row.statusCode },
  breaks: (row.breaks ?? []).map((b) => ({ id: Number(b.id), timeFrom: b.timeFrom, timeTo: b.timeTo })),
  additionalMins: row.additionalMins,
});

/** A live time (check-in, check-out, a break) is not later than now at the site. */
function assertNotFuture(time: string, site: SiteInfo, now: Date) {
  if (time > formatTime(now, site.timeZone))
    throw new AppError(400, TIME_IN_FUTURE, formatMessage(TIME_IN_FUTURE));
}

const endBeforeStart = () =>
  new AppError(400, END_TIME_MUST_BE_AFTER_START_TIME, formatMessage(END_TIME_MUST_BE_AFTER_START_TIME));

/** A shift back to not worked (mark-off, undo check-in): its times, signatures and extra minutes cleared. */
const NOT_WORKED = {
  actualFrom: null,
  actualTo: null,
  actualFromSignature: null,
  actualToSignature: null,
  additionalMins: 0,
} as const;

/** Checks the permission (403) and the shift's state (400), then writes; the version moves once. */

async function applyAction(
  tx: Runner,
  auth: AuthContext,
  row: ShiftRow,
  site: SiteInfo,
  actor: ShiftActor,
  body: ShiftAction,
  now: Date,
  /** The stored path of the action's signature (check-in, check-out, a break's start or end). */
  signature: string | null = null,
): Promise<void> {
  const { providerId } = auth;
  const id = Number(row.id);
  const rules = rulesOf(row);
  const may = shiftPermittedActions(rules, actor);
  const checker = mayCheckInShift(actor);
  const marker = auth.permissions.markOffStaff === true;
  const patch: ShiftPatch = {};
  const running = rules.breaks.find((b) => b.timeTo === null);
  switch (body.action) {
    case 'checkIn': {
      if (!checker) throw forbidden();
      if (!may.checkIn) throw notEligible('check-in needs a working shift of today without a check-in');
      assertNotFuture(body.time, site, now);
      patch.actualFrom = body.time;
      patch.actualFromSignature = signature;
      break;
    }
    case 'checkOut': {
      if (!checker) throw forbidden();
      if (!may.checkOut) throw notEligible('check-out needs a shift of today checked in and not out');
      assertNotFuture(body.time, site, now);
      if (body.time < row.actualFrom!) throw invalid('time: the check-out is before the check-in.');
      if (running) {
        // Checking out ends the running break at the check-out time.
        if (body.time < running.timeFrom) throw endBeforeStart();
        await updateBreak(tx, providerId, id, running.id, running.timeFrom, body.time);
      }
      patch.actualTo = body.time;
      patch.actualToSignature = signature;
      break;
    }
    case 'startBreak': {
      if (!checker) throw forbidden();
      if (!may.startBreak)
        throw notEligible('a break starts on a shift of today checked in, not out, not on a break');
      assertNotFuture(body.time, site, now);
      if (body.time < row.actualFrom!) throw invalid('time: the break starts before the check-in.');
      await insertBreak(tx, providerId, id, body.time, null, signature);
      break;
    }
    case 'endBreak': {
      if (!checker) throw forbidden();
      if (!may.endBreak || !running) throw notEligible('no break is running');
      assertNotFuture(body.time, site, now);
      if (body.time < running.timeFrom) throw endBeforeStart();
      await updateBreak(tx, providerId, id, running.id, running.timeFrom, body.time, signature);
      break;
    }
    case 'saveBreaks': {
      if (!checker) throw forbidden();
      if (!may.editBreaks)
        throw notEligible('breaks are edited on a working shift checked in, not after today');
      const problems = saveBreaksProblems(body.breaks, body.additionalMins);
      if (problems.some((p) => p.kind === END_TIME_MUST_BE_AFTER_START_TIME)) throw endBeforeStart();
      if (problems.length > 0) throw invalid(`breaks: ${problems.map((p) => p.kind).join(', ')}.`);
      if (body.breaks.some((b) => b.timeTo === null) && !canCheckOut(rules))
        throw invalid('breaks: a running break needs a shift checked in and not out.');
      const known = new Set(rules.breaks.map((b) => b.id));
      const kept = body.breaks.filter((b) => b.id !== null).map((b) => b.id as number);
      if (kept.some((k) => !known.has(k)) || new Set(kept).size !== kept.length)
        throw invalid('breaks: an id is not a break of this shift, or is named twice.');
      await deleteBreaks(tx, providerId, id, kept);
      // Ended breaks first, then the running one: the one-running-break index holds at every step.
      const ordered = [...body.breaks].sort((a, b) => Number(a.timeTo === null) - Number(b.timeTo === null));
      for (const b of ordered) {
        if (b.id !== null) await updateBreak(tx, providerId, id, b.id, b.timeFrom, b.timeTo);
        else await insertBreak(tx, providerId, id, b.timeFrom, b.timeTo);
      }
      patch.additionalMins = parseAdditionalMinutes(body.additionalMins) ?? 0;
      break;
    }
    case 'markOff': {
      if (!marker) throw forbidden();
      if (!may.markOff) throw notEligible('mark-off needs a working shift of today or later');
      const statuses = markOffStatusChoices(await shiftStatusRows(tx, providerId));
      if (!statuses.some((s) => s.id === body.statusID))
        throw invalid('statusID: not an enabled shift status other than W.');
      // Mark-off clears actual times, signatures and breaks (spec 002 §4).
      await deleteBreaks(tx, providerId, id);
      Object.assign(patch, {
        ...NOT_WORKED,
        statusId: body.statusID,
        notes: body.notes.trim() === '' ? null : body.notes.trim(),
      });
      break;
    }
    case 'undo': {
      if (body.undo === 'markOff') {
        if (!marker) throw forbidden();
        if (!may.undoMarkOff) throw notEligible('the shift is not marked off, or is in the past');
        const working = (await shiftStatusRows(tx, providerId)).find((s) => s.code === 'W');
        if (!working) throw invalid('the provider has no enabled working (W) status.');
        Object.assign(patch, { statusId: working.id, notes: null });
      } else if (body.undo === 'checkOut') {
        if (!checker) throw forbidden();
        if (!may.undoCheckOut) throw notEligible('the shift of today is not checked out');
        Object.assign(patch, { actualTo: null, actualToSignature: null });
      } else {
        if (!checker) throw forbidden();
        if (!may.undoCheckIn) throw notEligible('the shift of today is not checked in');
        // Undo clears the times (spec 002 §4); breaks of a shift not worked go with them.
        await deleteBreaks(tx, providerId, id);
        Object.assign(patch, NOT_WORKED);
      }
      break;
    }
    case 'amendTimes': {
      if (!checker || !mayAmendShiftTimes(auth.permissions, site.restrict)) throw forbidden();
      if (!may.amendTimes) throw notEligible('times are amended on a working shift of today or earlier');
      if (body.actualTo !== null && body.actualFrom === null) throw invalid('actualTo needs an actualFrom.');
      if (body.actualTo !== null && body.actualFrom !== null && body.actualTo < body.actualFrom)
        throw invalid('actualTo is before actualFrom.');
      if (row.date === site.today) {
        if (body.actualFrom) assertNotFuture(body.actualFrom, site, now);
        if (body.actualTo) assertNotFuture(body.actualTo, site, now);
      }
      if (body.actualFrom === null && rules.breaks.length > 0)
        throw invalid('actualFrom: remove the breaks before clearing the check-in.');
      if (body.actualTo !== null && running) throw invalid('actualTo: end the running break first.');
      patch.actualFrom = body.actualFrom;
      patch.actualTo = body.actualTo;
      if (body.actualFrom !== row.actualFrom) patch.actualFromSignature = null;
      if (body.actualTo !== row.actualTo) patch.actualToSignature = null;
      break;
    }
  }
  await updateShift(tx, providerId, id, patch, now);
}

/**
 * POST sites/:siteID/staff-register/bulk: in one transaction, each named shift of the site day is
 * changed when its version matches and it is eligible (status W and the action applies); the others
 * are answered as skipped.
 */
export async function bulkShifts(
  deps: StaffRegisterDeps,
  auth: AuthContext,
  siteID: number,
  body: BulkShiftsBody,
): Promise<BulkShiftsAnswer> {
  const { db, clock } = deps;
  const siteId = assertSite(auth, siteID);
  const now = clock.now();
  const site = await siteOf(db, auth, siteId, now);
  if (body.action === 'markOff' ? !auth.permissions.markOffStaff : !auth.permissions.checkInOtherStaff)
    throw forbidden();
  if (body.shifts.length === 0)
    throw new AppError(400, NO_STAFF_SELECTED, formatMessage('must-select-one-staff-member'));
  if (body.action !== 'markOff' && body.time === undefined)
    throw invalid('time: required to check in or out.');
  if (body.action === 'markOff' && body.statusID === undefined)
    throw new AppError(400, 'must-select-mark-off-category', formatMessage('must-select-mark-off-category'));
  const ids = [...new Set(body.shifts.map((s) => s.id))];
  if (ids.length !== body.shifts.length) throw invalid('shifts: a shift is named twice.');
  const dropped: string[] = [];
  const answer = await db.transaction(async (tx) => {
    const rows = await lockSiteDayShifts(tx, auth.providerId, siteId, body.date, ids);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const actor = (r: ShiftRow) =>
      actorOf(auth.permissions, auth.staffId, r.staffId, site.restrict, site.today);
    const answer: BulkShiftsAnswer = { shifts: [], skipped: [] };
    for (const { id, version } of body.shifts) {
      const row = byId.get(id);
      if (!row) {
        answer.skipped.push({ id, reason: 'not-found', theirs: null });
        continue;
      }
      if (row.version !== version) {
        answer.skipped.push({ id, reason: 'changed', theirs: shiftOf(row, actor(row)) });
        continue;
      }
      const rules = rulesOf(row);
      const eligible =
        row.statusCode === 'W' &&
        (body.action === 'checkIn'
          ? canCheckIn(rules) && row.date === site.today
          : body.action === 'checkOut'
            ? canCheckOut(rules) && row.date === site.today && body.time! >= row.actualFrom!
            : row.date >= site.today);
      if (!eligible) {
        answer.skipped.push({ id, reason: 'not-eligible', theirs: shiftOf(row, actor(row)) });
        continue;
      }
      const action: ShiftAction =
        body.action === 'markOff'
          ? { action: 'markOff', statusID: body.statusID!, notes: body.notes ?? '' }
          : { action: body.action, time: body.time! };
      await applyAction(tx, auth, row, site, actor(row), action, now);
      const after = await shiftById(tx, auth.providerId, id);
      dropped.push(...droppedSignatures(row, after));
      answer.shifts.push(shiftOf(after!, actor(row)));
    }
    return answer;
  });
  // Marking off clears the signatures (spec 002 §4): their files go once the change is committed.
  await removeSignatureFiles(deps, dropped);
  return answer;
}
