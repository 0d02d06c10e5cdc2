/**
 * Spotlight saves kept on this device (issue 16 "Spotlight saves queued offline"): the
 * 'spotlight-save' kind of the device's one queue (issue 28, lib/offline/spotlightOperation.ts), one
 * operation per save that met no network, read per user oldest first. Reading never throws (a failing database reads as empty); writing answers false
 * when the database failed, so the editor can say the save was not kept.
 */
import type { UpdateEventInput } from '@nursery/domain/spotlight';
import { offlineDB, type SpotlightPendingRow } from '../../../lib/offline/db';
import {
  fromSpotlightOperation,
  SPOTLIGHT_KIND,
  type SpotlightOperation,
  toSpotlightOperation,
} from '../../../lib/offline/spotlightOperation';

export type { SpotlightPendingRow } from '../../../lib/offline/db';

export interface QueueSpotlightSave {
  userID: number;
  siteID: number;
  input: UpdateEventInput;
  title: string;
  /** The device's clock (ms epoch). */
  at: number;
  /** A fresh uuid for an edit's row (an add's row is keyed by its own uuid). */
  newUuid: () => string;
}

/** The user's rows, oldest first (the order they are sent in). */
export async function readSpotlightQueue(userID: number): Promise<SpotlightPendingRow[]> {
  try {
    return await spotlightRows(userID);
  } catch {
    return [];
  }
}

/** The user's rows, oldest first; throws when the database fails (the waiting list shows it). */
export async function spotlightRows(userID: number): Promise<SpotlightPendingRow[]> {
  const ops = await offlineDB()
    .operations.where('[userID+kind]')
    .equals([userID, SPOTLIGHT_KIND])
    .sortBy('createdAt');
  return ops.flatMap((op) => fromSpotlightOperation(op as SpotlightOperation) ?? []);
}

/** How many saves of the user wait on the device (the shell's Sync badge). */
export function spotlightCount(userID: number): Promise<number> {
  return offlineDB().operations.where('[userID+kind]').equals([userID, SPOTLIGHT_KIND]).count();
}

/**
 * Keeps a save. An add is keyed by its form uuid (saving the same form again replaces it). An edit of
 * an event that already waits here replaces that row, keeping its place: both start from the version
 * the editor loaded, so sending both would make the second a conflict with the user's own first.
 */
export async function queueSpotlightSave(save: QueueSpotlightSave): Promise<SpotlightPendingRow | null> {
  const { userID, siteID, input, title, at } = save;
  const eventID = input.id ?? null;
  try {
    const db = offlineDB();
    return await db.transaction('rw', db.operations, async () => {
      const mine = await spotlightRows(userID);
      const earlier =
        eventID === null
          ? mine.find((r) => r.uuid === input.uuid)
          : mine.find((r) => r.eventID === eventID && r.siteID === siteID);
      const row: SpotlightPendingRow = {
        uuid: earlier?.uuid ?? (eventID === null && input.uuid ? input.uuid : save.newUuid()),
        userID,
        siteID,
        eventID,
        input,
        title,
        status: 'pending',
        error: null,
        attempts: earlier?.attempts ?? 0,
        createdAt: earlier?.createdAt ?? at,
        updatedAt: at,
      };
      await db.operations.put(toSpotlightOperation(row));
      return row;
    });
  } catch {
    return null;
  }
}

/** Changes a row if it is still here (a send from another tab may have removed it). */
export async function updateSpotlightRow(
  uuid: string,
  change: Partial<Pick<SpotlightPendingRow, 'status' | 'error' | 'attempts' | 'updatedAt'>>,
): Promise<void> {
  try {
    const db = offlineDB();
    await db.transaction('rw', db.operations, async () => {
      const op = await db.operations.get(uuid);
      if (op?.kind === SPOTLIGHT_KIND) await db.operations.put({ ...op, ...change });
    });
  } catch {
    // The database failed: the row stays as it was and is tried again on the next send.
  }
}

/** Removes a row (sent, or deleted by the user); only the user's own. */
export async function removeSpotlightRow(userID: number, uuid: string): Promise<void> {
  try {
    const db = offlineDB();
    await db.transaction('rw', db.operations, async () => {
      const op = await db.operations.get(uuid);
      if (op?.kind === SPOTLIGHT_KIND && op.userID === userID) await db.operations.delete(uuid);
    });
  } catch {
    // Left on the device: the list still shows it.
  }
}
