/**
 * The staff register's shift changes kept on this device (spec 002 §4 "Saving and offline"), in the
 * device's database (lib/offline/db.ts `staffPending`): one row per change, read per user, site and
 * day in the order made, each waiting to be sent or holding the conflict the server answered until
 * the user resolves it. The queue's rules are shiftQueue.ts. Reading or writing never throws: a
 * failing database (private mode, storage full) leaves the queue as it was and the caller says the
 * change was not kept.
 */

import { offlineDB, type StaffPendingRow } from '../../../lib/offline/db';
import type { ShiftChange } from '../changeTypes';
import { type PendingShiftEntry, queueChange } from './shiftQueue';

const rowID = (userID: number, localID: string) => `staff:${userID}:${localID}`;

function isEntry(value: unknown): value is PendingShiftEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { change, theirs } = value as Partial<PendingShiftEntry>;
  return (
    typeof change === 'object' &&
    change !== null &&
    typeof change.localID === 'string' &&
    typeof change.shiftID === 'number' &&
    typeof change.siteID === 'number' &&
    typeof change.date === 'string' &&
    typeof change.action === 'object' &&
    change.action !== null &&
    (theirs === null || typeof theirs === 'object')
  );
}

const dayRows = (userID: number, siteID: number, date: string) =>
  offlineDB().staffPending.where('[userID+siteID+date]').equals([userID, siteID, date]);

/** The user's changes of a site day, in the order made. */
export async function readShiftQueue(
  userID: number,
  siteID: number,
  date: string,
): Promise<PendingShiftEntry[]> {
  try {
    const rows = await dayRows(userID, siteID, date).sortBy('at');
    return rows.map((r) => r.entry).filter(isEntry);
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
    return await db.transaction('rw', db.staffPending, async () => {
      const existing = await dayRows(userID, siteID, date).sortBy('at');
      const known = existing.filter((r) => isEntry(r.entry));
      const entries = change(known.map((r) => r.entry as PendingShiftEntry));
      const at = new Map(known.map((r) => [r.opId, r.at]));
      // New rows go after every row kept, in the order given (the clock may stand still or go back).
      let last = Math.max(0, ...known.map((r) => r.at));
      const rows: StaffPendingRow[] = entries.map((entry) => {
        const opId = rowID(userID, entry.change.localID);
        const kept = at.get(opId);
        if (kept === undefined) last = Math.max(last + 1, entry.change.madeAt);
        return { opId, userID, siteID, date, at: kept ?? last, entry };
      });
      const stay = new Set(rows.map((r) => r.opId));
      await db.staffPending.bulkDelete(known.filter((r) => !stay.has(r.opId)).map((r) => r.opId));
      await db.staffPending.bulkPut(rows);
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
