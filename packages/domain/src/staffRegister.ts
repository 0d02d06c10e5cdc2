/**
 * Staff-register rules (spec 002 §4 "Staff register", §5 "Staff register", §6, §9), shared by the
 * server (which enforces them and answers `permittedActions`) and the web screen (which shows them).
 * Shift and break times are the site's wall-clock 'HH:mm' on the shift's date, so string order is
 * time order and a duration is the wall-clock difference (a clock change falls at 01:00-02:00,
 * outside any nursery shift). `now` is always passed in (the injectable clock).
 */
import { breakDuration, breakMinutes, normaliseAdditionalMinutes, sortBreaks } from './breaks.ts';
import { formatTime, isStale, SITE_TIME_ZONE_DEFAULT, toCalendarDate } from './dates.ts';
import {
  AUTO_REFRESH_BACKOFF_FACTOR,
  AUTO_REFRESH_BACKOFF_MAX_EXPONENT,
  BREAK_MINUTES_MAX,
  BREAK_MINUTES_MIN,
  VISIBILITY_REFRESH_DEBOUNCE_MS,
} from './limits.ts';
import type { PermissionMap } from './permissions.ts';

/** The status code of a working shift (spec 002 §3 "status (code, for example W = working)"). */
export const WORKING_STATUS_CODE = 'W';
/** Spec 002 §9: 30 s refresh, 2 minute stale threshold, 500 ms save debounce. */
export const STAFF_REGISTER_REFRESH_MS = 30_000;
export const STAFF_REGISTER_STALE_MS = 120_000;
export const STAFF_REGISTER_SAVE_DEBOUNCE_MS = 500;
/** The mark-off modal's notes limit (spec 002 §5, §9). */
export const STAFF_MARK_OFF_NOTES_MAX = 50;
/** Spec 002 §5's key for a break that ends before it starts (a warning and an icon). */
export const END_TIME_MUST_BE_AFTER_START_TIME = 'end-time-must-be-after-start-time';
export const STAFF_REGISTER_TABS = ['all', 'times'] as const;
export type StaffRegisterTab = (typeof STAFF_REGISTER_TABS)[number];
export const STAFF_REGISTER_DEFAULT_TAB: StaffRegisterTab = 'times';

export interface BreakTimes {
  id: number;
  timeFrom: string;
  timeTo: string | null;
}

/** What the rules read of a shift (the contract's Shift has all of it). */
export interface ShiftLike {
  date: string;
  actualFrom: string | null;
  actualTo: string | null;
  status: { code: string };
  breaks: readonly BreakTimes[];
  additionalMins: number | null;
}

export type ShiftStateName = 'due' | 'in' | 'out' | 'off';

export const isWorking = (s: Pick<ShiftLike, 'status'>) => s.status.code === WORKING_STATUS_CODE;

/** off (status not W) beats out (checked out) beats in (checked in); otherwise due. */
export function shiftState(s: Pick<ShiftLike, 'status' | 'actualFrom' | 'actualTo'>): ShiftStateName {
  if (!isWorking(s)) return 'off';
  if (s.actualTo) return 'out';
  if (s.actualFrom) return 'in';
  return 'due';
}

/** The running break (timeTo empty), if any. */
export function activeBreak<B extends BreakTimes>(breaks: readonly B[]): B | null {
  return breaks.find((b) => b.timeTo === null) ?? null;
}

