import type { EventSavePayload } from '@nursery/domain/events';
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay } from './backoff';
import type { ConflictRow, OutboxEvent, OutboxMedia } from './db';
import {
  createSyncRunner,
  type LockLike,
  memoryLock,
  runSync,
  SyncNetworkError,
  SyncRejected,
  type SyncStore,
  type SyncTransport,
} from './syncEngine';

const USER = 7;

function payload(uuid: string, over: Partial<EventSavePayload> = {}): EventSavePayload {
  return {
    uuid,
    raised: '2026-11-22T09:00:00.000Z',
    due: '2026-11-22T09:00:00.000Z',
    notes: `notes ${uuid}`,
    childsVoice: '',
    learningStyles: 0,
    mediaIDs: [],
    ref2: '',
    statusID: 1,
    typeID: 1,
    codeID: 1,
    subjects: [1],
    childID: null,
    tagged: false,
    values: [],
    nextSteps: [],
    completedNextStepIDs: [],
    meals: [],
    areaID: null,
    existingInjury: false,
    nappyCream: false,
    date2: null,
    ...over,
  } as EventSavePayload;
}

function item(uuid: string, over: Partial<OutboxEvent> = {}): OutboxEvent {
  return {
    uuid,
    userID: USER,
    siteID: 1,
    kind: 'create',
    eventID: null,
    baseVersion: null,
    payload: payload(uuid),
    group: 'Observation',
    title: uuid,
    status: 'pending',
    error: null,
    attempts: 0,
    createdAt: 0,
    updatedAt: 0,
    savedIDs: [],
    ...over,
  };
}

function blob(text = 'jpeg-bytes'): Blob {
  return new Blob([text], { type: 'image/jpeg' });
}

class MemoryStore implements SyncStore {
  events = new Map<string, OutboxEvent>();
  media = new Map<string, OutboxMedia>();
  conflicts = new Map<string, ConflictRow>();
  add(e: OutboxEvent, media: { id: string; blob?: Blob }[] = []) {
    this.events.set(e.uuid, { ...e, payload: { ...e.payload, mediaIDs: media.map((m) => m.id) } });
    for (const m of media) {
      this.media.set(m.id, {
        id: m.id,
        eventUuid: e.uuid,
        userID: e.userID,
        typeID: 1,
        blob: m.blob ?? blob(),
        name: `${m.id}.jpg`,
        mimeType: 'image/jpeg',
        uploaded: false,
      });
    }
  }
  async runnable(userID: number) {
    return [...this.events.values()]
      .filter((e) => e.userID === userID && (e.status === 'pending' || e.status === 'syncing'))
      .sort((a, b) => a.createdAt - b.createdAt);
  }
  async mediaOf(uuid: string) {
    return [...this.media.values()].filter((m) => m.eventUuid === uuid);
  }
  async markMediaUploaded(id: string) {
    const m = this.media.get(id);
    if (m) m.uploaded = true;
  }
  async markMediaNotUploaded(id: string) {
    const m = this.media.get(id);
    if (m) m.uploaded = false;
  }
  async patchEvent(uuid: string, patch: Partial<OutboxEvent>) {
    const e = this.events.get(uuid);
    if (e) this.events.set(uuid, { ...e, ...patch });
  }
  async finish(uuid: string, savedIDs: number[]) {
    await this.patchEvent(uuid, { status: 'done', savedIDs, error: null });
    for (const m of await this.mediaOf(uuid)) this.media.delete(m.id);
  }
  async putConflict(row: ConflictRow) {
    this.conflicts.set(row.uuid, row);
  }
  status(uuid: string) {
    return this.events.get(uuid)?.status;
  }
}

/** A server with the real API's replay rules: one row per payload uuid, one file per media id. */
class FakeServer implements SyncTransport {
  log: string[] = [];
  createsPerUuid = new Map<string, number>();
  stored = new Map<string, { id: number; version: number; payload: EventSavePayload }>();
  mediaStored = new Set<string>();
  rows = new Map<number, { version: number; notes: string }>();
  nextID = 100;
  /** Drop the connection after the server did the work (the answer is lost). */
  dropAfterSave = 0;
  /** Drop the connection before the server sees the request. */
  dropBefore = 0;
  reject: { status: number; code: string; message: string } | null = null;

