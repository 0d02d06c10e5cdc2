/**
 * The device's own store (ARCHITECTURE "Offline protocol"): IndexedDB through Dexie, one database per
 * browser profile. Tables:
 * - cache: the persisted TanStack Query cache (one row per persisted client, keyed by user).
 * - events (the `operations` property): the device's one queue of work waiting to be sent (issue 28,
 *   version 5): one row per typed operation (operations.ts) keyed by its uuid, its kind's data, the
 *   server's copy when it answered a conflict, sent per resource in order. Its kinds: event saves
 *   (create or edit, outbox.ts, the sync loop), the staff register's shift changes, the child
 *   register's booking changes and the Spotlight saves made offline (their features). The store keeps the outbox's name and key
 *   from version 1: the event saves waiting on a device are rewritten in place as operations (and the
 *   former `conflicts` rows moved onto them) rather than copied, and what reads the store by name
 *   (the e2e specs' raw IndexedDB) still finds it.
 * - media: photos and videos waiting to be uploaded, as their bytes (an ArrayBuffer) and type, with the
 *   client media id (issue 27: WebKit's private IndexedDB refuses a Blob; rows of earlier builds hold one).
 * - formDrafts: the add/edit form as it is being typed (per user and form route), offered back when
 *   the form is opened again, removed when it is saved or discarded and after FORM_DRAFT_MAX_AGE_MS.
 * Every row names the user that made it, so a shared tablet shows and syncs only its own user's work.
 */

import Dexie, { type EntityTable, type Transaction } from 'dexie';
import { type ConflictRow, type OutboxEvent, toEventOperation } from './eventOperation';
import {
  isOperationStatus,
  OPERATION_STATUSES,
  type OperationError,
  type OperationRow,
  type OperationStatus,
  QUEUE_KINDS,
} from './operations';
import { type SpotlightPendingRow, toSpotlightOperation } from './spotlightOperation';

// The kinds' row types live with their kind (eventOperation.ts, spotlightOperation.ts), so that the
// store imports them and not the other way round; they stay readable from here for their readers.
export type { ConflictRow, OutboxEvent } from './eventOperation';
export {
  SPOTLIGHT_PENDING_STATUSES,
  type SpotlightPendingRow,
  type SpotlightPendingStatus,
} from './spotlightOperation';

export const OUTBOX_STATUSES = OPERATION_STATUSES;
export type OutboxStatus = OperationStatus;
/** A row written by another build of the app may hold a status this one does not know. */
export const isOutboxStatus = isOperationStatus;

export interface CacheRow {
  key: string;
  value: string;
  updatedAt: number;
}

export type OutboxError = OperationError;

/** A waiting file as the sync engine sees it: the stored row with its bytes as a Blob again. */
export interface OutboxMedia {
  /** The client media id (a UUID), also in the event payload's mediaIDs. */
  id: string;
  /** The outbox event it belongs to. */
  eventUuid: string;
  userID: number;
  typeID: number;
  blob: Blob;
  name: string;
  mimeType: string;
  uploaded: boolean;
}

/**
 * A waiting file as the media table keeps it (issue 27): the bytes as an ArrayBuffer with their type
 * (mimeType), never a Blob, which IndexedDB refuses in a private WebKit session (Safari Private
 * Browsing on an iPad). A row written by an earlier build holds `blob` instead; both are read.
 */
export interface StoredMedia extends Omit<OutboxMedia, 'blob'> {
  bytes?: ArrayBuffer;
  blob?: Blob;
}

/**
 * A child register change as versions 1 to 4 kept it, read only by the version 5 upgrade (now a
 * 'register-booking' operation, features/register/pendingStore.ts).
 */
export interface PendingRow {
  opId: string;
  userID: number;
  value: unknown;
  at: number;
}

/**
 * An unsaved add/edit form (issue 13 "nothing typed is ever lost"). The form state is the feature's
 * (features/events/formDraft.ts writes and reads it), stored here as plain data.
 */
export interface FormDraftRow {
  /** `{userID}:{route}`, e.g. `7:add` or `7:edit/123`. */
  id: string;
  userID: number;
  /** The form's route key (`add`, `edit/{eventID}`). */
  route: string;
  /** The edited event's version when the draft was written (edit drafts); null for a new event. */
  baseVersion: number | null;
  /** The form state (the feature's shape). */
  form: unknown;
  /** Media ids of the form that were photos waiting on the device (in memory) when written. */
  waitingMediaIDs: string[];
  savedAt: number;
}

/**
 * A staff-register change as versions 3 and 4 kept it (issue 18), read only by the version 5 upgrade:
 * one row per change in the order made (`at`), the entry a ShiftChange and the server's shift when it
 * answered a conflict (now a 'staff-shift' operation, features/staff-register/offline/pendingShiftStore.ts).
 */
export interface StaffPendingRow {
  /** `staff:{userID}:{localID}`. */
  opId: string;
  userID: number;
  siteID: number;
  /** The register's day, YYYY-MM-DD. */
  date: string;
  /** Queue order: when the change was made, kept when the row is rewritten. */
  at: number;
  entry: unknown;
}

