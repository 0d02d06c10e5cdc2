// Booking, change and GDPR erasure requests (issue 15; spec 002 §4 Requests, §5, §6, §7): the pending
// lists with permittedActions, every decision and refusal, tenancy, and what an erasure leaves.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface Actions {
  approve: boolean;
  decline: boolean;
  reason: string | null;
}
interface Item {
  id: number;
  permittedActions: Actions;
}

describeEachDb('requests', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let manager: string;
  let practitioner: string;
  let other: string;
  let providerId: number;
  let oak: number;
  let managerUser: { id: number; person_id: number };
  let practitionerUser: { id: number; person_id: number };
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
  const send = (cookie: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...WRITE_HEADERS, cookie }, ...(payload ? { payload } : {}) });
  const userOf = async (email: string) =>
    (
      await q<{ id: number; person_id: number }>(
        `select id, person_id from user_accounts where email = '${email}'`,
      )
    )[0]!;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-requests-'));
    t = await makeTestApp(kind, { mediaDir });
    [manager, practitioner, other] = await loginDemoStaff(t.app);
    managerUser = await userOf(DEMO.manager);
    practitionerUser = await userOf(DEMO.practitioner);
    const config = (await get(practitioner, '/api/v1/config')).json();
    oak = config.siteID;
    providerId = (await q<{ p: number }>(`select provider_id as p from sites where id = ${oak}`))[0]!.p;
  });
  afterAll(() => t.close());

  describe('booking requests', () => {
    const list = async (cookie = manager) => {
      const res = await get(cookie, `/api/v1/booking-requests?siteID=${oak}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        requests: (Item & { child: { id: number }; person: { id: number }; date: string; comboID: number })[];
        markOffCategories: { id: number }[];
      };
    };

    it("lists the site's pending requests with the child, the requester and the categories", async () => {
      const body = await list();
      const stored = await q<{ id: number }>(
        `select br.id from booking_requests br join children c on c.provider_id = br.provider_id and c.id = br.child_id
         where br.provider_id = ${providerId} and br.status = 'pending' and c.site_id = ${oak}
           and br.date >= current_date order by br.created_at, br.id`,
      );
      expect(body.requests.map((r) => r.id)).toEqual(stored.map((s) => s.id));
      expect(body.requests.length).toBeGreaterThan(0);
      expect(body.requests[0]).toMatchObject({
        type: 'MO',
        child: { forename: expect.any(String), hasImage: expect.any(Boolean), dob: expect.any(String) },
        comboName: expect.any(String),
        permittedActions: { approve: true, decline: true, reason: null },
      });
      expect(body.markOffCategories.length).toBeGreaterThan(0);
      // The session's site by default: none chosen yet (the manager works at two sites) is a 400.
      expect((await get(manager, '/api/v1/booking-requests')).statusCode).toBe(400);
      expect((await get(practitioner, '/api/v1/booking-requests')).statusCode).toBe(403);
      expect((await get(practitioner, `/api/v1/booking-requests?siteID=${oak}`)).statusCode).toBe(403);
      expect((await get(other, `/api/v1/booking-requests?siteID=${oak}`)).statusCode).toBe(404);
    });

    it('needs a category to approve, and approving marks the session off in the register', async () => {
      const { requests, markOffCategories } = await list();
      // Not the parent's request: the next test declines that one (the order of the list follows the
      // demo's creation times, which depend on the day the data is seeded).
      const parent = await userOf(DEMO.parent);
      const r = requests.find((x) => x.person.id !== parent.person_id && x.permittedActions.approve)!;
      expect(r).toBeDefined();
      const url = `/api/v1/booking-requests/${r.id}`;
      const missing = await send(manager, 'PUT', url, { approved: true, notify: false });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().err).toEqual({
        code: 'widget-requests-must-select-off-category',
        message: 'You must select a mark off category to approve the request.',
      });
      expect((await send(other, 'PUT', url, { approved: true, ocID: 1 })).statusCode).toBe(404);
      const ok = await send(manager, 'PUT', url, {
        approved: true,
        ocID: markOffCategories[0]!.id,
        notify: true,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ id: r.id, status: 'approved' });
      const [b] = await q<{ marked_off_category_id: number; mark_off_notes: string | null }>(
        `select marked_off_category_id, mark_off_notes from bookings where provider_id = ${providerId}
         and child_id = ${r.child.id} and combo_id = ${r.comboID} and date = '${r.date}' and not deleted`,
      );
      expect(b!.marked_off_category_id).toBe(markOffCategories[0]!.id);
      expect(b!.mark_off_notes).toBeTruthy();
      const [stored] = await q<{ status: string; decided_by_user_id: number; mark_off_category_id: number }>(
        `select status, decided_by_user_id, mark_off_category_id from booking_requests where id = ${r.id}`,
      );
      expect(stored).toEqual({
        status: 'approved',
        decided_by_user_id: managerUser.id,
        mark_off_category_id: markOffCategories[0]!.id,
      });
      // Decided: a second decision finds no pending request.
      const again = await send(manager, 'PUT', url, { approved: false });
      expect(again.statusCode).toBe(404);
      expect(again.json().err.message).toBe('Request not found');
      expect(
        (await send(manager, 'PUT', '/api/v1/booking-requests/999999', { approved: false })).statusCode,
      ).toBe(404);
    });

    it('declines with a message of at most 500 characters and tells a requester who has an account', async () => {
      const { requests } = await list();
      const parent = await userOf(DEMO.parent);
      const r = requests.find((x) => x.person.id === parent.person_id)!;
      expect(r).toBeDefined();
      const url = `/api/v1/booking-requests/${r.id}`;
      const long = await send(manager, 'PUT', url, { approved: false, responseNotes: 'a'.repeat(501) });
      expect(long.statusCode).toBe(400);
      const res = await send(manager, 'PUT', url, {
        approved: false,
        notify: true,
        responseNotes: 'Please call the office.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('declined');
      const notes = await q<{ json_blob: { message: string; requestID: number; approved: boolean } }>(
        `select json_blob from notifications where provider_id = ${providerId} and user_id = ${parent.id}
         and name = 'in-app-message' and json_blob ->> 'requestID' = '${r.id}'`,
      );
      expect(notes).toHaveLength(1);
      expect(notes[0]!.json_blob.approved).toBe(false);
      expect(notes[0]!.json_blob.message).toMatch(/has been declined\. Please call the office\.$/);
      const [stored] = await q<{ status: string; response_notes: string }>(
        `select status, response_notes from booking_requests where id = ${r.id}`,
      );
      expect(stored).toEqual({ status: 'declined', response_notes: 'Please call the office.' });
    });

    it("refuses approving or declining one's own request", async () => {
      const { requests } = await list();
      const r = requests[0]!;
      const [own] = await q<{ id: number }>(
        `insert into booking_requests (provider_id, child_id, person_id, type, date, combo_id, status)
         select provider_id, child_id, ${managerUser.person_id}, 'MO', date, combo_id, 'pending'
         from booking_requests where id = ${r.id} returning id`,
      );
      const mine = (await list()).requests.find((x) => x.id === own!.id)!;
      expect(mine.permittedActions).toEqual({
        approve: false,
        decline: false,
        reason: 'cannot-approve-own-request',
      });
      const res = await send(manager, 'PUT', `/api/v1/booking-requests/${own!.id}`, {
        approved: true,
        ocID: 1,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().err).toEqual({
        code: 'cannot-approve-own-request',
        message: 'You cannot approve your own request.',
      });
      expect(
        (await send(manager, 'PUT', `/api/v1/booking-requests/${own!.id}`, { approved: false })).statusCode,
      ).toBe(403);
    });
  });

  describe('change requests', () => {
    type Change = Item & {
      personID: number;
      tablename: string;
      fields: { name: string; oldValue: string | null; newValue: string | null }[];
    };
    const list = async (cookie = manager) => {
      const res = await get(cookie, '/api/v1/change-requests');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { requests: Change[] }).requests;
    };

    it('lists the pending changes with old and new values and what the user may do', async () => {
      const requests = await list();
      expect(requests.map((r) => r.tablename).sort()).toEqual([
        'Contacts',
        'Contacts',
        'Contacts',
        'StaffMember',
      ]);
      const integrated = requests.find((r) => r.permittedActions.reason === 'third-party-managed-details');
      expect(integrated?.permittedActions).toEqual({
        approve: false,
        decline: true,
        reason: 'third-party-managed-details',
      });
      // The one the manager asked for herself.
      expect(requests.filter((r) => r.permittedActions.reason === 'cannot-approve-own-request')).toHaveLength(
        1,
      );
      const parent = await userOf(DEMO.parent);
      const mine = requests.find((r) => r.personID === parent.person_id)!;
      const [person] = await q<{ telmob: string | null }>(
        `select telmob from people where id = ${parent.person_id}`,
      );
      expect(mine.fields).toContainEqual({
        name: 'telmob',
        oldValue: person!.telmob,
        newValue: '07700 900456',
      });
      expect((await get(practitioner, '/api/v1/change-requests')).statusCode).toBe(403);
      expect(await list(other)).toEqual([]);
    });

    it('applies the approved values to the person and records the old ones in the audit log', async () => {
      const parent = await userOf(DEMO.parent);
      const r = (await list()).find((x) => x.personID === parent.person_id)!;
      const url = `/api/v1/change-requests/approve/${r.id}`;
      expect((await send(manager, 'POST', url, { fields: { biography: 'x' } })).statusCode).toBe(400);
      expect((await send(manager, 'POST', url, { fields: { telmob: 'x'.repeat(31) } })).statusCode).toBe(400);
      expect((await send(other, 'POST', url, { fields: { telmob: '1' } })).statusCode).toBe(404);
      const [before] = await q<{ telmob: string | null; post_code: string | null }>(
        `select telmob, post_code from people where id = ${parent.person_id}`,
      );
      const values = Object.fromEntries(r.fields.map((f) => [f.name, f.newValue]));
      const res = await send(manager, 'POST', url, { fields: values });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: r.id, status: 'approved' });
      const [after] = await q<{ telmob: string; address1: string; post_code: string }>(
        `select telmob, address1, post_code from people where id = ${parent.person_id}`,
      );
      expect(after).toEqual({ telmob: '07700 900456', address1: '14 Orchard Close', post_code: 'BS6 7QT' });
      const [audit] = await q<{
        user_id: number;
        action: string;
        details: { changes: Record<string, unknown> };
      }>(
        `select user_id, action, details from audit_log where provider_id = ${providerId}
         and entity = 'person' and entity_id = '${parent.person_id}' and action = 'change-request-approved'`,
      );
      expect(audit!.user_id).toBe(managerUser.id);
      expect(audit!.details.changes.telmob).toEqual({ old: before!.telmob, new: '07700 900456' });
      expect(audit!.details.changes.postcode).toEqual({ old: before!.post_code, new: 'BS6 7QT' });
      expect((await send(manager, 'POST', url, { fields: values })).statusCode).toBe(404);
    });

    it('refuses approving integration-managed details and one’s own request; declining is a DELETE', async () => {
      const requests = await list();
      const integrated = requests.find((r) => r.permittedActions.reason === 'third-party-managed-details')!;
      const refused = await send(manager, 'POST', `/api/v1/change-requests/approve/${integrated.id}`, {
        fields: { telhome: '0117 496 0777' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().err.code).toBe('third-party-managed-details');
      const own = requests.find((r) => r.permittedActions.reason === 'cannot-approve-own-request')!;
      const ownRes = await send(manager, 'DELETE', `/api/v1/change-requests/${own.id}`);
      expect(ownRes.statusCode).toBe(403);
      expect(ownRes.json().err.code).toBe('cannot-approve-own-request');
      expect((await send(other, 'DELETE', `/api/v1/change-requests/${integrated.id}`)).statusCode).toBe(404);
      const declined = await send(manager, 'DELETE', `/api/v1/change-requests/${integrated.id}`);
      expect(declined.statusCode, declined.body).toBe(204);
      const [stored] = await q<{ status: string }>(
        `select status from change_requests where id = ${integrated.id}`,
      );
      expect(stored!.status).toBe('declined');
      expect((await send(manager, 'DELETE', `/api/v1/change-requests/${integrated.id}`)).statusCode).toBe(
        404,
      );
    });

    it("refuses approving a contact's change when one of their children's sites is not the user's", async () => {
      const staff = await q<{ id: number }>(
        `select id from staff where person_id = ${managerUser.person_id}`,
      );
      const willow = await q<{ id: number }>(
        `select id from sites where provider_id = ${providerId} and name = 'Willow Nursery'`,
      );
      const [contact] = await q<{ person_id: number }>(
        `select ct.person_id from contacts ct join child_contacts cc on cc.provider_id = ct.provider_id and cc.contact_id = ct.id
         join children ch on ch.provider_id = cc.provider_id and ch.id = cc.child_id
         where ct.provider_id = ${providerId} and not ct.externally_managed and ch.site_id = ${willow[0]!.id}
         order by ct.id limit 1`,
      );
      await q(
        `insert into change_requests (provider_id, person_id, table_name, fields)
         values (${providerId}, ${contact!.person_id}, 'Contacts', '{"tablename":"Contacts","telmob":"07700 900111"}')`,
      );
      await q(`delete from staff_sites where staff_id = ${staff[0]!.id} and site_id = ${willow[0]!.id}`);
      try {
        const r = (await list()).find((x) => x.permittedActions.reason === 'change-request-other-sites');
        expect(r, 'a Willow contact').toBeDefined();
        expect(r!.permittedActions).toEqual({
          approve: false,
          decline: true,
          reason: 'change-request-other-sites',
        });
        const res = await send(manager, 'POST', `/api/v1/change-requests/approve/${r!.id}`, {
          fields: Object.fromEntries(r!.fields.map((f) => [f.name, f.newValue])),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().err.code).toBe('change-request-other-sites');
      } finally {
        await q(
          `insert into staff_sites (provider_id, staff_id, site_id) values (${providerId}, ${staff[0]!.id}, ${willow[0]!.id})`,
        );
      }
    });
  });

  describe('GDPR erasure requests', () => {
    type Gdpr = Item & {
      child: { id: number } | null;
      person: { id: number } | null;
      creator: { id: number };
    };
    const list = async (cookie = manager) => {
      const res = await get(cookie, '/api/v1/gdpr-erasure-requests');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { requests: Gdpr[] }).requests;
    };

    it('lists the pending requests; the manager cannot decide her own', async () => {
      const requests = await list();
      expect(requests).toHaveLength(2);
      const own = requests.find((r) => r.creator.id === managerUser.person_id)!;
      expect(own.child).not.toBeNull();
      expect(own.permittedActions.reason).toBe('cannot-approve-own-request');
      const res = await send(manager, 'PUT', `/api/v1/gdpr-erasure-requests/${own.id}`, { approved: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().err.code).toBe('cannot-approve-own-request');
      expect((await get(practitioner, '/api/v1/gdpr-erasure-requests')).statusCode).toBe(403);
      expect(
        (await send(other, 'PUT', `/api/v1/gdpr-erasure-requests/${own.id}`, { approved: true })).statusCode,
      ).toBe(404);
    });

    it("erases a contact's personal data and keeps who approved it in the audit log", async () => {
      const r = (await list()).find((x) => x.person !== null)!;
      const personId = r.person!.id;
      const [before] = await q<{ forename: string; surname: string; telmob: string | null }>(
        `select forename, surname, telmob from people where id = ${personId}`,
      );
      const res = await send(manager, 'PUT', `/api/v1/gdpr-erasure-requests/${r.id}`, { approved: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: r.id, status: 'approved' });
      const [after] = await q<Record<string, unknown>>(
        `select forename, surname, email, telmob, telhome, telwork, address1, post_code, biography, has_image
         from people where id = ${personId}`,
      );
      expect(after).toEqual({
        forename: 'Erased',
        surname: 'person',
        email: null,
        telmob: null,
        telhome: null,
        telwork: null,
        address1: null,
        post_code: null,
        biography: null,
        has_image: false,
      });
      const links = await q(
        `select 1 from child_contacts cc join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
         where ct.person_id = ${personId}`,
      );
      expect(links).toHaveLength(0);
      const [audit] = await q<{ user_id: number; details: unknown }>(
        `select user_id, details from audit_log where provider_id = ${providerId}
         and action = 'gdpr-erasure-approved' and entity = 'person' and entity_id = '${personId}'`,
      );
      expect(audit!.user_id).toBe(managerUser.id);
      const text = JSON.stringify(audit!.details);
      expect(text).toContain(`"requestID":${r.id}`);
      for (const value of [before!.forename, before!.surname, before!.telmob].filter(Boolean))
        expect(text).not.toContain(value as string);
      expect(
        (await send(manager, 'PUT', `/api/v1/gdpr-erasure-requests/${r.id}`, { approved: true })).statusCode,
      ).toBe(404);
    });

    it('erases a child: names, birth date, photo, journal and its own media go; accidents stay anonymised', async () => {
      // A child at Oak with a journal event and an accident, a request raised by the practitioner.
      const [c] = await q<{ id: number; forename: string; surname: string; dob: string }>(
        `select c.id, c.forename, c.surname, c.dob::text as dob from children c
         where c.provider_id = ${providerId} and c.site_id = ${oak}
           and exists (select 1 from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
                       where e.provider_id = c.provider_id and e.child_id = c.id and et.tag = 'accident')
           and exists (select 1 from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
                       where e.provider_id = c.provider_id and e.child_id = c.id and et.tag = 'observation')
         order by c.id limit 1`,
      );
      const [journal] = await q<{ id: number }>(
        `select e.id::int as id from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
         where e.provider_id = ${providerId} and e.child_id = ${c!.id} and et.tag = 'observation' order by e.id limit 1`,
      );
      const [accident] = await q<{ id: number }>(
        `select e.id::int as id from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
         where e.provider_id = ${providerId} and e.child_id = ${c!.id} and et.tag = 'accident' order by e.id limit 1`,
      );
      await q(`update events set notes = '${c!.forename} tripped in the garden.' where id = ${accident!.id}`);
      const mediaId = '0d5f8a52-7c3e-4b1a-9e2f-3a4b5c6d7e8f';
      await mkdir(path.join(mediaDir, String(providerId)), { recursive: true });
      const file = path.join(mediaDir, String(providerId), mediaId);
      await writeFile(file, 'photo');
      await writeFile(`${file}.thumbnail`, 'thumb');
      await q(
        `insert into media (provider_id, id, type, mime_type, media_token, size, storage_path)
         values (${providerId}, '${mediaId}', 'image', 'image/jpeg', 'token', 5, '${providerId}/${mediaId}')`,
      );
      await q(
        `insert into event_media (provider_id, event_id, media_id) values (${providerId}, ${journal!.id}, '${mediaId}')`,
      );
      const [req] = await q<{ id: number }>(
        `insert into gdpr_erasure_requests (provider_id, child_id, creator_user_id)
         values (${providerId}, ${c!.id}, ${practitionerUser.id}) returning id`,
      );
      const item = (await list()).find((x) => x.id === req!.id)!;
      expect(item.permittedActions).toEqual({ approve: true, decline: true, reason: null });

      const res = await send(manager, 'PUT', `/api/v1/gdpr-erasure-requests/${req!.id}`, { approved: true });
      expect(res.statusCode, res.body).toBe(200);
      const [child] = await q<Record<string, unknown>>(
        `select forename, surname, dob::text as dob, has_image, send from children where id = ${c!.id}`,
      );
      expect(child).toEqual({
        forename: 'Erased',
        surname: 'child',
        dob: `${c!.dob.slice(0, 4)}-01-01`,
        has_image: false,
        send: false,
      });
      expect(await q(`select 1 from child_contacts where child_id = ${c!.id}`)).toHaveLength(0);
      expect(await q(`select 1 from child_attribute_values where child_id = ${c!.id}`)).toHaveLength(0);
      const [j] = await q<{ status_id: number; notes: string | null }>(
        `select status_id, notes from events where id = ${journal!.id}`,
      );
      expect(j).toEqual({ status_id: 6, notes: null });
      const [a] = await q<{ status_id: number; notes: string }>(
        `select status_id, notes from events where id = ${accident!.id}`,
      );
      expect(a!.status_id).not.toBe(6);
      expect(a!.notes).toBe('[name erased] tripped in the garden.');
      expect(await q(`select 1 from media where id = '${mediaId}'`)).toHaveLength(0);
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.thumbnail`)).toBe(false);
      const [audit] = await q<{ user_id: number; details: { erased: Record<string, number> } }>(
        `select user_id, details from audit_log where provider_id = ${providerId}
         and action = 'gdpr-erasure-approved' and entity = 'child' and entity_id = '${c!.id}'`,
      );
      expect(audit!.user_id).toBe(managerUser.id);
      expect(audit!.details.erased.mediaDeleted).toBe(1);
      expect(JSON.stringify(audit!.details)).not.toContain(c!.surname);
    });

    it('declines without erasing anything', async () => {
      const [c] = await q<{ id: number; forename: string }>(
        `select id, forename from children where provider_id = ${providerId} and forename <> 'Erased' order by id limit 1`,
      );
      const [req] = await q<{ id: number }>(
        `insert into gdpr_erasure_requests (provider_id, child_id, creator_user_id)
         values (${providerId}, ${c!.id}, ${practitionerUser.id}) returning id`,
      );
      const res = await send(manager, 'PUT', `/api/v1/gdpr-erasure-requests/${req!.id}`, { approved: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('declined');
      const [after] = await q<{ forename: string }>(`select forename from children where id = ${c!.id}`);
      expect(after!.forename).toBe(c!.forename);
    });
  });
});
