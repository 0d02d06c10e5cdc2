import { describe, expect, it } from 'vitest';
import {
  autoRefreshDelay,
  type BookedTimes,
  canGoToPreviousDay,
  checkInTimes,
  checkOutIsNotBeforeCheckIn,
  checkOutTimes,
  isSessionSelectable,
  markOffProblems,
  type PendingRegisterChange,
  recordPendingChange,
  removePendingUpdate,
  sessionState,
  undoCheckInTimes,
  undoCheckOutNeedsConfirmation,
  undoCheckOutTimes,
} from './register.ts';

describe('sessionState', () => {
  it('due, in, left, off', () => {
    expect(sessionState({})).toBe('due');
    expect(sessionState({ actualStart: '09:00' })).toBe('in');
    expect(sessionState({ actualStart: '09:00', actualEnd: '12:00' })).toBe('left');
    expect(sessionState({ isOff: true })).toBe('off');
    expect(sessionState({ markedOffCategoryID: 2, actualStart: '09:00' })).toBe('off');
  });
});

describe('isSessionSelectable', () => {
  it('due tab: not started and not marked off', () => {
    expect(isSessionSelectable({}, 'due')).toBe(true);
    expect(isSessionSelectable({ actualStart: '09:00' }, 'due')).toBe(false);
    expect(isSessionSelectable({ isOff: true }, 'due')).toBe(false);
  });
  it('in tab: not ended', () => {
    expect(isSessionSelectable({ actualStart: '09:00' }, 'in')).toBe(true);
    expect(isSessionSelectable({ actualStart: '09:00', actualEnd: '12:00' }, 'in')).toBe(false);
  });
});

describe('register navigation and refresh', () => {
  it('previous day only after today', () => {
    expect(canGoToPreviousDay('2024-07-05', '2024-07-04')).toBe(true);
    expect(canGoToPreviousDay('2024-07-04', '2024-07-04')).toBe(false);
  });
  it('backs off by 1.5 per error up to 1.5^5', () => {
    expect(autoRefreshDelay(0)).toBe(30_000);
    expect(autoRefreshDelay(1)).toBe(45_000);
    expect(autoRefreshDelay(5)).toBeCloseTo(30_000 * 7.59375);
    expect(autoRefreshDelay(9)).toBe(autoRefreshDelay(5));
  });
});

const morning: BookedTimes = { comboID: 1, start: '08:00', end: '13:00', actualStart: null, actualEnd: null };
const afternoon: BookedTimes = {
  comboID: 2,
  start: '13:00',
  end: '18:00',
  actualStart: null,
  actualEnd: null,
};

describe('checkInTimes (spec 002 §4)', () => {
  it('gives the chosen time to the first booking and their booked start to the later ones', () => {
    expect(checkInTimes([afternoon, morning], '07:55')).toEqual({
      ok: true,
      changes: [
        { comboID: 1, actualStart: '07:55', actualEnd: null },
        { comboID: 2, actualStart: '13:00', actualEnd: null },
      ],
    });
  });
  it('skips a booking that has ended, and refuses when every booking has ended', () => {
    expect(checkInTimes([morning, afternoon], '13:30')).toEqual({
      ok: true,
      changes: [{ comboID: 2, actualStart: '13:30', actualEnd: null }],
    });
    expect(checkInTimes([morning], '13:00')).toEqual({ ok: false, refusal: 'session-ended' });
    expect(checkInTimes([morning], '12:59')).toMatchObject({ ok: true });
  });
  it('leaves a booking already checked in or marked off alone', () => {
    const inAlready = { ...morning, actualStart: '08:10' };
    expect(checkInTimes([inAlready, afternoon], '09:00')).toEqual({
      ok: true,
      changes: [{ comboID: 2, actualStart: '09:00', actualEnd: null }],
    });
    expect(checkInTimes([{ ...morning, markedOffCategoryID: 3 }], '09:00')).toEqual({
      ok: false,
      refusal: 'nothing-to-do',
    });
  });
});

describe('checkOutTimes (spec 002 §4)', () => {
  const both = [
    { ...morning, actualStart: '08:05' },
    { ...afternoon, actualStart: '13:00' },
  ];
  it('ends earlier bookings at their booked end and the last at the chosen time', () => {
    expect(checkOutTimes(both, '17:20')).toEqual({
      ok: true,
      changes: [
        { comboID: 1, actualStart: '08:05', actualEnd: '13:00' },
        { comboID: 2, actualStart: '13:00', actualEnd: '17:20' },
      ],
    });
  });
  it('clears a later booking that had not started by the chosen time', () => {
    expect(checkOutTimes(both, '11:00')).toEqual({
      ok: true,
      changes: [
        { comboID: 1, actualStart: '08:05', actualEnd: '11:00' },
        { comboID: 2, actualStart: null, actualEnd: null },
      ],
    });
  });
  it('allows a check-out in the same minute as the check-in (issue 27)', () => {
    expect(checkOutTimes([{ ...morning, actualStart: '09:00' }], '09:00')).toEqual({
      ok: true,
      changes: [{ comboID: 1, actualStart: '09:00', actualEnd: '09:00' }],
    });
    expect(checkOutIsNotBeforeCheckIn('09:00', '09:00')).toBe(true);
    expect(checkOutIsNotBeforeCheckIn('09:01', '09:00')).toBe(false);
    expect(checkOutIsNotBeforeCheckIn('08:59', '09:00')).toBe(true);
  });
  it('a same-minute check-out drops a later session started in advance at that minute', () => {
    expect(checkOutTimes(both, '13:00')).toEqual({
      ok: true,
      changes: [
        { comboID: 1, actualStart: '08:05', actualEnd: '13:00' },
        { comboID: 2, actualStart: null, actualEnd: null },
      ],
    });
  });
  it('refuses a time before the check-in', () => {
    expect(checkOutTimes([{ ...morning, actualStart: '09:00' }], '08:30')).toEqual({
      ok: false,
      refusal: 'check-out-before-check-in',
    });
  });
  it('needs an actual start and no actual end', () => {
    expect(checkOutTimes([morning], '10:00')).toEqual({ ok: false, refusal: 'nothing-to-do' });
    expect(checkOutTimes([{ ...morning, actualStart: '08:00', actualEnd: '12:00' }], '12:30')).toEqual({
      ok: false,
      refusal: 'nothing-to-do',
    });
  });
});