/** Form drafts older than this are dropped: a week covers a weekend and a day off. */
export const FORM_DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export class OfflineDB extends Dexie {
  cache!: EntityTable<CacheRow, 'key'>;
  /** The one queue (the IndexedDB store `events`, see above). */
  operations: EntityTable<OperationRow, 'uuid'>;
  media!: EntityTable<StoredMedia, 'id'>;
  formDrafts!: EntityTable<FormDraftRow, 'id'>;

  constructor(name = 'nursery') {
    super(name);
    this.version(1).stores({
      cache: 'key',
      events: 'uuid, userID, status, createdAt, [userID+status]',
      media: 'id, eventUuid, userID',
      registerPending: 'opId, userID',
      staffPending: 'opId, userID',
      conflicts: 'uuid, userID',
    });
    // Version 2 (issue 13) adds the form drafts; the version 1 tables stay as they are.
    this.version(2).stores({
      formDrafts: 'id, userID, savedAt',
    });
    // Version 3 (issue 18) reads the staff register's changes per user, site and day. Nothing wrote
    // staffPending before, so no row needs upgrading.
    this.version(3).stores({
      staffPending: 'opId, userID, [userID+siteID+date]',
    });
    // Version 4 (issue 16) adds the Spotlight saves made offline; earlier tables stay as they are.
    this.version(4).stores({
      spotlightPending: 'uuid, userID, createdAt',
    });
    // Version 5 (issue 28) keeps the device's work in one queue of typed operations, in the store the
    // event outbox had: its rows become 'event' operations in place, with their conflicts' server copy.
    this.version(5)
      .stores({
        events: 'uuid, userID, kind, createdAt, [userID+kind]',
        conflicts: null,
        staffPending: null,
        spotlightPending: null,
        registerPending: null,
      })
      .upgrade(moveIntoOperations);
    this.operations = this.table('events');
  }
}

/**
 * The version 5 upgrade: each row of the former event outbox becomes an 'event' operation, with the
 * server's copy of its conflict, if any (the `conflicts` table is readable here and dropped after it).
 */
export async function moveIntoOperations(tx: Transaction): Promise<void> {
  const conflicts = new Map<string, unknown>();
  await tx
    .table('conflicts')
    .toCollection()
    .each((row: ConflictRow) => {
      conflicts.set(row.uuid, row.server);
    });
  const events: OutboxEvent[] = await tx.table('events').toArray();
  await tx.table('events').bulkPut(events.map((e) => toEventOperation(e, conflicts.get(e.uuid) ?? null)));
  const shifts: StaffPendingRow[] = await tx.table('staffPending').toArray();
  await tx.table('events').bulkPut(shifts.flatMap(shiftOperation));
  const spotlight: SpotlightPendingRow[] = await tx.table('spotlightPending').toArray();
  await tx.table('events').bulkPut(spotlight.map(toSpotlightOperation));
  const bookings: PendingRow[] = await tx.table('registerPending').toArray();
  await tx.table('events').bulkPut(bookings.flatMap(bookingOperation));
}

/**
 * A former register row as a 'register-booking' operation (the booking its resource, the server's
 * answered conflict as theirs); a row of unknown shape is left behind.
 */
function bookingOperation(row: PendingRow): OperationRow[] {
  const value = row.value as {
    siteID?: unknown;
    date?: unknown;
    childID?: unknown;
    comboID?: unknown;
    conflict?: unknown;
  } | null;
  if (typeof value?.siteID !== 'number' || typeof value.childID !== 'number') return [];
  const { conflict = null, ...change } = value;
  return [
    {
      uuid: row.opId,
      kind: QUEUE_KINDS.registerBooking,
      userID: row.userID,
      siteID: value.siteID,
      resource: `booking:${value.siteID}:${value.date}:${value.childID}:${value.comboID}`,
      status: conflict ? 'conflict' : 'pending',
      data: change,
      theirs: conflict,
      error: null,
      attempts: 0,
      createdAt: row.at,
      updatedAt: row.at,
    },
  ];
}

/** A former staff-register row as a 'staff-shift' operation; a row of unknown shape is left behind. */
function shiftOperation(row: StaffPendingRow): OperationRow[] {
  const entry = row.entry as { change?: { shiftID?: unknown }; theirs?: unknown } | null;
  if (typeof entry?.change?.shiftID !== 'number') return [];
  const theirs = entry.theirs ?? null;
  return [
    {
      uuid: row.opId,
      kind: QUEUE_KINDS.staffShift,
      userID: row.userID,
      siteID: row.siteID,
      resource: `shift:${entry.change.shiftID}`,
      status: theirs ? 'conflict' : 'pending',
      data: { change: entry.change },
      theirs,
      error: null,
      attempts: 0,
      createdAt: row.at,
      updatedAt: row.at,
    },
  ];
}

let instance: OfflineDB | null = null;

/** The app's database, opened on first use (never at import, so the login bundle stays small). */
export function offlineDB(): OfflineDB {
  instance ??= new OfflineDB();
  return instance;
}
