/**
 * The outbox of event saves made on this device (ARCHITECTURE "Offline protocol"): the 'event' kind of
 * the device's one queue (issue 28, queue.ts). A save that could not reach the server goes there as an
 * operation with its media (their bytes and type, issue 27), in one Dexie transaction, and the sync
 * loop (sync.ts) replays it. Every row carries the user id, so a shared tablet shows and sends only its
 * own user's work.
 */
import type { EventSavePayload } from '@nursery/domain/events';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { type ConflictRow, type OutboxEvent, type OutboxMedia, offlineDB, type StoredMedia } from './db';
import {
  conflictOf,
  EVENT_KIND,
  type EventOperation,
  eventResource,
  fromEventOperation,
  patchEventOperation,
  toEventOperation,
} from './eventOperation';
import { countsOf, HOLDING, type OperationCounts, UNSYNCED } from './operations';
import { operationsOf, registerQueueKind, resolveConflict, UnknownOperation } from './queue';
import type { SyncStore } from './syncEngine';

export interface QueuedMedia {
  id: string;
  typeID: number;
  blob: Blob;
  name: string;
  mimeType: string;
}

export interface QueueEventSaveInput {
  userID: number;
  siteID: number;
  payload: EventSavePayload;
  kind: 'create' | 'update';
  eventID: number | null;
  baseVersion: number | null;
  group: string;
  title: string;
  /** Files the editor could not upload; their ids are in payload.mediaIDs. */
  media: QueuedMedia[];
}

/**
 * An item action named a row this device no longer holds (another tab synced or deleted it meanwhile):
 * the sync screen answers err-unknown (spec 000 §8).
 */
export const UnknownOutboxItem = UnknownOperation;

export { UNSYNCED };

/** "Use mine" of an event edit: the same edit again, from the server's current version. */
function serverVersion(server: unknown): number | null {
  if (typeof server !== 'object' || server === null) return null;
  const v = (server as { version?: unknown }).version;
  return typeof v === 'number' ? v : null;
}

registerQueueKind<EventOperation['data']>({
  kind: EVENT_KIND,
  rebaseOnTheirs(op, theirs) {
    const version = serverVersion(theirs) ?? op.data.baseVersion;
    return {
      ...op,
      data: {
        ...op.data,
        baseVersion: version,
        payload: { ...op.data.payload, ...(version !== null ? { version } : {}) },
      },
    };
  },
  async removeExtras(op) {
    await offlineDB().media.where('eventUuid').equals(op.uuid).delete();
  },
});

/** The event operation of the id, as the outbox item (undefined when it is not one). */
async function eventOperation(uuid: string): Promise<EventOperation | undefined> {
  const op = await offlineDB().operations.get(uuid);
  return op?.kind === EVENT_KIND ? (op as EventOperation) : undefined;
}

/** One item as the sync screen reads it (undefined when this device no longer holds it). */
export async function outboxItem(uuid: string): Promise<OutboxEvent | undefined> {
  const op = await eventOperation(uuid);
  return op ? fromEventOperation(op) : undefined;
}

async function eventItems(userID: number): Promise<OutboxEvent[]> {
  return (await operationsOf(userID, EVENT_KIND)).map((op) => fromEventOperation(op as EventOperation));
}

// --- Files as the store keeps them (issue 27) ----------------------------------------------------------

/** What a file is kept as: its bytes and type. IndexedDB in a private WebKit session refuses a Blob. */
export interface StoredBytes {
  bytes: ArrayBuffer;
  mimeType: string;
}

/** The file's bytes and type, for the media table (read before the transaction: it awaits the file). */
export async function toStoredBytes(blob: Blob, mimeType = blob.type): Promise<StoredBytes> {
  return { bytes: await blob.arrayBuffer(), mimeType };
}

