/**
 * The sync loop's logic, free of IndexedDB and fetch so unit tests drive it with an in-memory store and
 * a fake server (sync.test.ts). sync.ts wires it to Dexie, the api client, Web Locks and the triggers.
 *
 * Per item, oldest first: upload its media not uploaded yet (the stored client id, so a replay answers
 * 200 with the stored row), then POST (create) or PUT with the base version (update). The event's uuid
 * makes a replayed POST answer the stored events, so a connection dropped after the server saved but
 * before the answer arrived never makes a duplicate.
 */
import { type EventSavePayload, stripPayloadControlCharacters } from '@nursery/domain/events';
import type { ConflictRow, OutboxEvent, OutboxMedia } from './db';
import { eventResource } from './eventOperation';
import { type ReplayOutcome, replayInOrder } from './operations';

/** The request got no answer (offline, server unreachable): the item stays pending. */
export class SyncNetworkError extends Error {
  constructor(message = 'Network request failed') {
    super(message);
    this.name = 'SyncNetworkError';
  }
}

/** The server answered with an error. */
export class SyncRejected extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The 409's current row (update conflicts). */
    readonly current: unknown = null,
    /** The error body's other fields (err-media-not-found names `mediaIDs`). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'SyncRejected';
  }
}

export interface SavedRow {
  id: number;
  uuid?: string;
  version?: number;
}

export interface SyncTransport {
  /** POST api/v1/media: resolves when stored (201) or already stored (200). */
  uploadMedia(media: OutboxMedia, onProgress: (fraction: number) => void): Promise<void>;
  createEvent(payload: EventSavePayload): Promise<unknown>;
  updateEvent(eventID: number, payload: EventSavePayload): Promise<unknown>;
}

/**
 * The media ids an err-media-not-found answer names. None named means none known: guessing "all of
 * them" would let Upload without media drop photos that did reach the server.
 */
export function missingMediaIDs(error: SyncRejected): string[] {
  const named = error.details.mediaIDs;
  if (!Array.isArray(named)) return [];
  return named.filter((id): id is string => typeof id === 'string');
}

export interface SyncStore {
  /** The user's items to send, oldest first: pending, and syncing left over by a loop that died. */
  runnable(userID: number): Promise<OutboxEvent[]>;
  /** Resources (eventResource) held by an item waiting for the user: their later items wait too. */
  held?(userID: number): Promise<string[]>;
  mediaOf(eventUuid: string): Promise<OutboxMedia[]>;
  markMediaUploaded(id: string): Promise<void>;
  /** The server lost a file this device still has: upload it again on the next try. */
  markMediaNotUploaded(id: string): Promise<void>;
  patchEvent(uuid: string, patch: Partial<OutboxEvent>): Promise<void>;
  /** Done: keeps the saved ids, drops the item's Blobs (they are on the server now). */
  finish(uuid: string, savedIDs: number[]): Promise<void>;
  putConflict(row: ConflictRow): Promise<void>;
}

export interface SyncReporter {
  /** 0..1 of the item being sent (media uploads, then the event). */
  progress?(uuid: string, fraction: number): void;
  /** After each item changes state. */
  changed?(uuid: string): void;
}

/** 'offline': a request got no answer; the rest waits for the next try (backoff). */
export type SyncOutcome = ReplayOutcome;

/** Known error codes of the sync screen (spec 002 §8). */
export type SyncErrorCode =
  | 'sync-error'
  | 'sync-error-long'
  | 'sync-invalid-response'
  | 'sync-no-media'
  | 'sync-missing-media'
  | 'sync-conflict';

function isNetwork(error: unknown): boolean {
  if (error instanceof SyncNetworkError) return true;
  if (error instanceof Error && (error.name === 'NetworkError' || error.name === 'TypeError')) return true;
  return false;
}

/** Ids of the saved events when the answer is the list the events API returns, else null. */
export function savedIDsOf(answer: unknown): number[] | null {
  if (!Array.isArray(answer) || answer.length === 0) return null;
  const ids: number[] = [];
  for (const row of answer) {
    if (typeof row !== 'object' || row === null || typeof (row as SavedRow).id !== 'number') return null;
    ids.push((row as SavedRow).id);
  }
  return ids;
}

function sameInstant(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return (a ?? null) === (b ?? null);
  return new Date(a).getTime() === new Date(b).getTime();
}

/**
 * True when the server's current row already holds this edit (notes, child's voice, parent notes,
 * status, date, end time and media equal): the edit landed on an attempt whose answer was lost.
 */
export function landedAlready(current: unknown, payload: EventSavePayload): boolean {
  if (typeof current !== 'object' || current === null) return false;
  const c = current as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const media = Array.isArray(c.mediaIDs) ? [...(c.mediaIDs as unknown[])].map(String).sort() : [];
  return (
    text(c.notes) === text(payload.notes) &&
    text(c.childsVoice) === text(payload.childsVoice) &&
    text(c.ref2) === text(payload.ref2) &&
    c.statusID === payload.statusID &&
    sameInstant(c.raised, payload.raised) &&
    sameInstant(c.date2, payload.date2) &&
    media.join(',') === [...payload.mediaIDs].sort().join(',')
  );
}

export interface RunSyncOptions {
  store: SyncStore;
  transport: SyncTransport;
  userID: number;
  now?: () => number;
  report?: SyncReporter;
}

/**
 * One pass over the user's outbox: the queue's ordered replay (operations.ts, one event's saves in
 * order) with the event kind's send. Never throws for an item's failure; the item's row says what
 * happened.
 */
