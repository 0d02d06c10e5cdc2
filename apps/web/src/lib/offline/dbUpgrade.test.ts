// The version 5 upgrade on an in-memory IndexedDB (fake-indexeddb): a device that had event saves and
// a conflict waiting in the former tables finds them in the one queue after the upgrade.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { OfflineDB, type OutboxEvent } from './db';
import { conflictOf, type EventOperation, fromEventOperation } from './eventOperation';
import { fromSpotlightOperation, type SpotlightOperation } from './spotlightOperation';

const NAME = 'nursery-upgrade-test';

function savedEvent(uuid: string, over: Partial<OutboxEvent> = {}): OutboxEvent {
  return {
    uuid,
    userID: 3,
    siteID: 1,
    kind: 'update',
    eventID: 42,
    baseVersion: 4,
    payload: { uuid, notes: 'waiting', mediaIDs: ['m1'] } as unknown as OutboxEvent['payload'],
    group: 'Observation',
    title: 'Amy: waiting',
    status: 'pending',
    error: null,
    attempts: 1,
    createdAt: 1000,
    updatedAt: 1000,
    savedIDs: [],
    ...over,
  };
}

/** The database as version 4 builds left it. */
async function writeVersion4() {
  const old = new Dexie(NAME);
  old.version(4).stores({
    cache: 'key',
    events: 'uuid, userID, status, createdAt, [userID+status]',
    media: 'id, eventUuid, userID',
    registerPending: 'opId, userID',
    staffPending: 'opId, userID, [userID+siteID+date]',
    conflicts: 'uuid, userID',
    formDrafts: 'id, userID, savedAt',
    spotlightPending: 'uuid, userID, createdAt',
  });
  await old.open();
  await old
    .table('events')
    .bulkPut([savedEvent('e1'), savedEvent('e2', { status: 'conflict', createdAt: 2000, eventID: 43 })]);
  await old.table('conflicts').put({
    uuid: 'e2',
    userID: 3,
    eventID: 43,
    server: { id: 43, version: 7 },
    local: savedEvent('e2').payload,
    at: 2500,
  });
  await old.table('staffPending').bulkPut([
    {
      opId: 'staff:3:c1',
      userID: 3,
      siteID: 1,
      date: '2026-11-27',
      at: 1500,
      entry: { change: { localID: 'c1', shiftID: 10, siteID: 1, date: '2026-11-27' }, theirs: null },
    },
    {
      opId: 'staff:3:c2',
      userID: 3,
      siteID: 1,
      date: '2026-11-27',
      at: 1600,
      entry: { change: { localID: 'c2', shiftID: 11, siteID: 1, date: '2026-11-27' }, theirs: { id: 11 } },
    },
  ]);
  await old.table('spotlightPending').put({
    uuid: 's1',
    userID: 3,
    siteID: 1,
    eventID: null,
    input: { uuid: 's1', typeID: 5 },
    title: 'Snapshot – Amy',
    status: 'error',
    error: { code: 'err-bad-input', message: 'No.' },
    attempts: 2,
    createdAt: 1700,
    updatedAt: 1800,
  });
  await old.table('registerPending').put({
    opId: 'register:3:1:2026-11-27:5:10',
    userID: 3,
    at: 1900,
    value: {
      siteID: 1,
      childID: 5,
      comboID: 10,
      date: '2026-11-27',
      version: 2,
      actualStart: '08:00',
      conflict: { reason: 'deleted', theirs: null },
    },
  });
  await old.table('media').put({ id: 'm1', eventUuid: 'e1', userID: 3, typeID: 1, name: 'p.jpg' });
  old.close();
}

describe('the version 5 upgrade (issue 28: one queue)', () => {
  it('moves the waiting event saves, their conflicts and every former queue into the operations', async () => {
    await writeVersion4();
    const db = new OfflineDB(NAME);
    await db.open();
    const ops = (await db.operations.where('kind').equals('event').sortBy('createdAt')) as EventOperation[];
    expect(ops.map((o) => [o.uuid, o.kind, o.resource, o.status])).toEqual([
      ['e1', 'event', 'event:42', 'pending'],
      ['e2', 'event', 'event:43', 'conflict'],
    ]);
    expect(fromEventOperation(ops[0] as EventOperation)).toEqual(savedEvent('e1'));
    expect(conflictOf(ops[1] as EventOperation)).toMatchObject({ uuid: 'e2', server: { version: 7 } });
    expect(conflictOf(ops[0] as EventOperation)).toBeUndefined();
    expect(await db.media.get('m1')).toMatchObject({ eventUuid: 'e1' });
    const shifts = await db.operations.where('kind').equals('staff-shift').sortBy('createdAt');
    expect(shifts.map((o) => [o.uuid, o.resource, o.status, o.theirs])).toEqual([
      ['staff:3:c1', 'shift:10', 'pending', null],
      ['staff:3:c2', 'shift:11', 'conflict', { id: 11 }],
    ]);
    expect(shifts[0]?.data).toEqual({
      change: { localID: 'c1', shiftID: 10, siteID: 1, date: '2026-11-27' },
    });
    const [spotlight] = await db.operations.where('kind').equals('spotlight-save').toArray();
    expect(spotlight).toMatchObject({ uuid: 's1', resource: 'spotlight-new:s1', status: 'error' });
    expect(fromSpotlightOperation(spotlight as SpotlightOperation)).toMatchObject({
      uuid: 's1',
      eventID: null,
      input: { uuid: 's1', typeID: 5 },
      title: 'Snapshot – Amy',
      error: { code: 'err-bad-input', message: 'No.' },
      attempts: 2,
      createdAt: 1700,
    });
    const [booking] = await db.operations.where('kind').equals('register-booking').toArray();
    expect(booking).toMatchObject({
      uuid: 'register:3:1:2026-11-27:5:10',
      resource: 'booking:1:2026-11-27:5:10',
      status: 'conflict',
      theirs: { reason: 'deleted', theirs: null },
      data: { childID: 5, version: 2, actualStart: '08:00' },
      createdAt: 1900,
    });
    expect(booking?.data).not.toHaveProperty('conflict');
    // The former stores have no table of their own any more.
    expect(db.tables.map((t) => t.name)).not.toContain('conflicts');
    expect(db.tables.map((t) => t.name)).not.toContain('staffPending');
    expect(db.tables.map((t) => t.name)).not.toContain('spotlightPending');
    expect(db.tables.map((t) => t.name)).not.toContain('registerPending');
    db.close();
  });
});
