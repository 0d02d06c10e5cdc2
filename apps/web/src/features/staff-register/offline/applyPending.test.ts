// The cached register with the device's waiting changes shown (spec 002 §4 "Staff register").
import { describe, expect, it } from 'vitest';
import { applyPending } from './applyPending';
import { change, DAY, register, SICK, SIGNATURE, shift, W } from './testFixtures';

const shown = (answer: ReturnType<typeof register>, id = 10) =>
  answer.staff.flatMap((m) => m.shifts).find((s) => s.id === id)!;

describe('applyPending', () => {
  it('leaves the register as it is without changes of its site day', () => {
    const answer = register([shift()]);
    expect(applyPending(answer, [])).toBe(answer);
    expect(applyPending(answer, [change({ action: 'checkIn', time: '08:05' }, { date: '2026-11-28' })])).toBe(
      answer,
    );
  });

  it('checks in only an empty actualFrom, with the signature drawn on the device', () => {
    const answer = register([shift()]);
    const s = shown(
      applyPending(answer, [change({ action: 'checkIn', time: '08:05', signature: SIGNATURE })]),
    );
    expect(s).toMatchObject({ actualFrom: '08:05', state: 'in', signatures: { actualFrom: SIGNATURE } });
    expect(s.permittedActions).toMatchObject({ checkIn: false, checkOut: true, startBreak: true });
    const again = shown(
      applyPending(register([shift({ actualFrom: '07:55', state: 'in' })]), [
        change({ action: 'checkIn', time: '08:05' }),
      ]),
    );
    expect(again.actualFrom).toBe('07:55');
  });

  it('starts and ends a break, then checks out; breakMins counts completed breaks', () => {
    const answer = register([shift({ actualFrom: '08:00', state: 'in', additionalMins: 5, breakMins: 5 })]);
    const running = shown(applyPending(answer, [change({ action: 'startBreak', time: '12:00' })]));
    expect(running.activeBreak).toEqual({ id: -1, timeFrom: '12:00' });
    expect(running.breakMins).toBe(5);
    expect(running.permittedActions).toMatchObject({ startBreak: false, endBreak: true });
    const s = shown(
      applyPending(answer, [
        change({ action: 'startBreak', time: '12:00', signature: SIGNATURE }),
        change({ action: 'endBreak', time: '12:30' }),
        change({ action: 'checkOut', time: '16:00' }),
      ]),
    );
    expect(s.breaks).toEqual([
      {
        id: -1,
        timeFrom: '12:00',
        timeTo: '12:30',
        durationMins: 30,
        signatures: { timeFrom: SIGNATURE, timeTo: null },
      },
    ]);
    expect(s).toMatchObject({ breakMins: 35, actualTo: '16:00', state: 'out', activeBreak: null });
  });

  it('checking out ends a running break at the check-out time; a check-out before the check-in shows nothing', () => {
    const answer = register([shift({ actualFrom: '08:00', state: 'in' })]);
    const s = shown(
      applyPending(answer, [
        change({ action: 'startBreak', time: '15:00' }),
        change({ action: 'checkOut', time: '15:20' }),
      ]),
    );
    expect(s.breaks[0]).toMatchObject({ timeTo: '15:20', durationMins: 20 });
    expect(shown(applyPending(answer, [change({ action: 'checkOut', time: '07:00' })])).actualTo).toBeNull();
  });

  it('saves breaks sorted, with additional minutes (empty = 0); a moved time loses its signature', () => {
    const answer = register([
      shift({
        actualFrom: '08:00',
        state: 'in',
        breaks: [
          {
            id: 5,
            timeFrom: '10:00',
            timeTo: '10:15',
            durationMins: 15,
            signatures: { timeFrom: 'a', timeTo: 'b' },
          },
        ],
        breakMins: 15,
      }),
    ]);
    const s = shown(
      applyPending(answer, [
        change({
          action: 'saveBreaks',
          breaks: [
            { id: null, timeFrom: '13:00', timeTo: '13:30' },
            { id: 5, timeFrom: '10:00', timeTo: '10:20' },
          ],
          additionalMins: null,
        }),
      ]),
    );
    expect(s.breaks.map((b) => [b.id, b.timeFrom, b.durationMins, b.signatures])).toEqual([
      [5, '10:00', 20, { timeFrom: 'a', timeTo: null }],
      [-1, '13:00', 30, { timeFrom: null, timeTo: null }],
    ]);
    expect(s).toMatchObject({ additionalMins: 0, breakMins: 50 });
  });

  it('mark-off clears actual times, signatures and breaks and sets the status and notes; undo brings W back', () => {
    const answer = register([
      shift({
        actualFrom: '08:00',
        state: 'in',
        signatures: { actualFrom: 'x', actualTo: null },
        breaks: [
          {
            id: 5,
            timeFrom: '10:00',
            timeTo: null,
            durationMins: null,
            signatures: { timeFrom: null, timeTo: null },
          },
        ],
      }),
    ]);
    const off = shown(
      applyPending(answer, [change({ action: 'markOff', statusID: SICK.id, notes: ' Flu ' })]),
    );
    expect(off).toMatchObject({
      actualFrom: null,
      breaks: [],
      activeBreak: null,
      signatures: { actualFrom: null, actualTo: null },
      status: SICK,
      statusID: SICK.id,
      notes: 'Flu',
      state: 'off',
    });
    expect(off.permittedActions).toMatchObject({ undoMarkOff: true, checkIn: false });
    const back = shown(
      applyPending(answer, [
        change({ action: 'markOff', statusID: SICK.id, notes: '' }),
        change({ action: 'undo', undo: 'markOff' }),
      ]),
    );
    expect(back).toMatchObject({ status: W, notes: null, state: 'due' });
    // Mark-off with W is no mark-off.
    expect(
      shown(applyPending(answer, [change({ action: 'markOff', statusID: W.id, notes: '' })])).state,
    ).toBe('in');
  });

  it('undo check-in clears the times, breaks and signatures; undo check-out only the check-out', () => {
    const answer = register([
      shift({
        actualFrom: '08:00',
        actualTo: '16:00',
        state: 'out',
        signatures: { actualFrom: 'x', actualTo: 'y' },
      }),
    ]);
    expect(shown(applyPending(answer, [change({ action: 'undo', undo: 'checkOut' })]))).toMatchObject({
      actualFrom: '08:00',
      actualTo: null,
      signatures: { actualFrom: 'x', actualTo: null },
      state: 'in',
    });
    expect(shown(applyPending(answer, [change({ action: 'undo', undo: 'checkIn' })]))).toMatchObject({
      actualFrom: null,
      actualTo: null,
      signatures: { actualFrom: null, actualTo: null },
      state: 'due',
    });
  });

  it('shows changes of several shifts, each on its own shift, in the order made', () => {
    const answer = register([shift(), shift({ id: 11, staffID: 101 })]);
    const out = applyPending(answer, [
      change({ action: 'checkIn', time: '08:01' }),
      change({ action: 'checkIn', time: '08:02' }, { shiftID: 11 }),
      change({ action: 'undo', undo: 'checkIn' }),
    ]);
    expect(shown(out, 10).actualFrom).toBeNull();
    expect(shown(out, 11).actualFrom).toBe('08:02');
    expect(out.staff[0]!.shifts[0]!.date).toBe(DAY);
  });
});
