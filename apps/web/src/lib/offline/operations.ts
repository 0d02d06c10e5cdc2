/**
 * The device's one queue of typed operations (issue 28 "one offline queue"): the row every kind of
 * work waiting on the device is kept as (db.ts `operations`), and the rules every kind shares, as pure
 * functions: the order a pass sends in (per resource, oldest first), what a send can come to, the
 * counts the shell and the sync screen show. The kinds themselves say how to send an operation, how a
 * conflict is taken again ("use mine") and how to show it (queue.ts registers them; the event kind is
 * eventOperation.ts).
 */

/**
 * The record kinds of the queue. lib names them (the version 5 upgrade moves the former stores' rows
 * into them); each feature registers its kind's adapter (queue.ts) and keeps its data's shape.
 */
export const QUEUE_KINDS = {
  event: 'event',
  staffShift: 'staff-shift',
  spotlightSave: 'spotlight-save',
  registerBooking: 'register-booking',
  medicationSave: 'medication-save',
} as const;

export const OPERATION_STATUSES = ['pending', 'syncing', 'done', 'error', 'conflict'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** A row written by another build of the app may hold a status this one does not know. */
export function isOperationStatus(value: unknown): value is OperationStatus {
  return (OPERATION_STATUSES as readonly unknown[]).includes(value);
}

export interface OperationError {
  code: string;
  message: string;
  /** sync-no-media: the payload's media ids the server does not hold and this device has no file for. */
  mediaIDs?: string[];
}

/**
 * One piece of work waiting on the device. `data` is the kind's own (e.g. the event save's payload);
 * `theirs` is the server's copy when it answered a conflict (409/412), kept until the user chooses
 * "use mine" (sent again against it) or "use theirs" (the operation leaves).
 */
export interface OperationRow<D = unknown> {
  /** Unique on the device (the event save's own uuid for the event kind). */
  uuid: string;
  /** The record kind, e.g. 'event'; a kind's adapter knows its data. */
  kind: string;
  userID: number;
  siteID: number;
  /** The record the operation changes (`event:123`): one resource's operations go in order. */
  resource: string;
  status: OperationStatus;
  data: D;
  theirs: unknown;
  error: OperationError | null;
  attempts: number;
  /** The queue's order: when the operation was made. */
  createdAt: number;
  updatedAt: number;
}

/** What became of one operation's send. 'offline': no answer, or "later": the pass stops. */
export type SendResult = 'done' | 'error' | 'conflict' | 'offline';

export type ReplayOutcome =
  | { kind: 'finished'; sent: number; failed: number }
  /** A request got no answer: the rest waits for the next try (backoff). */
  | { kind: 'offline'; sent: number; failed: number };

export interface ReplayOptions<T> {
  /** The record an item changes: one resource's items are sent in order. */
  resourceOf: (item: T) => string;
  /** Resources held by an earlier operation waiting for the user (error, conflict): not sent now. */
  held?: ReadonlySet<string>;
  send: (item: T) => Promise<SendResult>;
  /** After each item's send, whatever it came to. */
  after?: (item: T) => void;
}

/**
 * One pass over runnable items, oldest first (the caller's order). One resource's operations go in
 * the order made: an item that failed or is in conflict holds the later items of its resource (they
 * were made on top of it); other resources go on. No answer stops the pass: the rest waits in order.
 */
export async function replayInOrder<T>(
  items: readonly T[],
  { resourceOf, held = new Set(), send, after }: ReplayOptions<T>,
): Promise<ReplayOutcome> {
  const blocked = new Set(held);
  let sent = 0;
  let failed = 0;
  for (const item of items) {
    const resource = resourceOf(item);
    if (blocked.has(resource)) continue;
    const result = await send(item);
    after?.(item);
    if (result === 'offline') return { kind: 'offline', sent, failed };
    if (result === 'done') sent += 1;
    else {
      failed += 1;
      blocked.add(resource);
    }
  }
  return { kind: 'finished', sent, failed };
}

/** Waiting for the user: a later operation of the same resource is not sent before it. */
export const HOLDING: readonly OperationStatus[] = ['error', 'conflict'];

/** Not sent yet (the drafts list's alert, the shell's badge and the device report count these). */
export const UNSYNCED: readonly OperationStatus[] = ['pending', 'syncing', 'error', 'conflict'];

export interface OperationCounts {
  toUpload: number;
  error: number;
  conflict: number;
  finished: number;
  syncing: number;
  /** Everything not sent yet (pending, syncing, error, conflict). */
  unsynced: number;
}

export function countsOf(rows: readonly { status: unknown }[]): OperationCounts {
  const n = (s: OperationStatus) => rows.filter((r) => r.status === s).length;
  const syncing = n('syncing');
  const c = {
    toUpload: n('pending') + syncing,
    // A status this build does not know is an error the user must look at (err-unknown on the item).
    error: n('error') + rows.filter((r) => !isOperationStatus(r.status)).length,
    conflict: n('conflict'),
    finished: n('done'),
  };
  return { ...c, syncing, unsynced: c.toUpload + c.error + c.conflict };
}
