import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { describeEachDb, openTestDatabase, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from '../events/event-fixtures.ts';

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

/** A minimal MP4 start: an ftyp box (isom) and some media bytes. */
const mp4 = (bytes: number) => {
  const ftyp = Buffer.from('00000018667479706973736f6d0000020069736f6d69736f32', 'hex');
  return Buffer.concat([ftyp, Buffer.alloc(Math.max(0, bytes - ftyp.length))]);
};

describeEachDb('media upload and download', (kind) => {
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
  const countRows = async (id: string) =>
    (await t.database.query<{ n: number }>(`select count(*)::int as n from media where id = '${id}'`))[0]!.n;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-media-test-'));
    const database = await openTestDatabase(kind);
    const app = await buildApp({
      database,
      mediaDir,
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
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('stores a photo (201), serves the original, a thumbnail at most 320 px wide and a medium rendition', async () => {
    const data = await jpeg();
    const id = randomUUID();
    const res = await upload(f.practitioner, { data }, { id, typeID: f.type('observation') });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
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
      size: data.length,
      storage_path: `${f.providerId}/${id}`,
      renditions: ['thumbnail', 'medium'],
    });
    // No temporary file is left behind.
    expect(
      (await readdir(path.join(mediaDir, String(f.providerId)))).filter((n) => n.startsWith('.tmp')),
    ).toEqual([]);

    const original = await get(f.manager, `/api/v1/media/${id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Number(original.headers['content-length'])).toBe(data.length);
    expect(original.rawPayload.equals(data)).toBe(true);

    const thumb = await get(f.manager, `/api/v1/media/${id}?size=thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(Number(thumb.headers['content-length'])).toBe(thumb.rawPayload.length);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect(thumbMeta.width).toBeLessThanOrEqual(320);
    expect(thumbMeta.height).toBe(240);

    const medium = await sharp(
      (await get(f.manager, `/api/v1/media/${id}?size=medium`)).rawPayload,
    ).metadata();
    expect(medium.width).toBe(800); // never enlarged

    const range = await get(f.manager, `/api/v1/media/${id}`, { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${data.length}`);
    expect(range.rawPayload.equals(data.subarray(0, 10))).toBe(true);
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
    const { id, width, height } = res.json();
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
    expect(res.json()).toMatchObject({ type: 'video', mimeType: 'video/mp4', width: null, duration: null });
    const file = await get(f.manager, `/api/v1/media/${res.json().id}`);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.length).toBe(video.length);
    expect((await get(f.manager, `/api/v1/media/${res.json().id}?size=thumbnail`)).statusCode).toBe(404);

    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const pngRes = await upload(f.manager, { data: png }, { typeID: f.type('observation') });
    expect(pngRes.statusCode, pngRes.body).toBe(201);
    expect(pngRes.json()).toMatchObject({ mimeType: 'image/png', width: 50, height: 40 });
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
    expect(otherUpload.json().width).toBe(120);
    expect(otherUpload.json().mediaToken).not.toBe(mine.json().mediaToken);
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

  it('saves an event with the uploaded media id', async () => {
    const upRes = await upload(
      f.practitioner,
      { data: await jpeg(200, 150) },
      { typeID: f.type('observation') },
    );
    expect(upRes.statusCode, upRes.body).toBe(201);
    const mediaId = upRes.json().id as string;
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
