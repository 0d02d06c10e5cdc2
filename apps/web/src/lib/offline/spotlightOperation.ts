/**
 * The Spotlight saves' kind of the device's one queue (issue 28): a save that met no network kept as
 * an operation (operations.ts), and the row the waiting list and the replay read it as (db.ts
 * SpotlightPendingRow). An add is its own resource (its form uuid); an edit's is the event.
 */
import type { SpotlightPendingRow } from './db';
import { type OperationRow, QUEUE_KINDS } from './operations';

export const SPOTLIGHT_KIND = QUEUE_KINDS.spotlightSave;

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
