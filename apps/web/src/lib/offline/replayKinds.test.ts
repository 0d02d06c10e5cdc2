// The one replay over the kinds that register a sender, on an in-memory IndexedDB (fake-indexeddb).
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineDB } from './db';
import type { OperationRow, OperationStatus, SendResult } from './operations';
import { registerQueueKind } from './queue';
import { replayQueueKinds } from './replayKinds';

const op = (
  uuid: string,
  kind: string,
  resource: string,
  createdAt: number,
  status: OperationStatus = 'pending',
  userID = 3,
): OperationRow => ({
  uuid,
  kind,
  userID,
  siteID: 1,
  resource,
  status,
  data: {},
  theirs: null,
  error: null,
  attempts: 0,
  createdAt,
  updatedAt: createdAt,
});

/** Registers test kinds whose sends are recorded and answered from `answers` (else done). */
function kinds(answers: Record<string, SendResult> = {}) {
  const calls: string[][] = [];
  const refreshed: string[][] = [];
  const send = async (ops: OperationRow[]) => {
    calls.push(ops.map((o) => o.uuid));
    const answer = answers[ops[0]?.uuid ?? ''] ?? 'done';
    if (answer === 'done') await offlineDB().operations.bulkDelete(ops.map((o) => o.uuid));
    return answer;
  };
  const afterSent = (ops: OperationRow[]) => void refreshed.push(ops.map((o) => o.uuid));
  registerQueueKind({ kind: 'test-one', rebaseOnTheirs: (o) => o, sender: { send, afterSent } });
  registerQueueKind({ kind: 'test-other', rebaseOnTheirs: (o) => o, sender: { send } });
  registerQueueKind({
    kind: 'test-batch',
    rebaseOnTheirs: (o) => o,
    sender: { batch: true, send, afterSent },
  });
  return { calls, refreshed };
}

beforeEach(async () => {
  await offlineDB().operations.clear();
});

describe('replayQueueKinds', () => {
  it('sends the user’s pending operations of every kind oldest first, a batch kind’s in one call after', async () => {
    const { calls, refreshed } = kinds();
    await offlineDB().operations.bulkPut([
      op('b1', 'test-batch', 'booking:1', 1),
      op('o2', 'test-other', 'event:9', 4),
      op('a1', 'test-one', 'event:9', 2),
      op('b2', 'test-batch', 'booking:2', 3),
      op('x', 'test-one', 'event:8', 5, 'pending', 4),
      op('n', 'no-sender', 'event:7', 0),
    ]);
    expect(await replayQueueKinds(3)).toEqual({ kind: 'finished', sent: 4, failed: 0 });
    expect(calls).toEqual([['a1'], ['o2'], ['b1', 'b2']]);
    expect(refreshed).toEqual([['a1'], ['b1', 'b2']]);
    expect((await offlineDB().operations.toArray()).map((o) => o.uuid).sort()).toEqual(['n', 'x']);
  });

  it('holds a resource behind an operation in error or conflict, whatever its kind; others go on', async () => {
    const { calls } = kinds({ a1: 'conflict' });
    await offlineDB().operations.bulkPut([
      op('e0', 'event', 'event:5', 0, 'conflict'),
      op('a0', 'test-one', 'event:5', 1),
      op('a1', 'test-one', 'event:9', 2),
      op('o1', 'test-other', 'event:9', 3),
      op('o2', 'test-other', 'event:10', 4),
      op('b1', 'test-batch', 'event:5', 5),
      op('b2', 'test-batch', 'booking:2', 6),
    ]);
    expect(await replayQueueKinds(3)).toEqual({ kind: 'finished', sent: 2, failed: 1 });
    expect(calls).toEqual([['a1'], ['o2'], ['b2']]);
  });

  it('stops the whole pass at no answer: the rest and the batch kinds wait in order', async () => {
    const { calls, refreshed } = kinds({ a1: 'offline' });
    await offlineDB().operations.bulkPut([
      op('a0', 'test-one', 'event:1', 1),
      op('a1', 'test-one', 'event:2', 2),
      op('o1', 'test-other', 'event:3', 3),
      op('b1', 'test-batch', 'booking:1', 4),
    ]);
    expect(await replayQueueKinds(3)).toEqual({ kind: 'offline', sent: 1, failed: 0 });
    expect(calls).toEqual([['a0'], ['a1']]);
    expect(refreshed).toEqual([['a0']]);
  });
});