/** Check-in sets actualFrom only if empty (and only on a working shift). */
export const canCheckIn = (s: ShiftLike) => isWorking(s) && !s.actualFrom;
/** Check-out sets actualTo only if checked in and not out. */
export const canCheckOut = (s: ShiftLike) => isWorking(s) && !!s.actualFrom && !s.actualTo;
/** A break starts while checked in, not out, with no break running. */
export const canStartBreak = (s: ShiftLike) => canCheckOut(s) && activeBreak(s.breaks) === null;
export const canEndBreak = (s: ShiftLike) => isWorking(s) && activeBreak(s.breaks) !== null;
/** Breaks can be edited once the shift is checked in (also after check-out, to correct them). */
export const canEditBreaks = (s: ShiftLike) => isWorking(s) && !!s.actualFrom;
/** Mark-off is possible on a working shift; undoing it on a marked-off one. */
export const canMarkOff = (s: ShiftLike) => isWorking(s);
export const canUndoMarkOff = (s: ShiftLike) => !isWorking(s);
export const canUndoCheckIn = (s: ShiftLike) => isWorking(s) && !!s.actualFrom;
export const canUndoCheckOut = (s: ShiftLike) => isWorking(s) && !!s.actualTo;
/** Only shifts with status code W and no conflict are bulk-actionable (spec 002 §4). */
export const isBulkEligible = (s: Pick<ShiftLike, 'status'>, hasConflict: boolean) =>
  isWorking(s) && !hasConflict;

/** breakMins = additional minutes + the sum of completed breaks (a running break counts nothing). */
export function shiftBreakMins(s: Pick<ShiftLike, 'breaks' | 'additionalMins'>): number {
  return breakMinutes(s.breaks, s.additionalMins);
}

/** Breaks sorted by timeFrom, timeTo, id (saving breaks sorts them so). */
export function sortShiftBreaks<B extends BreakTimes>(breaks: readonly B[]): B[] {
  return sortBreaks(breaks);
}

/** A break's whole minutes, never negative; null while it runs. */
export function shiftBreakDuration(b: Pick<BreakTimes, 'timeFrom' | 'timeTo'>): number | null {
  return breakDuration(b);
}

/** The site's wall-clock 'HH:mm' of an instant on the given date: '24:00' once that date is over. */
export function wallClockOn(date: string, now: Date, tz: string = SITE_TIME_ZONE_DEFAULT): string | null {
  const today = toCalendarDate(now, tz);
  if (today < date) return null;
  if (today > date) return '24:00';
  return formatTime(now, tz);
}

/**
 * The break cell's running total while a break is active: breakMins plus the running break so far
 * (from its start to now on the shift's date, never negative). Without a running break: breakMins.
 */
export function runningBreakMinutes(
  s: Pick<ShiftLike, 'date' | 'breaks' | 'additionalMins'>,
  now: Date,
  tz: string = SITE_TIME_ZONE_DEFAULT,
): number {
  const base = shiftBreakMins(s);
  const running = activeBreak(s.breaks);
  if (!running) return base;
  const until = wallClockOn(s.date, now, tz);
  if (until === null) return base;
  const [h, m] = until.split(':').map(Number);
  const [fh, fm] = running.timeFrom.split(':').map(Number);
  return base + Math.max(0, h * 60 + m - (fh * 60 + fm));
}

/** Spec 002 §5: the break's end must not be before its start (a warning and an icon). */
export function breakEndProblem(
  b: Pick<BreakTimes, 'timeFrom' | 'timeTo'>,
): typeof END_TIME_MUST_BE_AFTER_START_TIME | null {
  return b.timeTo !== null && b.timeTo < b.timeFrom ? END_TIME_MUST_BE_AFTER_START_TIME : null;
}

export type AdditionalMinutesInput = number | string | null | undefined;

/** Additional minutes: empty means 0; otherwise a whole number 0-1440, or null when invalid. */
export function parseAdditionalMinutes(value: AdditionalMinutesInput): number | null {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string' && value.trim() === '') return 0;
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(n) || n < BREAK_MINUTES_MIN || n > BREAK_MINUTES_MAX) return null;
  return normaliseAdditionalMinutes(n);
}

export type SaveBreaksProblem =
  | { kind: typeof END_TIME_MUST_BE_AFTER_START_TIME; index: number }
  | { kind: 'break-minutes-out-of-range' }
  | { kind: 'more-than-one-running-break' };

