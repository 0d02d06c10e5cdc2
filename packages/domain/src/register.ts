/**
 * Child-register sessions and auto-refresh (spec 002 §2, §4; spec 000 §4).
 */
import {
  AUTO_REFRESH_BACKOFF_FACTOR,
  AUTO_REFRESH_BACKOFF_MAX_EXPONENT,
  DRAFTS_REFRESH_MS,
} from './limits.ts';

export type SessionState = 'due' | 'in' | 'left' | 'off';
export const REGISTER_TABS = ['all', 'in', 'due', 'off'] as const;
export type RegisterTab = (typeof REGISTER_TABS)[number];

export interface SessionLike {
  isOff?: boolean | null;
  markedOffCategoryID?: number | null;
  actualStart?: string | null;
  actualEnd?: string | null;
}

/** off (marked off) beats left (checked out) beats in (checked in); otherwise due. */
export function sessionState(s: SessionLike): SessionState {
  if (s.isOff || s.markedOffCategoryID != null) return 'off';
  if (s.actualEnd) return 'left';
  if (s.actualStart) return 'in';
  return 'due';
}

/**
 * Row selection per tab: on the due tab sessions already started or marked off cannot be
 * selected; on the in tab sessions already ended cannot be selected.
 */
export function isSessionSelectable(s: SessionLike, tab: RegisterTab): boolean {
  const state = sessionState(s);
  if (tab === 'due') return state === 'due';
  if (tab === 'in') return state !== 'left';
  return true;
}

/** Previous-day is allowed only when the shown date is after today. */
export function canGoToPreviousDay(date: string, today: string): boolean {
  return date > today;
}

/**
 * The next auto-refresh delay: the base interval (30 s) times 1.5 per consecutive error, the
 * factor capped at 1.5^5.
 */
export function autoRefreshDelay(consecutiveErrors: number, baseMs: number = DRAFTS_REFRESH_MS): number {
  const exponent = Math.min(Math.max(0, Math.floor(consecutiveErrors)), AUTO_REFRESH_BACKOFF_MAX_EXPONENT);
  return baseMs * AUTO_REFRESH_BACKOFF_FACTOR ** exponent;
}

// --- Check-in and check-out arithmetic (spec 002 §4 "Session", §5 "Register") ---------------------
// Times are the site's wall-clock times 'HH:mm' on the register's date, so string order is time order.

/** A child's booked session as the arithmetic needs it. */
export interface BookedTimes {
  comboID: number;
  start: string;
  end: string;
  actualStart: string | null;
  actualEnd: string | null;
  markedOffCategoryID?: number | null;
}

/** New actual times of one session. */
export interface SessionTimesChange {
  comboID: number;
  actualStart: string | null;
  actualEnd: string | null;
}

export type RegisterRefusal = 'session-ended' | 'check-out-before-check-in' | 'nothing-to-do';

export type TimesOutcome =
  | { ok: true; changes: SessionTimesChange[] }
  | { ok: false; refusal: RegisterRefusal };

const byStart = (a: BookedTimes, b: BookedTimes) =>
  a.start.localeCompare(b.start) || b.end.localeCompare(a.end) || a.comboID - b.comboID;

/**
 * Check-in of one child at `time`: among the chosen sessions that are not marked off, have no actual
 * start and have not ended by `time`, the first (by start) gets `time` and the later ones their booked
 * start. Refused with 'session-ended' when every such session ended at or before `time`.
 */
export function checkInTimes(sessions: readonly BookedTimes[], time: string): TimesOutcome {
  const open = sessions.filter((s) => s.markedOffCategoryID == null && !s.actualStart).sort(byStart);
  if (open.length === 0) return { ok: false, refusal: 'nothing-to-do' };
  const running = open.filter((s) => time < s.end);
  if (running.length === 0) return { ok: false, refusal: 'session-ended' };
  return {
    ok: true,
    changes: running.map((s, i) => ({
      comboID: s.comboID,
      actualStart: i === 0 ? time : s.start,
      actualEnd: null,
    })),
  };
}

/**
 * The rule behind 'the check out time is before the check in time': minutes compared as times of the
 * day, the same minute allowed. A later session the check-in started in advance (`first` false) counts
 * only when it began strictly before `time`: checking out at its booked start drops it rather than
 * recording a session of no length.
 */
export function checkOutIsNotBeforeCheckIn(actualStart: string, time: string, first = true): boolean {
  return first ? actualStart <= time : actualStart < time;
}

/**
 * Check-out of one child at `time`: the sessions checked in and not out. Those that started by `time`
 * end at their booked end (never after `time`), the last of them at `time`; those whose actual start is
 * after `time` (a later session started in advance) lose their actual start and end. Refused with
 * 'check-out-before-check-in' only when the time is before the check-in: a check-out in the same minute
 * as the check-in (a child collected at once) is allowed, as the message's wording says.
 */
