/**
 * The outbox of event saves made on this device (ARCHITECTURE "Offline protocol"): a save that could not
 * reach the server goes here with its media (their bytes and type, issue 27), in one Dexie transaction,
 * and the sync loop (sync.ts) replays it. Every row carries the user id, so a shared tablet shows and sends only its own user's work.
 */
import type { EventSavePayload } from '@nursery/domain';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import {
  type ConflictRow,
  isOutboxStatus,
  type OutboxEvent,
  type OutboxMedia,
  type OutboxStatus,
  offlineDB,
  type StoredMedia,
} from './db';
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
export class UnknownOutboxItem extends Error {
  constructor(readonly uuid: string) {
    super(`Unknown sync item ${uuid}`);
    this.name = 'UnknownOutboxItem';
  }
}

/** Not sent yet (the drafts list's alert and the device report count these). */
export const UNSYNCED: readonly OutboxStatus[] = ['pending', 'syncing', 'error', 'conflict'];

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
  return db.transaction('rw', db.events, db.media, db.conflicts, async () => {
    const at = Date.now();
    let baseVersion = input.baseVersion;
    if (input.kind === 'update' && input.eventID !== null) {
      const earlier = await db.events
        .where('userID')
        .equals(input.userID)
        .filter(
          (e) =>
            e.kind === 'update' &&
            e.eventID === input.eventID &&
            (e.status === 'pending' || e.status === 'error'),
        )
        .toArray();
      for (const e of earlier) {
        baseVersion = e.baseVersion ?? baseVersion;
        // Files of the earlier edit that the new one still lists move over; the rest go.
        const files = await db.media.where('eventUuid').equals(e.uuid).toArray();
        for (const m of files) {
          if (payload.mediaIDs.includes(m.id)) await db.media.update(m.id, { eventUuid: payload.uuid });
          else await db.media.delete(m.id);
        }
        // An edit's uuid is the stored event's own, so the same edit again replaces the row in place.
        if (e.uuid !== payload.uuid) await db.events.delete(e.uuid);
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
    await db.events.put(row);
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
  await db.transaction('rw', db.events, db.media, db.conflicts, async () => {
    if (!(await db.events.get(uuid))) throw new UnknownOutboxItem(uuid);
    await db.media.where('eventUuid').equals(uuid).delete();
    await db.conflicts.delete(uuid);
    await db.events.delete(uuid);
  });
}

/**
 * Drops the item's files not uploaded yet (from the payload and the table), and those the server said it
 * does not hold (sync-no-media), and makes it pending again.
 */
export async function uploadWithoutMedia(uuid: string): Promise<void> {
  const db = offlineDB();
  await db.transaction('rw', db.events, db.media, async () => {
    const row = await db.events.get(uuid);
    if (!row) throw new UnknownOutboxItem(uuid);
    const waiting = (await db.media.where('eventUuid').equals(uuid).toArray()).filter((m) => !m.uploaded);
    const drop = new Set([...waiting.map((m) => m.id), ...(row.error?.mediaIDs ?? [])]);
    await db.media.bulkDelete([...drop]);
    await db.events.update(uuid, {
      payload: { ...row.payload, mediaIDs: row.payload.mediaIDs.filter((id) => !drop.has(id)) },
      status: 'pending',
      error: null,
      updatedAt: Date.now(),
    });
  });
}

/** Error items go back to pending (the item's Sync action; the Sync button does it for all). */
export async function retryOutbox(userID: number, uuid?: string): Promise<void> {
  const db = offlineDB();
  const one = uuid ? await db.events.get(uuid) : undefined;
  if (uuid && (!one || one.userID !== userID)) throw new UnknownOutboxItem(uuid);
  const rows = one ? [one] : await db.events.where('[userID+status]').equals([userID, 'error']).toArray();
  for (const r of rows) {
    if (r.status === 'error') await db.events.update(r.uuid, { status: 'pending', error: null });
  }
}

function serverVersion(server: unknown): number | null {
  if (typeof server !== 'object' || server === null) return null;
  const v = (server as { version?: unknown }).version;
  return typeof v === 'number' ? v : null;
}

/** "Keep mine": the same edit again, from the server's current version. */
export async function keepMine(uuid: string): Promise<void> {
  const db = offlineDB();
  await db.transaction('rw', db.events, db.conflicts, async () => {
    const conflict = await db.conflicts.get(uuid);
    const row = await db.events.get(uuid);
    if (!conflict || !row) throw new UnknownOutboxItem(uuid);
    const version = serverVersion(conflict.server) ?? row.baseVersion;
    await db.events.update(uuid, {
      baseVersion: version,
      payload: { ...row.payload, ...(version !== null ? { version } : {}) },
      status: 'pending',
      error: null,
      updatedAt: Date.now(),
    });
    await db.conflicts.delete(uuid);
  });
}

/** "Discard mine": the server's row stays; this device's edit goes. */
export const discardMine = deleteOutboxItem;

/** Done items older than this are dropped at the start of a sync (their ids are no longer shown). */
export const DONE_KEPT_MS = 7 * 86_400_000;

/** The Dexie side of the sync engine. */
export function dexieSyncStore(): SyncStore {
  const db = offlineDB();
  return {
    async runnable(userID) {
      const rows = await db.events.where('userID').equals(userID).toArray();
      const cutoff = Date.now() - DONE_KEPT_MS;
      const stale = rows.filter((r) => r.status === 'done' && r.updatedAt < cutoff).map((r) => r.uuid);
      if (stale.length > 0) await db.events.bulkDelete(stale);
      return rows
        .filter((r) => r.status === 'pending' || r.status === 'syncing')
        .sort((a, b) => a.createdAt - b.createdAt);
    },
    mediaOf: async (uuid) => (await db.media.where('eventUuid').equals(uuid).toArray()).map(fromStoredMedia),
    async markMediaUploaded(id) {
      await db.media.update(id, { uploaded: true });
    },
    async markMediaNotUploaded(id) {
      await db.media.update(id, { uploaded: false });
    },
    async patchEvent(uuid, patch) {
      await db.events.update(uuid, patch);
    },
    async finish(uuid, savedIDs) {
      await db.transaction('rw', db.events, db.media, async () => {
        await db.events.update(uuid, { status: 'done', savedIDs, error: null, updatedAt: Date.now() });
        await db.media.where('eventUuid').equals(uuid).delete();
      });
    },
    async putConflict(row) {
      await db.conflicts.put(row);
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

export interface OutboxCounts {
  toUpload: number;
  error: number;
  conflict: number;
  finished: number;
  syncing: number;
  /** Everything not sent yet (pending, syncing, error, conflict). */
  unsynced: number;
}

export function countsOf(rows: readonly Pick<OutboxEvent, 'status'>[]): OutboxCounts {
  const n = (s: OutboxStatus) => rows.filter((r) => r.status === s).length;
  const syncing = n('syncing');
  const c = {
    toUpload: n('pending') + syncing,
    // A status this build does not know is an error the user must look at (err-unknown on the item).
    error: n('error') + rows.filter((r) => !isOutboxStatus(r.status)).length,
    conflict: n('conflict'),
    finished: n('done'),
  };
  return { ...c, syncing, unsynced: c.toUpload + c.error + c.conflict };
}

const NO_COUNTS = countsOf([]);

/** The user's items, oldest first. */
export function useOutboxItems(userID: number): OutboxEvent[] | undefined {
  return useLive(
    async () =>
      (await offlineDB().events.where('userID').equals(userID).toArray()).sort(
        (a, b) => a.createdAt - b.createdAt,
      ),
    `user-${userID}`,
    undefined,
  );
}

/** The user's counts (a live query's body: the sync screen, the drafts alert, the shell's badge). */
export async function outboxCounts(userID: number): Promise<OutboxCounts> {
  return countsOf(await offlineDB().events.where('userID').equals(userID).toArray());
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
    async () => (uuid ? offlineDB().conflicts.get(uuid) : undefined),
    `conflict-${uuid}`,
    undefined,
  );
}

/** Counts of the whole device (every user), for the device report. */
export async function deviceUnsynced(): Promise<{ events: number; media: number }> {
  const db = offlineDB();
  const events = await db.events.filter((e) => UNSYNCED.includes(e.status)).count();
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
