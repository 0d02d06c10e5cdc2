import type { Shift, StaffRegisterAnswer, StaffRegisterMember } from '@nursery/domain/registers';
import { describe, expect, it } from 'vitest';
import {
  addConflict,
  applyAction,
  eligibleSelection,
  keepNewerShifts,
  makeChange,
  parseStaffRegisterRoute,
  timesGroups,
  withPinned,
  withShift,
} from './staffRegisterView';

const may = {
  checkIn: true,
  checkOut: false,
  startBreak: false,
  endBreak: false,
  editBreaks: false,
  markOff: true,
  undoCheckIn: false,
  undoCheckOut: false,
  undoMarkOff: false,
  amendTimes: true,
  bulk: true,
};

function shift(id: number, over: Partial<Shift> = {}): Shift {
  return {
    id,
    staffID: 1,
    siteID: 1,
    roomID: 10,
    room: 'Babies',
    date: '2026-11-20',
    timeFrom: '08:00',
    timeTo: '16:00',
    actualFrom: null,
    actualTo: null,
    breaks: [],
    activeBreak: null,
    additionalMins: 0,
    breakMins: 0,
    statusID: 1,
    status: { id: 1, code: 'W', value: 'Working' },
    notes: null,
    state: 'due',
    version: 1,
    signatures: { actualFrom: null, actualTo: null },
    permittedActions: may,
    ...over,
  };
}

function member(id: number, surname: string, shifts: Shift[]): StaffRegisterMember {
  return {
    id,
    personID: id,
    forename: 'A',
    surname,
    initial: surname[0]!,
    display: `A ${surname}`,
    hasImage: false,
    profile: { jobTitle: null, biography: null, homeSiteID: 1, roomID: null, startDate: null },
    roles: [],
    contacts: [],
    shifts: shifts.map((s) => ({ ...s, staffID: id })),
  };
}

function answer(staff: StaffRegisterMember[]): StaffRegisterAnswer {
  return {
    siteID: 1,
    date: '2026-11-20',
    today: '2026-11-20',
    fetchedAt: '2026-11-20T09:00:00.000Z',
    rooms: [
      { id: 10, name: 'Babies' },
      { id: 11, name: 'Toddlers' },
    ],
    staff,
    shiftStatuses: [
      { id: 1, code: 'W', value: 'Working' },
      { id: 2, code: 'S', value: 'Sick' },
    ],
    markOffStatuses: [{ id: 2, code: 'S', value: 'Sick' }],
    viewer: { staffID: 1, assignedToday: true },
    permittedActions: {
      checkInOthers: true,
      checkInSelf: true,
      markOff: true,
      selectRows: true,
      bulk: true,
      amendTimes: true,
    },
  };
}

describe('parseStaffRegisterRoute', () => {
  const defaults = { siteID: 5, userSiteIDs: [5, 6], today: '2026-11-20' };
  it('defaults to the session site, the Times tab and today', () => {
    expect(parseStaffRegisterRoute({}, defaults)).toEqual({ siteID: 5, tab: 'times', date: '2026-11-20' });
  });
  it('keeps a site of the user, a known tab and a real date', () => {
    expect(parseStaffRegisterRoute({ siteID: '6', tab: 'all', date: '2026-12-01' }, defaults)).toEqual({
      siteID: 6,
      tab: 'all',
      date: '2026-12-01',
    });
  });
  it('falls back for a site not the user’s, an unknown tab and a bad date', () => {
    expect(parseStaffRegisterRoute({ siteID: '99', tab: 'x', date: '2026-13-40' }, defaults)).toEqual({
      siteID: 5,
      tab: 'times',
      date: '2026-11-20',
    });
  });
});

describe('timesGroups', () => {
  it('lists rooms in the answer’s order, then the shifts without a (known) room', () => {
    const a = answer([
      member(1, 'Adams', [shift(1, { roomID: 11, room: 'Toddlers' })]),
      member(2, 'Brown', [shift(2, { roomID: null, room: null })]),
      member(3, 'Clark', [shift(3)]),
    ]);
    const groups = timesGroups(a);
    expect(groups.map((g) => g.name)).toEqual(['Babies', 'Toddlers', null]);
    expect(groups.map((g) => g.rows.map((r) => r.shift.id))).toEqual([[3], [1], [2]]);
  });
});