export function checkOutTimes(sessions: readonly BookedTimes[], time: string): TimesOutcome {
  const inNow = sessions
    .filter((s) => s.markedOffCategoryID == null && s.actualStart && !s.actualEnd)
    .sort(byStart);
  if (inNow.length === 0) return { ok: false, refusal: 'nothing-to-do' };
  const started = inNow.filter((s, i) => checkOutIsNotBeforeCheckIn(s.actualStart as string, time, i === 0));
  if (started.length === 0) return { ok: false, refusal: 'check-out-before-check-in' };
  const last = started[started.length - 1];
  return {
    ok: true,
    changes: inNow.map((s) => {
      if (!started.includes(s)) return { comboID: s.comboID, actualStart: null, actualEnd: null };
      const end = s === last ? time : s.end < time ? s.end : time;
      return { comboID: s.comboID, actualStart: s.actualStart, actualEnd: end };
    }),
  };
}

/** Undo check-in: the session's actual start and end go. Only for a session checked in and not out. */
export function undoCheckInTimes(session: BookedTimes): SessionTimesChange | null {
  if (!session.actualStart || session.actualEnd) return null;
  return { comboID: session.comboID, actualStart: null, actualEnd: null };
}

/** Undo check-out (re-check-in): the actual end goes. Only for a session checked out. */
export function undoCheckOutTimes(session: BookedTimes): SessionTimesChange | null {
  if (!session.actualStart || !session.actualEnd) return null;
  return { comboID: session.comboID, actualStart: session.actualStart, actualEnd: null };
}

/** Re-check-in after the booked end asks 'are you sure' first (spec 002 §4). */
export function undoCheckOutNeedsConfirmation(session: Pick<BookedTimes, 'end'>, now: string): boolean {
  return now >= session.end;
}

// --- Offline pending register updates (spec 002 §4 "Saving and offline") ----------------------------

/** One pending change of a booking's actual times, as `PUT api/v1/bookings` takes it. */
export interface PendingRegisterUpdate {
  childID: number;
  comboID: number;
  date: string;
  typeID: number | null;
  actualStart: string | null;
  actualEnd: string | null;
  /** The booking's version the change was made against (the server's conflict check). */
  version: number;
}

const sameBooking = (
  a: PendingRegisterUpdate,
  b: Pick<PendingRegisterUpdate, 'childID' | 'comboID' | 'date'>,
) => a.childID === b.childID && a.comboID === b.comboID && a.date === b.date;

/**
 * A pending change as the device keeps it: the update, plus the actual times the server had when the
 * first offline change of this booking was made. A later change back to those times is an undo.
 */
export interface PendingRegisterChange extends PendingRegisterUpdate {
  serverStart: string | null;
  serverEnd: string | null;
}

/**
 * Records an offline change (spec 002 §4): a later one for the same child and booking replaces the
 * earlier, keeping the earlier's base version and server times; a change that brings the booking back
 * to the server's times (an undo) removes the entry instead.
 */
export function recordPendingChange<T extends PendingRegisterChange>(pending: readonly T[], change: T): T[] {
  const earlier = pending.find((p) => sameBooking(p, change));
  const merged: T = earlier
    ? { ...change, version: earlier.version, serverStart: earlier.serverStart, serverEnd: earlier.serverEnd }
    : change;
  if (merged.actualStart === merged.serverStart && merged.actualEnd === merged.serverEnd) {
    return removePendingUpdate(pending, change);
  }
  return earlier ? pending.map((p) => (p === earlier ? merged : p)) : [...pending, merged];
}

/** Removes the pending update of one booking (a conflict resolved by deleting it). */
export function removePendingUpdate<T extends PendingRegisterUpdate>(
  pending: readonly T[],
  key: Pick<PendingRegisterUpdate, 'childID' | 'comboID' | 'date'>,
): T[] {
  return pending.filter((p) => !sameBooking(p, key));
}

// --- Mark-off (spec 002 §5) --------------------------------------------------------------------------

export const MARK_OFF_NOTES_LIMIT = 200;

export type MarkOffProblem = 'category-required' | 'notes-required' | 'notes-too-long';

/**
 * Problems of one mark-off step: a category when the user may choose one (otherwise a request goes to
 * a manager), notes when the provider asks for them, at most 200 characters.
 */
export function markOffProblems(input: {
  markOffCategoryID: number | null;
  notes: string;
  canChooseCategory: boolean;
  notesRequired: boolean;
}): MarkOffProblem[] {
  const problems: MarkOffProblem[] = [];
  if (input.canChooseCategory && input.markOffCategoryID == null) problems.push('category-required');
  if (input.notesRequired && input.notes.trim() === '') problems.push('notes-required');
  if (input.notes.length > MARK_OFF_NOTES_LIMIT) problems.push('notes-too-long');
  return problems;
}
