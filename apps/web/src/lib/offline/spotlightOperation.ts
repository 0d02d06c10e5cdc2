/**
 * The Spotlight saves' kind of the device's one queue (issue 28): a save that met no network kept as
 * an operation (operations.ts), and the row the waiting list and the replay read it as
 * (SpotlightPendingRow, kept here rather than in db.ts so that the store imports the kind). An add is its own resource (its form uuid); an edit's is the event.
 */
import type { UpdateEventInput } from '@nursery/domain/spotlight';
import { type OperationRow, QUEUE_KINDS } from './operations';

export const SPOTLIGHT_KIND = QUEUE_KINDS.spotlightSave;

export const SPOTLIGHT_PENDING_STATUSES = ['pending', 'error', 'conflict'] as const;
export type SpotlightPendingStatus = (typeof SPOTLIGHT_PENDING_STATUSES)[number];

/**
 * A Spotlight save kept on the device because it met no network (issue 16 "Spotlight saves queued
 * offline"), as the waiting list reads it: since version 5 a 'spotlight-save' operation
 * (spotlightOperation.ts); version 4 kept these rows in a table of their own. An add's row is keyed by the form's uuid (also in the input: the server answers a replay
 * with the events stored the first time); an edit's by a fresh uuid, with the event's id and version
 * in the input (a newer server row answers 409 err-conflict).
 */
export interface SpotlightPendingRow {
  uuid: string;
  userID: number;
  siteID: number;
  /** The stored event being edited; null for an add. */
  eventID: number | null;
  input: UpdateEventInput;
  /** The list's label: the type's name and the children's names. */
  title: string;
  status: SpotlightPendingStatus;
  /** The server's refusal (error) or conflict, with its message. */
  error: { code: string; message: string } | null;
  attempts: number;
  createdAt: number;
  updatedAt: number;
}

export interface SpotlightOperationData {
  eventID: number | null;
  input: SpotlightPendingRow['input'];
  title: string;
}

export type SpotlightOperation = OperationRow<SpotlightOperationData>;

export const spotlightResource = (row: Pick<SpotlightPendingRow, 'eventID' | 'uuid'>): string =>
  row.eventID !== null ? `event:${row.eventID}` : `spotlight-new:${row.uuid}`;

export function toSpotlightOperation(row: SpotlightPendingRow): SpotlightOperation {
  return {
    uuid: row.uuid,
    kind: SPOTLIGHT_KIND,
    userID: row.userID,
    siteID: row.siteID,
    resource: spotlightResource(row),
    status: row.status,
    data: { eventID: row.eventID, input: row.input, title: row.title },
    theirs: null,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The operation as the waiting list's row; null for a status a Spotlight save never has. */
export function fromSpotlightOperation(op: SpotlightOperation): SpotlightPendingRow | null {
  if (op.status !== 'pending' && op.status !== 'error' && op.status !== 'conflict') return null;
  return {
    uuid: op.uuid,
    userID: op.userID,
    siteID: op.siteID,
    eventID: op.data.eventID,
    input: op.data.input,
    title: op.data.title,
    status: op.status,
    error: op.error ? { code: op.error.code, message: op.error.message } : null,
    attempts: op.attempts,
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}
