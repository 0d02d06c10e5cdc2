/**
 * Spotlight saves kept on this device (issue 16 "Spotlight saves queued offline"), in the device's
 * database (lib/offline/db.ts `spotlightPending`): one row per save that met no network, read per
 * user oldest first. Reading never throws (a failing database reads as empty); writing answers false
 * when the database failed, so the editor can say the save was not kept.
 */
import type { UpdateEventInput } from '@nursery/domain';
import { offlineDB, type SpotlightPendingRow } from '../../../lib/offline/db';

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
    return await offlineDB().spotlightPending.where('userID').equals(userID).sortBy('createdAt');
  } catch {
    return [];
  }
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
    return await db.transaction('rw', db.spotlightPending, async () => {
      const mine = await db.spotlightPending.where('userID').equals(userID).toArray();
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
      await db.spotlightPending.put(row);
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
    await offlineDB().spotlightPending.update(uuid, change);
  } catch {
    // The database failed: the row stays as it was and is tried again on the next send.
  }
}

/** Removes a row (sent, or deleted by the user); only the user's own. */
export async function removeSpotlightRow(userID: number, uuid: string): Promise<void> {
  try {
    const db = offlineDB();
    await db.transaction('rw', db.spotlightPending, async () => {
      const row = await db.spotlightPending.get(uuid);
      if (row?.userID === userID) await db.spotlightPending.delete(uuid);
    });
  } catch {
    // Left on the device: the list still shows it.
  }
}
