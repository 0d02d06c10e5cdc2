import { describe, expect, it } from 'vitest';
import { MESSAGES_EN_GB } from './messages.ts';
import { PERMISSIONS, type PermissionMap } from './permissions.ts';
import {
  breakEndProblem,
  breakSignaturePath,
  bulkSelectionProblem,
  canCheckIn,
  canCheckOut,
  diffShifts,
  groupStaffByInitial,
  isBulkEligible,
  isStaffRegisterStale,
  markOffStatusChoices,
  mayAmendShiftTimes,
  parseAdditionalMinutes,
  registerShiftActor,
  runningBreakMinutes,
  SHIFT_CONFLICT_FIELDS,
  type ShiftLike,
  saveBreaksProblems,
  saveDueAt,
  shiftBreakDuration,
  shiftBreakMins,
  shiftPermittedActions,
  shiftSignaturePath,
  shiftState,
  sortShiftBreaks,
  staffMarkOffProblems,
  staffRegisterNotices,
  staffRegisterRefreshDelay,
  visibilityRefreshDue,
  wallClockOn,
} from './staffRegister.ts';

const W = { code: 'W' };
const shift = (over: Partial<ShiftLike> = {}): ShiftLike => ({
  date: '2026-11-27',
  actualFrom: null,
  actualTo: null,
  status: W,
  breaks: [],
  additionalMins: 0,
  ...over,
});
const perms = (...granted: string[]) =>
  Object.fromEntries(PERMISSIONS.map((p) => [p, granted.includes(p)])) as PermissionMap;
/** 10:40 in London on 27/11/2026 (GMT). */
const NOW = new Date('2026-11-27T10:40:00Z');

describe('check-in and check-out eligibility (spec 002 §4)', () => {
  it('checks in only while actualFrom is empty and the shift is working', () => {
    expect(canCheckIn(shift())).toBe(true);
    expect(canCheckIn(shift({ actualFrom: '08:00' }))).toBe(false);
    expect(canCheckIn(shift({ status: { code: 'S' } }))).toBe(false);
  });
  it('checks out only when in and not out', () => {
    expect(canCheckOut(shift())).toBe(false);
    expect(canCheckOut(shift({ actualFrom: '08:00' }))).toBe(true);
    expect(canCheckOut(shift({ actualFrom: '08:00', actualTo: '16:00' }))).toBe(false);
  });
  it('names the state', () => {
    expect(shiftState(shift())).toBe('due');
    expect(shiftState(shift({ actualFrom: '08:00' }))).toBe('in');
    expect(shiftState(shift({ actualFrom: '08:00', actualTo: '16:00' }))).toBe('out');
    expect(shiftState(shift({ status: { code: 'H' }, actualFrom: '08:00' }))).toBe('off');
  });
});

