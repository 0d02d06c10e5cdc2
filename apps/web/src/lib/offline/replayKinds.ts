/**
 * The one replay of the queue's kinds that register a sender (issue 28 "one replay loop"): the sync
 * loop (sync.ts) runs it in each pass after the event kind (which the sync engine sends, with its
 * files and progress). A kind's adapter says how to send; the order and the holding are the queue's
 * (operations.ts replayInOrder): one resource's operations in the order made across every kind (a
 * Spotlight edit and an event edit of the same event share `event:{id}`), an operation in error or
 * conflict holds the later ones of its resource, no answer stops the pass. A batch kind (the register's
 * bookings, one call for all) gets all its ready operations at once, after the others.
 */
import { HOLDING, type OperationRow, type ReplayOutcome, replayInOrder, type SendResult } from './operations';
import { operationsOf, type QueueSender, queueKinds } from './queue';

/** One pass over the user's pending operations of every kind with a sender; never throws for a send. */
export async function replayQueueKinds(userID: number): Promise<ReplayOutcome> {
  const senders = new Map<string, QueueSender>();
  for (const kind of queueKinds()) if (kind.sender) senders.set(kind.kind, kind.sender);
  if (senders.size === 0) return { kind: 'finished', sent: 0, failed: 0 };
  const all = await operationsOf(userID);
  const held = new Set(all.filter((op) => HOLDING.includes(op.status)).map((op) => op.resource));
  const pending = all.filter((op) => op.status === 'pending' && senders.has(op.kind));
  const sent = new Map<string, OperationRow[]>();
  const note = (op: OperationRow) => sent.set(op.kind, [...(sent.get(op.kind) ?? []), op]);

  const single = pending.filter((op) => !senders.get(op.kind)?.batch);
  let outcome = await replayInOrder(single, {
    resourceOf: (op) => op.resource,
    held,
    send: async (op) => {
      const result = await sendSafely(senders.get(op.kind), [op]);
      if (result === 'done') note(op);
      return result;
    },
  });
  for (const [kind, sender] of senders) {
    if (outcome.kind === 'offline' || !sender.batch) continue;
    const ready = pending.filter((op) => op.kind === kind && !held.has(op.resource));
    if (ready.length === 0) continue;
    const result = await sendSafely(sender, ready);
    if (result === 'done') for (const op of ready) note(op);
    outcome = {
      kind: result === 'offline' ? 'offline' : 'finished',
      sent: outcome.sent + (result === 'done' ? ready.length : 0),
      failed: outcome.failed + (result === 'error' || result === 'conflict' ? ready.length : 0),
    };
  }
  for (const [kind, ops] of sent) {
    try {
      await senders.get(kind)?.afterSent?.(ops);
    } catch {
      // A refresh that failed must not stop the loop: the next read fetches again.
    }
  }
  return outcome;
}

/** A sender that throws is treated as no answer: its operations stay pending in their order. */
async function sendSafely(sender: QueueSender | undefined, ops: OperationRow[]): Promise<SendResult> {
  if (!sender) return 'offline';
  try {
    return await sender.send(ops);
  } catch {
    return 'offline';
  }
}
