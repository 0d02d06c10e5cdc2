/**
 * The register's offline changes on this device (spec 002 §4 "Saving and offline"), in the device's
 * database (lib/offline/db.ts `registerPending`): one row per user, site and booking. A row waits to be
 * sent (`conflict` null) or holds the conflict the server answered, until the user resolves it on
 * #/conflict. Reading or writing never throws: a failing database (private mode, storage full) leaves
 * the register as it was and the caller says the change was not kept.
 */
import { type PendingRegisterChange, type RegisterConflict, recordPendingChange } from '@nursery/domain';
import { offlineDB, type PendingRow } from '../../lib/offline/db';

export interface RegisterPendingEntry extends PendingRegisterChange {
  siteID: number;
  /** What the conflict screen shows without the register at hand. */
  childName: string;
  comboName: string;
  /** The server's answer to this change, until the user keeps or deletes it. */
  conflict: RegisterConflict | null;
}

const rowID = (userID: number, e: Pick<RegisterPendingEntry, 'siteID' | 'childID' | 'comboID' | 'date'>) =>
  `register:${userID}:${e.siteID}:${e.date}:${e.childID}:${e.comboID}`;

function isEntry(value: unknown): value is RegisterPendingEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<RegisterPendingEntry>;
  return (
    typeof v.siteID === 'number' &&
    typeof v.childID === 'number' &&
    typeof v.comboID === 'number' &&
    typeof v.date === 'string' &&
    typeof v.version === 'number'
  );
}

/** The user's entries at a site, oldest first. */
export async function readPending(userID: number, siteID: number): Promise<RegisterPendingEntry[]> {
  try {
    const rows = await offlineDB().registerPending.where('userID').equals(userID).sortBy('at');
    return rows
      .map((r) => r.value)
      .filter((v): v is RegisterPendingEntry => isEntry(v) && v.siteID === siteID);
  } catch {
    return [];
  }
}

/**
 * Changes the user's entries at a site in one transaction (two quick actions cannot lose each other's
 * rows). Answers the entries written, or null when the database failed.
 */
export async function updatePending(
  userID: number,
  siteID: number,
  change: (entries: RegisterPendingEntry[]) => RegisterPendingEntry[],
): Promise<RegisterPendingEntry[] | null> {
  try {
    const db = offlineDB();
    return await db.transaction('rw', db.registerPending, async () => {
      const existing = await db.registerPending.where('userID').equals(userID).sortBy('at');
      const mine = existing.filter((r) => isEntry(r.value) && r.value.siteID === siteID);
      const entries = change(mine.map((r) => r.value as RegisterPendingEntry));
      const at = new Map(mine.map((r) => [r.opId, r.at]));
      await db.registerPending.bulkDelete(mine.map((r) => r.opId));
      const now = Date.now();
      const rows: PendingRow[] = entries.map((value, i) => {
        const opId = rowID(userID, value);
        return { opId, userID, value, at: at.get(opId) ?? now + i };
      });
      await db.registerPending.bulkPut(rows);
      return entries;
    });
  } catch {
    return null;
  }
}

/** Adds offline changes (spec: a later one for the same booking replaces the earlier; undo removes). */
export function recordPending(
  userID: number,
  siteID: number,
  changes: readonly RegisterPendingEntry[],
): Promise<RegisterPendingEntry[] | null> {
  return updatePending(userID, siteID, (entries) =>
    changes.reduce((list, c) => recordPendingChange(list, { ...c, conflict: null }), entries),
  );
}
