// The staff register's changes kept on the device (fake-indexeddb) and their sending: applied ones
// leave, a stale one stays as a conflict with later changes of its shift behind it, no answer stops
// and keeps everything, a vanished shift is dropped with 'Shift not found: {id}', versions chain.
import 'fake-indexeddb/auto';
import type { Shift, ShiftAction } from '@nursery/domain/registers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { offlineDB } from '../../../lib/offline/db';
import { staffRegisterApi } from '../api';
import { enqueueShiftChange, readShiftQueue } from './pendingShiftStore';
import { replayPending, sendable } from './replayPending';
import { conflictsOf, pendingOf, resolveConflict } from './shiftQueue';
import { change, DAY, SITE, shift } from './testFixtures';

const USER = 7;

beforeEach(async () => {
  vi.restoreAllMocks();
  await offlineDB().operations.clear();
});

/** The server: answers each call with `answer(shiftID, action)`, recording what was sent. */
function server(answer: (shiftID: number, action: ShiftAction) => Shift | Error) {
  const sent: { shiftID: number; action: ShiftAction }[] = [];
  vi.spyOn(staffRegisterApi, 'act').mockImplementation(async (shiftID, action) => {
    sent.push({ shiftID, action });
    const out = answer(shiftID, action);
    if (out instanceof Error) throw out;
    return { shift: out };
  });
  return sent;
}

const stale = (theirs: Shift) =>
  new ApiError(412, 'err-shift-changed', 'The shift has changed.', null, { theirs });

describe('the device queue of shift changes', () => {
  it('keeps changes per user, site and day in the order made; an undo of a change still here removes it', async () => {
    const a = change({ action: 'checkIn', time: '08:00' });
    const b = change({ action: 'checkIn', time: '08:01' }, { shiftID: 11 });
    const c = change({ action: 'startBreak', time: '10:00' });
    await enqueueShiftChange(USER, a);
    await enqueueShiftChange(USER, b);
    await enqueueShiftChange(USER, c);
    await enqueueShiftChange(8, change({ action: 'checkIn', time: '08:00' }));
    await enqueueShiftChange(USER, change({ action: 'checkIn', time: '08:00' }, { date: '2026-11-28' }));
    expect(pendingOf(await readShiftQueue(USER, SITE, DAY)).map((x) => x.localID)).toEqual([
      a.localID,
      b.localID,
      c.localID,
    ]);
    // Undoing shift 10's check-in takes back the check-in and the break after it; shift 11 stays.
    await enqueueShiftChange(USER, change({ action: 'undo', undo: 'checkIn' }));
    expect(pendingOf(await readShiftQueue(USER, SITE, DAY)).map((x) => x.localID)).toEqual([b.localID]);
    // An undo of a change already sent is queued like any change.
    const undo = change({ action: 'undo', undo: 'checkOut' });
    await enqueueShiftChange(USER, undo);
    expect(pendingOf(await readShiftQueue(USER, SITE, DAY)).map((x) => x.localID)).toEqual([
      b.localID,
      undo.localID,
    ]);
  });
});

