/**
 * The register's offline changes on this device (spec 002 §4 "Saving and offline"): the
 * 'register-booking' kind of the device's one queue (issue 28, lib/offline/queue.ts), one operation per
 * user, site and booking (the booking its resource). An operation waits to be sent (`conflict` null)
 * or holds the conflict the server answered (the operation's `theirs`), until the user resolves it on
 * #/conflict. Reading or writing never throws: a failing database (private mode, storage full) leaves
 * the register as it was and the caller says the change was not kept.
 */
import {
  type PendingRegisterChange,
  type RegisterConflict,
  recordPendingChange,
} from '@nursery/domain/registers';
import { offlineDB } from '../../lib/offline/db';
import { type OperationError, type OperationRow, QUEUE_KINDS } from '../../lib/offline/operations';

export const REGISTER_KIND = QUEUE_KINDS.registerBooking;

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
    return (await siteOperations(userID, siteID)).flatMap((op) => entryOf(op) ?? []);
  } catch {
    return [];
  }
}

/**
 * The user's entries at a site and what the one loop may send of them: `sendable` are the waiting ones
 * (no conflict, not refused by the server), `failed` how many the server refused (status error: they
 * wait for the user's retry).
 */
export async function readSiteQueue(
  userID: number,
  siteID: number,
): Promise<{ entries: RegisterPendingEntry[]; sendable: RegisterPendingEntry[]; failed: number }> {
  try {
    const ops = await siteOperations(userID, siteID);
    const of = (list: OperationRow[]) => list.flatMap((op) => entryOf(op) ?? []);
    return {
      entries: of(ops),
      sendable: of(ops.filter((op) => op.status === 'pending')),
      failed: ops.filter((op) => op.status === 'error').length,
    };
  } catch {
    return { entries: [], sendable: [], failed: 0 };
  }
}

/** The operation as the register's entry (its conflict is the operation's `theirs`). */
export function entryOf(op: OperationRow): RegisterPendingEntry | null {
  const entry = { ...(op.data as object), conflict: (op.theirs ?? null) as RegisterConflict | null };
  return isEntry(entry) ? entry : null;
}

/** The user's register operations at a site, oldest first. */
async function siteOperations(userID: number, siteID: number): Promise<OperationRow[]> {
  const rows = await offlineDB()
    .operations.where('[userID+kind]')
    .equals([userID, REGISTER_KIND])
    .filter((op) => op.siteID === siteID && entryOf(op) !== null)
    .toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt);
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
    return await db.transaction('rw', db.operations, async () => {
      const mine = await siteOperations(userID, siteID);
      const entries = change(mine.flatMap((op) => entryOf(op) ?? []));
      const earlier = new Map(mine.map((op) => [op.uuid, op]));
      await db.operations.bulkDelete(mine.map((op) => op.uuid));
      const now = Date.now();
      const rows: OperationRow[] = entries.map(({ conflict, ...change }, i) => {
        const uuid = rowID(userID, change);
        const was = earlier.get(uuid);
        // A change the server refused stays refused (its error kept) until it changes or is retried.
        const refused =
          was?.status === 'error' && !conflict && JSON.stringify(was.data) === JSON.stringify(change);
        return {
          uuid,
          kind: REGISTER_KIND,
          userID,
          siteID,
          resource: `booking:${change.siteID}:${change.date}:${change.childID}:${change.comboID}`,
          status: refused ? 'error' : conflict ? 'conflict' : 'pending',
          data: change,
          theirs: conflict,
          error: refused ? was.error : null,
          attempts: was?.attempts ?? 0,
          createdAt: was?.createdAt ?? now + i,
          updatedAt: now,
        };
      });
      await db.operations.bulkPut(rows);
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

/** The server refused a send of these operations (not a conflict): they wait for the user's retry. */
export async function markRefused(uuids: readonly string[], error: OperationError): Promise<void> {
  try {
    const db = offlineDB();
    await db.transaction('rw', db.operations, async () => {
      for (const op of await db.operations.bulkGet([...uuids])) {
        if (op?.kind === REGISTER_KIND && op.status === 'pending')
          await db.operations.put({
            ...op,
            status: 'error',
            error,
            attempts: op.attempts + 1,
            updatedAt: Date.now(),
          });
      }
    });
  } catch {
    // The database failed: the operations stay pending and go with the next pass.
  }
}

/** The user's refused operations (at a site, or all) go back to waiting: the next pass sends them. */
export async function retryRefused(userID: number, siteID?: number): Promise<void> {
  try {
    const db = offlineDB();
    await db.transaction('rw', db.operations, async () => {
      const ops = await db.operations.where('[userID+kind]').equals([userID, REGISTER_KIND]).toArray();
      for (const op of ops) {
        if (op.status === 'error' && (siteID === undefined || op.siteID === siteID))
          await db.operations.put({ ...op, status: 'pending', error: null, updatedAt: Date.now() });
      }
    });
  } catch {
    // Left as they were: the notice still offers the retry.
  }
}
