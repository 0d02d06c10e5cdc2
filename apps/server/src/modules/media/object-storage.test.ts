// Issue 32: media in the object store, on local disk and in an S3 bucket (s3rver in process). The same
// suite runs on both: uploads (a photo with its renditions beside it, a video streamed from its
// temporary file), reads through the app's access check, erasure's deletions; and a store that fails
// (a full disk that took part of a file, a bucket that refuses) answers a clear error and keeps nothing:
// no temporary file, no object, no row, and the event save, signature or medication save that carries
// the file is refused as a whole.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatMessage } from '@nursery/domain/common';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { DiskObjectStore } from '../../lib/object-store/disk.ts';
import type { ObjectStore, PutSource } from '../../lib/object-store/index.ts';
import { startTestS3 } from '../../lib/object-store/test-s3.ts';
import { PROBE_PNG } from '../../security/probe-kit.ts';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from '../events/event-fixtures.ts';
import { removeErasedFiles } from '../requests/erasure.ts';
import { mp4 } from './test-containers.ts';

/**
 * The app's store in these tests: the real one, until a test makes it fail. After `okPuts` more puts
 * succeed, the next one fails: 'full' writes part of the object first, then throws ENOSPC (a disk that
 * filled mid-write, or a store that is not all-or-nothing); 'refusing' is the store refusing outright
 * (the bucket's own answer for the S3 store, EIO for the disk).
 */
class FaultyStore implements ObjectStore {
  fault: { mode: 'full' | 'refusing'; okPuts: number } | null = null;

  constructor(
    readonly real: ObjectStore,
    private readonly refusing: () => Promise<void>,
  ) {}

  get kind() {
    return this.real.kind;
  }

  async put(key: string, source: PutSource, contentType: string) {
    const fault = this.fault;
    if (!fault || fault.okPuts-- > 0) return this.real.put(key, source, contentType);
    if (fault.mode === 'refusing') return this.refusing();
    const bytes = 'bytes' in source ? source.bytes : Buffer.from('part of a video');
    await this.real.put(key, { bytes: bytes.subarray(0, Math.ceil(bytes.length / 2)) }, contentType);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    });
  }
  open(key: string) {
    return this.real.open(key);
  }
  read(key: string) {
    return this.real.read(key);
  }
  exists(key: string) {
    return this.real.exists(key);
  }
  delete(keys: readonly string[]) {
    return this.real.delete(keys);
  }
  list(prefix: string) {
    return this.real.list(prefix);
  }
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#08f' } })
    .jpeg()
    .toBuffer();

