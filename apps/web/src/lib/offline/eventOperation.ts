/**
 * The event kind of the device's queue (issue 28): an event save (create or edit) kept as an operation
 * (operations.ts), and the outbox item the sync screen and the sync engine read it as (OutboxEvent,
 * kept here rather than in db.ts so that the store imports the kind, not both ways). The server's copy of a conflict is the operation's `theirs`; its view is a ConflictRow.
 */
import type { EventSavePayload } from '@nursery/domain/events';
import { type OperationError, type OperationRow, type OperationStatus, QUEUE_KINDS } from './operations';

export const EVENT_KIND = QUEUE_KINDS.event;

/** An event save as the sync screen and the sync engine read it (kept as an 'event' operation). */
export interface OutboxEvent {
  /** The save's client uuid (payload.uuid): the server answers a replay with the stored events. */
  uuid: string;
  userID: number;
  siteID: number;
  kind: 'create' | 'update';
  /** The stored event being edited (update). */
  eventID: number | null;
  /** The version the edit started from (update): a newer server row is a conflict. */
  baseVersion: number | null;
  payload: EventSavePayload;
  /** Label of the sync screen's group, e.g. "Observation – 22/11/2026". */
  group: string;
  /** Short description of the item for the sync screen (children, first words of the notes). */
  title: string;
  status: OperationStatus;
  error: OperationError | null;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  /** Ids the server gave the saved events, once done. */
  savedIDs: number[];
}

/** An edit whose server row moved on: both sides, until the user keeps one (an operation's view). */
export interface ConflictRow {
  uuid: string;
  userID: number;
  eventID: number;
  /** The server's current row (GET api/v2/events/{id} answer or the 409's `current`). */
  server: unknown;
  local: EventSavePayload;
  at: number;
}

/** What an event operation keeps beside the queue's own fields. */
export interface EventOperationData {
  kind: 'create' | 'update';
  eventID: number | null;
  baseVersion: number | null;
  payload: EventSavePayload;
  group: string;
  title: string;
  savedIDs: number[];
}

export type EventOperation = OperationRow<EventOperationData>;

/** An edit's operations follow the stored event; a new event's are its own (by its uuid). */
export const eventResource = (e: Pick<OutboxEvent, 'eventID' | 'uuid'>): string =>
  e.eventID !== null ? `event:${e.eventID}` : `event-new:${e.uuid}`;

export function toEventOperation(e: OutboxEvent, theirs: unknown = null): EventOperation {
  return {
    uuid: e.uuid,
    kind: EVENT_KIND,
    userID: e.userID,
    siteID: e.siteID,
    resource: eventResource(e),
    status: e.status,
    data: {
      kind: e.kind,
      eventID: e.eventID,
      baseVersion: e.baseVersion,
      payload: e.payload,
      group: e.group,
      title: e.title,
      savedIDs: e.savedIDs,
    },
    theirs,
    error: e.error,
    attempts: e.attempts,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export function fromEventOperation(op: EventOperation): OutboxEvent {
  return {
    uuid: op.uuid,
    userID: op.userID,
    siteID: op.siteID,
    kind: op.data.kind,
    eventID: op.data.eventID,
    baseVersion: op.data.baseVersion,
    payload: op.data.payload,
    group: op.data.group,
    title: op.data.title,
    status: op.status,
    error: op.error,
    attempts: op.attempts,
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
    savedIDs: op.data.savedIDs,
  };
}

/** The item's fields changed as the operation's: the queue's own fields and the kind's data. */
export function patchEventOperation(op: EventOperation, patch: Partial<OutboxEvent>): EventOperation {
  return toEventOperation({ ...fromEventOperation(op), ...patch }, op.theirs);
}

/** The conflict as the sync screen's conflict modal shows it: both sides. */
export function conflictOf(op: EventOperation): ConflictRow | undefined {
  if (op.theirs === null || op.theirs === undefined) return undefined;
  return {
    uuid: op.uuid,
    userID: op.userID,
    eventID: op.data.eventID ?? 0,
    server: op.theirs,
    local: op.data.payload,
    at: op.updatedAt,
  };
}