export async function runSync(opts: RunSyncOptions): Promise<SyncOutcome> {
  const { store, userID, report } = opts;
  const now = opts.now ?? Date.now;
  const items = [...(await store.runnable(userID))].sort((a, b) => a.createdAt - b.createdAt);
  const held = new Set((await store.held?.(userID)) ?? []);
  return replayInOrder(items, {
    resourceOf: eventResource,
    held,
    send: (item) => syncItem(item, opts, now),
    after: (item) => report?.changed?.(item.uuid),
  });
}

async function syncItem(
  item: OutboxEvent,
  { store, transport, report }: RunSyncOptions,
  now: () => number,
): Promise<'done' | 'error' | 'conflict' | 'offline'> {
  await store.patchEvent(item.uuid, { status: 'syncing', attempts: item.attempts + 1, updatedAt: now() });
  report?.changed?.(item.uuid);
  const media = (await store.mediaOf(item.uuid)).filter((m) => !m.uploaded);
  const steps = media.length + 1;
  // Drafts queued before the web stripped control characters (the server refuses U+0000 and the
  // like for ever) are cleaned as they are sent.
  const payload = stripPayloadControlCharacters(item.payload);
  let step = 0;
  const progress = (fraction: number) => report?.progress?.(item.uuid, (step + fraction) / steps);
  progress(0);

  const fail = async (code: string, message: string, mediaIDs?: string[]) => {
    await store.patchEvent(item.uuid, {
      status: 'error',
      error: { code, message, ...(mediaIDs ? { mediaIDs } : {}) },
      updatedAt: now(),
    });
    return 'error' as const;
  };
  const backToPending = async () => {
    await store.patchEvent(item.uuid, { status: 'pending', updatedAt: now() });
    return 'offline' as const;
  };

  try {
    for (const m of media) {
      // A row whose file is gone (storage cleared, quota) cannot be sent: the user may drop it.
      if (!m.blob || m.blob.size === 0) return await fail('sync-missing-media', m.name);
      await transport.uploadMedia(m, progress);
      await store.markMediaUploaded(m.id);
      step += 1;
      progress(0);
    }
    const answer =
      item.kind === 'create'
        ? await transport.createEvent(payload)
        : await transport.updateEvent(item.eventID ?? 0, {
            ...payload,
            ...(item.baseVersion !== null ? { version: item.baseVersion } : {}),
          });
    const ids = savedIDsOf(answer);
    if (ids === null) return await fail('sync-invalid-response', '');
    await store.finish(item.uuid, ids);
    progress(1);
    return 'done';
  } catch (error) {
    if (isNetwork(error)) return await backToPending();
    if (error instanceof SyncRejected) {
      // A lost session is not the item's fault: keep it pending until the user logs in again.
      if (error.status === 401) return await backToPending();
      // A busy server (503 err-busy from its request queue) or a rate limit (429) says "later", not
      // "never": the item waits as pending and the loop backs off as it does offline.
      if (error.status === 503 || error.status === 429) return await backToPending();
      if (error.status === 409 && error.code === 'err-conflict' && item.kind === 'update') {
        // A PUT whose answer was lost already moved the row on: the replay meets our own edit.
        if (landedAlready(error.current, payload)) {
          await store.finish(item.uuid, [item.eventID ?? 0]);
          return 'done';
        }
        await store.putConflict({
          uuid: item.uuid,
          userID: item.userID,
          eventID: item.eventID ?? 0,
          server: error.current,
          local: payload,
          at: now(),
        });
        await store.patchEvent(item.uuid, {
          status: 'conflict',
          error: { code: 'sync-conflict', message: error.message },
          updatedAt: now(),
        });
        return 'conflict';
      }
      if (error.code === 'err-media-not-found') {
        // Files this device still holds go up again on Retry; the others are gone for good and the
        // user may upload the event without them.
        const missing = missingMediaIDs(error);
        const onDevice = new Map((await store.mediaOf(item.uuid)).map((m) => [m.id, m]));
        const reupload = missing.filter((id) => (onDevice.get(id)?.blob?.size ?? 0) > 0);
        for (const id of reupload) await store.markMediaNotUploaded(id);
        const gone = missing.filter((id) => !reupload.includes(id));
        if (gone.length > 0) return await fail('sync-no-media', error.message, gone);
        return await fail('sync-error', error.message);
      }
      const code = error.status >= 500 ? 'sync-error-long' : error.code || 'sync-error';
      return await fail(code, error.message);
    }
    return await fail('sync-error', error instanceof Error ? error.message : String(error));
  }
}

export interface LockLike {
  /** Runs `fn` while holding the cross-tab lock (queued behind another tab's loop). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * One loop at a time: triggers while a loop runs in this tab coalesce into one more pass after it;
 * across tabs the lock queues them.
 */
export function createSyncRunner<T>(lock: LockLike, pass: () => Promise<T>) {
  let running: Promise<T | undefined> | null = null;
  let again = false;
  const loop = async (): Promise<T | undefined> => {
    let last: T | undefined;
    do {
      again = false;
      last = await lock.withLock(pass);
    } while (again);
    return last;
  };
  return {
    trigger(): Promise<T | undefined> {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = null;
      });
      return running;
    },
    get running(): boolean {
      return running !== null;
    },
  };
}

/** An in-tab mutex: the fallback when the browser has no Web Locks (old Safari, plain http). */
export function memoryLock(): LockLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    withLock<T>(fn: () => Promise<T>): Promise<T> {
      const next = tail.then(fn, fn);
      tail = next.catch(() => undefined);
      return next;
    },
  };
}