function multipart(fields: Record<string, string>, file: { data: Buffer; contentType: string }) {
  const boundary = `----nursery${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

for (const storeKind of ['disk', 's3'] as const) {
  describeEachDb(`media in the object store (${storeKind})`, (kind) => {
    let t: TestApp;
    let f: Fixture;
    let mediaDir: string;
    let store: FaultyStore;
    let closeStore: () => Promise<void> = async () => {};
    const q = <T>(text: string) => t.database.query<T>(text);

    const upload = async (cookie: string, file: { data: Buffer; contentType: string }, id = randomUUID()) => {
      const body = multipart({ id, typeID: String(f.type('observation')) }, file);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...WRITE_HEADERS, cookie, 'content-type': body.contentType },
        payload: body.payload,
      });
      return { res, id, key: `${f.providerId}/${id}` };
    };
    const get = (cookie: string, url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url, headers: { ...headers, cookie } });
    /** Temporary files of uploads left in the media folder (none, after any answer). */
    const temps = async () =>
      (await readdir(mediaDir, { recursive: true })).filter((n) => String(n).includes('.tmp'));
    const rowCount = async (table: string, where: string) =>
      (await q<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0]!.n;

    beforeAll(async () => {
      mediaDir = await mkdtemp(path.join(tmpdir(), `nursery-objects-${storeKind}-`));
      if (storeKind === 's3') {
        const s3 = await startTestS3();
        const refusing = s3.store('no-such-bucket');
        store = new FaultyStore(s3.store(), () =>
          refusing.put('x', { bytes: Buffer.from('x') }, 'text/plain'),
        );
        closeStore = s3.close;
      } else {
        store = new FaultyStore(new DiskObjectStore(mediaDir), async () => {
          throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO', syscall: 'write' });
        });
      }
      t = await makeTestApp(kind, { mediaDir, objectStore: store });
      f = await loadFixture(t);
    });
    beforeEach(() => {
      store.fault = null;
    });
    afterAll(async () => {
      await t.close();
      await closeStore();
      await rm(mediaDir, { recursive: true, force: true });
    });

    it('stores a photo with its renditions beside it and serves them through the access check', async () => {
      const { res, id, key } = await upload(f.practitioner, {
        data: await jpeg(640, 480),
        contentType: 'image/jpeg',
      });
      expect(res.statusCode, res.body).toBe(201);
      for (const k of [key, `${key}.thumbnail`, `${key}.medium`])
        expect(await store.real.exists(k), k).toBe(true);
      expect((await store.real.list(key)).sort()).toEqual([key, `${key}.medium`, `${key}.thumbnail`]);
      // On disk the files are where they always were; with a bucket, nothing of them is on disk.
      expect(existsSync(path.join(mediaDir, key))).toBe(storeKind === 'disk');
      expect(await temps()).toEqual([]);

      const original = await get(f.practitioner, `/api/v1/media/${id}`);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect(original.rawPayload.equals((await store.real.read(key))!)).toBe(true);
      expect(Number(original.headers['content-length'])).toBe(original.rawPayload.length);
      const range = await get(f.practitioner, `/api/v1/media/${id}`, { range: 'bytes=2-11' });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 2-11/${original.rawPayload.length}`);
      expect(range.rawPayload.equals(original.rawPayload.subarray(2, 12))).toBe(true);
      const thumb = await get(f.practitioner, `/api/v1/media/${id}?size=thumbnail`);
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

      // Not attached to an event yet: its uploader's only. Another provider's manager: 404 as unknown.
      for (const other of [f.manager, f.other]) {
        for (const size of ['', '?size=medium']) {
          const theirs = await get(other, `/api/v1/media/${id}${size}`);
          expect(theirs.statusCode).toBe(404);
          expect(theirs.json().err.code).toBe('err-not-found');
        }
      }
    });

    it('stores a video streamed from its temporary file, and serves the same bytes', async () => {
      const data = mp4(30_000);
      const { res, id, key } = await upload(f.practitioner, { data, contentType: 'video/mp4' });
      expect(res.statusCode, res.body).toBe(201);
      expect((await store.real.read(key))!.equals(data)).toBe(true);
      expect(await temps()).toEqual([]);
      const served = await get(f.practitioner, `/api/v1/media/${id}`);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(data)).toBe(true);
    });

    it("an erasure's deletion removes the medium with every rendition beside it, and nothing else", async () => {
      const erased = await upload(f.manager, { data: await jpeg(200, 100), contentType: 'image/jpeg' });
      const kept = await upload(f.manager, { data: await jpeg(200, 100), contentType: 'image/jpeg' });
      expect([erased.res.statusCode, kept.res.statusCode]).toEqual([201, 201]);
      expect(await removeErasedFiles(store, [erased.key, '../outside', '/etc/passwd'])).toBe(3);
      expect(await store.real.list(erased.key)).toEqual([]);
      expect(await store.real.list(kept.key)).toHaveLength(3);
    });

    for (const mode of ['full', 'refusing'] as const) {
      const [status, code] =
        mode === 'full' ? ([507, 'err-storage-full'] as const) : ([503, 'err-storage-unavailable'] as const);

      it(`a ${mode} store: the upload answers ${status} ${code}, keeps nothing, and the save that names it is refused`, async () => {
        for (const okPuts of [0, 1, 2]) {
          store.fault = { mode, okPuts };
          const { res, id, key } = await upload(f.practitioner, {
            data: await jpeg(300, 200),
            contentType: 'image/jpeg',
          });
          expect(res.statusCode, res.body).toBe(status);
          expect(res.json().err).toEqual({ code, message: formatMessage(code) });
          if (mode === 'refusing') expect(res.headers['retry-after']).toBe('30');
          expect(await rowCount('media', `id = '${id}'`)).toBe(0);
          expect(await store.real.list(key), `after ${okPuts} puts`).toEqual([]);
          expect(await temps()).toEqual([]);

          // The device's sync then sends the event with the medium: refused whole, nothing saved.
          store.fault = null;
          const events = await rowCount('events', `provider_id = ${f.providerId}`);
          const save = await saveRequest(
            t,
            f.practitioner,
            newSave({
              typeID: f.type('observation'),
              codeID: f.code('observation', 'observation'),
              subjects: [f.kids[0]!.id],
              mediaIDs: [id],
            }),
          );
          expect(save.statusCode).toBe(404);
          expect(save.json().err).toMatchObject({ code: 'err-media-not-found', mediaIDs: [id] });
          expect(await rowCount('events', `provider_id = ${f.providerId}`)).toBe(events);
        }
        // A video: the file it would have moved in is removed too.
        store.fault = { mode, okPuts: 0 };
        const video = await upload(f.practitioner, { data: mp4(5_000), contentType: 'video/mp4' });
        expect(video.res.statusCode, video.res.body).toBe(status);
        expect(await store.real.list(video.key)).toEqual([]);
        expect(await temps()).toEqual([]);
        // The store back: the same id uploads as new.
        store.fault = null;
        const again = await upload(f.practitioner, { data: mp4(5_000), contentType: 'video/mp4' }, video.id);
        expect(again.res.statusCode, again.res.body).toBe(201);
      });

      it(`a ${mode} store: a signature or a medication save carrying signatures is refused whole (${status})`, async () => {
        const staff = await q<{ person_id: number }>(
          `select person_id from staff where provider_id = ${f.providerId} and site_id = ${f.siteId}
             and end_date is null order by id limit 2`,
        );
        const gql = (input: Record<string, unknown>) =>
          t.app.inject({
            method: 'POST',
            url: '/graphql',
            headers: { ...WRITE_HEADERS, cookie: f.manager },
            payload: {
              query: `mutation Save($input: UpdateMedicationEventInput!) {
                updateMedicationEvent(input: $input) { id version statusID } }`,
              variables: { input },
            },
          });
        const medication = (notes: string, signatures: { signatureType: string; personID: number }[]) => ({
          id: null,
          raised: new Date(Date.now() - 3_600_000).toISOString(),
          notes,
          childIDs: [f.kids[0]!.id],
          codeID: f.code('medication', 'medication'),
          status: 1,
          medicationInfo: { name: 'Calpol', type: 'Prescribed', dosage: '5 ml' },
          signatures: signatures.map((s) => ({ ...s, dataUrl: PROBE_PNG })),
        });
        const signatureImages = async () =>
          (await store.real.list(`${f.providerId}/sig-`)).filter((k) => k.endsWith('.png')).sort();
        const imagesBefore = await signatureImages();

        // The medication save with two drawn signatures: one image stored, the next one fails.
        store.fault = { mode, okPuts: 1 };
        const notes = `storage ${mode} ${randomUUID()}`;
        const refused = await gql(
          medication(notes, [
            { signatureType: 'AdministeredBy', personID: staff[0]!.person_id },
            { signatureType: 'Witness', personID: staff[1]!.person_id },
          ]),
        );
        expect(refused.json().errors?.[0]?.extensions?.code, refused.body).toBe(code);
        expect(await rowCount('events', `notes = '${notes}'`)).toBe(0);
        expect(await signatureImages()).toEqual(imagesBefore);

        // A draft without signatures saves; then one signature POST whose image cannot be stored.
        store.fault = null;
        const draft = (await gql(medication(notes, []))).json().data.updateMedicationEvent as { id: number };
        store.fault = { mode, okPuts: 0 };
        const signed = await t.app.inject({
          method: 'POST',
          url: `/api/v1/events/${draft.id}/signatures`,
          headers: { ...WRITE_HEADERS, cookie: f.manager },
          payload: { personID: staff[0]!.person_id, signature: PROBE_PNG, signatureType: 'AdministeredBy' },
        });
        expect(signed.statusCode, signed.body).toBe(status);
        expect(signed.json().err.code).toBe(code);
        expect(await rowCount('event_signatures', `event_id = ${draft.id}`)).toBe(0);
        expect(await signatureImages()).toEqual(imagesBefore);
        // The store back: the same signature is taken.
        store.fault = null;
        const retried = await t.app.inject({
          method: 'POST',
          url: `/api/v1/events/${draft.id}/signatures`,
          headers: { ...WRITE_HEADERS, cookie: f.manager },
          payload: { personID: staff[0]!.person_id, signature: PROBE_PNG, signatureType: 'AdministeredBy' },
        });
        expect(retried.statusCode, retried.body).toBe(201);
      });
    }

    it('a profile photo the store refuses is not taken, and the one before is kept', async () => {
      const me = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: f.practitioner } })).json()
        .me;
      const url = `/api/v1/people/${me.personID}/image.jpg`;
      const send = async (width: number) => {
        const body = multipart({}, { data: await jpeg(width, 600), contentType: 'image/jpeg' });
        return t.app.inject({
          method: 'POST',
          url,
          headers: { ...WRITE_HEADERS, cookie: f.practitioner, 'content-type': body.contentType },
          payload: body.payload,
        });
      };
      expect((await send(800)).statusCode).toBe(200);
      const before = (await get(f.practitioner, url)).rawPayload;
      store.fault = { mode: 'refusing', okPuts: 0 };
      const refused = await send(900);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().err.code).toBe('err-storage-unavailable');
      store.fault = null;
      const kept = await get(f.practitioner, url);
      expect(kept.statusCode).toBe(200);
      expect(kept.rawPayload.equals(before)).toBe(true);
    });

    it('a store that cannot be read answers 503, not a missing file', async () => {
      const { res, id, key } = await upload(f.practitioner, {
        data: await jpeg(100, 100),
        contentType: 'image/jpeg',
      });
      expect(res.statusCode).toBe(201);
      const open = store.open.bind(store);
      store.open = async () => {
        throw Object.assign(new Error('EIO: i/o error, open'), { code: 'EIO', name: 'TimeoutError' });
      };
      try {
        const read = await get(f.practitioner, `/api/v1/media/${id}`);
        expect(read.statusCode).toBe(503);
        expect(read.json().err.code).toBe('err-storage-unavailable');
      } finally {
        store.open = open;
      }
      await store.real.delete([key]);
      expect((await get(f.practitioner, `/api/v1/media/${id}`)).statusCode).toBe(404);
    });
  });
}
