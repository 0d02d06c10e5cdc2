/**
 * The staff register screen's pure helpers (no React): the route's parts, the Times tab's room groups,
 * a shift put into the cached answer, "my" side of a conflict (my change applied to the shift I saw),
 * and the bulk selection. The rules themselves are the domain's (packages/domain/src/staffRegister.ts).
 */
import { isCalendarDate } from '@nursery/domain/common';
import {
  type ConflictShift,
  isBulkEligible,
  type Shift,
  type ShiftAction,
  STAFF_REGISTER_DEFAULT_TAB,
  STAFF_REGISTER_TABS,
  type StaffRegisterAnswer,
  type StaffRegisterMember,
  type StaffRegisterTab,
  sortShiftBreaks,
  WORKING_STATUS_CODE,
} from '@nursery/domain/registers';
import type { ShiftChange, ShiftConflict } from './changeTypes';

export interface StaffRegisterRoute {
  siteID: number;
  tab: StaffRegisterTab;
  date: string;
}

/**
 * The route's parts with their defaults: the session's site (also for a site that is not one of the
 * user's), the Times tab, today at the site.
 */
export function parseStaffRegisterRoute(
  params: { siteID?: string; tab?: string; date?: string },
  defaults: { siteID: number; userSiteIDs: readonly number[]; today: string },
): StaffRegisterRoute {
  const requestedSite = Number(params.siteID);
  const siteID = defaults.userSiteIDs.includes(requestedSite) ? requestedSite : defaults.siteID;
  const tab = (STAFF_REGISTER_TABS as readonly string[]).includes(params.tab ?? '')
    ? (params.tab as StaffRegisterTab)
    : STAFF_REGISTER_DEFAULT_TAB;
  const date = params.date && isCalendarDate(params.date) ? params.date : defaults.today;
  return { siteID, tab, date };
}

export const staffRegisterPath = ({ siteID, tab, date }: StaffRegisterRoute) =>
  `/staff-register/${siteID}/${tab}/${date}`;

export interface ShiftRowItem {
  shift: Shift;
  member: StaffRegisterMember;
}

export interface RoomGroup {
  /** null: the shifts without a room ('No room', after the site's rooms). */
  roomID: number | null;
  name: string | null;
  rows: ShiftRowItem[];
}

/** The Times tab: the site's rooms in their order, then 'No room'; staff order, then start time within. */
export function timesGroups(answer: Pick<StaffRegisterAnswer, 'rooms' | 'staff'>): RoomGroup[] {
  const byRoom = new Map<number | null, ShiftRowItem[]>();
  for (const member of answer.staff) {
    for (const shift of member.shifts) {
      const known = shift.roomID !== null && answer.rooms.some((r) => r.id === shift.roomID);
      const key = known ? shift.roomID : null;
      const rows = byRoom.get(key) ?? [];
      rows.push({ shift, member });
      byRoom.set(key, rows);
    }
  }
  const groups: RoomGroup[] = [];
  for (const room of answer.rooms) {
    const rows = byRoom.get(room.id);
    if (rows) groups.push({ roomID: room.id, name: room.name, rows });
  }
  const loose = byRoom.get(null);
  if (loose) groups.push({ roomID: null, name: null, rows: loose });
  return groups;
}

export const shiftCount = (answer: Pick<StaffRegisterAnswer, 'staff'>) =>
  answer.staff.reduce((n, m) => n + m.shifts.length, 0);

export function findShift(answer: Pick<StaffRegisterAnswer, 'staff'>, shiftID: number): ShiftRowItem | null {
  for (const member of answer.staff) {
    const shift = member.shifts.find((s) => s.id === shiftID);
    if (shift) return { shift, member };
  }
  return null;
}

/** The answer with `shift` in place of the shift of that id (a new object only where it changed). */
export function withShift(answer: StaffRegisterAnswer, shift: Shift): StaffRegisterAnswer {
  let changed = false;
  const staff = answer.staff.map((member) => {
    if (!member.shifts.some((s) => s.id === shift.id)) return member;
    changed = true;
    return { ...member, shifts: member.shifts.map((s) => (s.id === shift.id ? shift : s)) };
  });
  return changed ? { ...answer, staff } : answer;
}

/** The answer with `shifts` (by id) in place of the ones shown. */
export function withShifts(answer: StaffRegisterAnswer, shifts: readonly Shift[]): StaffRegisterAnswer {
  return shifts.reduce(withShift, answer);
}

/**
 * A fetched answer merged with the one held: a shift the held answer has at a newer version (the
 * user's own change answered after the fetch started) is kept, so a refresh never steps a row back.
 */
export function keepNewerShifts(
  held: StaffRegisterAnswer | undefined,
  fetched: StaffRegisterAnswer,
): StaffRegisterAnswer {
  if (!held || held.siteID !== fetched.siteID || held.date !== fetched.date) return fetched;
  const newer: Shift[] = [];
  for (const member of held.staff) {
    for (const mine of member.shifts) {
      const theirs = findShift(fetched, mine.id);
      if (theirs && theirs.shift.version < mine.version) newer.push(mine);
    }
  }
  return newer.length > 0 ? withShifts(fetched, newer) : fetched;
}

