import { describe, expect, it } from 'vitest';
import { countsOf, replayInOrder, type SendResult } from './operations';

interface Op {
  id: string;
  resource: string;
}

const op = (id: string, resource: string): Op => ({ id, resource });

async function replay(items: Op[], answers: Record<string, SendResult>, held: string[] = []) {
  const sent: string[] = [];
  const outcome = await replayInOrder(items, {
    resourceOf: (o) => o.resource,
    held: new Set(held),
    send: async (o) => {
      sent.push(o.id);
      return answers[o.id] ?? 'done';
    },
  });
  return { sent, outcome };
}

describe('the queue replay (one resource in order, others interleave)', () => {
  it('sends every operation in the order given and counts them', async () => {
    const { sent, outcome } = await replay([op('a1', 'a'), op('b1', 'b'), op('a2', 'a')], {});
    expect(sent).toEqual(['a1', 'b1', 'a2']);
    expect(outcome).toEqual({ kind: 'finished', sent: 3, failed: 0 });
  });

  it('a conflict or an error holds the later operations of its record; other records go on', async () => {
    const { sent, outcome } = await replay(
      [op('a1', 'a'), op('b1', 'b'), op('a2', 'a'), op('c1', 'c'), op('c2', 'c')],
      { a1: 'conflict', c1: 'error' },
    );
    expect(sent).toEqual(['a1', 'b1', 'c1']);
    expect(outcome).toEqual({ kind: 'finished', sent: 1, failed: 2 });
  });

  it('a record held by an operation waiting for the user is not sent', async () => {
    const { sent } = await replay([op('a2', 'a'), op('b1', 'b')], {}, ['a']);
    expect(sent).toEqual(['b1']);
  });

  it('no answer stops the pass: nothing after it is sent', async () => {
    const { sent, outcome } = await replay([op('a1', 'a'), op('b1', 'b'), op('c1', 'c')], { b1: 'offline' });
    expect(sent).toEqual(['a1', 'b1']);
    expect(outcome).toEqual({ kind: 'offline', sent: 1, failed: 0 });
  });

  it('counts by status, an unknown status as an error', () => {
    const rows = [
      { status: 'pending' },
      { status: 'syncing' },
      { status: 'conflict' },
      { status: 'done' },
      { status: 'paused' },
    ];
    expect(countsOf(rows)).toEqual({
      toUpload: 2,
      syncing: 1,
      error: 1,
      conflict: 1,
      finished: 1,
      unsynced: 4,
    });
  });
});
