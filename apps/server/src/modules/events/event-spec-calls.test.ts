// The event calls as the specs write them (issue 12 "Conform to the spec's calls"): a save without
// uuid, one POST operation for create and sleep close, PUT {date2, statusID}, the search's limit,
// codeID and deleted events, the default priority and snapshots of 200 children.
import { randomUUID } from 'node:crypto';
import { EVENT_SEARCH_LIMIT, EventStatus } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest, transitionRequest } from './event-fixtures.ts';

describeEachDb('event calls as the specs write them', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
  const obs = (over: Record<string, unknown> = {}) => ({
    typeID: f.type('observation'),
    codeID: f.code('observation', 'observation'),
    subjects: [f.kids[0]!.id],
    ...over,
  });
  const create = async (over: Record<string, unknown>) => {
    const res = await saveRequest(t, f.manager, newSave(obs(over)));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number; statusID: number; childID: number }[];
  };
  const get = (url: string) => t.app.inject({ url, headers: { cookie: f.manager } });
  const search = async (query: string) => {
    const res = await get(`/api/v2/events?siteID=${f.siteId}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { events: { id: number; codeID: number; statusID: number }[]; next: string | null };
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('saves a POST without uuid (the server makes one; a retry saves again), and stays idempotent with one', async () => {
    const { uuid: _none, ...payload } = newSave(obs({ notes: 'Spec payload' }));
    const first = await saveRequest(t, f.manager, payload);
    expect(first.statusCode, first.body).toBe(201);
    const [saved] = first.json() as { id: number; uuid: string }[];
    expect(saved!.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await saveRequest(t, f.manager, payload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()[0].id).not.toBe(saved!.id);
    const withUuid = newSave(obs());
    const one = await saveRequest(t, f.manager, withUuid);
    const replay = await saveRequest(t, f.manager, withUuid);
    expect([one.statusCode, replay.statusCode]).toEqual([201, 200]);
    expect(replay.json()[0].id).toBe(one.json()[0].id);
    // A refusal still names the field of the create payload, not the union of the two bodies.
    const bad = await saveRequest(t, f.manager, { ...payload, raised: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.message).toMatch(/^raised: /);
  });

  it('describes POST api/v2/events once: the create payload and the ?id= sleep close', async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string }[]; requestBody?: unknown; responses: Record<string, unknown> }
        >
      >;
    };
    const post = doc.paths['/api/v2/events']!.post!;
    const body = JSON.stringify(post.requestBody);
    for (const field of ['subjects', 'typeID', 'codeID', 'raised', 'date2', 'statusID'])
      expect(body).toContain(`"${field}"`);
    expect(post.parameters?.map((p) => p.name)).toContain('id');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201']));
    const put = doc.paths['/api/v2/events/{id}']!.put!;
    expect(JSON.stringify(put.requestBody)).toContain('"version"');
  });

  it('closes a sleep with PUT api/v2/events/{id} and { date2, statusID } (spec 002)', async () => {
    const sleep = { typeID: f.type('sleep'), codeID: f.code('sleep', 'sleep'), raised: hourAgo() };
    const [open] = await create(sleep);
    const date2 = new Date(Date.now() - 60_000).toISOString();
    const put = (id: number, payload: Record<string, unknown>) =>
      saveRequest(t, f.manager, payload, 'PUT', `/api/v2/events/${id}`);
    const res = await put(open!.id, { date2, statusID: open!.statusID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([{ id: open!.id, version: 2, statusID: open!.statusID }]);
    const stored = (await get(`/api/v2/events/${open!.id}`)).json();
    expect(stored.date2).toBe(date2);
    const twice = await put(open!.id, { date2, statusID: open!.statusID });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().err.code).toBe('err-already-closed');
    const [obsEvent] = await create({});
    const notSleep = await put(obsEvent!.id, { date2, statusID: 1 });
    expect(notSleep.statusCode).toBe(400);
    expect(notSleep.json().err.code).toBe('err-not-sleep');
    const badDate = await put(open!.id, { date2: 'later', statusID: 1 });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().err.message).toMatch(/^date2: /);
  });

  it(`pages ${EVENT_SEARCH_LIMIT} events when no limit is given (spec 000 §7)`, async () => {
    const site = await t.database.query<{ n: number }>(
      `select count(*)::int as n from events where site_id = ${f.siteId} and status_id <> ${EventStatus.Deleted}`,
    );
    expect(site[0]!.n).toBeGreaterThan(EVENT_SEARCH_LIMIT);
    const page = await search('');
    expect(page.events).toHaveLength(EVENT_SEARCH_LIMIT);
    expect(page.next).not.toBeNull();
  });

  it('filters by codeID, and refuses a code not of the provider', async () => {
    const generic = f.type('generic');
    const note = f.code('generic', 'general-note');
    const call = f.code('generic', 'phone-call');
    const [a] = await create({ typeID: generic, codeID: note, raised: hourAgo() });
    const [b] = await create({ typeID: generic, codeID: call, raised: hourAgo() });
    const found = await search(`typeID=${generic}&codeID=${call}&limit=100`);
    const ids = found.events.map((e) => e.id);
    expect(ids).toContain(b!.id);
    expect(ids).not.toContain(a!.id);
    expect(found.events.every((e) => e.codeID === call)).toBe(true);
    const counts = (
      await get(`/api/v2/events/counts?siteID=${f.siteId}&typeID=${generic}&codeID=${call}`)
    ).json();
    expect(counts.counts).toEqual([{ typeID: generic, count: found.events.length }]);
    const foreign = await t.database.query<{ id: number }>(
      `select id from event_codes where provider_id <> ${f.providerId} limit 1`,
    );
    const refused = await get(`/api/v2/events?siteID=${f.siteId}&codeID=${foreign[0]!.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().err).toMatchObject({ code: 'err-invalid-filter' });
    expect(refused.json().err.message).toMatch(/^codeID: /);
  });

  it('leaves deleted events out unless a statusID asks for them', async () => {
    const [e] = await create({ raised: hourAgo() });
    const moved = await transitionRequest(t, f.manager, [e!.id], EventStatus.Deleted);
    expect(moved.json().results[0], moved.body).toMatchObject({ ok: true });
    const child = `childIDs=${f.kids[0]!.id}&limit=100`;
    expect((await search(child)).events.map((x) => x.id)).not.toContain(e!.id);
    const deleted = await search(`${child}&statusID=${EventStatus.Deleted}`);
    expect(deleted.events.map((x) => x.id)).toContain(e!.id);
  });

  it('gives a new task the first configured priority when none is given, and other events none', async () => {
    const first = await t.database.query<{ id: number }>(
      `select id from priorities where provider_id = ${f.providerId} and enabled order by sort_order, id limit 1`,
    );
    const task = { typeID: f.type('task'), codeID: f.code('task', 'reminder'), raised: hourAgo() };
    const [reminder] = await create(task);
    expect((await get(`/api/v2/events/${reminder!.id}`)).json().priorityID).toBe(first[0]!.id);
    const chosen = await t.database.query<{ id: number }>(
      `select id from priorities where provider_id = ${f.providerId} and id <> ${first[0]!.id} limit 1`,
    );
    const [explicit] = await create({ ...task, priorityID: chosen[0]!.id });
    expect((await get(`/api/v2/events/${explicit!.id}`)).json().priorityID).toBe(chosen[0]!.id);
    const [note] = await create({});
    expect((await get(`/api/v2/events/${note!.id}`)).json().priorityID).toBeNull();
  });

  it('saves a snapshot of 200 children (spec 001), and refuses 201', async () => {
    const have = f.kids.length;
    const more = 201 - have;
    await t.database.query(
      `insert into children (provider_id, site_id, forename, surname, dob, start_date)
       select ${f.providerId}, ${f.siteId}, 'Snap', 'Child ' || g, '2023-01-01', '2024-01-01'
       from generate_series(1, ${more}) g`,
    );
    const kids = await t.database.query<{ id: number }>(
      `select id from children where provider_id = ${f.providerId} and site_id = ${f.siteId} order by id limit 201`,
    );
    const ids = kids.map((k) => k.id);
    expect(ids).toHaveLength(201);
    const snapshot = {
      typeID: f.type('snapshot'),
      codeID: f.code('snapshot', 'snapshot'),
      raised: hourAgo(),
      uuid: randomUUID(),
    };
    const saved = await saveRequest(t, f.manager, newSave({ ...snapshot, subjects: ids.slice(0, 200) }));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toHaveLength(200);
    const tooMany = await saveRequest(
      t,
      f.manager,
      newSave({ ...snapshot, uuid: randomUUID(), subjects: ids }),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});
