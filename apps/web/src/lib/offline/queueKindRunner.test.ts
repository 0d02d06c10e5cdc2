// The queue's one kind runner (fake-indexeddb): its sender joins the one replay and sends the user's
// waiting operation; a pass never waits on the screens' refetch (paused while offline, it would hold
// the loop's lock and every later pass); the count feeds the shell's pending count.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineDB } from './db';
import type { OperationRow } from './operations';
import { pendingSources } from './pendingCount';
import { createQueueKindRunner } from './queueKindRunner';
import { replayQueueKinds } from './replayKinds';

const USER = 5;
const KIND = 'test-kind';
const send = vi.fn<(op: OperationRow<{ n: number }>) => Promise<'done' | 'error'>>();
const count = (userID: number) =>
  offlineDB().operations.where('[userID+kind]').equals([userID, KIND]).count();
const runner = createQueueKindRunner<{ n: number }>({
  kind: KIND,
  source: 'test',
  refreshedPrefixes: ['shown'],
  send: (op) => send(op),
  count,
});

beforeEach(async () => {
  await offlineDB().operations.clear();
  send.mockReset();
  await offlineDB().operations.add({
    uuid: 'op-1',
    kind: KIND,
    userID: USER,
    siteID: 1,
    resource: 'thing:1',
    status: 'pending',
    data: { n: 1 },
    theirs: null,
    error: null,
    attempts: 0,
    createdAt: 1,
    updatedAt: 1,
  });
});

describe('createQueueKindRunner', () => {
  it('sends the waiting operation in the one replay and ends the pass before the refetch does', async () => {
    const queryClient = new QueryClient();
    // A refetch that never ends (a screen's read paused offline).
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockReturnValue(new Promise(() => {}));
    runner.register(queryClient);
    send.mockImplementation(async (op) => {
      await offlineDB().operations.delete(op.uuid);
      return 'done';
    });
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 1, failed: 0 });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ uuid: 'op-1', data: { n: 1 } }));
    expect(invalidate).toHaveBeenCalledTimes(1);
    const [filters] = invalidate.mock.calls[0] ?? [];
    const predicate = (filters as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean })
      .predicate;
    expect(predicate({ queryKey: ['shown', 3] })).toBe(true);
    expect(predicate({ queryKey: ['other'] })).toBe(false);
  });

  it('sends nothing of another user and refreshes nothing when nothing was sent', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    runner.register(queryClient);
    expect(await replayQueueKinds(USER + 1)).toEqual({ kind: 'finished', sent: 0, failed: 0 });
    expect(send).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('feeds the pending count with the user’s operations, and clears it when stopped', async () => {
    const stop = runner.watchCount?.(USER);
    await vi.waitFor(() => expect(pendingSources().test).toBe(1));
    await offlineDB().operations.delete('op-1');
    await vi.waitFor(() => expect(pendingSources().test ?? 0).toBe(0));
    stop?.();
    expect(pendingSources().test ?? 0).toBe(0);
  });
});