/** A stored row's file as a Blob again (to send it); a row of an earlier build holds the Blob itself. */
export function storedBlob(row: Pick<StoredMedia, 'bytes' | 'blob' | 'mimeType'>): Blob {
  if (row.bytes) return new Blob([row.bytes], { type: row.mimeType });
  return row.blob ?? new Blob([], { type: row.mimeType });
}

/** The row as the sync engine reads it: the bytes back as a Blob of their type. */
export function fromStoredMedia(row: StoredMedia): OutboxMedia {
  const { bytes: _bytes, blob: _blob, ...rest } = row;
  return { ...rest, blob: storedBlob(row) };
}

/** The outcome of an offline save: the stored item, and the names of the files it could not keep. */
export interface QueuedSave {
  row: OutboxEvent;
  /** Files this device could not keep (the save went without them, their ids dropped). */
  notKept: string[];
}

/**
 * Stores the save (status pending) and its files in one transaction. A second offline edit of the same
 * stored event replaces the first one still waiting and keeps its base version: the server row has not
 * moved because of us, so the first base version is the one a conflict must be judged against.
 *
 * The save is never lost for a file (issue 27): a file whose bytes cannot be read, or that the device
 * refuses to store, is left out (its id dropped from the payload, its name in `notKept`) and the save
 * is stored without it.
 */
export async function queueEventSave(input: QueueEventSaveInput): Promise<QueuedSave> {
  const kept: (QueuedMedia & StoredBytes)[] = [];
  const notKept: QueuedMedia[] = [];
  for (const m of input.media) {
    try {
      kept.push({ ...m, ...(await toStoredBytes(m.blob, m.mimeType)) });
    } catch {
      notKept.push(m);
    }
  }
  try {
    return { row: await storeSave(input, kept, notKept), notKept: notKept.map((m) => m.name) };
  } catch (error) {
    // Without a file the save has nothing left to refuse but itself: try once more with no files.
    if (kept.length === 0) throw error;
    const all = [...notKept, ...kept];
    return { row: await storeSave(input, [], all), notKept: all.map((m) => m.name) };
  }
}

async function storeSave(
  input: QueueEventSaveInput,
  kept: readonly (QueuedMedia & StoredBytes)[],
  notKept: readonly QueuedMedia[],
): Promise<OutboxEvent> {
  const dropped = new Set(notKept.map((m) => m.id));
  const payload: EventSavePayload = dropped.size
    ? { ...input.payload, mediaIDs: input.payload.mediaIDs.filter((id) => !dropped.has(id)) }
    : input.payload;
  const db = offlineDB();
  return db.transaction('rw', db.operations, db.media, async () => {
    const at = Date.now();
    let baseVersion = input.baseVersion;
    if (input.kind === 'update' && input.eventID !== null) {
      const earlier = (await eventItems(input.userID)).filter(
        (e) =>
          e.kind === 'update' &&
          e.eventID === input.eventID &&
          (e.status === 'pending' || e.status === 'error'),
      );
      for (const e of earlier) {
        baseVersion = e.baseVersion ?? baseVersion;
        // Files of the earlier edit that the new one still lists move over; the rest go.
        const files = await db.media.where('eventUuid').equals(e.uuid).toArray();
        for (const m of files) {
          if (payload.mediaIDs.includes(m.id)) await db.media.update(m.id, { eventUuid: payload.uuid });
          else await db.media.delete(m.id);
        }
        // An edit's uuid is the stored event's own, so the same edit again replaces the row in place.
        if (e.uuid !== payload.uuid) await db.operations.delete(e.uuid);
      }
    }
    const row: OutboxEvent = {
      uuid: payload.uuid,
      userID: input.userID,
      siteID: input.siteID,
      kind: input.kind,
      eventID: input.eventID,
      baseVersion,
      payload,
      group: input.group,
      title: input.title,
      status: 'pending',
      error: null,
      attempts: 0,
      createdAt: at,
      updatedAt: at,
      savedIDs: [],
    };
    await db.operations.put(toEventOperation(row));
    if (kept.length > 0)
      await db.media.bulkPut(
        kept.map(
          (m): StoredMedia => ({
            id: m.id,
            eventUuid: row.uuid,
            userID: input.userID,
            typeID: m.typeID,
            bytes: m.bytes,
            name: m.name,
            mimeType: m.mimeType,
            uploaded: false,
          }),
        ),
      );
    return row;
  });
}