describe('breaks (spec 002 §4, §5)', () => {
  const breaks = [
    { id: 9, timeFrom: '12:00', timeTo: '12:30' },
    { id: 3, timeFrom: '10:00', timeTo: '10:20' },
    { id: 2, timeFrom: '10:00', timeTo: '10:20' },
    { id: 5, timeFrom: '10:00', timeTo: '10:10' },
  ];
  it('sorts by timeFrom, timeTo, id', () => {
    expect(sortShiftBreaks(breaks).map((b) => b.id)).toEqual([5, 2, 3, 9]);
  });
  it('breakMins = additional + completed breaks; a running break counts nothing', () => {
    expect(shiftBreakMins({ breaks, additionalMins: 15 })).toBe(10 + 20 + 20 + 30 + 15);
    expect(
      shiftBreakMins({ breaks: [{ id: 1, timeFrom: '10:00', timeTo: null }], additionalMins: null }),
    ).toBe(0);
  });
  it('shows a running total while a break is active', () => {
    const s = shift({
      actualFrom: '08:00',
      breaks: [
        { id: 1, timeFrom: '09:00', timeTo: '09:15' },
        { id: 2, timeFrom: '10:30', timeTo: null },
      ],
      additionalMins: 5,
    });
    expect(runningBreakMinutes(s, NOW)).toBe(15 + 5 + 10);
    // A break started "after now" (a clock behind) never counts negative.
    expect(runningBreakMinutes({ ...s, breaks: [{ id: 2, timeFrom: '11:00', timeTo: null }] }, NOW)).toBe(5);
    // Yesterday's forgotten break counts to midnight; tomorrow's nothing.
    expect(
      runningBreakMinutes(
        { ...s, date: '2026-11-26', additionalMins: 0, breaks: [{ id: 2, timeFrom: '23:00', timeTo: null }] },
        NOW,
      ),
    ).toBe(60);
    expect(runningBreakMinutes({ ...s, date: '2026-11-28' }, NOW)).toBe(20);
  });
  it('uses London wall-clock time on DST days', () => {
    // 29/03/2026: clocks go forward at 01:00 GMT; 10:40 BST is 09:40Z.
    expect(wallClockOn('2026-03-29', new Date('2026-03-29T09:40:00Z'))).toBe('10:40');
    // 25/10/2026: clocks go back at 02:00 BST; 10:40 GMT is 10:40Z.
    expect(wallClockOn('2026-10-25', new Date('2026-10-25T10:40:00Z'))).toBe('10:40');
    // 23:30Z on 25/10 is still 25/10 in London (GMT); 23:30Z on 29/03 is 30/03 00:30 BST.
    expect(wallClockOn('2026-10-25', new Date('2026-10-25T23:30:00Z'))).toBe('23:30');
    expect(wallClockOn('2026-03-29', new Date('2026-03-29T23:30:00Z'))).toBe('24:00');
    expect(wallClockOn('2026-03-29', new Date('2026-03-29T22:30:00Z'))).toBe('23:30');
  });
  it('warns when a break ends before it starts, and its duration is never negative', () => {
    expect(breakEndProblem({ timeFrom: '10:30', timeTo: '10:00' })).toBe('end-time-must-be-after-start-time');
    expect(breakEndProblem({ timeFrom: '10:00', timeTo: '10:00' })).toBeNull();
    expect(breakEndProblem({ timeFrom: '10:00', timeTo: null })).toBeNull();
    expect(shiftBreakDuration({ timeFrom: '10:30', timeTo: '10:00' })).toBe(0);
    expect(MESSAGES_EN_GB['end-time-must-be-after-start-time']).toBeTruthy();
  });
  it('additional minutes: empty = 0, whole numbers 0-1440', () => {
    expect(parseAdditionalMinutes('')).toBe(0);
    expect(parseAdditionalMinutes(null)).toBe(0);
    expect(parseAdditionalMinutes(' 25 ')).toBe(25);
    expect(parseAdditionalMinutes(1440)).toBe(1440);
    expect(parseAdditionalMinutes(1441)).toBeNull();
    expect(parseAdditionalMinutes(-1)).toBeNull();
    expect(parseAdditionalMinutes('2.5')).toBeNull();
    expect(parseAdditionalMinutes('abc')).toBeNull();
  });
  it('checks a breaks list before saving', () => {
    expect(saveBreaksProblems([{ timeFrom: '10:00', timeTo: '10:15' }], '')).toEqual([]);
    expect(
      saveBreaksProblems(
        [
          { timeFrom: '10:00', timeTo: '09:15' },
          { timeFrom: '11:00', timeTo: null },
          { timeFrom: '12:00', timeTo: null },
        ],
        2000,
      ),
    ).toEqual([
      { kind: 'end-time-must-be-after-start-time', index: 0 },
      { kind: 'more-than-one-running-break' },
      { kind: 'break-minutes-out-of-range' },
    ]);
  });
});

describe('mark-off and bulk (spec 002 §4, §5)', () => {
  const statuses = [
    { id: 1, code: 'W', value: 'Working' },
    { id: 2, code: 'S', value: 'Sick' },
    { id: 3, code: 'H', value: 'Holiday' },
  ];
  it('offers every status except W', () => {
    expect(markOffStatusChoices(statuses).map((s) => s.code)).toEqual(['S', 'H']);
  });
  it('needs a category and notes of at most 50', () => {
    expect(staffMarkOffProblems({ statusID: null, notes: '' }, statuses)).toEqual([
      'must-select-mark-off-category',
    ]);
    expect(staffMarkOffProblems({ statusID: 1, notes: '' }, statuses)).toEqual([
      'must-select-mark-off-category',
    ]);
    expect(staffMarkOffProblems({ statusID: 2, notes: 'x'.repeat(50) }, statuses)).toEqual([]);
    expect(staffMarkOffProblems({ statusID: 2, notes: 'x'.repeat(51) }, statuses)).toEqual([
      'notes-too-long',
    ]);
    expect(MESSAGES_EN_GB['must-select-mark-off-category']).toBe('You must select a mark off category');
  });
  it('bulk: only status W without a conflict; none eligible is refused', () => {
    expect(isBulkEligible({ status: W }, false)).toBe(true);
    expect(isBulkEligible({ status: W }, true)).toBe(false);
    expect(isBulkEligible({ status: { code: 'S' } }, false)).toBe(false);
    expect(bulkSelectionProblem(0)).toBe('must-select-one-staff-member');
    expect(bulkSelectionProblem(2)).toBeNull();
    expect(MESSAGES_EN_GB['must-select-one-staff-member']).toBe('Must select one staff member.');
  });
});