/** The breaks modal's checks before saving (the server applies the same). */
export function saveBreaksProblems(
  breaks: readonly Pick<BreakTimes, 'timeFrom' | 'timeTo'>[],
  additionalMins: AdditionalMinutesInput,
): SaveBreaksProblem[] {
  const problems: SaveBreaksProblem[] = [];
  breaks.forEach((b, index) => {
    if (breakEndProblem(b)) problems.push({ kind: END_TIME_MUST_BE_AFTER_START_TIME, index });
  });
  if (breaks.filter((b) => b.timeTo === null).length > 1)
    problems.push({ kind: 'more-than-one-running-break' });
  if (parseAdditionalMinutes(additionalMins) === null) problems.push({ kind: 'break-minutes-out-of-range' });
  return problems;
}

export interface StatusLike {
  id: number;
  code: string;
}

/** The mark-off modal's choices: every configured status except code W. */
export function markOffStatusChoices<S extends StatusLike>(statuses: readonly S[]): S[] {
  return statuses.filter((s) => s.code !== WORKING_STATUS_CODE);
}

export type StaffMarkOffProblem = 'must-select-mark-off-category' | 'notes-too-long';

/** The mark-off modal: a status other than W is required; notes at most 50 characters. */
export function staffMarkOffProblems(
  input: { statusID: number | null | undefined; notes: string },
  statuses: readonly StatusLike[],
): StaffMarkOffProblem[] {
  const problems: StaffMarkOffProblem[] = [];
  const choice = markOffStatusChoices(statuses).find((s) => s.id === input.statusID);
  if (!choice) problems.push('must-select-mark-off-category');
  if (input.notes.length > STAFF_MARK_OFF_NOTES_MAX) problems.push('notes-too-long');
  return problems;
}

/** Bulk actions need at least one eligible shift: 'Must select one staff member.' */
export function bulkSelectionProblem(eligibleCount: number): 'must-select-one-staff-member' | null {
  return eligibleCount > 0 ? null : 'must-select-one-staff-member';
}

/** Time amendments: always, unless the provider restricts them; then only with updateShiftCheckInOutTime. */
export function mayAmendShiftTimes(
  permissions: Pick<PermissionMap, 'updateShiftCheckInOutTime'>,
  restrictAmendments: boolean,
): boolean {
  return !restrictAmendments || permissions.updateShiftCheckInOutTime === true;
}

export interface ShiftActor {
  permissions: Pick<
    PermissionMap,
    'checkInSelf' | 'checkInOtherStaff' | 'markOffStaff' | 'updateShiftCheckInOutTime'
  >;
  /** The shift is the user's own. */
  own: boolean;
  /** The provider flag enableRestrictStaffRegisterAmendments. */
  restrictAmendments: boolean;
  /** Today at the site (check-in, check-out and breaks are today's only). */
  today: string;
}

export interface ShiftActions {
  checkIn: boolean;
  checkOut: boolean;
  startBreak: boolean;
  endBreak: boolean;
  editBreaks: boolean;
  markOff: boolean;
  undoCheckIn: boolean;
  undoCheckOut: boolean;
  undoMarkOff: boolean;
  amendTimes: boolean;
  bulk: boolean;
}

/** Whether the user may check this shift in or out at all (own: checkInSelf; anyone's: checkInOtherStaff). */
export function mayCheckInShift(actor: Pick<ShiftActor, 'permissions' | 'own'>): boolean {
  return (
    actor.permissions.checkInOtherStaff === true || (actor.own && actor.permissions.checkInSelf === true)
  );
}

/**
 * What the user may do with a shift now: the permission (spec 002 §6) and the shift's state (§4).
 * Check-in, check-out and breaks only on today's shift; mark-off on today's or a later one; time
 * amendments on today's or an earlier one (a record, not a plan).
 */
export function shiftPermittedActions(s: ShiftLike, actor: ShiftActor): ShiftActions {
  const checker = mayCheckInShift(actor);
  const today = s.date === actor.today;
  const marker = actor.permissions.markOffStaff === true;
  const live = checker && today;
  return {
    checkIn: live && canCheckIn(s),
    checkOut: live && canCheckOut(s),
    startBreak: live && canStartBreak(s),
    endBreak: live && canEndBreak(s),
    editBreaks: checker && s.date <= actor.today && canEditBreaks(s),
    markOff: marker && s.date >= actor.today && canMarkOff(s),
    undoCheckIn: live && canUndoCheckIn(s),
    undoCheckOut: live && canUndoCheckOut(s),
    undoMarkOff: marker && s.date >= actor.today && canUndoMarkOff(s),
    amendTimes:
      checker &&
      s.date <= actor.today &&
      isWorking(s) &&
      mayAmendShiftTimes(actor.permissions, actor.restrictAmendments),
    bulk: (actor.permissions.checkInOtherStaff === true || marker) && isBulkEligible(s, false),
  };
}

