// The Dexie side of the outbox on an in-memory IndexedDB (fake-indexeddb), the same Dexie code the
// browser runs: what the sync screen's item actions do to the stored rows.
import 'fake-indexeddb/auto';
import type { EventSavePayload } from '@nursery/domain/events';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineDB } from './db';
import {
  countsOf,
  deleteOutboxItem,
  dexieSyncStore,
  keepMine,
  outboxItem,
  queueEventSave,
  retryOutbox,
  UnknownOutboxItem,
  uploadWithoutMedia,
} from './outbox';

const USER = 3;

function payload(uuid: string, mediaIDs: string[] = []): EventSavePayload {
  return {
    uuid,
    raised: '2026-11-22T09:00:00.000Z',
    due: '2026-11-22T09:00:00.000Z',
    notes: `notes ${uuid}`,
    mediaIDs,
    statusID: 1,
    typeID: 1,
    codeID: 1,
    subjects: [1],
  } as EventSavePayload;
}

async function queue(uuid: string, media: string[] = [], over: { kind?: 'update'; eventID?: number } = {}) {
  return queueEventSave({
    userID: USER,
    siteID: 1,
    payload: payload(uuid, media),
    kind: over.kind ?? 'create',
    eventID: over.eventID ?? null,
    baseVersion: over.kind ? 4 : null,
    group: 'Observation',
    title: uuid,
    media: media.map((id) => ({
      id,
      typeID: 1,
      blob: new Blob(['bytes'], { type: 'image/png' }),
      name: `${id}.png`,
      mimeType: 'image/png',
    })),
  });
}

beforeEach(async () => {
  const db = offlineDB();
  await Promise.all([db.operations.clear(), db.media.clear()]);
});

describe('outbox item actions', () => {
  it('upload without media drops the waiting files and the ids the server said it does not hold', async () => {
    const db = offlineDB();
    await queue('a', ['m1', 'm2', 'gone']);
    await db.media.update('m2', { uploaded: true });
    await db.media.delete('gone');
    await dexieSyncStore().patchEvent('a', {
      status: 'error',
      error: { code: 'sync-no-media', message: 'not found', mediaIDs: ['gone'] },
    });
    await uploadWithoutMedia('a');
    const row = await outboxItem('a');
    // m2 is on the server already and stays; m1 was waiting and gone was never on this device.
    expect(row?.payload.mediaIDs).toEqual(['m2']);
    expect(row).toMatchObject({ status: 'pending', error: null });
    expect((await db.media.toArray()).map((m) => m.id)).toEqual(['m2']);
  });

  it('an action on an item this device no longer holds answers UnknownOutboxItem and changes nothing', async () => {
    await queue('kept');
    await expect(deleteOutboxItem('vanished')).rejects.toBeInstanceOf(UnknownOutboxItem);
    await expect(uploadWithoutMedia('vanished')).rejects.toBeInstanceOf(UnknownOutboxItem);
    await expect(retryOutbox(USER, 'vanished')).rejects.toBeInstanceOf(UnknownOutboxItem);
    await expect(keepMine('vanished')).rejects.toBeInstanceOf(UnknownOutboxItem);
    // Another user's item on the same tablet is unknown to this user.
    await expect(retryOutbox(USER + 1, 'kept')).rejects.toBeInstanceOf(UnknownOutboxItem);
    expect(await offlineDB().operations.count()).toBe(1);
  });

  it('delete all removes the item with its files; retry puts error items back to pending', async () => {
    const db = offlineDB();
    await queue('a', ['m1']);
    await queue('b');
    await dexieSyncStore().patchEvent('b', { status: 'error', error: { code: 'sync-error', message: 'x' } });
    await retryOutbox(USER);
    expect(await outboxItem('b')).toMatchObject({ status: 'pending', error: null });
    await deleteOutboxItem('a');
    expect(await outboxItem('a')).toBeUndefined();
    expect(await db.media.count()).toBe(0);
  });

  it('a second offline edit of the same event replaces the first and keeps its base version', async () => {
    await queue('e1', [], { kind: 'update', eventID: 9 });
    await dexieSyncStore().patchEvent('e1', { baseVersion: 2 });
    await queue('e2', [], { kind: 'update', eventID: 9 });
    const rows = await dexieSyncStore().runnable(USER);
    expect(rows.map((r) => r.uuid)).toEqual(['e2']);
    expect(rows[0]?.baseVersion).toBe(2);
  });

  it("keep mine sends the edit again from the server's version; discard mine drops it with its files", async () => {
    const store = dexieSyncStore();
    await queue('k1', ['m1'], { kind: 'update', eventID: 9 });
    await store.putConflict({
      uuid: 'k1',
      userID: USER,
      eventID: 9,
      server: { id: 9, version: 11 },
      local: payload('k1'),
      at: 1,
    });
    await store.patchEvent('k1', { status: 'conflict', error: { code: 'sync-conflict', message: 'x' } });
    await keepMine('k1');
    expect(await outboxItem('k1')).toMatchObject({
      status: 'pending',
      error: null,
      baseVersion: 11,
      payload: { version: 11 },
    });
    await expect(keepMine('k1')).rejects.toBeInstanceOf(UnknownOutboxItem);
    await deleteOutboxItem('k1');
    expect(await outboxItem('k1')).toBeUndefined();
    expect(await offlineDB().media.count()).toBe(0);
  });

  it('counts a status this build does not know as an error', () => {
    const rows = [{ status: 'pending' }, { status: 'done' }, { status: 'paused' }] as never[];
    expect(countsOf(rows)).toMatchObject({ toUpload: 1, finished: 1, error: 1 });
  });
});