describe('permitted actions (spec 002 §6)', () => {
  const actor = (over: Partial<Parameters<typeof shiftPermittedActions>[1]> = {}) => ({
    permissions: perms(),
    own: false,
    restrictAmendments: false,
    today: '2026-11-27',
    ...over,
  });
  it('checkInSelf checks in only the own shift; checkInOtherStaff anyone', () => {
    expect(shiftPermittedActions(shift(), actor({ permissions: perms('checkInSelf') })).checkIn).toBe(false);
    expect(
      shiftPermittedActions(shift(), actor({ permissions: perms('checkInSelf'), own: true })).checkIn,
    ).toBe(true);
    expect(shiftPermittedActions(shift(), actor({ permissions: perms('checkInOtherStaff') })).checkIn).toBe(
      true,
    );
  });
  it('check-in and breaks only on today; mark-off needs markOffStaff', () => {
    const a = actor({ permissions: perms('checkInOtherStaff') });
    expect(shiftPermittedActions(shift({ date: '2026-11-28' }), a).checkIn).toBe(false);
    const inShift = shift({ actualFrom: '08:00' });
    expect(shiftPermittedActions(inShift, a)).toMatchObject({
      checkOut: true,
      startBreak: true,
      endBreak: false,
      editBreaks: true,
      markOff: false,
      undoCheckIn: true,
      bulk: true,
    });
    const onBreak = shift({ actualFrom: '08:00', breaks: [{ id: 1, timeFrom: '10:00', timeTo: null }] });
    expect(shiftPermittedActions(onBreak, a)).toMatchObject({ startBreak: false, endBreak: true });
    const m = actor({ permissions: perms('markOffStaff') });
    expect(shiftPermittedActions(shift(), m)).toMatchObject({ markOff: true, checkIn: false, bulk: true });
    expect(shiftPermittedActions(shift({ status: { code: 'S' } }), m)).toMatchObject({
      markOff: false,
      undoMarkOff: true,
      bulk: false,
    });
  });
  it('breaks cannot be edited before check-in', () => {
    expect(
      shiftPermittedActions(shift(), actor({ permissions: perms('checkInOtherStaff') })).editBreaks,
    ).toBe(false);
  });
  it('amendments: free unless restricted, then only with updateShiftCheckInOutTime', () => {
    expect(mayAmendShiftTimes(perms(), false)).toBe(true);
    expect(mayAmendShiftTimes(perms(), true)).toBe(false);
    expect(mayAmendShiftTimes(perms('updateShiftCheckInOutTime'), true)).toBe(true);
    const restricted = actor({ permissions: perms('checkInOtherStaff'), restrictAmendments: true });
    expect(shiftPermittedActions(shift({ actualFrom: '08:00' }), restricted).amendTimes).toBe(false);
    const allowed = actor({
      permissions: perms('checkInOtherStaff', 'updateShiftCheckInOutTime'),
      restrictAmendments: true,
    });
    expect(shiftPermittedActions(shift({ actualFrom: '08:00' }), allowed).amendTimes).toBe(true);
  });
});

describe('conflict diff', () => {
  const base = {
    actualFrom: '08:00',
    actualTo: null,
    breaks: [{ id: 1, timeFrom: '10:00', timeTo: '10:15' }],
    additionalMins: 0,
    statusID: 1,
    notes: null,
    roomID: 4,
    timeFrom: '08:00',
    timeTo: '16:00',
  };
  it('lists each differing field with its explanation', () => {
    expect(diffShifts(base, { ...base })).toEqual([]);
    const theirs = {
      ...base,
      actualFrom: '08:05',
      breaks: [...base.breaks, { id: 2, timeFrom: '12:00', timeTo: null }],
      notes: 'x',
    };
    const d = diffShifts({ ...base, additionalMins: null }, theirs);
    expect(d.map((x) => x.field)).toEqual(['actualFrom', 'breaks', 'notes']);
    expect(d[0]).toEqual({
      field: 'actualFrom',
      mine: '08:00',
      theirs: '08:05',
      explanation: 'shift-conflict-actual-from',
    });
  });
  it('compares breaks by time, not by id', () => {
    const mine = { ...base, breaks: [{ id: -1, timeFrom: '10:00', timeTo: '10:15' }] };
    expect(diffShifts(mine, base)).toEqual([]);
  });
  it('every explanation is a message', () => {
    for (const key of Object.values(SHIFT_CONFLICT_FIELDS)) expect(MESSAGES_EN_GB[key]).toBeTruthy();
  });
});