/** Deletes the item, its files and its conflict (the sync screen confirms first). */
export async function deleteOutboxItem(uuid: string): Promise<void> {
  const db = offlineDB();
  await db.transaction('rw', db.operations, db.media, async () => {
    if (!(await eventOperation(uuid))) throw new UnknownOutboxItem(uuid);
    await db.media.where('eventUuid').equals(uuid).delete();
    await db.operations.delete(uuid);
  });
}

/**
 * Drops the item's files not uploaded yet (from the payload and the table), and those the server said it
 * does not hold (sync-no-media), and makes it pending again.
 */
export async function uploadWithoutMedia(uuid: string): Promise<void> {
  const db = offlineDB();
  await db.transaction('rw', db.operations, db.media, async () => {
    const op = await eventOperation(uuid);
    if (!op) throw new UnknownOutboxItem(uuid);
    const row = fromEventOperation(op);
    const waiting = (await db.media.where('eventUuid').equals(uuid).toArray()).filter((m) => !m.uploaded);
    const drop = new Set([...waiting.map((m) => m.id), ...(row.error?.mediaIDs ?? [])]);
    await db.media.bulkDelete([...drop]);
    await db.operations.put(
      patchEventOperation(op, {
        payload: { ...row.payload, mediaIDs: row.payload.mediaIDs.filter((id) => !drop.has(id)) },
        status: 'pending',
        error: null,
        updatedAt: Date.now(),
      }),
    );
  });
}

/** Error items go back to pending (the item's Sync action; the Sync button does it for all). */
export async function retryOutbox(userID: number, uuid?: string): Promise<void> {
  const db = offlineDB();
  const one = uuid ? await eventOperation(uuid) : undefined;
  if (uuid && (!one || one.userID !== userID)) throw new UnknownOutboxItem(uuid);
  const rows = one ? [one] : await operationsOf(userID, EVENT_KIND);
  for (const r of rows) {
    if (r.status === 'error') await db.operations.update(r.uuid, { status: 'pending', error: null });
  }
}

/** "Keep mine": the same edit again, from the server's current version (the queue's conflict model). */
export async function keepMine(uuid: string): Promise<void> {
  if (!(await eventOperation(uuid))) throw new UnknownOutboxItem(uuid);
  await resolveConflict(uuid, 'mine');
}

/** "Discard mine": the server's row stays; this device's edit goes. */
export const discardMine = deleteOutboxItem;

/** Done items older than this are dropped at the start of a sync (their ids are no longer shown). */
export const DONE_KEPT_MS = 7 * 86_400_000;

/** The Dexie side of the sync engine. */
export function dexieSyncStore(): SyncStore {
  const db = offlineDB();
  const patch = async (uuid: string, change: Partial<OutboxEvent>) => {
    await db.transaction('rw', db.operations, async () => {
      const op = await eventOperation(uuid);
      if (op) await db.operations.put(patchEventOperation(op, change));
    });
  };
  return {
    async runnable(userID) {
      const rows = await eventItems(userID);
      const cutoff = Date.now() - DONE_KEPT_MS;
      const stale = rows.filter((r) => r.status === 'done' && r.updatedAt < cutoff).map((r) => r.uuid);
      if (stale.length > 0) await db.operations.bulkDelete(stale);
      return rows.filter((r) => r.status === 'pending' || r.status === 'syncing');
    },
    async held(userID) {
      const rows = await eventItems(userID);
      return rows.filter((r) => HOLDING.includes(r.status)).map(eventResource);
    },
    mediaOf: async (uuid) => (await db.media.where('eventUuid').equals(uuid).toArray()).map(fromStoredMedia),
    async markMediaUploaded(id) {
      await db.media.update(id, { uploaded: true });
    },
    async markMediaNotUploaded(id) {
      await db.media.update(id, { uploaded: false });
    },
    patchEvent: patch,
    async finish(uuid, savedIDs) {
      await db.transaction('rw', db.operations, db.media, async () => {
        await patch(uuid, { status: 'done', savedIDs, error: null, updatedAt: Date.now() });
        await db.media.where('eventUuid').equals(uuid).delete();
      });
    },
    async putConflict(row) {
      await db.operations.update(row.uuid, { theirs: row.server });
    },
  };
}

