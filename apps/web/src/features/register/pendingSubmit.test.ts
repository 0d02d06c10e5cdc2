// The register's offline changes on the device (fake-indexeddb) and their sending: what the server
// applied leaves, conflicts stay for #/conflict, a change made while the call was out is kept.
import 'fake-indexeddb/auto';
import type { RegisterConflict, RegisterUpdate, RegisterUpdatesAnswer } from '@nursery/domain/registers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineDB } from '../../lib/offline/db';
import { registerApi } from './api';
import { type RegisterPendingEntry, readPending, recordPending } from './pendingStore';
import { keepConflicts, saveRegisterChanges, submitPending, toUpdate } from './pendingSubmit';

const USER = 7;
const SITE = 1;

const entry = (over: Partial<RegisterPendingEntry> = {}): RegisterPendingEntry => ({
  siteID: SITE,
  childID: 1,
  comboID: 10,
  date: '2026-11-24',
  typeID: null,
  actualStart: '08:10',
  actualEnd: null,
  version: 2,
  serverStart: null,
  serverEnd: null,
  childName: 'Amy Smith',
  comboName: 'Morning',
  conflict: null,
  ...over,
});

const theirs = (over: Partial<NonNullable<RegisterConflict['theirs']>> = {}) => ({
  bookingID: 99,
  comboID: 10,
  comboName: 'Morning',
  date: '2026-11-24',
  typeID: null,
  start: '08:00',
  end: '13:00',
  actualStart: '08:05',
  actualEnd: null,
  roomID: 1,
  sessionGroupID: null,
  markedOffCategoryID: null,
  markOffNotes: null,
  isOff: false,
  markOffRequested: false,
  version: 3,
  ...over,
});

beforeEach(async () => {
  vi.restoreAllMocks();
  await offlineDB().operations.clear();
});

describe('register changes kept on the device', () => {
  it('are per user and site; a later change of a booking replaces the earlier; undo removes it', async () => {
    await recordPending(USER, SITE, [entry(), entry({ childID: 2 })]);
    await recordPending(USER, 2, [entry({ siteID: 2 })]);
    await recordPending(8, SITE, [entry()]);
    await recordPending(USER, SITE, [entry({ actualEnd: '12:00', version: 5 })]);
    let mine = await readPending(USER, SITE);
    expect(mine.map((e) => [e.childID, e.actualEnd, e.version])).toEqual([
      [1, '12:00', 2],
      [2, null, 2],
    ]);
    // Undo of the offline check-in of child 2: back to the server's times.
    await recordPending(USER, SITE, [entry({ childID: 2, actualStart: null })]);
    mine = await readPending(USER, SITE);
    expect(mine.map((e) => e.childID)).toEqual([1]);
    expect(await readPending(USER, 2)).toHaveLength(1);
  });
});

describe('submitPending', () => {
  it('sends the waiting changes; applied ones leave, a conflict stays with the server answer', async () => {
    await recordPending(USER, SITE, [entry(), entry({ childID: 2 }), entry({ childID: 3 })]);
    const conflict: RegisterConflict = {
      childID: 2,
      comboID: 10,
      date: '2026-11-24',
      reason: 'changed',
      theirs: theirs(),
    };
    // Child 3's conflict: the server already has this very change (another tab sent it).
    const same: RegisterConflict = { ...conflict, childID: 3, theirs: theirs({ actualStart: '08:10' }) };
    const put = vi
      .spyOn(registerApi, 'putBookings')
      .mockImplementation(async (_site, updates: RegisterUpdate[]) => {
        expect(updates.map((u) => u.childID)).toEqual([1, 2, 3]);
        expect(updates[0]).not.toHaveProperty('childName');
        return { conflicts: [conflict, same], sessions: [] } satisfies RegisterUpdatesAnswer;
      });
    const outcome = await submitPending(USER, SITE);
    expect(put).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ sent: 3, conflicts: 1 });
    const left = await readPending(USER, SITE);
    expect(left.map((e) => [e.childID, e.conflict?.reason])).toEqual([[2, 'changed']]);

    // Sending again sends nothing: the conflict waits for the user.
    put.mockClear();
    expect(await submitPending(USER, SITE)).toMatchObject({ sent: 0, conflicts: 1 });
    expect(put).not.toHaveBeenCalled();
  });

  it('a failed call keeps everything; a change made while the call was out is kept', async () => {
    await recordPending(USER, SITE, [entry()]);
    vi.spyOn(registerApi, 'putBookings').mockRejectedValueOnce(new Error('offline'));
    await expect(submitPending(USER, SITE)).rejects.toThrow('offline');
    expect(await readPending(USER, SITE)).toHaveLength(1);

    vi.spyOn(registerApi, 'putBookings').mockImplementationOnce(async () => {
      await recordPending(USER, SITE, [entry({ actualEnd: '12:30' })]);
      return { conflicts: [], sessions: [] };
    });
    const outcome = await submitPending(USER, SITE);
    expect(outcome.entries.map((e) => e.actualEnd)).toEqual(['12:30']);
  });

  it('keepConflicts stores an online save’s conflicts for #/conflict', async () => {
    const conflict: RegisterConflict = {
      childID: 1,
      comboID: 10,
      date: '2026-11-24',
      reason: 'deleted',
      theirs: null,
    };
    const { conflict: _none, ...change } = entry();
    await keepConflicts(USER, SITE, [change, { ...change, childID: 4 }], [conflict]);
    const kept = await readPending(USER, SITE);
    expect(kept.map((e) => [e.childID, e.conflict?.reason])).toEqual([[1, 'deleted']]);
  });

  it('an online save is sent at once; only what the server answered with a conflict is kept', async () => {
    const conflict: RegisterConflict = {
      childID: 4,
      comboID: 10,
      date: '2026-11-24',
      reason: 'changed',
      theirs: theirs({ actualStart: '07:55' }),
    };
    const put = vi
      .spyOn(registerApi, 'putBookings')
      .mockResolvedValue({ sessions: [], conflicts: [conflict] } as RegisterUpdatesAnswer);
    const { conflict: _none, ...change } = entry();
    const changes = [change, { ...change, childID: 4 }];
    const updates = changes.map((c) => toUpdate({ ...c, conflict: null }));
    const { answer, kept } = await saveRegisterChanges(USER, SITE, updates, changes);
    expect(put).toHaveBeenCalledWith(SITE, updates);
    expect(answer.conflicts).toEqual([conflict]);
    expect(kept?.map((e) => [e.childID, e.conflict?.reason])).toEqual([[4, 'changed']]);
    expect((await readPending(USER, SITE)).map((e) => e.childID)).toEqual([4]);
  });

  it('an online save that fails keeps nothing on the device', async () => {
    vi.spyOn(registerApi, 'putBookings').mockRejectedValue(new Error('offline'));
    const { conflict: _none, ...change } = entry();
    await expect(saveRegisterChanges(USER, SITE, [toUpdate(entry())], [change])).rejects.toThrow('offline');
    expect(await readPending(USER, SITE)).toEqual([]);
  });
});
