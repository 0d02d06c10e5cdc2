/**
 * The medication records' kind of the device's one queue (issue 31): a medication save that met no
 * network, kept as an operation (operations.ts) with its signatures' images, and sent once by the one
 * sync loop (features/medication/offline registers the sender). An add is its own resource (its form
 * uuid, also in the input: the server answers a replay with the record stored the first time); an
 * edit's is the event, so its saves go in order with the event's other operations.
 */
import type { UpdateMedicationEventInput } from '@nursery/domain/events';
import { type OperationRow, QUEUE_KINDS } from './operations';

export const MEDICATION_KIND = QUEUE_KINDS.medicationSave;

export interface MedicationOperationData {
  /** The stored record being edited; null for an add. */
  eventID: number | null;
  input: UpdateMedicationEventInput;
  /** The sync screen's line: the medicine and the child. */
  title: string;
}

export type MedicationOperation = OperationRow<MedicationOperationData>;

export const medicationResource = (eventID: number | null, uuid: string): string =>
  eventID !== null ? `event:${eventID}` : `medication-new:${uuid}`;

/** A medication operation's data as written by this build; null for another shape. */
export function medicationDataOf(op: OperationRow): MedicationOperationData | null {
  if (op.kind !== MEDICATION_KIND) return null;
  const data = op.data as Partial<MedicationOperationData> | null;
  if (!data || typeof data.title !== 'string' || typeof data.input !== 'object' || data.input === null)
    return null;
  return data as MedicationOperationData;
}
