// Issue 26, "Privacy inside the provider": one visibility rule (provider, site, role, status, author)
// on every read of an event, of its parts, media and signatures. A practitioner of Oak Tree names
// Willow's events, media, signatures and staff, and a manager's draft at Oak Tree, on every route:
// each answers 404 (or leaves the item out of a list) and none of the data.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { loadRegisterFixture, type RegisterFixture } from '../registers/register-fixtures.ts';
import { newSave, saveRequest } from './event-fixtures.ts';

/** A multipart/form-data body: the fields, then one file. */
function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = `----nursery${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDb('site and visibility on every read (issue 26)', (kind) => {
  let t: TestApp;
  let f: RegisterFixture;
  let jpeg: Buffer;
  let png: string;
  /** A published observation of a Willow child (the manager works at both sites). */
  let willowEvent: number;
  /** A published snapshot of Willow (demo). */
  let willowSnapshot: { id: number; version: number; child_id: number; code_id: number };
  /** The manager's draft observation of an Oak Tree child, with a next step and gradings. */
  let draft: number;
  /** The manager's draft reminder naming an Oak Tree child, due today. */
  let draftReminder: number;
  const DRAFT_NOTES = `Manager's draft ${randomUUID()}`;
  const REMINDER_NOTES = `Manager's draft reminder ${randomUUID()}`;
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
  const send = (cookie: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: { ...WRITE_HEADERS, cookie }, payload: payload as object });
  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
    send(cookie, 'POST', '/graphql', { query, variables });
  const uploadAs = (cookie: string, id: string) => {
    const body = multipart({ id, typeID: String(f.type('observation')) }, jpeg);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...WRITE_HEADERS, cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const expectNotFound = (res: { statusCode: number; body: string }, ...secrets: string[]) => {
    expect(res.statusCode, res.body).toBe(404);
    for (const s of secrets) expect(res.body).not.toContain(s);
  };

  beforeAll(async () => {
    t = await makeTestApp(kind, { mediaDir: await mkdtemp(path.join(tmpdir(), 'nursery-visibility-')) });
    f = await loadRegisterFixture(t);
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f80' } })
      .jpeg()
      .toBuffer();
    png = `data:image/png;base64,${(
      await sharp({ create: { width: 40, height: 20, channels: 4, background: '#0000' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
    const [willowChild] = await q<{ id: number }>(
      `select id from children where provider_id = ${f.providerId} and site_id = ${f.willow} order by id limit 1`,
    );
    const published = await saveRequest(
      t,
      f.manager,
      newSave({ ...obs, subjects: [willowChild!.id], statusID: 5, notes: 'Willow only.' }),
    );
    expect(published.statusCode, published.body).toBe(201);
    willowEvent = published.json()[0].id;
    const drafted = await saveRequest(
      t,
      f.manager,
      newSave({
        ...obs,
        subjects: [f.kids[0]!.id],
        notes: DRAFT_NOTES,
        nextSteps: [{ notes: DRAFT_NOTES, links: [f.item] }],
      }),
    );
    expect(drafted.statusCode, drafted.body).toBe(201);
    draft = drafted.json()[0].id;
    [willowSnapshot] = (await q<{ id: number; version: number; child_id: number; code_id: number }>(
      `select e.id::int as id, e.version, e.child_id, e.code_id from events e
       join event_types t on t.provider_id = e.provider_id and t.id = e.type_id and t.tag = 'snapshot'
       where e.provider_id = ${f.providerId} and e.site_id = ${f.willow} and e.status_id = 5
       order by e.id limit 1`,
    )) as [typeof willowSnapshot];
    const reminder = await send(f.manager, 'POST', '/api/v1/events', {
      siteID: f.siteId,
      subjects: [{ childID: f.kids[0]!.id }],
      due: f.today,
      notes: REMINDER_NOTES,
    });
    expect(reminder.statusCode, reminder.body).toBe(201);
    draftReminder = reminder.json().id;
    // The case is a manager's draft reminder, whatever status a new reminder gets.
    await q(`update events set status_id = 1 where provider_id = ${f.providerId} and id = ${draftReminder}`);
  }, 120_000);
  afterAll(() => t.close());

  it('the manager (both sites) still sees what the practitioner may not', async () => {
    expect((await get(f.manager, `/api/v2/events/${willowEvent}`)).statusCode).toBe(200);
    expect((await get(f.manager, `/api/v2/events/${draft}`)).statusCode).toBe(200);
    expect((await get(f.manager, `/api/v2/events/${willowEvent}/history`)).statusCode).toBe(200);
  });

  it("event detail, history, PUT, sleep close and comments: 404 for Willow's event and another's draft", async () => {
    for (const id of [willowEvent, draft]) {
      expectNotFound(await get(f.practitioner, `/api/v2/events/${id}`), DRAFT_NOTES, 'Willow only.');
      // The sleep-close form of PUT: an observation would be 'err-not-sleep' (400) if it were judged.
      expectNotFound(
        await send(f.practitioner, 'PUT', `/api/v2/events/${id}`, {
          date2: new Date().toISOString(),
          statusID: 5,
        }),
      );
      // A full edit at a wrong version would be a 409 with the stored event if it were judged.
      const edit = await send(
        f.practitioner,
        'PUT',
        `/api/v2/events/${id}`,
        newSave({ typeID: f.type('observation'), codeID: f.code('observation', 'observation'), version: 99 }),
      );
      expectNotFound(edit, DRAFT_NOTES, 'Willow only.');
    }
    // Practitioners may neither comment nor read histories (403 by the route's permission, before any
    // event is read): Willow's manager, who may, names an Oak Tree event.
    // The demo's names are drawn from the day's seed: Willow's manager is found, not named.
    const [willowAccount] = await q<{ email: string }>(
      `select u.email from user_accounts u
         join staff s on s.provider_id = u.provider_id and s.person_id = u.person_id
         join staff_roles sr on sr.provider_id = s.provider_id and sr.staff_id = s.id
         join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id and r.name = 'Manager'
        where u.provider_id = ${f.providerId} and s.site_id = ${f.willow}
          and not exists (select 1 from staff_sites x where x.provider_id = s.provider_id and x.staff_id = s.id
                          and x.site_id <> ${f.willow})
        order by u.id limit 1`,
    );
    const willowEmail = willowAccount!.email;
    // The demo password of the manager, so the test can log in as Willow's manager.
    await q(`update user_accounts set password_hash = (select password_hash from user_accounts where email = '${DEMO.manager}')
             where email = '${willowEmail}'`);
    const willowManager = await loginAs(t.app, willowEmail);
    expectNotFound(await get(willowManager, `/api/v2/events/${draft}`), DRAFT_NOTES);
    expectNotFound(await get(willowManager, `/api/v2/events/${draft}/history`));
    expectNotFound(
      await send(willowManager, 'POST', `/api/v1/events/${draft}/comments`, { text: 'Seen it.' }),
      DRAFT_NOTES,
    );
  });

  it('POST transition and the bulk sleep close answer not-found, not a status refusal', async () => {
    const moved = await send(f.practitioner, 'POST', '/api/v1/transition', {
      ids: [willowEvent, draft],
      statusID: 4,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().results.map((r: { code?: string }) => r.code)).toEqual([
      'err-not-found',
      'err-not-found',
    ]);
    const closed = await send(f.practitioner, 'PUT', `/api/v2/events?id=${willowEvent},${draft}`, {
      date2: new Date().toISOString(),
      statusID: 5,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().results.map((r: { code?: string }) => r.code)).toEqual([
      'err-not-found',
      'err-not-found',
    ]);
  });

  it('GraphQL event, spotlightEvent and updateEvent: not found for a Willow event', async () => {
    const notFound = (res: { json(): { data?: unknown; errors?: { extensions?: { code?: string } }[] } }) => {
      const body = res.json();
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body)).toBe('err-not-found');
    };
    for (const id of [willowEvent, draft, willowSnapshot.id])
      notFound(await gql(f.practitioner, `query E($id: Int!) { event(id: $id) { id notes } }`, { id }));
    notFound(
      await gql(f.practitioner, `query S($id: Int!) { spotlightEvent(id: $id) { id notes } }`, {
        id: willowSnapshot.id,
      }),
    );
    const now = new Date(Date.now() - 3_600_000);
    const save = await gql(
      f.practitioner,
      `mutation Save($input: UpdateEventInput!) { updateEvent(input: $input) { ids } }`,
      {
        input: {
          id: willowSnapshot.id,
          // A wrong version would be a 409 conflict if the event were judged at all.
          version: willowSnapshot.version + 7,
          type: 'snapshot',
          codeID: willowSnapshot.code_id,
          childIDs: [willowSnapshot.child_id],
          date: now.toISOString().slice(0, 10),
          time: now.toISOString().slice(11, 16),
          notes: 'Overwritten.',
          gradings: [],
          bestFits: [],
          checkpointIDs: [],
          considerations: [],
          mediaTokens: [],
          statusID: 5,
        },
      },
    );
    expect(save.json().errors?.[0]?.message, save.body).toBe('Event not found.');
  });

  it("media by id: a photo of a Willow event is not served; the uploader's replay only", async () => {
    const id = randomUUID();
    const up = await uploadAs(f.manager, id);
    expect(up.statusCode, up.body).toBe(201);
    const token = up.json()[0].mediaToken as string;
    await q(
      `insert into event_media (provider_id, event_id, media_id, sort_order) values (${f.providerId}, ${willowEvent}, '${id}', 0)`,
    );
    expect((await get(f.manager, `/api/v1/media/${id}`)).statusCode).toBe(200);
    expectNotFound(await get(f.practitioner, `/api/v1/media/${id}`));
    expectNotFound(await get(f.practitioner, `/api/v1/media/${id}?size=thumbnail`));
    // Another member of staff replaying the id: 409 and never the token.
    const replay = await uploadAs(f.practitioner, id);
    expect(replay.statusCode, replay.body).toBe(409);
    expect(replay.json().err.code).toBe('err-media-id-taken');
    expect(replay.body).not.toContain(token);
    // The uploader's own replay (an offline retry) still answers the stored row.
    const again = await uploadAs(f.manager, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()[0].mediaToken).toBe(token);
  });

  it('the nil and the max UUID are refused as media ids (400)', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF']) {
      const up = await uploadAs(f.manager, id);
      expect(up.statusCode, up.body).toBe(400);
      expect(up.json().err.code).toBe('err-invalid-request');
      const read = await get(f.manager, `/api/v1/media/${id}`);
      expect(read.statusCode, read.body).toBe(400);
    }
  });

  it('signature images: a Willow register signature and a Willow accident signature are not served', async () => {
    const [booked] = await q<{ child_id: number; combo_id: number; person_id: number }>(
      `select b.child_id, b.combo_id, ct.person_id from bookings b
       join child_contacts cc on cc.provider_id = b.provider_id and cc.child_id = b.child_id
       join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
       where b.provider_id = ${f.providerId} and b.site_id = ${f.willow} and b.date = '${f.today}' and not b.deleted
       order by b.id limit 1`,
    );
    const [type] = await q<{ id: number }>(
      `select id from register_signature_types where provider_id = ${f.providerId} and enabled order by id limit 1`,
    );
    const sig = await send(f.manager, 'POST', '/api/v1/signatures', {
      childID: booked!.child_id,
      comboIDs: [booked!.combo_id],
      date: f.today,
      signature: png,
      personID: booked!.person_id,
      typeID: type!.id,
    });
    expect(sig.statusCode, sig.body).toBe(201);
    expect((await get(f.manager, sig.json().url)).statusCode).toBe(200);
    expectNotFound(await get(f.practitioner, sig.json().url));

    const [accident] = await q<{ id: number; person_id: number }>(
      `select e.id::int as id, ct.person_id from events e
       join event_types et on et.provider_id = e.provider_id and et.id = e.type_id and et.tag = 'accident'
       join child_contacts cc on cc.provider_id = e.provider_id and cc.child_id = e.child_id
       join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
       where e.provider_id = ${f.providerId} and e.site_id = ${f.willow} and e.status_id = 5
         and not exists (select 1 from event_signatures s where s.provider_id = e.provider_id and s.event_id = e.id)
       order by e.id limit 1`,
    );
    expectNotFound(
      await send(f.practitioner, 'POST', `/api/v1/events/${accident!.id}/signatures`, {
        personID: accident!.person_id,
        signature: png,
      }),
    );
    const signed = await send(f.manager, 'POST', `/api/v1/events/${accident!.id}/signatures`, {
      personID: accident!.person_id,
      signature: png,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect((await get(f.manager, signed.json().url)).statusCode).toBe(200);
    expectNotFound(await get(f.practitioner, signed.json().url));
  });

  it("side routes leave another's draft out: lastEvent, next steps, checkpoint notes, child today, Home", async () => {
    const child = f.kids[0]!.id;
    const last = await get(
      f.practitioner,
      `/api/v1/lastEvent?childID=${child}&typeID=${f.type('observation')}`,
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().eventID).not.toBe(draft);
    expect(
      (await get(f.manager, `/api/v1/lastEvent?childID=${child}&typeID=${f.type('observation')}`)).json()
        .eventID,
    ).toBe(draft);

    const steps = await get(f.practitioner, `/api/v1/outstanding-next-steps?childIDs=${child}`);
    expect(steps.statusCode, steps.body).toBe(200);
    expect(steps.body).not.toContain(DRAFT_NOTES);
    expect(steps.json().map((s: { event: { id: number } }) => s.event.id)).not.toContain(draft);
    expect((await get(f.manager, `/api/v1/outstanding-next-steps?childIDs=${child}`)).body).toContain(
      DRAFT_NOTES,
    );

    const counts = async (cookie: string) =>
      (await get(cookie, `/api/v1/next-step-counts?childIDs=${child}`))
        .json()
        .filter((c: { itemID: string; completed: boolean }) => c.itemID === f.item && !c.completed)
        .reduce((n: number, c: { countOfNextSteps: number }) => n + c.countOfNextSteps, 0);
    expect(await counts(f.manager)).toBe((await counts(f.practitioner)) + 1);

    const note = `Checkpoint note on a draft ${randomUUID()}`;
    await q(
      `insert into checkpoint_notes (provider_id, event_id, child_id, section, age_range, note)
       values (${f.providerId}, ${draft}, ${child}, 'Communication', (select age_range from checkpoint_notes limit 1), '${note}')`,
    );
    const notes = `{ checkpointNotes(childID: ${child}) { id note } }`;
    const seen = await gql(f.practitioner, notes);
    expect(seen.json().errors, seen.body).toBeUndefined();
    expect(seen.body).not.toContain(note);
    expect((await gql(f.manager, notes)).body).toContain(note);

    const today = await get(f.practitioner, `/api/v1/children/${child}/today`);
    expect(today.statusCode, today.body).toBe(200);
    expect(today.body).not.toContain(REMINDER_NOTES);
    expect(today.json().reminders.map((r: { id: number }) => r.id)).not.toContain(draftReminder);
    expect((await get(f.manager, `/api/v1/children/${child}/today`)).body).toContain(REMINDER_NOTES);

    const home = await get(f.practitioner, `/api/v1/home/overview?siteID=${f.siteId}`);
    expect(home.statusCode, home.body).toBe(200);
    expect(home.body).not.toContain(REMINDER_NOTES);
    expect((await get(f.manager, `/api/v1/home/overview?siteID=${f.siteId}`)).body).toContain(REMINDER_NOTES);
    expectNotFound(
      await send(f.practitioner, 'PUT', `/api/v1/events/${draftReminder}`, {
        version: 1,
        siteID: f.siteId,
        subjects: [{ childID: child }],
        due: f.today,
        notes: 'Changed.',
      }),
      REMINDER_NOTES,
    );
  });

  it('GET staff/{id}: staff who work only at Willow are not found; Oak Tree staff and oneself are', async () => {
    const [willowOnly] = await q<{ id: number }>(
      `select s.id from staff s where s.provider_id = ${f.providerId} and s.site_id = ${f.willow}
         and not exists (select 1 from staff_sites ss where ss.provider_id = s.provider_id and ss.staff_id = s.id
                           and ss.site_id = ${f.siteId})
       order by s.id limit 1`,
    );
    const [oak] = await q<{ id: number }>(
      `select s.id from staff s where s.provider_id = ${f.providerId} and s.site_id = ${f.siteId} order by s.id limit 1`,
    );
    expectNotFound(await get(f.practitioner, `/api/v1/staff/${willowOnly!.id}`));
    expect((await get(f.practitioner, `/api/v1/staff/${oak!.id}`)).statusCode).toBe(200);
    // The manager works at both sites: sees both.
    expect((await get(f.manager, `/api/v1/staff/${willowOnly!.id}`)).statusCode).toBe(200);
  });
});
