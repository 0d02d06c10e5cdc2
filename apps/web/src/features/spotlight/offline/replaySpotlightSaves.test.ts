// The Spotlight saves kept on the device (fake-indexeddb) and their sending: a sent add leaves once,
// an add sent again after a dropped answer is stored once, no answer keeps everything in order, a
// conflict and a refusal stay with their reason, another user's saves are never sent.
import 'fake-indexeddb/auto';
import type { SpotlightSaveResult, UpdateEventInput } from '@nursery/domain/spotlight';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { offlineDB } from '../../../lib/offline/db';
import { queueSpotlightSave, readSpotlightQueue } from './pendingSpotlightStore';
import { replaySpotlightSaves } from './replaySpotlightSaves';

const USER = 7;
const SITE = 3;
let uuids = 0;

function input(over: Partial<UpdateEventInput> = {}): UpdateEventInput {
  uuids += 1;
  return {
    id: null,
    version: null,
    uuid: `00000000-0000-4000-8000-${String(uuids).padStart(12, '0')}`,
    type: 'snapshot',
    codeID: 1,
    childIDs: [11],
    date: '2026-11-27',
    time: '10:00',
    notes: 'Built a tower',
    gradings: [],
    bestFits: [],
    checkpointIDs: [],
    considerations: [],
    mediaTokens: [],
    statusID: 2,
    ...over,
  };
}

async function queue(i: UpdateEventInput, userID = USER, at = 1000) {
  const row = await queueSpotlightSave({
    userID,
    siteID: SITE,
    input: i,
    title: 'Snapshot – Amy Pond',
    at,
    newUuid: () => crypto.randomUUID(),
  });
  if (!row) throw new Error('not kept');
  return row;
}

/**
 * A server like spotlight/save.ts: an add's uuid seen before answers the events stored the first
 * time; `answer` may throw instead (no answer, a refusal) or drop the answer after storing.
 */
function server(
  answer: (i: UpdateEventInput, call: number) => 'store' | 'store-and-drop' | Error = () => 'store',
) {
  const stored = new Map<string, SpotlightSaveResult>();
  const calls: UpdateEventInput[] = [];
  let nextID = 100;
  const save = async (i: UpdateEventInput): Promise<SpotlightSaveResult> => {
    calls.push(i);
    const known = i.uuid ? stored.get(i.uuid) : undefined;
    if (known) return known;
    const what = answer(i, calls.length);
    if (what instanceof Error) throw what;
    const ids = i.childIDs.map(() => nextID++);
    const result: SpotlightSaveResult = {
      created: i.id == null,
      type: i.type,
      statusID: i.statusID,
      status: 'Published',
      ids,
      events: ids.map((id, n) => ({ id, childID: i.childIDs[n] ?? 0, version: 1 })),
    };
    stored.set(i.uuid ?? String(i.id), result);
    if (what === 'store-and-drop') throw new NetworkError();
    return result;
  };
  return { save, calls, stored };
}

const deps = (save: (i: UpdateEventInput) => Promise<SpotlightSaveResult>) => ({ save, now: () => 5000 });

beforeEach(async () => {
  await offlineDB().operations.clear();
});