// --- Hooks -------------------------------------------------------------------------------------------

/** A Dexie live query as React state; `key` names the query's inputs (it re-subscribes when they change). */
function useLive<T>(query: () => Promise<T>, key: string, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the query's inputs
  useEffect(() => {
    const sub = liveQuery(query).subscribe({
      next: setValue,
      error: () => undefined, // IndexedDB unavailable (private mode): the screens show nothing queued
    });
    return () => sub.unsubscribe();
  }, [key]);
  return value;
}

export type OutboxCounts = OperationCounts;
export { countsOf };

const NO_COUNTS = countsOf([]);

/** The user's items, oldest first. */
export function useOutboxItems(userID: number): OutboxEvent[] | undefined {
  return useLive(() => eventItems(userID), `user-${userID}`, undefined);
}

/** The user's counts (a live query's body: the sync screen, the drafts alert, the shell's badge). */
export async function outboxCounts(userID: number): Promise<OutboxCounts> {
  return countsOf(await operationsOf(userID, EVENT_KIND));
}

export function useOutboxCounts(userID: number): OutboxCounts {
  return useLive(() => outboxCounts(userID), `user-${userID}`, NO_COUNTS);
}

/** Files of the user's items (the sync screen counts the waiting ones). */
export function useOutboxMedia(userID: number): StoredMedia[] {
  return useLive(() => offlineDB().media.where('userID').equals(userID).toArray(), `media-${userID}`, []);
}

export function useConflict(uuid: string | null): ConflictRow | undefined {
  return useLive(
    async () => {
      const op = uuid ? await eventOperation(uuid) : undefined;
      return op ? conflictOf(op) : undefined;
    },
    `conflict-${uuid}`,
    undefined,
  );
}

/** Counts of the whole device (every user), for the device report. */
export async function deviceUnsynced(): Promise<{ events: number; media: number }> {
  const db = offlineDB();
  const events = await db.operations
    .where('kind')
    .equals(EVENT_KIND)
    .filter((e) => UNSYNCED.includes(e.status))
    .count();
  const media = await db.media.filter((m) => !m.uploaded).count();
  return { events, media };
}

// --- Files the editor could not upload ----------------------------------------------------------------

export interface WaitingFile {
  id: string;
  typeID: number;
  file: File;
}

/**
 * Photos picked while offline: the media panel keeps the file here (its id stays in form.mediaIDs) and
 * the editor's save moves it into the outbox with the event. Memory only: until saved, nothing is stored.
 */
const waiting = new Map<string, WaitingFile>();

export function rememberWaitingFile(entry: WaitingFile): void {
  waiting.set(entry.id, entry);
}

export function forgetWaitingFile(id: string): void {
  waiting.delete(id);
}

export function waitingFile(id: string): WaitingFile | undefined {
  return waiting.get(id);
}

/** The waiting files among the ids, as outbox media. */
export function waitingMediaFor(ids: readonly string[]): QueuedMedia[] {
  return ids
    .map((id) => waiting.get(id))
    .filter((w): w is WaitingFile => w !== undefined)
    .map((w) => ({ id: w.id, typeID: w.typeID, blob: w.file, name: w.file.name, mimeType: w.file.type }));
}