/** What the register answer says the user may do as a whole (its `permittedActions`). */
export interface RegisterPermissions {
  checkInOthers: boolean;
  checkInSelf: boolean;
  markOff: boolean;
  amendTimes: boolean;
}

/**
 * The actor of a shift as the register answer describes the user, for showing a change made on the
 * device (offline) with the same rules the server applies: the answer's role facts (check in others /
 * self, mark off, amend times) stand for the permissions, so no role logic is derived on the client.
 */
export function registerShiftActor(permitted: RegisterPermissions, own: boolean, today: string): ShiftActor {
  return {
    permissions: {
      checkInOtherStaff: permitted.checkInOthers,
      checkInSelf: permitted.checkInSelf,
      markOffStaff: permitted.markOff,
      updateShiftCheckInOutTime: permitted.amendTimes,
    },
    own,
    // The answer's amendTimes already holds the restriction and the permission: restricted, it decides.
    restrictAmendments: true,
    today,
  };
}

/** The fields the conflict panel compares, each with the message key that explains a difference. */
export const SHIFT_CONFLICT_FIELDS = {
  actualFrom: 'shift-conflict-actual-from',
  actualTo: 'shift-conflict-actual-to',
  breaks: 'shift-conflict-breaks',
  additionalMins: 'shift-conflict-additional-mins',
  statusID: 'shift-conflict-status',
  notes: 'shift-conflict-notes',
  roomID: 'shift-conflict-room',
  timeFrom: 'shift-conflict-planned-times',
  timeTo: 'shift-conflict-planned-times',
} as const;
export type ShiftConflictField = keyof typeof SHIFT_CONFLICT_FIELDS;

export interface ConflictShift {
  actualFrom: string | null;
  actualTo: string | null;
  breaks: readonly BreakTimes[];
  additionalMins: number | null;
  statusID: number;
  notes: string | null;
  roomID: number | null;
  timeFrom: string;
  timeTo: string;
}

export interface ShiftDifference {
  field: ShiftConflictField;
  mine: unknown;
  theirs: unknown;
  explanation: (typeof SHIFT_CONFLICT_FIELDS)[ShiftConflictField];
}

const breaksKey = (breaks: readonly BreakTimes[]) =>
  sortShiftBreaks(breaks)
    .map((b) => `${b.timeFrom}-${b.timeTo ?? ''}`)
    .join(',');

/**
 * The conflict panel's lists: every field where my version of the shift differs from theirs (the
 * server's), in a fixed order. Breaks compare by their times (a new break of mine has no id yet).
 */
export function diffShifts(mine: ConflictShift, theirs: ConflictShift): ShiftDifference[] {
  const out: ShiftDifference[] = [];
  for (const field of Object.keys(SHIFT_CONFLICT_FIELDS) as ShiftConflictField[]) {
    const a = field === 'breaks' ? breaksKey(mine.breaks) : normalise(field, mine[field]);
    const b = field === 'breaks' ? breaksKey(theirs.breaks) : normalise(field, theirs[field]);
    if (a !== b)
      out.push({
        field,
        mine: mine[field],
        theirs: theirs[field],
        explanation: SHIFT_CONFLICT_FIELDS[field],
      });
  }
  return out;
}

function normalise(field: ShiftConflictField, value: unknown): unknown {
  if (field === 'additionalMins') return parseAdditionalMinutes(value as AdditionalMinutesInput);
  if (field === 'notes') return (value as string | null) || null;
  return value ?? null;
}

// --- Signatures (spec 002 §2 "signature confirm", §3 actualFromSignature / actualToSignature) ------

