import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startTestS3 } from '../../lib/object-store/test-s3.ts';
import {
  type DbKind,
  describeEachDb,
  openTestDatabase,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from '../events/event-fixtures.ts';
import { ftyp, liveWebm, mp4 } from './test-containers.ts';

const IMAGE_MAX = 200_000;
const VIDEO_MAX = 50_000;

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body written by hand (fields in the order given). */
function multipart(parts: Part[]) {
  const boundary = `----nursery${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: ${p.contentType}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const jpeg = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#f80' } })
    .jpeg()
    .toBuffer();

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed) >>> 0);
  return Buffer.concat([head, typed, crc]);
}

/**
 * A valid black PNG of width x height at 1 bit per pixel: 16000 x 16000 (256 megapixels) is about
 * 31 KB, well within the byte limit.
 */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 and black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Issue 32: the suite on each database and each store, the local disk and a bucket (s3rver in process).
 * Uploads are received in the media folder with either store, so its checks for temporary files hold.
 */
function describeEachDbAndStore(name: string, fn: (kind: DbKind, storeKind: 'disk' | 's3') => void) {
  for (const storeKind of ['disk', 's3'] as const)
    describeEachDb(`${name} (${storeKind})`, (kind) => fn(kind, storeKind));
}

describeEachDbAndStore('media upload and download', (kind, storeKind) => {
  let t: TestApp;
  let f: Fixture;
  let mediaDir: string;
  let otherObservationType: number;

  const upload = (
    cookie: string | undefined,
    file: { data: Buffer; contentType?: string; filename?: string } | null,
    fields: { id?: string; typeID?: number | string },
  ) => {
    const parts: Part[] = [];
    if (fields.id !== undefined) parts.push({ name: 'id', value: fields.id });
    if (fields.typeID !== undefined) parts.push({ name: 'typeID', value: String(fields.typeID) });
    if (file) {
      parts.push({
        name: 'file',
        filename: file.filename ?? 'photo.jpg',
        contentType: file.contentType ?? 'image/jpeg',
        data: file.data,
      });
    }
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...WRITE_HEADERS, ...(cookie ? { cookie } : {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const get = (cookie: string | undefined, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  /** The stored medium an upload answers: the first (only) item of its array (spec 002 §7). */
  const uploaded = (res: LightMyRequestResponse) => {
    const body = res.json();
    expect(body, 'the upload answers an array of one').toHaveLength(1);
    return body[0];
  };
  const countRows = async (id: string) =>
    (await t.database.query<{ n: number }>(`select count(*)::int as n from media where id = '${id}'`))[0]!.n;

  let closeStore = async () => {};

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-media-test-'));
    const s3 = storeKind === 's3' ? await startTestS3() : null;
    if (s3) closeStore = s3.close;
    const database = await openTestDatabase(kind);
    const app = await buildApp({
      database,
      mediaDir,
      objectStore: s3?.store(),
      mediaLimits: { imageMaxBytes: IMAGE_MAX, videoMaxBytes: VIDEO_MAX },
    });
    await app.ready();
    t = {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
      },
    };
    f = await loadFixture(t);
    otherObservationType = (
      await t.database.query<{ id: number }>(
        `select id from event_types where provider_id <> ${f.providerId} and tag = 'observation' limit 1`,
      )
    )[0]!.id;
  });
  afterAll(async () => {
    await t.close();
    await closeStore();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('stores a photo (201), serves the original, a thumbnail at most 320 px wide and a medium rendition', async () => {
    const data = await jpeg();
    const id = randomUUID();
    const res = await upload(f.practitioner, { data }, { id, typeID: f.type('observation') });
    expect(res.statusCode, res.body).toBe(201);
    const body = uploaded(res);
    expect(body).toMatchObject({
      id,
      type: 'image',
      mimeType: 'image/jpeg',
      width: 800,
      height: 600,
      duration: null,
    });
    expect(body.mediaToken).toMatch(/^[\w-]{32}$/);
    expect(new Date(body.updated).toString()).not.toBe('Invalid Date');
    const row = (
      await t.database.query<{ size: number; storage_path: string; renditions: string[] }>(
        `select size::int as size, storage_path, renditions from media where id = '${id}'`,
      )
    )[0]!;
    expect(row).toEqual({
      size: expect.any(Number),
      storage_path: `${f.providerId}/${id}`,
      renditions: ['thumbnail', 'medium'],
    });
    // No temporary file is left behind.
    expect(
      (await readdir(path.join(mediaDir, String(f.providerId)))).filter((n) => n.startsWith('.tmp')),
    ).toEqual([]);

    // The uploader sees the upload while it is attached to no event.
    const original = await get(f.practitioner, `/api/v1/media/${id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    // Never in the browser's HTTP cache (issue 26), nor a rendition of it.
    expect(original.headers['cache-control']).toBe('private, no-store');
    // The stored original is the re-encoded photo (no metadata): the row records its size.
    expect(Number(original.headers['content-length'])).toBe(row.size);
    expect(original.rawPayload.length).toBe(row.size);
    const stored = await sharp(original.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 800, 600]);

    const thumb = await get(f.practitioner, `/api/v1/media/${id}?size=thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, no-store');
    expect(Number(thumb.headers['content-length'])).toBe(thumb.rawPayload.length);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect(thumbMeta.width).toBeLessThanOrEqual(320);
    expect(thumbMeta.height).toBe(240);

    const medium = await sharp(
      (await get(f.practitioner, `/api/v1/media/${id}?size=medium`)).rawPayload,
    ).metadata();
    expect(medium.width).toBe(800); // never enlarged

    const range = await get(f.practitioner, `/api/v1/media/${id}`, { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${row.size}`);
    expect(range.rawPayload.equals(original.rawPayload.subarray(0, 10))).toBe(true);
  });

  it('answers an upload as spec 002 §7 says: an array whose first item has id and mediaToken', async () => {
    const id = randomUUID();
    const first = await upload(
      f.manager,
      { data: await jpeg(200, 150) },
      { id, typeID: f.type('observation') },
    );
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(
      f.manager,
      { data: await jpeg(200, 150) },
      { id, typeID: f.type('observation') },
    );
    expect(again.statusCode, again.body).toBe(200);
    for (const res of [first, again]) {
      const body = res.json();
      expect(Array.isArray(body), res.body).toBe(true);
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({ id, type: 'image', width: 200, height: 150 });
      expect(body[0].mediaToken).toMatch(/^[\w-]{32}$/);
    }
  });

  it('answers 200 with the stored row when the same id is uploaded again, and writes nothing', async () => {
    const id = randomUUID();
    const first = await upload(
      f.manager,
      { data: await jpeg(400, 300) },
      { id, typeID: f.type('observation') },
    );
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(
      f.manager,
      { data: await jpeg(640, 480) },
      { id, typeID: f.type('observation') },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(id)).toBe(1);
    const stored = await sharp((await get(f.manager, `/api/v1/media/${id}`)).rawPayload).metadata();
    expect(stored.width).toBe(400);
  });

  it('answers one 201 and one 200 when the same id is uploaded twice at once', async () => {
    const id = randomUUID();
    const [a, b] = await Promise.all([
      upload(f.manager, { data: await jpeg(500, 400) }, { id, typeID: f.type('observation') }),
      upload(f.manager, { data: await jpeg(500, 400) }, { id, typeID: f.type('observation') }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await countRows(id)).toBe(1);
    expect((await get(f.manager, `/api/v1/media/${id}?size=medium`)).statusCode).toBe(200);
  });

  it('makes an id when the client sends none, and keeps photos upright per EXIF orientation', async () => {
    const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#08f' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(f.manager, { data }, { typeID: f.type('observation') });
    expect(res.statusCode, res.body).toBe(201);
    const { id, width, height } = uploaded(res);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect([width, height]).toEqual([600, 800]);
    const thumb = await sharp(
      (await get(f.manager, `/api/v1/media/${id}?size=thumbnail`)).rawPayload,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 427]);
  });

  it('stores a video (original only) and detects PNG from the bytes whatever the declared type', async () => {
    const video = mp4(20_000);
    const res = await upload(
      f.manager,
      { data: video, contentType: 'application/octet-stream', filename: 'clip.mp4' },
      { id: randomUUID(), typeID: f.type('observation') },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(uploaded(res)).toMatchObject({
      type: 'video',
      mimeType: 'video/mp4',
      width: null,
      duration: null,
    });
    const file = await get(f.manager, `/api/v1/media/${uploaded(res).id}`);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.length).toBe(video.length);
    expect((await get(f.manager, `/api/v1/media/${uploaded(res).id}?size=thumbnail`)).statusCode).toBe(404);

    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const pngRes = await upload(f.manager, { data: png }, { typeID: f.type('observation') });
    expect(pngRes.statusCode, pngRes.body).toBe(201);
    expect(uploaded(pngRes)).toMatchObject({ mimeType: 'image/png', width: 50, height: 40 });
  });

  it('refuses a text file declared as image/jpeg (415) and a broken JPEG (415)', async () => {
    const id = randomUUID();
    const res = await upload(
      f.manager,
      { data: Buffer.from('hello, this is not a photo at all\n'.repeat(10)) },
      { id, typeID: f.type('observation') },
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().err.code).toBe('err-media-type');
    const broken = await upload(
      f.manager,
      { data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(500)]) },
      { id, typeID: f.type('observation') },
    );
    expect(broken.statusCode, broken.body).toBe(415);
    expect(broken.json().err.code).toBe('err-media-type');
    expect(await countRows(id)).toBe(0);
  });

  it('refuses files over the limit for their kind (413) and keeps nothing', async () => {
    const noisy = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(IMAGE_MAX);
    const id = randomUUID();
    const res = await upload(f.manager, { data: noisy }, { id, typeID: f.type('observation') });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().err.code).toBe('err-media-too-large');
    const video = await upload(
      f.manager,
      { data: mp4(VIDEO_MAX + 1), contentType: 'video/mp4' },
      { id, typeID: f.type('observation') },
    );
    expect(video.statusCode, video.body).toBe(413);
    expect(video.json().err.code).toBe('err-media-too-large');
    expect(await countRows(id)).toBe(0);
    expect(
      (await readdir(path.join(mediaDir, String(f.providerId)))).filter((n) => n.startsWith('.tmp')),
    ).toEqual([]);
  });

  it('refuses photos on a type without photos, and videos on a photo-only type (403)', async () => {
    const id = randomUUID();
    const res = await upload(f.manager, { data: await jpeg() }, { id, typeID: f.type('sleep') });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().err).toEqual({
      code: 'err-permission-add-media',
      message: "You don't have permissions to attach media to a Sleep",
    });
    expect(await countRows(id)).toBe(0);
    const photoOnly = await t.database.query<{ id: number }>(
      `select id from event_types where provider_id = ${f.providerId} and add_photo and not add_video and not add_media limit 1`,
    );
    expect(photoOnly.length).toBe(1);
    const video = await upload(f.manager, { data: mp4(1000) }, { id, typeID: photoOnly[0]!.id });
    expect(video.statusCode, video.body).toBe(403);
    expect(video.json().err.code).toBe('err-permission-add-media');
    const photo = await upload(f.manager, { data: await jpeg(100, 80) }, { id, typeID: photoOnly[0]!.id });
    expect(photo.statusCode, photo.body).toBe(201);
  });

  it('refuses bad forms: no typeID, an unknown type, a bad id, no file, not multipart (400)', async () => {
    const data = await jpeg(50, 50);
    const noType = await upload(f.manager, { data }, { id: randomUUID() });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().err.code).toBe('err-invalid-request');
    expect(noType.json().err.message).toMatch(/^typeID: /);
    const unknownType = await upload(f.manager, { data }, { typeID: otherObservationType });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().err.code).toBe('err-invalid-type');
    const badId = await upload(f.manager, { data }, { id: 'not-a-uuid', typeID: f.type('observation') });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().err.message).toMatch(/^id: /);
    const noFile = await upload(f.manager, null, { typeID: f.type('observation') });
    expect(noFile.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...WRITE_HEADERS, cookie: f.manager },
      payload: { typeID: 1 },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().err.code).toBe('err-invalid-request');
  });

  it("keeps providers apart: another provider's media and an unknown id are 404, a bad id 400", async () => {
    const id = randomUUID();
    const mine = await upload(
      f.manager,
      { data: await jpeg(300, 200) },
      { id, typeID: f.type('observation') },
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await get(f.other, `/api/v1/media/${id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().err.code).toBe('err-not-found');
    expect((await get(f.other, `/api/v1/media/${id}?size=thumbnail`)).statusCode).toBe(404);
    // The same client id at another provider is that provider's own media, and leaks nothing.
    const otherUpload = await upload(
      f.other,
      { data: await jpeg(120, 90) },
      { id, typeID: otherObservationType },
    );
    expect(otherUpload.statusCode, otherUpload.body).toBe(201);
    expect(uploaded(otherUpload).width).toBe(120);
    expect(uploaded(otherUpload).mediaToken).not.toBe(uploaded(mine).mediaToken);
    expect((await sharp((await get(f.manager, `/api/v1/media/${id}`)).rawPayload).metadata()).width).toBe(
      300,
    );

    const unknown = await get(f.manager, `/api/v1/media/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().err.code).toBe('err-not-found');
    const bad = await get(f.manager, '/api/v1/media/123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.code).toBe('err-invalid-request');
    expect((await get(f.manager, `/api/v1/media/${id}?size=huge`)).statusCode).toBe(400);
  });

  it('needs a session (401) and the CSRF header (403)', async () => {
    const data = await jpeg(50, 50);
    const res = await upload(undefined, { data }, { typeID: f.type('observation') });
    expect(res.statusCode).toBe(401);
    expect(res.json().err.code).toBe('err-not-logged-in');
    expect((await get(undefined, `/api/v1/media/${randomUUID()}`)).statusCode).toBe(401);
    const body = multipart([
      { name: 'typeID', value: String(f.type('observation')) },
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data },
    ]);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { cookie: f.manager, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().err.code).toBe('err-csrf');
  });

  it('stores photos without EXIF, GPS, XMP or IPTC, with the EXIF orientation applied to the pixels', async () => {
    // 800 x 600 stored sideways (orientation 6): displayed 600 wide, 800 high. Left half red, right blue.
    const pixels = Buffer.alloc(800 * 600 * 3);
    for (let i = 0; i < 800 * 600; i++) pixels.set(i % 800 < 400 ? [255, 0, 0] : [0, 0, 255], i * 3);
    const data = await sharp(pixels, { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg({ quality: 95 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Parent of the child' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 2646/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3960/100',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(data).metadata();
    expect([sent.orientation, !!sent.exif, !!sent.xmp]).toEqual([6, true, true]);
    expect(sent.exif!.includes('PhoneMaker')).toBe(true);

    const res = await upload(f.manager, { data }, { typeID: f.type('observation') });
    expect(res.statusCode, res.body).toBe(201);
    expect([uploaded(res).width, uploaded(res).height]).toEqual([600, 800]);
    const original = await get(f.manager, `/api/v1/media/${uploaded(res).id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(original.rawPayload.includes('PhoneMaker')).toBe(false);
    expect(original.rawPayload.includes('Parent of the child')).toBe(false);
    // Upright in the pixels: rotated a quarter turn clockwise, the red half is now on top.
    const { data: px } = await sharp(original.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...px.subarray((y * 600 + x) * 3, (y * 600 + x) * 3 + 3)];
    expect(at(300, 100)[0]).toBeGreaterThan(200);
    expect(at(300, 700)[2]).toBeGreaterThan(200);
    // The row's size is the stored file's.
    const row = (
      await t.database.query<{ size: number }>(
        `select size::int as size from media where id = '${uploaded(res).id}'`,
      )
    )[0]!;
    expect(row.size).toBe(original.rawPayload.length);
  });

  it('keeps an animated GIF animated (frames and delays) and strips PNG text chunks', async () => {
    const frames = Buffer.alloc(40 * 90 * 4);
    for (let i = 0; i < 40 * 90; i++) {
      const frame = Math.floor(i / (40 * 30));
      frames.set([frame * 100, 50, 255 - frame * 100, 255], i * 4);
    }
    const gif = await sharp(frames, { raw: { width: 40, height: 90, channels: 4, pageHeight: 30 } })
      .gif({ loop: 0, delay: [100, 200, 300] })
      .toBuffer();
    const res = await upload(
      f.manager,
      { data: gif, contentType: 'image/gif' },
      { typeID: f.type('observation') },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(uploaded(res)).toMatchObject({ mimeType: 'image/gif', width: 40, height: 30 });
    const meta = await sharp((await get(f.manager, `/api/v1/media/${uploaded(res).id}`)).rawPayload, {
      animated: true,
    }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight, meta.delay]).toEqual(['gif', 3, 30, [100, 200, 300]]);

    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0a0' } })
      .png()
      .withExif({ IFD0: { Artist: 'SomeoneNamed' } })
      .toBuffer();
    expect(png.includes('SomeoneNamed')).toBe(true);
    const pngRes = await upload(
      f.manager,
      { data: png, contentType: 'image/png' },
      { typeID: f.type('observation') },
    );
    expect(pngRes.statusCode, pngRes.body).toBe(201);
    const storedPng = (await get(f.manager, `/api/v1/media/${uploaded(pngRes).id}`)).rawPayload;
    expect(storedPng.includes('SomeoneNamed')).toBe(false);
    expect((await sharp(storedPng).metadata()).exif).toBeUndefined();
  });

  it('refuses a photo over 50 megapixels from its header (413) and keeps nothing', async () => {
    const huge = blackPng(16000, 16000);
    expect(huge.length).toBeLessThan(IMAGE_MAX); // small on disk: only the pixel count refuses it
    const id = randomUUID();
    const res = await upload(
      f.manager,
      { data: huge, contentType: 'image/png' },
      { id, typeID: f.type('observation') },
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().err).toEqual({
      code: 'err-media-too-large',
      message: 'The photo is too large (at most 50 megapixels).',
    });
    expect(await countRows(id)).toBe(0);
    const names = await readdir(path.join(mediaDir, String(f.providerId)));
    expect(names.filter((n) => n.startsWith('.tmp') || n.startsWith(id))).toEqual([]);
    // Just under the limit (7000 x 7000 = 49 megapixels) is accepted.
    const under = await upload(
      f.manager,
      { data: blackPng(7000, 7000), contentType: 'image/png' },
      { typeID: f.type('observation') },
    );
    expect(under.statusCode, under.body).toBe(201);
    expect(uploaded(under)).toMatchObject({ width: 7000, height: 7000 });
  });

  it('refuses a video whose container does not parse past its first bytes (415) and keeps nothing', async () => {
    const id = randomUUID();
    const fake = Buffer.concat([ftyp(), randomBytes(20_000)]);
    const res = await upload(
      f.manager,
      { data: fake, contentType: 'video/mp4', filename: 'clip.mp4' },
      { id, typeID: f.type('observation') },
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().err.code).toBe('err-media-type');
    // A real movie cut short in its media data, and one with bytes after its last box.
    const movie = mp4(10_000);
    for (const data of [movie.subarray(0, 300), Buffer.concat([movie, Buffer.from('trailing bytes')])]) {
      const bad = await upload(
        f.manager,
        { data, contentType: 'video/mp4' },
        { id, typeID: f.type('observation') },
      );
      expect(bad.statusCode, bad.body).toBe(415);
    }
    const webmFake = Buffer.concat([
      Buffer.from('1a45dfa3', 'hex'),
      Buffer.from(' webm '),
      randomBytes(5000),
    ]);
    const badWebm = await upload(
      f.manager,
      { data: webmFake, contentType: 'video/webm' },
      { id, typeID: f.type('observation') },
    );
    expect(badWebm.statusCode, badWebm.body).toBe(415);
    expect(await countRows(id)).toBe(0);
    const names = await readdir(path.join(mediaDir, String(f.providerId)));
    expect(names.filter((n) => n.startsWith('.tmp') || n.startsWith(id))).toEqual([]);
    // A recorder's WebM (unknown sizes) is accepted.
    const good = await upload(
      f.manager,
      { data: liveWebm(), contentType: 'video/webm' },
      { typeID: f.type('observation') },
    );
    expect(good.statusCode, good.body).toBe(201);
    expect(uploaded(good).mimeType).toBe('video/webm');
  });

  it('serves a photo only to who may open an event it belongs to, or to its uploader while it is unattached', async () => {
    // The manager's draft: practitioners view others' events only when published (ViewPublished).
    const up = await upload(f.manager, { data: await jpeg(300, 200) }, { typeID: f.type('observation') });
    expect(up.statusCode, up.body).toBe(201);
    const mediaId = uploaded(up).id as string;
    const saved = await saveRequest(
      t,
      f.manager,
      newSave({
        typeID: f.type('observation'),
        codeID: f.code('observation', 'observation'),
        subjects: [f.kids[0]!.id],
        mediaIDs: [mediaId],
        statusID: 1,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const eventId = saved.json()[0].id as number;
    // The same rule as the event itself.
    expect((await get(f.practitioner, `/api/v2/events/${eventId}`)).statusCode).toBe(404);
    for (const size of ['', '?size=thumbnail', '?size=medium']) {
      const theirs = await get(f.practitioner, `/api/v1/media/${mediaId}${size}`);
      expect(theirs.statusCode, size).toBe(404);
      expect(theirs.json().err.code).toBe('err-not-found');
      expect((await get(f.manager, `/api/v1/media/${mediaId}${size}`)).statusCode, size).toBe(200);
    }
    // Once the event is published the practitioner may open it, and so its photo.
    await t.database.query(`update events set status_id = 5 where id = ${eventId}`);
    expect((await get(f.practitioner, `/api/v2/events/${eventId}`)).statusCode).toBe(200);
    expect((await get(f.practitioner, `/api/v1/media/${mediaId}`)).statusCode).toBe(200);

    // An upload attached to nothing: its uploader only.
    const own = await upload(
      f.practitioner,
      { data: await jpeg(120, 80) },
      { typeID: f.type('observation') },
    );
    expect(own.statusCode, own.body).toBe(201);
    expect((await get(f.practitioner, `/api/v1/media/${uploaded(own).id}`)).statusCode).toBe(200);
    expect((await get(f.practitioner, `/api/v1/media/${uploaded(own).id}?size=thumbnail`)).statusCode).toBe(
      200,
    );
    const notMine = await get(f.manager, `/api/v1/media/${uploaded(own).id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().err.code).toBe('err-not-found');
    expect((await get(f.manager, `/api/v1/media/${uploaded(own).id}?size=medium`)).statusCode).toBe(404);
  });

  it("refuses to attach a medium the user may not see (a known id is not a key to someone else's photo)", async () => {
    const up = await upload(f.manager, { data: await jpeg(160, 120) }, { typeID: f.type('observation') });
    expect(up.statusCode, up.body).toBe(201);
    const mediaId = uploaded(up).id as string;
    const draft = newSave({
      typeID: f.type('observation'),
      codeID: f.code('observation', 'observation'),
      subjects: [f.kids[0]!.id],
      mediaIDs: [mediaId],
      statusID: 1,
    });
    // The manager's own upload, attached to nothing yet, then to the manager's draft.
    const stolen = await saveRequest(t, f.practitioner, { ...draft, uuid: randomUUID() });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().err).toMatchObject({ code: 'err-media-not-found', mediaIDs: [mediaId] });
    expect((await saveRequest(t, f.manager, draft)).statusCode).toBe(201);
    const again = await saveRequest(t, f.practitioner, { ...draft, uuid: randomUUID() });
    expect(again.statusCode).toBe(404);
    expect((await get(f.practitioner, `/api/v1/media/${mediaId}`)).statusCode).toBe(404);
  });

  it('answers an upload whose file part never ends (no closing boundary) with 400 and keeps nothing', async () => {
    const body = multipart([
      { name: 'typeID', value: String(f.type('observation')) },
      { name: 'file', filename: 'cut.jpg', contentType: 'image/jpeg', data: await jpeg(64, 48) },
    ]);
    // The same body without its closing boundary: the file part is cut off at the end of the request.
    const cut = (body.payload as Buffer).subarray(0, (body.payload as Buffer).lastIndexOf('\r\n--'));
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from media');
    const res = await Promise.race([
      t.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...WRITE_HEADERS, cookie: f.practitioner, 'content-type': body.contentType },
        payload: cut,
      }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000)),
    ]);
    expect(res, 'the upload was never answered').not.toBeNull();
    expect(res!.statusCode).toBe(400);
    expect(res!.json().err.code).toBe('err-invalid-request');
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from media');
    expect(after[0]!.n).toBe(before[0]!.n);
    const left = await readdir(mediaDir, { recursive: true });
    expect(left.filter((name) => name.includes('.tmp') || name.includes('tmp-'))).toEqual([]);
  });

  it('saves an event with the uploaded media id', async () => {
    const upRes = await upload(
      f.practitioner,
      { data: await jpeg(200, 150) },
      { typeID: f.type('observation') },
    );
    expect(upRes.statusCode, upRes.body).toBe(201);
    const mediaId = uploaded(upRes).id as string;
    const res = await saveRequest(
      t,
      f.practitioner,
      newSave({
        typeID: f.type('observation'),
        codeID: f.code('observation', 'observation'),
        subjects: [f.kids[0]!.id],
        mediaIDs: [mediaId],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const event = await get(f.practitioner, `/api/v2/events/${res.json()[0].id}`);
    expect(event.json().mediaIDs).toEqual([mediaId]);
  });
});
