// Issue 27: a photo kept offline is stored as its bytes (ArrayBuffer) and type, never as a Blob, which
// IndexedDB refuses in a private WebKit session (Safari Private Browsing on an iPad). The fake IndexedDB
// below refuses a Blob the way that session does (DataCloneError on put); the save must still be stored,
// and a file that cannot be kept must not take the save with it.
import 'fake-indexeddb/auto';
import type { EventSavePayload } from '@nursery/domain/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offlineDB } from './db';
import {
  dexieSyncStore,
  outboxItem,
  type QueuedMedia,
  queueEventSave,
  storedBlob,
  toStoredBytes,
} from './outbox';

const USER = 5;

function payload(uuid: string, mediaIDs: string[]): EventSavePayload {
  return {
    uuid,
    raised: '2026-11-29T09:00:00.000Z',
    due: '2026-11-29T09:00:00.000Z',
    notes: `notes ${uuid}`,
    mediaIDs,
    statusID: 1,
    typeID: 1,
    codeID: 1,
    subjects: [1, 2, 3],
  } as EventSavePayload;
}

function photo(id: string, bytes: number[], type = 'image/jpeg'): QueuedMedia {
  return {
    id,
    typeID: 1,
    blob: new Blob([new Uint8Array(bytes)], { type }),
    name: `${id}.jpg`,
    mimeType: type,
  };
}

function queue(uuid: string, media: QueuedMedia[]) {
  return queueEventSave({
    userID: USER,
    siteID: 1,
    payload: payload(
      uuid,
      media.map((m) => m.id),
    ),
    kind: 'create',
    eventID: null,
    baseVersion: null,
    group: 'Observation – 29/11/2026',
    title: uuid,
    media,
  });
}

function holdsBlob(value: unknown, seen = new Set<unknown>()): boolean {
  if (value instanceof Blob) return true;
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((v) => holdsBlob(v, seen));
}

// WebKit's private session: IDBObjectStore.put/add throw DataCloneError for a value holding a Blob.
const store = IDBObjectStore.prototype;
const realPut = store.put;
const realAdd = store.add;
function refuseBlobs() {
  store.put = function put(this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (holdsBlob(value)) throw new DOMException('Error preparing Blob/File data', 'DataCloneError');
    return realPut.call(this, value, key);
  };
  store.add = function add(this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (holdsBlob(value)) throw new DOMException('Error preparing Blob/File data', 'DataCloneError');
    return realAdd.call(this, value, key);
  };
}

beforeEach(async () => {
  const db = offlineDB();
  await Promise.all([db.operations.clear(), db.media.clear()]);
  refuseBlobs();
});

afterEach(() => {
  store.put = realPut;
  store.add = realAdd;
});

describe('files kept offline as bytes and type (issue 27)', () => {
  it('a store that refuses Blobs keeps the save and its photo, and gives the photo back as a Blob of its type', async () => {
    const { row, notKept } = await queue('obs-1', [photo('p1', [0xff, 0xd8, 0xff, 1, 2, 3])]);
    expect(notKept).toEqual([]);
    expect(row.payload.mediaIDs).toEqual(['p1']);
    expect(await outboxItem('obs-1')).toMatchObject({
      status: 'pending',
      payload: { mediaIDs: ['p1'] },
    });

    const stored = await offlineDB().media.get('p1');
    expect(stored?.bytes).toBeInstanceOf(ArrayBuffer);
    expect(stored?.blob).toBeUndefined();
    expect(stored?.mimeType).toBe('image/jpeg');

    const [sent] = await dexieSyncStore().mediaOf('obs-1');
    expect(sent?.blob).toBeInstanceOf(Blob);
    expect(sent?.blob.type).toBe('image/jpeg');
    expect([...new Uint8Array(await sent!.blob.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
    expect(sent).toMatchObject({ id: 'p1', name: 'p1.jpg', mimeType: 'image/jpeg', uploaded: false });
    expect(sent).not.toHaveProperty('bytes');
  });

  it('a file whose bytes cannot be read is left out and named; the save and the other files are kept', async () => {
    const unreadable = photo('p2', [1]);
    unreadable.blob = { type: 'image/jpeg', arrayBuffer: () => Promise.reject(new Error('gone')) } as Blob;
    const { row, notKept } = await queue('obs-2', [photo('p1', [9, 9]), unreadable]);
    expect(notKept).toEqual(['p2.jpg']);
    expect(row.payload.mediaIDs).toEqual(['p1']);
    expect((await outboxItem('obs-2'))?.payload.mediaIDs).toEqual(['p1']);
    expect((await offlineDB().media.toArray()).map((m) => m.id)).toEqual(['p1']);
  });

  it('when the files cannot be stored at all, the save is stored without them and every file is named', async () => {
    const realBulkPut = offlineDB().media.bulkPut;
    // The device is full: storing the files fails (as a QuotaExceededError aborts the transaction).
    offlineDB().media.bulkPut = (() =>
      Promise.reject(new DOMException('full', 'QuotaExceededError'))) as unknown as typeof realBulkPut;
    try {
      const { row, notKept } = await queue('obs-3', [photo('p1', [1]), photo('p2', [2])]);
      expect(notKept.sort()).toEqual(['p1.jpg', 'p2.jpg']);
      expect(row.payload.mediaIDs).toEqual([]);
      expect(await outboxItem('obs-3')).toMatchObject({
        status: 'pending',
        payload: { mediaIDs: [] },
      });
    } finally {
      offlineDB().media.bulkPut = realBulkPut;
    }
  });

  it('a row written by an earlier build (a Blob) is still read', async () => {
    const blob = new Blob(['old'], { type: 'image/png' });
    expect(storedBlob({ blob, mimeType: 'image/png' })).toBe(blob);
    const kept = await toStoredBytes(new Blob(['new'], { type: 'image/png' }));
    const again = storedBlob(kept);
    expect(again.type).toBe('image/png');
    expect(await again.text()).toBe('new');
  });
});
