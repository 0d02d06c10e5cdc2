// The queue's table on an in-memory IndexedDB (fake-indexeddb): what the sync screen counts per kind.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineDB } from './db';
import type { OperationRow, OperationStatus } from './operations';
import { unsyncedByKind } from './queue';

const op = (uuid: string, kind: string, status: OperationStatus, userID = 3): OperationRow => ({
  uuid,
  kind,
  userID,
  siteID: 1,
  resource: `${kind}:${uuid}`,
  status,
  data: {},
  theirs: null,
  error: null,
  attempts: 0,
  createdAt: 1,
  updatedAt: 1,
});

beforeEach(async () => {
  await offlineDB().operations.clear();
});

describe('unsyncedByKind', () => {
  it("counts the user's operations not sent yet per kind; done ones and other users' are left out", async () => {
    await offlineDB().operations.bulkPut([
      op('a', 'staff-shift', 'pending'),
      op('b', 'staff-shift', 'conflict'),
      op('c', 'spotlight-save', 'error'),
      op('d', 'event', 'done'),
      op('e', 'spotlight-save', 'pending', 4),
    ]);
    expect(await unsyncedByKind(3)).toEqual({ 'staff-shift': 2, 'spotlight-save': 1 });
  });
});