/** The answer with the given shifts replaced by their pinned copies (rows the user is editing). */
export function withPinned(
  answer: StaffRegisterAnswer,
  pinned: ReadonlyMap<number, Shift>,
): StaffRegisterAnswer {
  return pinned.size === 0 ? answer : withShifts(answer, [...pinned.values()]);
}

/** A shift as the conflict panel compares it. */
export const conflictShiftOf = (s: Shift): ConflictShift => ({
  actualFrom: s.actualFrom,
  actualTo: s.actualTo,
  breaks: s.breaks,
  additionalMins: s.additionalMins,
  statusID: s.statusID,
  notes: s.notes,
  roomID: s.roomID,
  timeFrom: s.timeFrom,
  timeTo: s.timeTo,
});

/**
 * "My changes": my action applied to the shift as I saw it (spec 002 §4's transitions), to be
 * compared with theirs. New breaks get negative ids (they have none yet; the diff compares times).
 */
export function applyAction(before: Shift, action: ShiftAction, workingStatusID: number): ConflictShift {
  const mine = conflictShiftOf(before);
  switch (action.action) {
    case 'checkIn':
      return { ...mine, actualFrom: mine.actualFrom ?? action.time };
    case 'checkOut':
      return { ...mine, actualTo: mine.actualFrom && !mine.actualTo ? action.time : mine.actualTo };
    case 'startBreak':
      return { ...mine, breaks: [...mine.breaks, { id: -1, timeFrom: action.time, timeTo: null }] };
    case 'endBreak':
      return {
        ...mine,
        breaks: mine.breaks.map((b) => (b.timeTo === null ? { ...b, timeTo: action.time } : b)),
      };
    case 'saveBreaks':
      return {
        ...mine,
        breaks: sortShiftBreaks(
          action.breaks.map((b, i) => ({ id: b.id ?? -(i + 1), timeFrom: b.timeFrom, timeTo: b.timeTo })),
        ),
        additionalMins: action.additionalMins ?? 0,
      };
    case 'markOff':
      return {
        ...mine,
        actualFrom: null,
        actualTo: null,
        breaks: [],
        statusID: action.statusID,
        notes: action.notes || null,
      };
    case 'undo':
      if (action.undo === 'checkIn') return { ...mine, actualFrom: null, actualTo: null, breaks: [] };
      if (action.undo === 'checkOut') return { ...mine, actualTo: null };
      return { ...mine, statusID: workingStatusID, notes: null };
    case 'amendTimes':
      return { ...mine, actualFrom: action.actualFrom, actualTo: action.actualTo };
  }
}

/** The id of the working status (code W) among the configured ones (undo mark-off sets it). */
export function workingStatusID(answer: Pick<StaffRegisterAnswer, 'shiftStatuses'>): number {
  return answer.shiftStatuses.find((s) => s.code === WORKING_STATUS_CODE)?.id ?? 0;
}

/** A row may be ticked for a bulk action: the server says so (status W) and it is not in a conflict. */
export function isRowSelectable(shift: Shift, conflicted: ReadonlySet<number>): boolean {
  return shift.permittedActions.bulk && isBulkEligible(shift, conflicted.has(shift.id));
}

/** The selected shifts still eligible (a refresh may have marked one off, a conflict may hold one). */
export function eligibleSelection(
  answer: Pick<StaffRegisterAnswer, 'staff'>,
  selected: ReadonlySet<number>,
  conflicted: ReadonlySet<number>,
): Shift[] {
  const out: Shift[] = [];
  for (const member of answer.staff)
    for (const shift of member.shifts)
      if (selected.has(shift.id) && isRowSelectable(shift, conflicted)) out.push(shift);
  return out;
}

export type BulkActionName = 'checkIn' | 'checkOut' | 'markOff';

/** The single action a bulk action stands for on one shift (the conflict's "mine", resent on Use mine). */
export function bulkAsAction(
  action: BulkActionName,
  input: { time?: string; statusID?: number; notes?: string },
  version: number,
): ShiftAction {
  if (action === 'markOff')
    return { action: 'markOff', statusID: input.statusID ?? 0, notes: input.notes ?? '', version };
  return { action, time: input.time ?? '00:00', version };
}

let changeCounter = 0;

/** A change as the queue and the conflict panel keep it. */
export function makeChange(
  before: Shift,
  action: ShiftAction,
  context: { siteID: number; date: string; madeAt: number },
): ShiftChange {
  changeCounter += 1;
  return {
    localID: `${context.madeAt}-${before.id}-${changeCounter}`,
    siteID: context.siteID,
    date: context.date,
    shiftID: before.id,
    action: { ...action, version: before.version },
    before,
    madeAt: context.madeAt,
  };
}

/** Conflicts for one shift replace the earlier one of the same shift (the latest change is mine). */
export function addConflict(list: readonly ShiftConflict[], conflict: ShiftConflict): ShiftConflict[] {
  return [...list.filter((c) => c.change.shiftID !== conflict.change.shiftID), conflict];
}

/** 'HH:mm–HH:mm' or 'HH:mm–' for a running break. */
export const breakText = (b: { timeFrom: string; timeTo: string | null }) =>
  `${b.timeFrom}–${b.timeTo ?? ''}`;
