// The Dexie side of the outbox on an in-memory IndexedDB (fake-indexeddb), the same Dexie code the
// browser runs: what the sync screen's item actions do to the stored rows.
import 'fake-indexeddb/auto';
import type { EventSavePayload } from '@nursery/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineDB } from './db';
import {
  countsOf,
  deleteOutboxItem,
  keepMine,
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
  await Promise.all([db.events.clear(), db.media.clear(), db.conflicts.clear()]);
});

describe('outbox item actions', () => {
  it('upload without media drops the waiting files and the ids the server said it does not hold', async () => {
    const db = offlineDB();
    await queue('a', ['m1', 'm2', 'gone']);
    await db.media.update('m2', { uploaded: true });
    await db.media.delete('gone');
    await db.events.update('a', {
      status: 'error',
      error: { code: 'sync-no-media', message: 'not found', mediaIDs: ['gone'] },
    });
    await uploadWithoutMedia('a');
    const row = await db.events.get('a');
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
    expect(await offlineDB().events.count()).toBe(1);
  });

  it('delete all removes the item with its files; retry puts error items back to pending', async () => {
    const db = offlineDB();
    await queue('a', ['m1']);
    await queue('b');
    await db.events.update('b', { status: 'error', error: { code: 'sync-error', message: 'x' } });
    await retryOutbox(USER);
    expect(await db.events.get('b')).toMatchObject({ status: 'pending', error: null });
    await deleteOutboxItem('a');
    expect(await db.events.get('a')).toBeUndefined();
    expect(await db.media.count()).toBe(0);
  });

  it('a second offline edit of the same event replaces the first and keeps its base version', async () => {
    const db = offlineDB();
    await queue('e1', [], { kind: 'update', eventID: 9 });
    await db.events.update('e1', { baseVersion: 2 });
    await queue('e2', [], { kind: 'update', eventID: 9 });
    const rows = await db.events.toArray();
    expect(rows.map((r) => r.uuid)).toEqual(['e2']);
    expect(rows[0]?.baseVersion).toBe(2);
  });

  it('counts a status this build does not know as an error', () => {
    const rows = [{ status: 'pending' }, { status: 'done' }, { status: 'paused' }] as never[];
    expect(countsOf(rows)).toMatchObject({ toUpload: 1, finished: 1, error: 1 });
  });
});
