// Signatures of the staff register (issue 18): a check-in, check-out, break start or end may carry a
// PNG, stored under the media folder and served through its shift; not a PNG is 400 (and nothing is
// kept), another provider gets 404, mark-off and undo clear them (and their files). The app runs on a
// fixed clock at 23:00 London on today, so the times below are in the past.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixedClock, todayInZone, zonedDateTime } from '@nursery/domain/common';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

describeEachDb('staff register signatures', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let mediaDir: string;
  let shift: number;
  let png: string;
  let pngBytes: Buffer;
  let offStatus: number;
  const q = <T>(text: string) => t.database.query<T>(text);

  beforeAll(async () => {
    const today = todayInZone(new Date());
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-shift-signatures-'));
    t = await makeTestApp(kind, { clock: fixedClock(zonedDateTime(today, '23:00')), mediaDir });
    f = await loadFixture(t);
    const [s] = await q<{ id: number }>(
      `select id::int as id from shifts where provider_id = ${f.providerId} and site_id = ${f.siteId}
         and date = '${today}' order by id limit 1`,
    );
    shift = s!.id;
    const [off] = await q<{ id: number }>(
      `select id from shift_statuses where provider_id = ${f.providerId} and code <> 'W' and enabled order by id limit 1`,
    );
    offStatus = off!.id;
    pngBytes = await sharp({ create: { width: 60, height: 24, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    png = `data:image/png;base64,${pngBytes.toString('base64')}`;
  });
  afterAll(() => t.close());

  let version: number;
  beforeEach(async () => {
    await q(`delete from shift_breaks where provider_id = ${f.providerId} and shift_id = ${shift}`);
    const [r] = await q<{ version: number }>(
      `update shifts set actual_from = null, actual_to = null, actual_from_signature = null,
         actual_to_signature = null, notes = null, additional_mins = 0, version = version + 1,
         status_id = (select id from shift_statuses x where x.provider_id = shifts.provider_id and x.code = 'W')
       where provider_id = ${f.providerId} and id = ${shift} returning version`,
    );
    version = r!.version;
  });

  const act = (body: object, cookie = f.manager) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/shifts/${shift}/actions`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: body,
    });
  const get = (url: string, cookie = f.manager) => t.app.inject({ url, headers: { cookie } });
  const storedFiles = async () =>
    (await readdir(path.join(mediaDir, String(f.providerId))).catch(() => [])).length;

  it('stores a signed check-in and check-out and serves each PNG through the shift', async () => {
    const res = await act({ action: 'checkIn', time: '08:00', signature: png, version });
    expect(res.statusCode, res.body).toBe(200);
    const signatures = res.json().shift.signatures;
    expect(signatures).toEqual({
      actualFrom: `/api/v1/shifts/${shift}/signatures/actualFrom`,
      actualTo: null,
    });
    const image = await get(signatures.actualFrom);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(pngBytes)).toBe(true);
    // The row keeps a path under the provider's folder, never the URL or the bytes.
    const [row] = await q<{ p: string }>(
      `select actual_from_signature as p from shifts where provider_id = ${f.providerId} and id = ${shift}`,
    );
    expect(row!.p).toMatch(new RegExp(`^${f.providerId}/sig-[0-9a-f]{32}\\.png$`));
    // No check-out signature yet: 404.
    expect((await get(`/api/v1/shifts/${shift}/signatures/actualTo`)).statusCode).toBe(404);

    const out = await act({ action: 'checkOut', time: '17:00', signature: png, version: version + 1 });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().shift.signatures.actualTo).toBe(`/api/v1/shifts/${shift}/signatures/actualTo`);
    expect((await get(out.json().shift.signatures.actualTo)).statusCode).toBe(200);
    // The register shows the same URLs.
    const register = await get(`/api/v1/sites/${f.siteId}/staff-register`);
    const shown = register
      .json()
      .staff.flatMap((s: { shifts: { id: number }[] }) => s.shifts)
      .find((s: { id: number }) => s.id === shift);
    expect(shown.signatures).toEqual(out.json().shift.signatures);
  });

  it('a check-in without a signature has none', async () => {
    const res = await act({ action: 'checkIn', time: '08:00', version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shift.signatures).toEqual({ actualFrom: null, actualTo: null });
  });

  it("signs a break's start and end, served by the break", async () => {
    expect((await act({ action: 'checkIn', time: '08:00', version })).statusCode).toBe(200);
    const start = await act({ action: 'startBreak', time: '12:00', signature: png, version: version + 1 });
    expect(start.statusCode, start.body).toBe(200);
    const b = start.json().shift.breaks[0];
    const base = `/api/v1/shifts/${shift}/breaks/${b.id}/signatures`;
    expect(b.signatures).toEqual({ timeFrom: `${base}/timeFrom`, timeTo: null });
    const end = await act({ action: 'endBreak', time: '12:30', signature: png, version: version + 2 });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().shift.breaks[0].signatures).toEqual({
      timeFrom: `${base}/timeFrom`,
      timeTo: `${base}/timeTo`,
    });
    expect((await get(`${base}/timeFrom`)).statusCode).toBe(200);
    expect((await get(`${base}/timeTo`)).statusCode).toBe(200);
    // Moving the break's end in the breaks modal drops the end's signature, keeps the start's.
    const moved = await act({
      action: 'saveBreaks',
      breaks: [{ id: b.id, timeFrom: '12:00', timeTo: '12:40' }],
      additionalMins: 0,
      version: version + 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().shift.breaks[0].signatures).toEqual({ timeFrom: `${base}/timeFrom`, timeTo: null });
    expect((await get(`${base}/timeTo`)).statusCode).toBe(404);
  });

  it('refuses a signature that is not a PNG (400) and keeps no file of it', async () => {
    const before = await storedFiles();
    const text = `data:image/png;base64,${Buffer.from('not a picture').toString('base64')}`;
    const res = await act({ action: 'checkIn', time: '08:00', signature: text, version });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().err.message).toBe('signature: not a PNG image.');
    const jpeg = await act({
      action: 'checkIn',
      time: '08:00',
      signature: 'data:image/jpeg;base64,AAAA',
      version,
    });
    expect(jpeg.statusCode).toBe(400);
    expect(await storedFiles()).toBe(before);
    const [row] = await q<{ v: number; a: string | null }>(
      `select version as v, actual_from::text as a from shifts where provider_id = ${f.providerId} and id = ${shift}`,
    );
    expect(row).toEqual({ v: version, a: null });
  });

  it('keeps no file of a signed change refused as stale (412)', async () => {
    const before = await storedFiles();
    const res = await act({ action: 'checkIn', time: '08:00', signature: png, version: version - 1 });
    expect(res.statusCode).toBe(412);
    expect(await storedFiles()).toBe(before);
  });

  it("answers 404 for another provider's shift signature, and 403 without a staff register permission", async () => {
    expect((await act({ action: 'checkIn', time: '08:00', signature: png, version })).statusCode).toBe(200);
    const url = `/api/v1/shifts/${shift}/signatures/actualFrom`;
    const other = await get(url, f.other);
    expect(other.statusCode).toBe(404);
    expect(other.json().err.code).toBe('err-not-found');
    expect((await get(`/api/v1/shifts/${shift}/breaks/1/signatures/timeFrom`, f.other)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(`/api/v1/shifts/${shift}/signatures/elsewhere`)).statusCode).toBe(400);
  });

  it('mark-off clears the signatures and removes their files; undo check-in does too', async () => {
    await act({ action: 'checkIn', time: '08:00', signature: png, version });
    await act({ action: 'startBreak', time: '10:00', signature: png, version: version + 1 });
    const files = await storedFiles();
    const off = await act({ action: 'markOff', statusID: offStatus, notes: 'Sick', version: version + 2 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().shift).toMatchObject({
      actualFrom: null,
      signatures: { actualFrom: null, actualTo: null },
      breaks: [],
    });
    expect((await get(`/api/v1/shifts/${shift}/signatures/actualFrom`)).statusCode).toBe(404);
    expect(await storedFiles()).toBe(files - 2);

    const back = await act({ action: 'undo', undo: 'markOff', version: version + 3 });
    expect(back.statusCode, back.body).toBe(200);
    await act({ action: 'checkIn', time: '08:00', signature: png, version: version + 4 });
    const undone = await act({ action: 'undo', undo: 'checkIn', version: version + 5 });
    expect(undone.json().shift.signatures).toEqual({ actualFrom: null, actualTo: null });
    expect(await storedFiles()).toBe(files - 2);
  });
});