  async uploadMedia(m: OutboxMedia, onProgress: (f: number) => void) {
    if (this.dropBefore > 0) {
      this.dropBefore -= 1;
      throw new SyncNetworkError();
    }
    this.log.push(`media ${m.id}`);
    onProgress(0.5);
    this.mediaStored.add(m.id);
    onProgress(1);
  }
  async createEvent(p: EventSavePayload): Promise<unknown> {
    if (this.dropBefore > 0) {
      this.dropBefore -= 1;
      throw new SyncNetworkError();
    }
    if (this.reject) {
      const r = this.reject;
      this.reject = null;
      throw new SyncRejected(r.status, r.code, r.message);
    }
    const missing = p.mediaIDs.filter((id) => !this.mediaStored.has(id));
    if (missing.length > 0) {
      throw new SyncRejected(404, 'err-media-not-found', 'Some photos were not found.', null, {
        mediaIDs: missing,
      });
    }
    this.log.push(`create ${p.uuid}`);
    let row = this.stored.get(p.uuid);
    if (!row) {
      this.createsPerUuid.set(p.uuid, (this.createsPerUuid.get(p.uuid) ?? 0) + 1);
      row = { id: this.nextID++, version: 1, payload: p };
      this.stored.set(p.uuid, row);
    }
    if (this.dropAfterSave > 0) {
      this.dropAfterSave -= 1;
      throw new SyncNetworkError();
    }
    return [{ id: row.id, uuid: p.uuid, version: row.version }];
  }
  async updateEvent(id: number, p: EventSavePayload) {
    this.log.push(`update ${id} v${String(p.version)}`);
    const row = this.rows.get(id);
    if (!row) throw new SyncRejected(404, 'err-not-found', 'Event not found.');
    if (p.version !== row.version) {
      throw new SyncRejected(409, 'err-conflict', 'Changed by someone else.', { id, ...row });
    }
    row.version += 1;
    row.notes = p.notes ?? '';
    return [{ id, version: row.version }];
  }
}