/** The URL of a shift's check-in or check-out signature image (the answer's `signatures`). */
export function shiftSignaturePath(shiftID: number, which: 'actualFrom' | 'actualTo'): string {
  return `/api/v1/shifts/${shiftID}/signatures/${which}`;
}

/** The URL of a break's start or end signature image. */
export function breakSignaturePath(shiftID: number, breakID: number, which: 'timeFrom' | 'timeTo'): string {
  return `/api/v1/shifts/${shiftID}/breaks/${breakID}/signatures/${which}`;
}

// --- Auto-refresh schedule (spec 002 §4, §9) -------------------------------------------------------

/** The next auto-refresh delay: 30 s times 1.5 per consecutive error, the factor capped at 1.5^5. */
export function staffRegisterRefreshDelay(consecutiveErrors: number): number {
  const exponent = Math.min(Math.max(0, Math.floor(consecutiveErrors)), AUTO_REFRESH_BACKOFF_MAX_EXPONENT);
  return STAFF_REGISTER_REFRESH_MS * AUTO_REFRESH_BACKOFF_FACTOR ** exponent;
}

/** Data older than 2 minutes is refetched (on opening the screen or changing date). */
export function isStaffRegisterStale(fetchedAt: Date | string | number, now: Date): boolean {
  return isStale(new Date(fetchedAt), now, STAFF_REGISTER_STALE_MS);
}

/**
 * Becoming visible refreshes, debounced 7.5 s: a visibility refresh is due only if the last one
 * (or none) was at least 7.5 s ago.
 */
export function visibilityRefreshDue(lastVisibilityRefreshAt: Date | null, now: Date): boolean {
  return (
    lastVisibilityRefreshAt === null ||
    now.getTime() - lastVisibilityRefreshAt.getTime() >= VISIBILITY_REFRESH_DEBOUNCE_MS
  );
}

/** A save waits 500 ms after the last edit (another edit in between moves it). */
export function saveDueAt(lastEditAt: Date): Date {
  return new Date(lastEditAt.getTime() + STAFF_REGISTER_SAVE_DEBOUNCE_MS);
}

// --- The All staff tab and its empty states (spec 002 §2, §8) --------------------------------------

export interface NamedStaff {
  id: number;
  forename: string;
  surname: string;
}

const collator = new Intl.Collator('en-GB', { sensitivity: 'base' });

/** The surname's first letter, upper case ('#' when it is not a letter). */
export function staffInitial(s: Pick<NamedStaff, 'surname'>): string {
  const first = s.surname.trim().charAt(0).toLocaleUpperCase('en-GB');
  return /\p{L}/u.test(first) ? first : '#';
}

/** Alphabetical (surname, forename, id), grouped by initial. */
export function groupStaffByInitial<S extends NamedStaff>(
  staff: readonly S[],
): { initial: string; staff: S[] }[] {
  const sorted = [...staff].sort(
    (a, b) =>
      collator.compare(a.surname, b.surname) || collator.compare(a.forename, b.forename) || a.id - b.id,
  );
  const groups: { initial: string; staff: S[] }[] = [];
  for (const s of sorted) {
    const initial = staffInitial(s);
    const last = groups[groups.length - 1];
    if (last?.initial === initial) last.staff.push(s);
    else groups.push({ initial, staff: [s] });
  }
  return groups;
}

export type StaffRegisterNotice =
  | 'no-staff-at-site'
  | 'no-staff-assigned-today'
  | 'not-assigned-to-site-today';

/**
 * The register's notices: no staff at all; staff but no shifts on the date; the user (who checks in
 * only themself) has no shift here on the date.
 */
export function staffRegisterNotices(input: {
  staffCount: number;
  shiftCount: number;
  viewerAssigned: boolean;
  viewerChecksInOthers: boolean;
}): StaffRegisterNotice[] {
  if (input.staffCount === 0) return ['no-staff-at-site'];
  const notices: StaffRegisterNotice[] = [];
  if (input.shiftCount === 0) notices.push('no-staff-assigned-today');
  if (!input.viewerAssigned && !input.viewerChecksInOthers) notices.push('not-assigned-to-site-today');
  return notices;
}
