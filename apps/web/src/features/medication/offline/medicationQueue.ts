/**
 * Medication saves kept on this device (issue 31): the 'medication-save' kind of the device's one queue
 * (lib/offline/medicationOperation.ts). A save that met no network is kept with its signatures and
 * sent once by the one sync loop:
 * - stored: the operation leaves the device (an add sent again after a lost answer carries the same
 *   uuid, and the server answers the record it stored the first time: never a second record);
 * - 409 err-conflict: the record changed since it was loaded: kept as 'conflict' for the user;
 * - another refusal (400, 403, 404, a published record): kept as 'error' with the server's message;
 * - no answer, 429 or 5xx: the pass stops; this and the rest wait in their order.
 * Reading never throws (a failing database reads as empty); queueing answers null when it failed.
 */
import type {
  MedicationDose,
  MedicationSaveResult,
  UpdateMedicationEventInput,
} from '@nursery/domain/events';
import { isApiError, NetworkError } from '../../../lib/api';
import { offlineDB } from '../../../lib/offline/db';
import {
  MEDICATION_KIND,
  type MedicationOperation,
  medicationDataOf,
  medicationResource,
} from '../../../lib/offline/medicationOperation';
import type { OperationRow, SendResult } from '../../../lib/offline/operations';

export interface QueueMedicationSave {
  userID: number;
  siteID: number;
  /** An add's uuid is its input's; an edit gets a fresh one. */
  uuid: string;
  eventID: number | null;
  input: UpdateMedicationEventInput;
  title: string;
  /** The device's clock (ms epoch). */
  at: number;
}

/** The user's medication operations, oldest first; empty when the database fails. */
export async function medicationOperations(userID: number): Promise<MedicationOperation[]> {
  try {
    const ops = await offlineDB()
      .operations.where('[userID+kind]')
      .equals([userID, MEDICATION_KIND])
      .sortBy('createdAt');
    return ops.filter((op) => medicationDataOf(op) !== null) as MedicationOperation[];
  } catch {
    return [];
  }
}

/** How many medication saves of the user wait on the device (the shell's Sync badge). */
export function medicationCount(userID: number): Promise<number> {
  return offlineDB().operations.where('[userID+kind]').equals([userID, MEDICATION_KIND]).count();
}

/**
 * Keeps a save. An add is keyed by its uuid (saving the same form again replaces it); an edit of a
 * record that already waits here replaces that operation, keeping its place (both start from the
 * version the form loaded: sending both would make the second a conflict with the user's own first).
 */
export async function queueMedicationSave(save: QueueMedicationSave): Promise<MedicationOperation | null> {
  try {
    const db = offlineDB();
    return await db.transaction('rw', db.operations, async () => {
      const mine = await medicationOperations(save.userID);
      const earlier =
        save.eventID === null
          ? mine.find((op) => op.uuid === save.uuid)
          : mine.find((op) => op.data.eventID === save.eventID);
      const uuid = earlier?.uuid ?? save.uuid;
      const op: MedicationOperation = {
        uuid,
        kind: MEDICATION_KIND,
        userID: save.userID,
        siteID: save.siteID,
        resource: medicationResource(save.eventID, uuid),
        status: 'pending',
        data: { eventID: save.eventID, input: save.input, title: save.title },
        theirs: null,
        error: null,
        attempts: earlier?.attempts ?? 0,
        createdAt: earlier?.createdAt ?? save.at,
        updatedAt: save.at,
      };
      await db.operations.put(op);
      return op;
    });
  } catch {
    return null;
  }
}

/**
 * The doses this device holds that the server does not know yet (issue 31's dose check offline): the
 * child's waiting medication saves, as doses.
 */
export function queuedDoses(ops: readonly MedicationOperation[], childID: number): MedicationDose[] {
  return ops
    .filter((op) => op.status !== 'done' && op.data.input.childIDs.includes(childID))
    .map((op) => ({
      eventID: op.data.eventID ?? 0,
      name: op.data.input.medicationInfo.name,
      raised: op.data.input.raised,
      frequency: op.data.input.medicationInfo.frequency ?? null,
    }));
}

async function patch(uuid: string, change: Partial<OperationRow>): Promise<void> {
  try {
    const db = offlineDB();
    await db.transaction('rw', db.operations, async () => {
      const op = await db.operations.get(uuid);
      if (op?.kind === MEDICATION_KIND) await db.operations.put({ ...op, ...change });
    });
  } catch {
    // The database failed: the operation stays as it was and is tried again on the next pass.
  }
}

export interface SendDeps {
  save: (input: UpdateMedicationEventInput) => Promise<MedicationSaveResult>;
  now: () => number;
}

/** Sends one waiting save and writes what it came to on the device (the kind's sender). */
export async function sendMedicationOperation(op: MedicationOperation, deps: SendDeps): Promise<SendResult> {
  const attempts = op.attempts + 1;
  try {
    await deps.save(op.data.input);
    try {
      await offlineDB().operations.delete(op.uuid);
    } catch {
      // Left on the device: sent again, the server answers the stored record (an add's uuid).
    }
    return 'done';
  } catch (error) {
    if (error instanceof NetworkError || !isApiError(error) || error.status >= 500 || error.status === 429) {
      await patch(op.uuid, { attempts, updatedAt: deps.now() });
      return 'offline';
    }
    const conflict = error.code === 'err-conflict';
    await patch(op.uuid, {
      status: conflict ? 'conflict' : 'error',
      error: { code: error.code, message: error.message },
      attempts,
      updatedAt: deps.now(),
    });
    return conflict ? 'conflict' : 'error';
  }
}
