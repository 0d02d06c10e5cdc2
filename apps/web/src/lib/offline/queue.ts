/**
 * The device's one queue (issue 28) on Dexie: the `operations` table (db.ts) read and written for every
 * kind, the kinds' adapters (a feature or lib registers how its kind takes a conflict again), and the
 * one conflict model: the server's copy on the operation until the user keeps theirs (the operation
 * leaves) or theirs is taken as the new base for mine (it is sent again). The rules are operations.ts;
 * the sync loop (sync.ts) sends the operations.
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { offlineDB } from './db';
import { countsOf, type OperationCounts, type OperationRow, type SendResult } from './operations';

/**
 * How the one loop sends a kind's operations (replayKinds.ts); the adapter writes each one's outcome
 * on its row.
 */
export interface QueueSender<D = unknown> {
  /** True: the kind's ready operations go in one call (in the order made); else one at a time. */
  batch?: boolean;
  /** Sends one operation (or a batch kind's ready ones): what it came to ('offline': no answer). */
  send(ops: OperationRow<D>[]): Promise<SendResult>;
  /** After a pass that sent some of the kind's operations: refresh what shows them. */
  afterSent?(sent: OperationRow<D>[]): Promise<void> | void;
}

/** What a kind tells the queue beside its rows. */
export interface QueueKind<D = unknown> {
  kind: string;
  /** "Use mine": the operation as it is sent again against the server's copy (its version). */
  rebaseOnTheirs(op: OperationRow<D>, theirs: unknown): OperationRow<D>;
  /** Removes what the kind keeps beside the row (the event's files), in the queue's transaction. */
  removeExtras?(op: OperationRow<D>): Promise<void>;
  /** How the one loop sends the kind; a kind without it is sent elsewhere (the event kind: syncEngine). */
  sender?: QueueSender<D>;
}

const kinds = new Map<string, QueueKind>();

/** Registers a kind's adapter (once per kind; a second registration replaces the first). */
export function registerQueueKind<D>(kind: QueueKind<D>): void {
  kinds.set(kind.kind, kind as unknown as QueueKind);
}

/** The registered kinds (the one loop's replay reads their senders). */
export function queueKinds(): QueueKind[] {
  return [...kinds.values()];
}

/**
 * An action named an operation this device no longer holds (another tab sent or deleted it
 * meanwhile): the sync screen answers err-unknown (spec 000 §8).
 */
export class UnknownOperation extends Error {
  constructor(readonly id: string) {
    super(`Unknown sync item ${id}`);
    this.name = 'UnknownOperation';
  }
}

/** The user's operations of a kind (all kinds without one), oldest first. */
export async function operationsOf(userID: number, kind?: string): Promise<OperationRow[]> {
  const db = offlineDB();
  const rows = kind
    ? await db.operations.where('[userID+kind]').equals([userID, kind]).toArray()
    : await db.operations.where('userID').equals(userID).toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt);
}

/** The user's counts over every kind (the shell's badge, the logout warning, the sync screen). */
export async function queueCounts(userID: number, kind?: string): Promise<OperationCounts> {
  return countsOf(await operationsOf(userID, kind));
}

/**
 * The user settles a conflict. 'mine': the kind's adapter sends it again against their copy;
 * 'theirs': the operation leaves (with what its kind keeps beside it).
 */
export async function resolveConflict(id: string, choice: 'mine' | 'theirs'): Promise<void> {
  const db = offlineDB();
  await db.transaction('rw', db.operations, db.media, async () => {
    const op = await db.operations.get(id);
    if (!op) throw new UnknownOperation(id);
    const kind = kinds.get(op.kind);
    if (choice === 'theirs') {
      await kind?.removeExtras?.(op);
      await db.operations.delete(id);
      return;
    }
    if (op.theirs === null || op.theirs === undefined) throw new UnknownOperation(id);
    const mine = kind ? kind.rebaseOnTheirs(op, op.theirs) : op;
    await db.operations.put({
      ...mine,
      status: 'pending',
      error: null,
      theirs: null,
      updatedAt: Date.now(),
    });
  });
}

/** The user's operations of every kind but the event kind (the sync screen lists them), oldest first. */
export function useOtherOperations(userID: number, except: string): OperationRow[] | undefined {
  const [rows, setRows] = useState<OperationRow[] | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(async () =>
      (await operationsOf(userID)).filter((op) => op.kind !== except && op.status !== 'done'),
    ).subscribe({ next: setRows, error: () => setRows([]) });
    return () => subscription.unsubscribe();
  }, [userID, except]);
  return rows;
}

/** An operation in error goes back to waiting (the sync screen's Retry): the next pass sends it. */
export async function retryOperation(userID: number, id: string): Promise<void> {
  const db = offlineDB();
  await db.transaction('rw', db.operations, async () => {
    const op = await db.operations.get(id);
    if (!op || op.userID !== userID) throw new UnknownOperation(id);
    if (op.status === 'error')
      await db.operations.put({ ...op, status: 'pending', error: null, updatedAt: Date.now() });
  });
}

/** The user deletes an operation from the device (with what its kind keeps beside it). */
export async function deleteOperation(userID: number, id: string): Promise<void> {
  const db = offlineDB();
  await db.transaction('rw', db.operations, db.media, async () => {
    const op = await db.operations.get(id);
    if (!op || op.userID !== userID) throw new UnknownOperation(id);
    await kinds.get(op.kind)?.removeExtras?.(op);
    await db.operations.delete(id);
  });
}
