// One's own profile photo (issue 30; spec 002 §7 "POST people/{personID}/image.jpg"): stored as a
// square JPEG without metadata, served to its owner only, 415 for what is not a photo, 404 for another
// person's id (as for one that does not exist), and config `me.hasImage` after it.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipart } from '../../security/probe-kit.ts';
import {
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { PROFILE_PHOTO_EDGE } from './photo.ts';

describeEachDb('profile details: the photo', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let manager: string;
  let practitioner: string;
  let other: string;
  let me: { personID: number; hasImage: boolean };
  let photo: Buffer;
  const url = (personId: number) => `/api/v1/people/${personId}/image.jpg`;
  const upload = (cookie: string, personId: number, data: Buffer) => {
    const body = multipart([{ name: 'file', filename: 'me.jpg', data }]);
    return t.app.inject({
      method: 'POST',
      url: url(personId),
      headers: { ...WRITE_HEADERS, cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-profile-photo-'));
    t = await makeTestApp(kind, { mediaDir });
    [manager, practitioner, other] = await loginDemoStaff(t.app);
    me = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: practitioner } })).json().me;
    // A landscape photo with EXIF (an orientation and a made-up camera), as a phone sends one.
    photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'ProbeCam' } } })
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("stores one's own photo as a square JPEG without metadata, served to its owner only", async () => {
    expect(
      (await t.app.inject({ url: url(me.personID), headers: { cookie: practitioner } })).statusCode,
    ).toBe(404);
    const res = await upload(practitioner, me.personID, photo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hasImage: true });
    const got = await t.app.inject({ url: url(me.personID), headers: { cookie: practitioner } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: PROFILE_PHOTO_EDGE, height: PROFILE_PHOTO_EDGE });
    expect(meta.exif).toBeUndefined();
    expect(existsSync(path.join(mediaDir, String(await providerOf()), 'people', `${me.personID}.jpg`))).toBe(
      true,
    );
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: practitioner } })).json();
    expect(config.me.hasImage).toBe(true);
    // Another member of staff of the same provider, and another provider's manager, get 404.
    expect((await t.app.inject({ url: url(me.personID), headers: { cookie: manager } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: url(me.personID), headers: { cookie: other } })).statusCode).toBe(404);
  });

  async function providerOf() {
    const [row] = await t.database.query<{ provider_id: number }>(
      `select provider_id from people where id = ${me.personID}`,
    );
    return row!.provider_id;
  }

  it("refuses another person's id (404, nothing stored) and what is not a photo (415)", async () => {
    const managerMe = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: manager } })).json().me;
    const before = await t.database.query(
      `select has_image, image_updated_at from people where id = ${me.personID}`,
    );
    expect((await upload(manager, me.personID, photo)).statusCode).toBe(404);
    expect((await upload(other, me.personID, photo)).statusCode).toBe(404);
    expect(
      await t.database.query(`select has_image, image_updated_at from people where id = ${me.personID}`),
    ).toEqual(before);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const data of [Buffer.from('not a photo at all'), svg, photo.subarray(0, 40)]) {
      const res = await upload(manager, managerMe.personID, data);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().err.code).toBe('err-media-type');
    }
    const png = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    expect((await upload(manager, managerMe.personID, png)).statusCode).toBe(200);
  });

  it('needs a session and a multipart body', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: url(me.personID), headers: WRITE_HEADERS, payload: {} }))
        .statusCode,
    ).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: url(me.personID),
      headers: { ...WRITE_HEADERS, cookie: practitioner },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });
});