describe('auto-refresh schedule (spec 002 §4, §9)', () => {
  it('30 s, x1.5 per error, capped at 1.5^5', () => {
    expect(staffRegisterRefreshDelay(0)).toBe(30_000);
    expect(staffRegisterRefreshDelay(1)).toBe(45_000);
    expect(staffRegisterRefreshDelay(5)).toBe(30_000 * 1.5 ** 5);
    expect(staffRegisterRefreshDelay(9)).toBe(30_000 * 1.5 ** 5);
  });
  it('refetches data older than 2 minutes', () => {
    expect(isStaffRegisterStale(new Date(NOW.getTime() - 120_000), NOW)).toBe(false);
    expect(isStaffRegisterStale(new Date(NOW.getTime() - 120_001).toISOString(), NOW)).toBe(true);
  });
  it('debounces visibility refreshes by 7.5 s and saves by 500 ms', () => {
    expect(visibilityRefreshDue(null, NOW)).toBe(true);
    expect(visibilityRefreshDue(new Date(NOW.getTime() - 7_499), NOW)).toBe(false);
    expect(visibilityRefreshDue(new Date(NOW.getTime() - 7_500), NOW)).toBe(true);
    expect(saveDueAt(NOW).getTime() - NOW.getTime()).toBe(500);
  });
});

describe('All staff tab', () => {
  it('groups alphabetically by surname initial', () => {
    const groups = groupStaffByInitial([
      { id: 3, forename: 'Zoe', surname: 'brown' },
      { id: 1, forename: 'Amy', surname: 'Adams' },
      { id: 2, forename: 'Ben', surname: 'Brown' },
    ]);
    expect(groups.map((g) => [g.initial, g.staff.map((s) => s.id)])).toEqual([
      ['A', [1]],
      ['B', [2, 3]],
    ]);
  });
  it('names the empty states', () => {
    const base = { staffCount: 5, shiftCount: 3, viewerAssigned: true, viewerChecksInOthers: false };
    expect(staffRegisterNotices({ ...base, staffCount: 0 })).toEqual(['no-staff-at-site']);
    expect(staffRegisterNotices({ ...base, shiftCount: 0, viewerAssigned: false })).toEqual([
      'no-staff-assigned-today',
      'not-assigned-to-site-today',
    ]);
    expect(staffRegisterNotices({ ...base, viewerAssigned: false, viewerChecksInOthers: true })).toEqual([]);
    expect(MESSAGES_EN_GB['no-staff-at-site']).toBe('There are no staff at this site.');
  });
});

describe('the actor of an offline change, from the register answer', () => {
  // The server's register-level answer (modules/staff-register/policy.ts registerPermittedActions).
  const answered = (p: PermissionMap, restrict: boolean) => {
    const others = p.checkInOtherStaff === true;
    return {
      checkInOthers: others,
      checkInSelf: others || p.checkInSelf === true,
      markOff: p.markOffStaff === true,
      amendTimes: (others || p.checkInSelf === true) && mayAmendShiftTimes(p, restrict),
    };
  };
  const granted = ['checkInSelf', 'checkInOtherStaff', 'markOffStaff', 'updateShiftCheckInOutTime'];
  const shifts = [
    shift(),
    shift({ actualFrom: '08:00' }),
    shift({ actualFrom: '08:00', breaks: [{ id: 1, timeFrom: '10:00', timeTo: null }] }),
    shift({ actualFrom: '08:00', actualTo: '16:00' }),
    shift({ status: { code: 'S' } }),
    shift({ date: '2026-11-26', actualFrom: '08:00' }),
    shift({ date: '2026-11-28' }),
  ];
  it('gives every shift the actions the server gives it, for every permission set, restriction and owner', () => {
    let compared = 0;
    for (let mask = 0; mask < 1 << granted.length; mask++) {
      const p = perms(...granted.filter((_, i) => mask & (1 << i)));
      for (const restrict of [false, true])
        for (const own of [false, true])
          for (const s of shifts) {
            const server = shiftPermittedActions(s, {
              permissions: p,
              own,
              restrictAmendments: restrict,
              today: '2026-11-27',
            });
            const device = shiftPermittedActions(
              s,
              registerShiftActor(answered(p, restrict), own, '2026-11-27'),
            );
            expect(device, `${granted.filter((_, i) => mask & (1 << i))} ${restrict} ${own}`).toEqual(server);
            compared += 1;
          }
    }
    expect(compared).toBe(16 * 2 * 2 * shifts.length);
  });
});

describe('signature image URLs', () => {
  it('name the shift and the time signed, or the break and its start or end', () => {
    expect(shiftSignaturePath(12, 'actualFrom')).toBe('/api/v1/shifts/12/signatures/actualFrom');
    expect(breakSignaturePath(12, 4, 'timeTo')).toBe('/api/v1/shifts/12/breaks/4/signatures/timeTo');
  });
});