describe('Spotlight saves kept on the device', () => {
  it('sends a queued add once and removes it', async () => {
    const add = input();
    await queue(add);
    const fake = server();
    const outcome = await replaySpotlightSaves(USER, deps(fake.save));
    expect(outcome.sent.map((s) => s.result.ids)).toEqual([[100]]);
    expect(fake.calls.map((c) => c.uuid)).toEqual([add.uuid]);
    expect(await readSpotlightQueue(USER)).toEqual([]);
    // A second pass has nothing to send.
    await replaySpotlightSaves(USER, deps(fake.save));
    expect(fake.calls).toHaveLength(1);
  });

  it('an add whose answer was dropped is sent again with its uuid and stored once', async () => {
    const add = input();
    await queue(add);
    const fake = server((_, call) => (call === 1 ? 'store-and-drop' : 'store'));
    const first = await replaySpotlightSaves(USER, deps(fake.save));
    expect(first.stopped).toBe(true);
    const kept = await readSpotlightQueue(USER);
    expect(kept.map((r) => [r.uuid, r.status, r.attempts])).toEqual([[add.uuid, 'pending', 1]]);
    const second = await replaySpotlightSaves(USER, deps(fake.save));
    expect(second.sent.map((s) => s.result.ids)).toEqual([[100]]);
    expect(fake.calls.map((c) => c.uuid)).toEqual([add.uuid, add.uuid]);
    expect(fake.stored.size).toBe(1);
    expect(await readSpotlightQueue(USER)).toEqual([]);
  });

  it('no answer stops the pass and keeps every save pending in the order made', async () => {
    const a = input();
    const b = input();
    const c = input();
    await queue(a, USER, 1000);
    await queue(b, USER, 2000);
    await queue(c, USER, 3000);
    const offline = server(() => new NetworkError());
    const outcome = await replaySpotlightSaves(USER, deps(offline.save));
    expect(outcome).toMatchObject({ sent: [], stopped: true });
    expect(offline.calls).toHaveLength(1);
    const rows = await readSpotlightQueue(USER);
    expect(rows.map((r) => [r.uuid, r.status])).toEqual([
      [a.uuid, 'pending'],
      [b.uuid, 'pending'],
      [c.uuid, 'pending'],
    ]);
    // Back online: sent oldest first.
    const online = server();
    await replaySpotlightSaves(USER, deps(online.save));
    expect(online.calls.map((x) => x.uuid)).toEqual([a.uuid, b.uuid, c.uuid]);
  });

  it('an edit answered 409 err-conflict stays as a conflict and the next save is still sent', async () => {
    const edit = input({ id: 50, version: 3, uuid: null });
    const add = input();
    await queue(edit, USER, 1000);
    await queue(add, USER, 2000);
    const fake = server((i) =>
      i.id === 50 ? new ApiError(409, 'err-conflict', 'The event was changed by another save.') : 'store',
    );
    const outcome = await replaySpotlightSaves(USER, deps(fake.save));
    expect(outcome.failed).toBe(1);
    expect(outcome.sent).toHaveLength(1);
    const rows = await readSpotlightQueue(USER);
    expect(rows.map((r) => [r.eventID, r.status, r.error?.code])).toEqual([[50, 'conflict', 'err-conflict']]);
    // A conflict is not sent again by a later pass.
    await replaySpotlightSaves(USER, deps(fake.save));
    expect(fake.calls.filter((c) => c.id === 50)).toHaveLength(1);
  });

  it('a 400 refusal stays as an error with the server message', async () => {
    await queue(input());
    const fake = server(() => new ApiError(400, 'err-invalid-request', 'Choose a code.'));
    await replaySpotlightSaves(USER, deps(fake.save));
    const [row] = await readSpotlightQueue(USER);
    expect(row).toMatchObject({
      status: 'error',
      error: { code: 'err-invalid-request', message: 'Choose a code.' },
      attempts: 1,
      updatedAt: 5000,
    });
  });

  it('a busy server (503) keeps the save pending', async () => {
    await queue(input());
    const fake = server(() => new ApiError(503, 'err-unavailable', 'Busy'));
    const outcome = await replaySpotlightSaves(USER, deps(fake.save));
    expect(outcome.stopped).toBe(true);
    expect((await readSpotlightQueue(USER)).map((r) => r.status)).toEqual(['pending']);
  });

  it("never sends another user's saves", async () => {
    const theirs = input();
    const mine = input();
    await queue(theirs, 8);
    await queue(mine, USER);
    const fake = server();
    await replaySpotlightSaves(USER, deps(fake.save));
    expect(fake.calls.map((c) => c.uuid)).toEqual([mine.uuid]);
    expect((await readSpotlightQueue(8)).map((r) => r.uuid)).toEqual([theirs.uuid]);
  });

  it('an edit saved again while one waits replaces it in its place', async () => {
    const first = await queue(input({ id: 50, version: 3, uuid: null, notes: 'one' }), USER, 1000);
    await queue(input(), USER, 2000);
    await queue(input({ id: 50, version: 3, uuid: null, notes: 'two' }), USER, 3000);
    const rows = await readSpotlightQueue(USER);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ uuid: first.uuid, createdAt: 1000, updatedAt: 3000 });
    expect(rows[0]?.input.notes).toBe('two');
  });
});