describe('sync engine', () => {
  it('uploads the media before the event, then marks the item done with its saved ids', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a'), [{ id: 'm1' }, { id: 'm2' }]);
    const progress: number[] = [];
    const out = await runSync({
      store,
      transport: server,
      userID: USER,
      report: { progress: (_u, f) => progress.push(f) },
    });
    expect(out).toEqual({ kind: 'finished', sent: 1, failed: 0 });
    expect(server.log).toEqual(['media m1', 'media m2', 'create a']);
    expect(store.events.get('a')).toMatchObject({ status: 'done', savedIDs: [100] });
    expect(store.media.size).toBe(0);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
  });

  it('never duplicates when the connection drops after the server saved: the replay gets the stored row', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a', { createdAt: 1 }), [{ id: 'm1' }]);
    store.add(item('b', { createdAt: 2 }));
    server.dropAfterSave = 1;
    let out = await runSync({ store, transport: server, userID: USER });
    expect(out.kind).toBe('offline');
    // The media is on the server and not sent again; the item waits as pending, b was not tried.
    expect(store.media.get('m1')?.uploaded).toBe(true);
    expect(store.status('a')).toBe('pending');
    expect(store.status('b')).toBe('pending');
    out = await runSync({ store, transport: server, userID: USER });
    expect(out).toEqual({ kind: 'finished', sent: 2, failed: 0 });
    expect(server.createsPerUuid.get('a')).toBe(1);
    expect(server.createsPerUuid.get('b')).toBe(1);
    expect(server.log.filter((l) => l === 'media m1')).toHaveLength(1);
    expect(store.events.get('a')?.savedIDs).toEqual([100]);
    expect(store.events.get('a')?.attempts).toBe(2);
  });

  it('a dropped media upload leaves the item pending and the replay sends the same media id', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a'), [{ id: 'm1' }]);
    server.dropBefore = 1;
    expect((await runSync({ store, transport: server, userID: USER })).kind).toBe('offline');
    expect(store.status('a')).toBe('pending');
    expect(await runSync({ store, transport: server, userID: USER })).toMatchObject({ sent: 1 });
    expect(server.log).toEqual(['media m1', 'create a']);
  });

  it('a 4xx answer puts the item in the error state with the server message and goes on with the next', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a', { createdAt: 1 }));
    store.add(item('b', { createdAt: 2 }));
    server.reject = { status: 400, code: 'err-invalid-request', message: 'Notes are too long.' };
    const out = await runSync({ store, transport: server, userID: USER });
    expect(out).toEqual({ kind: 'finished', sent: 1, failed: 1 });
    expect(store.events.get('a')).toMatchObject({
      status: 'error',
      error: { code: 'err-invalid-request', message: 'Notes are too long.' },
    });
    expect(store.status('b')).toBe('done');
    // An error item is not retried until the user asks (it is not runnable).
    expect(await runSync({ store, transport: server, userID: USER })).toEqual({
      kind: 'finished',
      sent: 0,
      failed: 0,
    });
  });

  it('a busy server (503) or a rate limit (429) leaves the item pending and backs off, never an error', async () => {
    for (const [status, code] of [
      [503, 'err-busy'],
      [429, 'err-too-many-requests'],
    ] as const) {
      const store = new MemoryStore();
      const server = new FakeServer();
      store.add(item('a'));
      server.reject = { status, code, message: 'The server is busy. Please try again in a moment.' };
      expect((await runSync({ store, transport: server, userID: USER })).kind).toBe('offline');
      expect(store.status('a')).toBe('pending');
      expect(await runSync({ store, transport: server, userID: USER })).toMatchObject({ sent: 1 });
      expect(store.status('a')).toBe('done');
    }
  });

  it('a 409 on an update stores both sides and the conflict state', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    server.rows.set(5, { version: 3, notes: 'changed on the server' });
    store.add(
      item('u', { kind: 'update', eventID: 5, baseVersion: 2, payload: payload('u', { notes: 'mine' }) }),
    );
    await runSync({ store, transport: server, userID: USER });
    expect(server.log).toEqual(['update 5 v2']);
    expect(store.events.get('u')).toMatchObject({ status: 'conflict', error: { code: 'sync-conflict' } });
    const conflict = store.conflicts.get('u');
    expect(conflict).toMatchObject({ eventID: 5, server: { version: 3, notes: 'changed on the server' } });
    expect(conflict?.local.notes).toBe('mine');
    expect(server.rows.get(5)?.notes).toBe('changed on the server');
    // Keep mine: the same payload again from the server's current version.
    await store.patchEvent('u', { status: 'pending', baseVersion: 3 });
    await runSync({ store, transport: server, userID: USER });
    expect(store.status('u')).toBe('done');
    expect(server.rows.get(5)).toEqual({ version: 4, notes: 'mine' });
  });

  it('an edit whose answer was lost is not a conflict with itself when replayed', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    server.rows.set(5, { version: 2, notes: 'before' });
    const mine = payload('u', { notes: 'mine' });
    store.add(item('u', { kind: 'update', eventID: 5, baseVersion: 2, payload: mine }));
    const real = server.updateEvent.bind(server);
    let dropped = false;
    server.updateEvent = async (id, p) => {
      const answer = await real(id, p);
      if (!dropped) {
        dropped = true;
        throw new SyncNetworkError();
      }
      return answer;
    };
    expect((await runSync({ store, transport: server, userID: USER })).kind).toBe('offline');
    // The replay meets version 3; the fake's 409 names the current row, which already holds "mine".
    server.updateEvent = async (id, p) => {
      const row = server.rows.get(id)!;
      if (p.version !== row.version) {
        throw new SyncRejected(409, 'err-conflict', 'moved', { ...mine, id, version: row.version });
      }
      return real(id, p);
    };
    await runSync({ store, transport: server, userID: USER });
    expect(store.events.get('u')).toMatchObject({ status: 'done', savedIDs: [5] });
    expect(store.conflicts.size).toBe(0);
    expect(server.rows.get(5)).toEqual({ version: 3, notes: 'mine' });
  });

  it('a draft queued with U+0000 in its text is sent without it (the server would refuse it for ever)', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(
      item('nul', {
        payload: payload('nul', {
          notes: 'Built\u0000 a tower\n\twith blocks',
          childsVoice: '\u001b[31m',
          nextSteps: [{ notes: 'a\u0000b', links: [], completed: false }],
        }),
      }),
    );
    store.add(
      item('edit', {
        kind: 'update',
        eventID: 5,
        baseVersion: 1,
        payload: payload('edit', { notes: 'x\u0000' }),
      }),
    );
    server.rows.set(5, { version: 1, notes: '' });
    const out = await runSync({ store, transport: server, userID: USER });
    expect(out).toEqual({ kind: 'finished', sent: 2, failed: 0 });
    const sent = server.stored.get('nul')!.payload;
    expect(sent.notes).toBe('Built a tower\n\twith blocks');
    expect(sent.childsVoice).toBe('[31m');
    expect(sent.nextSteps[0]!.notes).toBe('ab');
    expect(server.rows.get(5)!.notes).toBe('x');
  });

  it("syncs only the given user's items and resumes items a dead loop left as syncing", async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('mine', { status: 'syncing' }));
    store.add(item('theirs', { userID: 8 }));
    await runSync({ store, transport: server, userID: USER });
    expect(store.status('mine')).toBe('done');
    expect(store.status('theirs')).toBe('pending');
  });

  it('missing media Blobs and invalid answers become errors', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a', { createdAt: 1 }), [{ id: 'm1', blob: new Blob([]) }]);
    store.add(item('b', { createdAt: 2 }));
    server.createEvent = async () => ({ ok: true });
    await runSync({ store, transport: server, userID: USER });
    expect(store.events.get('a')?.error?.code).toBe('sync-missing-media');
    expect(store.events.get('b')?.error?.code).toBe('sync-invalid-response');
  });
});

