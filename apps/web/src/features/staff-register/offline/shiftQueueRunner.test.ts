// The staff register's kind on the one loop's replay (fake-indexeddb): its sender sends the user's
// kept changes in order with the shift's versions chained, a stale one stays on its row as a
// conflict holding the shift's later changes, a vanished shift's change leaves and is in the report.
import 'fake-indexeddb/auto';
import type { Shift, ShiftAction } from '@nursery/domain/registers';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { offlineDB } from '../../../lib/offline/db';
import { replayQueueKinds } from '../../../lib/offline/replayKinds';
import { staffRegisterApi } from '../api';
import { enqueueShiftChange, readShiftQueue } from './pendingShiftStore';
import { conflictsOf, pendingOf } from './shiftQueue';
import { registerShiftSender, shiftSendReport } from './shiftQueueRunner';
import { change, DAY, SITE, shift } from './testFixtures';

const USER = 7;

function server(answer: (shiftID: number, action: ShiftAction) => Shift | Error) {
  const sent: [number, string, number | undefined][] = [];
  vi.spyOn(staffRegisterApi, 'act').mockImplementation(async (shiftID, action) => {
    sent.push([shiftID, action.action, action.version]);
    const out = answer(shiftID, action);
    if (out instanceof Error) throw out;
    return { shift: out };
  });
  return sent;
}

beforeEach(async () => {
  vi.restoreAllMocks();
  await offlineDB().operations.clear();
});

describe('the staff register sender in the one replay', () => {
  it('sends in order with versions chained, refreshes the register and reports what was sent', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    registerShiftSender(queryClient);
    await enqueueShiftChange(USER, change({ action: 'checkIn', time: '08:00' }));
    await enqueueShiftChange(USER, change({ action: 'startBreak', time: '10:00' }));
    await enqueueShiftChange(8, change({ action: 'checkIn', time: '08:00' }, { shiftID: 12 }));
    let version = 4;
    const sent = server(() => shift({ version: ++version }));
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 2, failed: 0 });
    expect(sent).toEqual([
      [10, 'checkIn', 4],
      [10, 'startBreak', 5],
    ]);
    expect(await readShiftQueue(USER, SITE, DAY)).toEqual([]);
    expect(shiftSendReport.get().sent).toHaveLength(2);
    expect(invalidate).toHaveBeenCalled();
  });

  it('keeps a stale change as a conflict on its row, holding the shift’s later change; drops a vanished shift’s', async () => {
    registerShiftSender(new QueryClient());
    const checkIn = change({ action: 'checkIn', time: '08:00' });
    const later = change({ action: 'startBreak', time: '10:00' });
    const gone = change({ action: 'checkIn', time: '08:00' }, { shiftID: 99 });
    for (const c of [checkIn, later, gone]) await enqueueShiftChange(USER, c);
    const theirs = shift({ actualFrom: '07:50', state: 'in', version: 8 });
    const sent = server((id) =>
      id === 99
        ? new ApiError(404, 'err-not-found', 'Shift not found: 99')
        : new ApiError(412, 'err-shift-changed', 'The shift has changed.', null, { theirs }),
    );
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 1, failed: 1 });
    expect(sent.map(([id]) => id)).toEqual([10, 99]);
    const kept = await readShiftQueue(USER, SITE, DAY);
    expect(conflictsOf(kept)).toEqual([{ change: checkIn, theirs }]);
    expect(pendingOf(kept).map((c) => c.localID)).toEqual([later.localID]);
    const conflictRow = await offlineDB().operations.get(`staff:${USER}:${checkIn.localID}`);
    expect(conflictRow?.status).toBe('conflict');
    expect(shiftSendReport.get().notFound).toEqual([{ change: gone, message: 'Shift not found: 99' }]);
  });
});