describe('replayPending', () => {
  it('sends in order, chaining a shift’s versions, and empties the queue', async () => {
    await enqueueShiftChange(USER, change({ action: 'checkIn', time: '08:00' }));
    await enqueueShiftChange(USER, change({ action: 'checkIn', time: '08:01', version: 9 }, { shiftID: 11 }));
    await enqueueShiftChange(USER, change({ action: 'startBreak', time: '10:00' }));
    await enqueueShiftChange(USER, change({ action: 'endBreak', time: '10:15' }));
    let version = 4;
    const sent = server((id) => (id === 10 ? shift({ version: ++version }) : shift({ id, version: 10 })));
    const outcome = await replayPending(USER, SITE, DAY);
    expect(sent.map((s) => [s.shiftID, s.action.action, s.action.version])).toEqual([
      [10, 'checkIn', 4],
      [11, 'checkIn', 9],
      [10, 'startBreak', 5],
      [10, 'endBreak', 6],
    ]);
    expect(outcome).toMatchObject({
      sent: 4,
      conflicts: [],
      notFound: [],
      refused: [],
      stopped: false,
      pending: [],
    });
    expect(await readShiftQueue(USER, SITE, DAY)).toEqual([]);
  });

  it('keeps a stale change as a conflict with their shift; the shift’s later changes wait behind it', async () => {
    const checkIn = change({ action: 'checkIn', time: '08:00' });
    const breakStart = change({ action: 'startBreak', time: '10:00' });
    const other = change({ action: 'checkIn', time: '08:01' }, { shiftID: 11 });
    for (const c of [checkIn, breakStart, other]) await enqueueShiftChange(USER, c);
    const theirs = shift({ actualFrom: '07:50', state: 'in', version: 8 });
    const sent = server((id) => (id === 10 ? stale(theirs) : shift({ id: 11, version: 5 })));
    const outcome = await replayPending(USER, SITE, DAY);
    expect(sent.map((s) => s.shiftID)).toEqual([10, 11]);
    expect(outcome.sent).toBe(1);
    expect(outcome.conflicts).toEqual([{ change: checkIn, theirs }]);
    expect(outcome.pending.map((c) => c.localID)).toEqual([breakStart.localID]);
    const kept = await readShiftQueue(USER, SITE, DAY);
    expect(conflictsOf(kept)).toEqual([{ change: checkIn, theirs }]);

    // A second replay sends nothing of the shift while its conflict waits.
    const again = server(() => shift());
    expect((await replayPending(USER, SITE, DAY)).sent).toBe(0);
    expect(again).toEqual([]);
  });

  it('stops without an answer and keeps everything as it was', async () => {
    await enqueueShiftChange(USER, change({ action: 'checkIn', time: '08:00' }));
    await enqueueShiftChange(USER, change({ action: 'checkIn', time: '08:01' }, { shiftID: 11 }));
    const sent = server(() => new NetworkError());
    const outcome = await replayPending(USER, SITE, DAY);
    expect(sent).toHaveLength(1);
    expect(outcome).toMatchObject({ sent: 0, stopped: true });
    expect(pendingOf(await readShiftQueue(USER, SITE, DAY))).toHaveLength(2);
    // A busy server (503) is no answer for good either.
    server(() => new ApiError(503, 'err-busy', 'Busy'));
    expect((await replayPending(USER, SITE, DAY)).stopped).toBe(true);
    expect(pendingOf(await readShiftQueue(USER, SITE, DAY))).toHaveLength(2);
  });

  it("drops a change whose shift is gone with 'Shift not found: {id}', and one the server refuses with its message", async () => {
    const gone = change({ action: 'checkIn', time: '08:00' }, { shiftID: 99 });
    const refused = change({ action: 'checkOut', time: '07:00' });
    await enqueueShiftChange(USER, gone);
    await enqueueShiftChange(USER, refused);
    server((id) =>
      id === 99
        ? new ApiError(404, 'err-not-found', 'Shift not found: 99')
        : new ApiError(400, 'err-shift-not-eligible', 'This shift cannot be changed so.'),
    );
    const outcome = await replayPending(USER, SITE, DAY);
    expect(outcome.notFound).toEqual([{ change: gone, message: 'Shift not found: 99' }]);
    expect(outcome.refused).toEqual([{ change: refused, message: 'This shift cannot be changed so.' }]);
    expect(await readShiftQueue(USER, SITE, DAY)).toEqual([]);
  });

  it("'mine' sends the change again at their version (later ones follow it); 'theirs' drops it", async () => {
    const checkIn = change({ action: 'checkIn', time: '08:00' });
    const breakStart = change({ action: 'startBreak', time: '10:00' });
    await enqueueShiftChange(USER, checkIn);
    await enqueueShiftChange(USER, breakStart);
    const theirs = shift({ version: 8, notes: 'Room moved' });
    server(() => stale(theirs));
    await replayPending(USER, SITE, DAY);
    const entries = await readShiftQueue(USER, SITE, DAY);

    const mine = resolveConflict(entries, checkIn.localID, 'mine');
    expect(pendingOf(mine).map((c) => [c.localID, c.action.version])).toEqual([
      [checkIn.localID, 8],
      [breakStart.localID, 8],
    ]);
    const kept = resolveConflict(entries, checkIn.localID, 'theirs');
    expect(pendingOf(kept).map((c) => [c.localID, c.action.version])).toEqual([[breakStart.localID, 8]]);
    expect(conflictsOf(kept)).toEqual([]);
  });

  it('names a break made on the device as new when the breaks modal saves it', () => {
    const action: ShiftAction = {
      action: 'saveBreaks',
      breaks: [
        { id: -1, timeFrom: '10:00', timeTo: '10:20' },
        { id: 5, timeFrom: '12:00', timeTo: null },
      ],
      additionalMins: 0,
      version: 3,
    };
    expect(sendable(action)).toEqual({
      ...action,
      breaks: [
        { id: null, timeFrom: '10:00', timeTo: '10:20' },
        { id: 5, timeFrom: '12:00', timeTo: null },
      ],
    });
    const checkIn: ShiftAction = { action: 'checkIn', time: '08:00', version: 1 };
    expect(sendable(checkIn)).toBe(checkIn);
  });
});