describe('media the server does not hold (err-media-not-found)', () => {
  it('a file this device no longer has is sync-no-media naming it; without it the event goes up', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    // m1 is on the device; m0 was listed by the editor but its file never reached this device's store.
    store.add(item('a'), [{ id: 'm1' }]);
    const row = store.events.get('a')!;
    store.events.set('a', { ...row, payload: { ...row.payload, mediaIDs: ['m0', 'm1'] } });
    expect(await runSync({ store, transport: server, userID: USER })).toEqual({
      kind: 'finished',
      sent: 0,
      failed: 1,
    });
    expect(store.events.get('a')).toMatchObject({
      status: 'error',
      error: { code: 'sync-no-media', message: 'Some photos were not found.', mediaIDs: ['m0'] },
    });
    expect(server.log).toEqual(['media m1']);
    // What "upload without media" does to the row (outbox.uploadWithoutMedia): drop the named ids.
    const failed = store.events.get('a')!;
    store.events.set('a', {
      ...failed,
      status: 'pending',
      error: null,
      payload: { ...failed.payload, mediaIDs: failed.payload.mediaIDs.filter((id) => id !== 'm0') },
    });
    await runSync({ store, transport: server, userID: USER });
    expect(store.events.get('a')).toMatchObject({ status: 'done', savedIDs: [100] });
    expect(server.stored.get('a')?.payload.mediaIDs).toEqual(['m1']);
  });

  it('an answer that names no media is a plain error and marks nothing to drop', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a'), [{ id: 'm1' }]);
    server.createEvent = async () => {
      throw new SyncRejected(404, 'err-media-not-found', 'Some photos were not found.');
    };
    await runSync({ store, transport: server, userID: USER });
    const row = store.events.get('a');
    expect(row?.error).toEqual({ code: 'sync-error', message: 'Some photos were not found.' });
    // The photo reached the server and stays in the event.
    expect(row?.payload.mediaIDs).toEqual(['m1']);
    expect(store.media.get('m1')?.uploaded).toBe(true);
  });

  it('a file the server lost but the device still holds is uploaded again on Retry', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a'), [{ id: 'm1' }]);
    // The upload "succeeded" but the server lost the file before the event arrived.
    const upload = server.uploadMedia.bind(server);
    server.uploadMedia = async (m, p) => {
      await upload(m, p);
      server.mediaStored.delete(m.id);
      server.uploadMedia = upload;
    };
    await runSync({ store, transport: server, userID: USER });
    expect(store.events.get('a')?.error?.code).toBe('sync-error');
    expect(store.media.get('m1')?.uploaded).toBe(false);
    await store.patchEvent('a', { status: 'pending', error: null });
    await runSync({ store, transport: server, userID: USER });
    expect(store.status('a')).toBe('done');
    expect(server.log.filter((l) => l === 'media m1')).toHaveLength(2);
  });
});

describe('backoff', () => {
  it('waits 2 s, doubling, capped at 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(backoffDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000,
    ]);
    expect(backoffDelay(0)).toBe(0);
    expect(backoffDelay(40)).toBe(BACKOFF_MAX_MS);
  });
});

describe('one loop at a time', () => {
  it('coalesces triggers during a loop into one more pass and never overlaps passes', async () => {
    let active = 0;
    let maxActive = 0;
    let passes = 0;
    const gates: (() => void)[] = [];
    const runner = createSyncRunner(memoryLock(), async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      passes += 1;
      await new Promise<void>((resolve) => gates.push(resolve));
      active -= 1;
      return passes;
    });
    const first = runner.trigger();
    const second = runner.trigger();
    const third = runner.trigger();
    expect(runner.running).toBe(true);
    await Promise.resolve();
    gates.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    gates.shift()?.();
    expect(await first).toBe(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(passes).toBe(2);
    expect(maxActive).toBe(1);
    expect(runner.running).toBe(false);
  });

  it('two tabs (two runners) sharing a lock never run a pass at the same time', async () => {
    const lock: LockLike = memoryLock();
    let active = 0;
    let maxActive = 0;
    const pass = async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
    };
    const tabA = createSyncRunner(lock, pass);
    const tabB = createSyncRunner(lock, pass);
    await Promise.all([tabA.trigger(), tabB.trigger(), tabA.trigger(), tabB.trigger()]);
    expect(maxActive).toBe(1);
  });

  it('a shared store synced by two loops one after the other posts each item once', async () => {
    const store = new MemoryStore();
    const server = new FakeServer();
    store.add(item('a'), [{ id: 'm1' }]);
    const lock = memoryLock();
    const pass = () => runSync({ store, transport: server, userID: USER });
    await Promise.all([createSyncRunner(lock, pass).trigger(), createSyncRunner(lock, pass).trigger()]);
    expect(server.log).toEqual(['media m1', 'create a']);
  });
});