describe('cached answer updates', () => {
  it('withShift replaces the shift of that id only', () => {
    const a = answer([member(1, 'Adams', [shift(1)]), member(2, 'Brown', [shift(2)])]);
    const next = withShift(a, { ...shift(2), staffID: 2, version: 2, actualFrom: '08:01' });
    expect(next.staff[1]!.shifts[0]!.actualFrom).toBe('08:01');
    expect(next.staff[0]).toBe(a.staff[0]);
    expect(withShift(a, shift(99))).toBe(a);
  });

  it('keepNewerShifts keeps the held shift when its version is newer than the fetched one', () => {
    const held = answer([member(1, 'Adams', [shift(1, { version: 3, actualFrom: '08:00' })])]);
    const fetched = answer([member(1, 'Adams', [shift(1, { version: 2 })])]);
    expect(keepNewerShifts(held, fetched).staff[0]!.shifts[0]!.version).toBe(3);
    const newer = answer([member(1, 'Adams', [shift(1, { version: 4 })])]);
    expect(keepNewerShifts(held, newer)).toBe(newer);
  });

  it('withPinned shows the pinned copy of a row being edited', () => {
    const a = answer([member(1, 'Adams', [shift(1, { version: 5, notes: 'theirs' })])]);
    const pinned = new Map([[1, { ...shift(1, { version: 4 }), staffID: 1 }]]);
    expect(withPinned(a, pinned).staff[0]!.shifts[0]!.version).toBe(4);
  });
});

describe('applyAction (my side of a conflict)', () => {
  const before = shift(1, {
    actualFrom: '08:00',
    breaks: [
      {
        id: 7,
        timeFrom: '10:00',
        timeTo: null,
        durationMins: null,
        signatures: { timeFrom: null, timeTo: null },
      },
    ],
  });
  it('check-in sets actualFrom only when empty', () => {
    expect(applyAction(shift(1), { action: 'checkIn', time: '08:05' }, 1).actualFrom).toBe('08:05');
    expect(applyAction(before, { action: 'checkIn', time: '08:05' }, 1).actualFrom).toBe('08:00');
  });
  it('ending a break closes the running one; saving breaks takes the list and the minutes', () => {
    expect(applyAction(before, { action: 'endBreak', time: '10:20' }, 1).breaks[0]!.timeTo).toBe('10:20');
    const saved = applyAction(
      before,
      {
        action: 'saveBreaks',
        breaks: [{ id: null, timeFrom: '09:00', timeTo: '09:10' }],
        additionalMins: null,
      },
      1,
    );
    expect(saved.breaks).toEqual([{ id: -1, timeFrom: '09:00', timeTo: '09:10' }]);
    expect(saved.additionalMins).toBe(0);
  });
  it('mark-off clears the times and breaks; undo mark-off sets the working status', () => {
    const off = applyAction(before, { action: 'markOff', statusID: 2, notes: 'ill' }, 1);
    expect(off).toMatchObject({ actualFrom: null, actualTo: null, breaks: [], statusID: 2, notes: 'ill' });
    expect(applyAction(shift(1, { statusID: 2 }), { action: 'undo', undo: 'markOff' }, 1).statusID).toBe(1);
  });
});

describe('bulk selection and conflicts', () => {
  it('counts only selected rows that are bulk-actionable and not in a conflict', () => {
    const off = shift(3, { permittedActions: { ...may, bulk: false } });
    const a = answer([member(1, 'Adams', [shift(1), shift(2), off])]);
    expect(eligibleSelection(a, new Set([1, 2, 3]), new Set([2])).map((s) => s.id)).toEqual([1]);
    expect(eligibleSelection(a, new Set(), new Set())).toEqual([]);
  });
  it('a later conflict of the same shift replaces the earlier one', () => {
    const c1 = {
      change: makeChange(shift(1), { action: 'checkIn', time: '08:00' }, { siteID: 1, date: 'd', madeAt: 1 }),
      theirs: shift(1),
    };
    const c2 = {
      change: makeChange(
        shift(1),
        { action: 'checkOut', time: '09:00' },
        { siteID: 1, date: 'd', madeAt: 2 },
      ),
      theirs: shift(1),
    };
    const c3 = {
      change: makeChange(shift(2), { action: 'checkIn', time: '08:00' }, { siteID: 1, date: 'd', madeAt: 3 }),
      theirs: shift(2),
    };
    expect(addConflict(addConflict(addConflict([], c1), c3), c2).map((c) => c.change.action.action)).toEqual([
      'checkIn',
      'checkOut',
    ]);
    expect(c1.change.action.version).toBe(1);
  });
});
