// POST signatures, the image and fetch by id, accident signatures, attendance requests and the child
// page's "today" (issue 14, spec 002 §7).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { loadRegisterFixture, type RegisterFixture } from '../registers/register-fixtures.ts';

describeEachDb('register signatures, attendance requests, child page', (kind) => {
  let t: TestApp;
  let f: RegisterFixture;
  let png: string;
  const q = <T>(text: string) => t.database.query<T>(text);
  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { ...WRITE_HEADERS, cookie }, payload });
  const put = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url, headers: { ...WRITE_HEADERS, cookie }, payload });
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

  /** A child of Oak Tree booked today with a contact: the child, a combo and the contact's person. */
  const bookedChild = async (withAccident = false) => {
    const [row] = await q<{ child_id: number; combo_id: number; person_id: number }>(
      `select b.child_id, b.combo_id, ct.person_id from bookings b
       join child_contacts cc on cc.provider_id = b.provider_id and cc.child_id = b.child_id
       join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
       where b.provider_id = ${f.providerId} and b.site_id = ${f.siteId} and b.date = '${f.today}' and not b.deleted
       ${
         withAccident
           ? `and exists (select 1 from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
         where e.provider_id = b.provider_id and e.child_id = b.child_id and et.tag = 'accident' and e.status_id = 5
         and not exists (select 1 from event_signatures s where s.provider_id = e.provider_id and s.event_id = e.id and s.signature_type = 'Parent'))`
           : ''
       }
       order by b.id limit 1`,
    );
    return row!;
  };

  beforeAll(async () => {
    t = await makeTestApp(kind, { mediaDir: await mkdtemp(path.join(tmpdir(), 'nursery-signatures-')) });
    f = await loadRegisterFixture(t);
    const bytes = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    png = `data:image/png;base64,${bytes.toString('base64')}`;
  });
  afterAll(() => t.close());

  it('stores a signature, serves its image by provider, id and key, shows it on the register and by id', async () => {
    const b = await bookedChild();
    const [type] = await q<{ id: number }>(
      `select id from register_signature_types where provider_id = ${f.providerId} and code = 'pick-up'`,
    );
    const res = await post(f.practitioner, '/api/v1/signatures', {
      childID: b.child_id,
      comboIDs: [b.combo_id],
      date: f.today,
      signature: png,
      personID: b.person_id,
      typeID: type!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sig = res.json();
    expect(sig.url).toBe(`/api/v1/providers/${f.providerId}/signature/${sig.id}/${sig.key}`);
    const image = await get(f.practitioner, sig.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // Wrong key, another provider's session, another provider id in the path: 404.
    expect((await get(f.practitioner, sig.url.replace(sig.key, '0'.repeat(32)))).statusCode).toBe(404);
    expect((await get(f.other, sig.url)).statusCode).toBe(404);
    expect(
      (await get(f.practitioner, `/api/v1/providers/999/signature/${sig.id}/${sig.key}`)).statusCode,
    ).toBe(404);
    // Fetch by id.
    const byId = await get(f.manager, `/api/v1/signatures/${sig.id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toMatchObject({ id: sig.id, data: png, mimeType: 'image/png' });
    expect((await get(f.other, `/api/v1/signatures/${sig.id}`)).statusCode).toBe(404);
    // The register's session carries it by type.
    const reg = (await get(f.manager, `/api/v1/sites/${f.siteId}/registers`)).json();
    const session = reg.children
      .find((c: { id: number }) => c.id === b.child_id)
      .sessions.find((s: { comboID: number }) => s.comboID === b.combo_id);
    expect(session.signatures).toContainEqual({ id: sig.id, typeID: type!.id, key: sig.key });
    // The child page lists it.
    const today = await get(f.practitioner, `/api/v1/children/${b.child_id}/today`);
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json().signatures.map((s: { id: number }) => s.id)).toContain(sig.id);
  });

  it('refuses bad signatures: not a PNG (400), not a contact (400), no contacts (400), another provider (404)', async () => {
    const b = await bookedChild();
    const [type] = await q<{ id: number }>(
      `select id from register_signature_types where provider_id = ${f.providerId} limit 1`,
    );
    const body = {
      childID: b.child_id,
      comboIDs: [b.combo_id],
      date: f.today,
      signature: png,
      personID: b.person_id,
      typeID: type!.id,
    };
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    for (const signature of [
      'data:image/png;base64,AAAA',
      `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      'x',
    ])
      expect((await post(f.manager, '/api/v1/signatures', { ...body, signature })).statusCode).toBe(400);
    const tooBig = `data:image/png;base64,${'A'.repeat(400_000)}`;
    expect((await post(f.manager, '/api/v1/signatures', { ...body, signature: tooBig })).statusCode).toBe(
      400,
    );
    const [stranger] = await q<{ id: number }>(
      `select p.id from people p where p.provider_id = ${f.providerId} and not exists
       (select 1 from contacts ct join child_contacts cc on cc.provider_id = ct.provider_id and cc.contact_id = ct.id
        where ct.provider_id = p.provider_id and ct.person_id = p.id and cc.child_id = ${b.child_id}) limit 1`,
    );
    expect(
      (await post(f.manager, '/api/v1/signatures', { ...body, personID: stranger!.id })).statusCode,
    ).toBe(400);
    expect((await post(f.other, '/api/v1/signatures', body)).statusCode).toBe(404);
    await q(`delete from child_contacts where provider_id = ${f.providerId} and child_id = ${b.child_id}`);
    const none = await post(f.manager, '/api/v1/signatures', body);
    expect(none.statusCode).toBe(400);
    expect(none.json().err.code).toBe('err-no-contacts');
  });

  it("captures an accident's parent signature once; the child page then lists it no more", async () => {
    const b = await bookedChild(true);
    const before = (await get(f.manager, `/api/v1/children/${b.child_id}/today`)).json();
    expect(before.unsignedAccidents.length).toBeGreaterThan(0);
    const eventId = before.unsignedAccidents[0].id;
    const res = await post(f.manager, `/api/v1/events/${eventId}/signatures`, {
      personID: b.person_id,
      signature: png,
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = await post(f.manager, `/api/v1/events/${eventId}/signatures`, {
      personID: b.person_id,
      signature: png,
    });
    expect(again.statusCode).toBe(409);
    const after = (await get(f.manager, `/api/v1/children/${b.child_id}/today`)).json();
    expect(after.unsignedAccidents.map((a: { id: number }) => a.id)).not.toContain(eventId);
    expect((await get(f.manager, res.json().url)).statusCode).toBe(200);
    expect(
      (await post(f.other, `/api/v1/events/${eventId}/signatures`, { personID: b.person_id, signature: png }))
        .statusCode,
    ).toBe(404);
  });

  it('approves a drop-off request: the child is checked in at its time, the request decided; twice → 409', async () => {
    // A due child of Oak Tree with a pending drop-off request at 07:45 today.
    const [due] = await q<{ child_id: number; id: number; contact_id: number }>(
      `select b.child_id, b.id::int as id, cc.contact_id from bookings b
       join child_contacts cc on cc.provider_id = b.provider_id and cc.child_id = b.child_id
       where b.provider_id = ${f.providerId} and b.site_id = ${f.siteId} and b.date = '${f.today}'
         and not b.deleted and b.actual_start is null and b.marked_off_category_id is null and b.start = '08:00'
       order by b.id limit 1`,
    );
    const [req] = await q<{ id: number }>(
      `insert into attendance_requests (provider_id, child_id, booking_id, site_id, date, type, time, contact_id)
       values (${f.providerId}, ${due!.child_id}, ${due!.id}, ${f.siteId}, '${f.today}', 'drop-off', '07:45', ${due!.contact_id})
       returning id`,
    );
    const list = await get(f.practitioner, `/api/v1/sites/${f.siteId}/attendance/${f.today}/requests`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().requests).toContainEqual(
      expect.objectContaining({ id: req!.id, type: 'drop-off', time: '07:45', approved: null }),
    );
    expect((await get(f.other, `/api/v1/sites/${f.siteId}/attendance/${f.today}/requests`)).statusCode).toBe(
      404,
    );
    expect(
      (await put(f.other, `/api/v1/attendance/requests/${req!.id}`, { approved: true, time: '07:45' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await put(f.manager, `/api/v1/attendance/requests/${req!.id}`, { approved: true, time: '7:45' }))
        .statusCode,
    ).toBe(400);
    const res = await put(f.manager, `/api/v1/attendance/requests/${req!.id}`, {
      approved: true,
      time: '07:45',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ approved: true });
    expect(res.json().sessions[0]).toMatchObject({ actualStart: '07:45' });
    const [row] = await q<{ s: string }>(
      `select to_char(actual_start, 'HH24:MI') as s from bookings where id = ${due!.id}`,
    );
    expect(row!.s).toBe('07:45');
    expect(
      (await put(f.manager, `/api/v1/attendance/requests/${req!.id}`, { approved: false, time: '07:45' }))
        .statusCode,
    ).toBe(409);
  });

  it('the child page: bookings sorted, reminders, contacts; another provider → 404, bad id → 400', async () => {
    const b = await bookedChild();
    const res = await get(f.practitioner, `/api/v1/children/${b.child_id}/today`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.date).toBe(f.today);
    expect(body.bookings.length).toBeGreaterThan(0);
    expect(body.contacts.length).toBeGreaterThan(0);
    expect(Array.isArray(body.reminders)).toBe(true);
    expect((await get(f.other, `/api/v1/children/${b.child_id}/today`)).statusCode).toBe(404);
    expect((await get(f.practitioner, '/api/v1/children/abc/today')).statusCode).toBe(400);
  });
});
