/**
 * The staff register's shift changes kept on this device (spec 002 §4 "Saving and offline"): the
 * 'staff-shift' kind of the device's one queue (issue 28, lib/offline/queue.ts), one operation per
 * change, the shift its resource, read per user, site and day in the order made, each waiting to be
 * sent or holding the shift the server answered with (412) until the user resolves it. The queue's
 * rules are shiftQueue.ts. Reading or writing never throws: a failing database (private mode, storage
 * full) leaves the queue as it was and the caller says the change was not kept.
 */

import type { Shift } from '@nursery/domain/registers';
import { offlineDB } from '../../../lib/offline/db';
import { type OperationRow, QUEUE_KINDS } from '../../../lib/offline/operations';
import type { ShiftChange } from '../changeTypes';
import { type PendingShiftEntry, queueChange } from './shiftQueue';

export const STAFF_SHIFT_KIND = QUEUE_KINDS.staffShift;

/** What a staff-shift operation keeps beside the queue's own fields. */
export interface ShiftOperationData {
  change: ShiftChange;
}

const rowID = (userID: number, localID: string) => `staff:${userID}:${localID}`;

function isChange(value: unknown): value is ShiftChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Partial<ShiftChange>;
  return (
    typeof change.localID === 'string' &&
    typeof change.shiftID === 'number' &&
    typeof change.siteID === 'number' &&
    typeof change.date === 'string' &&
    typeof change.action === 'object' &&
    change.action !== null
  );
}

/** The operation as the queue's entry, or null when its data is not a change (another build's). */
export function entryOf(op: OperationRow): PendingShiftEntry | null {
  const change = (op.data as Partial<ShiftOperationData> | null)?.change;
  if (!isChange(change)) return null;
  const theirs = op.theirs ?? null;
  if (theirs !== null && typeof theirs !== 'object') return null;
  return { change, theirs: theirs as Shift | null };
}

async function dayOperations(userID: number, siteID: number, date: string): Promise<OperationRow[]> {
  const rows = await offlineDB()
    .operations.where('[userID+kind]')
    .equals([userID, STAFF_SHIFT_KIND])
    .filter((op) => {
      const entry = entryOf(op);
      return op.siteID === siteID && entry !== null && entry.change.date === date;
    })
    .toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt);
}

/** The user's changes of a site day, in the order made. */
export async function readShiftQueue(
  userID: number,
  siteID: number,
  date: string,
): Promise<PendingShiftEntry[]> {
  try {
    return (await dayOperations(userID, siteID, date)).flatMap((op) => entryOf(op) ?? []);
  } catch {
    return [];
  }
}

/**
 * Changes the user's queue of a site day in one transaction (two quick actions cannot lose each
 * other's rows). Answers the entries written, or null when the database failed.
 */
export async function updateShiftQueue(
  userID: number,
  siteID: number,
  date: string,
  change: (entries: PendingShiftEntry[]) => PendingShiftEntry[],
): Promise<PendingShiftEntry[] | null> {
  try {
    const db = offlineDB();
    return await db.transaction('rw', db.operations, async () => {
      const known = await dayOperations(userID, siteID, date);
      const entries = change(known.flatMap((op) => entryOf(op) ?? []));
      const kept = new Map(known.map((op) => [op.uuid, op]));
      // New rows go after every row kept, in the order given (the clock may stand still or go back).
      let last = Math.max(0, ...known.map((op) => op.createdAt));
      const now = Date.now();
      const rows: OperationRow<ShiftOperationData>[] = entries.map((entry) => {
        const uuid = rowID(userID, entry.change.localID);
        const earlier = kept.get(uuid);
        if (earlier === undefined) last = Math.max(last + 1, entry.change.madeAt);
        return {
          uuid,
          kind: STAFF_SHIFT_KIND,
          userID,
          siteID,
          resource: `shift:${entry.change.shiftID}`,
          status: entry.theirs ? 'conflict' : 'pending',
          data: { change: entry.change },
          theirs: entry.theirs,
          error: null,
          attempts: earlier?.attempts ?? 0,
          createdAt: earlier?.createdAt ?? last,
          updatedAt: now,
        };
      });
      const stay = new Set(rows.map((r) => r.uuid));
      await db.operations.bulkDelete(known.filter((op) => !stay.has(op.uuid)).map((op) => op.uuid));
      await db.operations.bulkPut(rows);
      return entries;
    });
  } catch {
    return null;
  }
}

/** Keeps a change made on this device (an undo of a change still here removes that change). */
export function enqueueShiftChange(userID: number, change: ShiftChange): Promise<PendingShiftEntry[] | null> {
  return updateShiftQueue(userID, change.siteID, change.date, (entries) => queueChange(entries, change));
}