describe('undo', () => {
  it('undo check-in clears the start of a session checked in and not out', () => {
    expect(undoCheckInTimes({ ...morning, actualStart: '08:05' })).toEqual({
      comboID: 1,
      actualStart: null,
      actualEnd: null,
    });
    expect(undoCheckInTimes(morning)).toBeNull();
    expect(undoCheckInTimes({ ...morning, actualStart: '08:05', actualEnd: '12:00' })).toBeNull();
  });
  it('undo check-out removes the end; after the booked end it asks first', () => {
    expect(undoCheckOutTimes({ ...morning, actualStart: '08:05', actualEnd: '12:00' })).toEqual({
      comboID: 1,
      actualStart: '08:05',
      actualEnd: null,
    });
    expect(undoCheckOutTimes({ ...morning, actualStart: '08:05' })).toBeNull();
    expect(undoCheckOutNeedsConfirmation(morning, '12:59')).toBe(false);
    expect(undoCheckOutNeedsConfirmation(morning, '13:00')).toBe(true);
  });
});

describe('pending offline updates', () => {
  const update = (over: Partial<PendingRegisterChange>): PendingRegisterChange => ({
    childID: 1,
    comboID: 1,
    date: '2026-11-24',
    typeID: null,
    actualStart: '08:00',
    actualEnd: null,
    version: 3,
    serverStart: null,
    serverEnd: null,
    ...over,
  });
  it('a later change of the same child and booking replaces the earlier, keeping its base version and server times', () => {
    let pending = recordPendingChange([], update({}));
    pending = recordPendingChange(pending, update({ childID: 2 }));
    pending = recordPendingChange(pending, update({ actualEnd: '12:00', version: 4, serverStart: '08:00' }));
    expect(pending).toEqual([update({ actualEnd: '12:00', version: 3 }), update({ childID: 2 })]);
  });
  it('undo removes the entry: a change back to the server times (check-in then undo check-in)', () => {
    let pending = recordPendingChange([], update({}));
    pending = recordPendingChange(pending, update({ childID: 2 }));
    pending = recordPendingChange(pending, update({ actualStart: null }));
    expect(pending).toEqual([update({ childID: 2 })]);
  });
  it('undo of a check-out made online is kept until it is sent; re-checking out removes it', () => {
    const server = { serverStart: '08:00', serverEnd: '12:00' };
    let pending = recordPendingChange([], update({ ...server, actualStart: '08:00', actualEnd: null }));
    expect(pending).toHaveLength(1);
    pending = recordPendingChange(pending, update({ ...server, actualStart: '08:00', actualEnd: '12:00' }));
    expect(pending).toEqual([]);
  });
  it('another date or booking is another entry; removing one leaves the others', () => {
    let pending = recordPendingChange([update({})], update({ date: '2026-11-25' }));
    pending = recordPendingChange(pending, update({ comboID: 2 }));
    expect(pending).toHaveLength(3);
    expect(removePendingUpdate(pending, { childID: 1, comboID: 2, date: '2026-11-24' })).toEqual([
      update({}),
      update({ date: '2026-11-25' }),
    ]);
  });
});

describe('markOffProblems (spec 002 §5)', () => {
  const base = { markOffCategoryID: 2, notes: 'Poorly', canChooseCategory: true, notesRequired: true };
  it('needs a category when the user may choose one, and notes when they are asked for', () => {
    expect(markOffProblems(base)).toEqual([]);
    expect(markOffProblems({ ...base, markOffCategoryID: null })).toEqual(['category-required']);
    expect(markOffProblems({ ...base, markOffCategoryID: null, canChooseCategory: false })).toEqual([]);
    expect(markOffProblems({ ...base, notes: '  ' })).toEqual(['notes-required']);
    expect(markOffProblems({ ...base, notes: '', notesRequired: false })).toEqual([]);
  });
  it('limits notes to 200 characters', () => {
    expect(markOffProblems({ ...base, notes: 'a'.repeat(200) })).toEqual([]);
    expect(markOffProblems({ ...base, notes: 'a'.repeat(201) })).toEqual(['notes-too-long']);
  });
});
