import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture, months, newSave, saveRequest } from './event-fixtures.ts';

describeEachDb('event save (POST api/v2/events) and read (GET api/v2/events/{id})', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const obs = () => ({ typeID: f.type('observation'), codeID: f.code('observation', 'observation') });
  const assessment = (key = 'assessment') => ({
    typeID: f.type('assessment'),
    codeID: f.code('assessment', key),
  });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('makes one event per child sharing the save, with gradings, next steps and history, and replays', async () => {
    const kids = f.kids.slice(0, 3).map((k) => k.id);
    const payload = newSave({
      ...obs(),
      subjects: kids,
      notes: 'Built a tower',
      ref2: 'Parent says hello',
      learningStyles: 3,
      nextSteps: [
        { notes: 'Try taller towers', links: [], completed: false },
        { notes: '', links: [] },
      ],
    });
    const res = await saveRequest(t, f.practitioner, payload);
    expect(res.statusCode, res.body).toBe(201);
    const list = res.json() as {
      id: number;
      childID: number;
      statusID: number;
      version: number;
      message: { key: string };
      nextSteps?: unknown[];
    }[];
    expect(list.map((e) => e.childID)).toEqual(kids);
    expect(new Set(list.map((e) => e.id)).size).toBe(3);
    expect(list[0]!.message.key).toBe('saved-to-drafts');
    expect(list[0]!.version).toBe(1);
    expect(list[0]!.nextSteps).toHaveLength(1);
    const history = await t.database.query<{ n: number }>(
      `select count(*)::int as n from event_history where provider_id = ${f.providerId}
         and event_id in (${list.map((e) => e.id).join(',')}) and action = 'create'`,
    );
    expect(history[0]!.n).toBe(3);

    const again = await saveRequest(t, f.practitioner, payload);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { id: number }[]).map((e) => e.id)).toEqual(list.map((e) => e.id));
    const count = await t.database.query<{ n: number }>(
      `select count(*)::int as n from events where provider_id = ${f.providerId} and save_uuid = '${payload.uuid}'`,
    );
    expect(count[0]!.n).toBe(3);

    const one = await t.app.inject({
      url: `/api/v2/events/${list[0]!.id}`,
      headers: { cookie: f.practitioner },
    });
    expect(one.statusCode, one.body).toBe(200);
    const body = one.json();
    expect(body).toMatchObject({
      id: list[0]!.id,
      notes: 'Built a tower',
      ref2: 'Parent says hello',
      editable: true,
    });
    expect(body.nextSteps).toHaveLength(1);
    expect(body.permittedActions).toEqual([3, 6]);
  });

  it('saves an assessment with gradings for one child and reads them back', async () => {
    const res = await saveRequest(
      t,
      f.manager,
      newSave({
        ...assessment(),
        subjects: [f.kids[0]!.id],
        statusID: 5,
        values: [{ itemID: f.item, ageRangeID: f.ageRange, value: 1, notes: 'secure' }],
        nextSteps: [{ notes: 'Next', links: [f.item], completed: false }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [saved] = res.json();
    expect(saved.message.key).toBe('saved-to-published');
    const one = (
      await t.app.inject({ url: `/api/v2/events/${saved.id}`, headers: { cookie: f.manager } })
    ).json();
    expect(one.values).toEqual([{ itemID: f.item, ageRangeID: f.ageRange, value: 1, notes: 'secure' }]);
    expect(one.nextSteps[0].links).toEqual([{ itemID: f.item }]);
  });

  it('refuses a status the role does not allow (403 with the reason)', async () => {
    const res = await saveRequest(
      t,
      f.practitioner,
      newSave({ ...obs(), subjects: [f.kids[0]!.id], statusID: 5 }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().err.code).toBe('err-status-not-allowed');
    expect(res.json().err.message).toMatch(/new to Published/);
  });

  it('refuses an unknown type and a code of another type (400)', async () => {
    const kid = [f.kids[0]!.id];
    const a = await saveRequest(t, f.manager, newSave({ typeID: 999_999, codeID: 1, subjects: kid }));
    expect(a.statusCode).toBe(400);
    expect(a.json().err.code).toBe('err-invalid-type');
    const b = await saveRequest(
      t,
      f.manager,
      newSave({ typeID: f.type('observation'), codeID: assessment().codeID, subjects: kid }),
    );
    expect(b.statusCode).toBe(400);
    expect(b.json().err.code).toBe('err-invalid-code');
  });

  it('refuses another provider child (404), no child (400) and two children on an assessment (400)', async () => {
    const a = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [f.otherChild] }));
    expect(a.statusCode).toBe(404);
    const b = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [] }));
    expect(b.statusCode).toBe(400);
    const c = await saveRequest(
      t,
      f.manager,
      newSave({ ...assessment(), subjects: [f.kids[0]!.id, f.kids[1]!.id] }),
    );
    expect(c.statusCode).toBe(400);
    expect(c.json().err.code).toBe('err-too-many-children');
    const d = await saveRequest(t, f.manager, {
      ...newSave({ ...obs() }),
      uuid: 'not-a-uuid',
      subjects: [f.kids[0]!.id],
    });
    expect(d.statusCode).toBe(400);
  });

  it('refuses notes over the text limit and a sleep ending before it starts', async () => {
    const kid = [f.kids[0]!.id];
    const a = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: kid, notes: 'x'.repeat(4001) }));
    expect(a.statusCode).toBe(400);
    expect(a.json().err.code).toBe('err-text-too-long');
    // Three days ago (whatever the run's clock), so the future-date rule does not answer first.
    const start = new Date(Date.now() - 3 * 86_400_000);
    start.setUTCHours(10, 0, 0, 0);
    const raised = start.toISOString();
    const b = await saveRequest(
      t,
      f.manager,
      newSave({
        typeID: f.type('sleep'),
        codeID: f.code('sleep', 'sleep'),
        subjects: kid,
        raised,
        date2: new Date(start.getTime() - 3_600_000).toISOString(),
      }),
    );
    expect(b.statusCode).toBe(400);
    expect(b.json().err.message).toBe('end time must be after start time');
  });

  it('refuses the grading rules of spec 000 §5', async () => {
    const base = { ...assessment(), subjects: [f.kids[0]!.id] };
    const cases: [unknown, string][] = [
      [{ itemID: f.item, value: 1 }, 'err-grading-needs-age-range'],
      [{ itemID: f.item, ageRangeID: f.ageRange }, 'err-grading-needs-value'],
      [{ itemID: '/nope/1/', ageRangeID: f.ageRange, value: 1 }, 'err-grading-not-allowed'],
    ];
    for (const [value, code] of cases) {
      const res = await saveRequest(t, f.manager, newSave({ ...base, values: [value] }));
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().err.code).toBe(code);
    }
    const many = Array.from({ length: 256 }, (_, i) => ({ itemID: `/x/${i}/`, notes: 'n' }));
    const res = await saveRequest(t, f.manager, newSave({ ...base, values: many }));
    expect(res.statusCode).toBe(400);
    expect(res.json().err.code).toBe('err-too-many-gradings');
  });

  it('checks the two-year window and allows one check per child (409 naming the event)', async () => {
    const now = new Date();
    const inWindow = f.kids.find((k) => months(k.dob, now) >= 23 && months(k.dob, now) <= 35)!;
    const tooOld = f.kids.find((k) => months(k.dob, now) >= 40)!;
    await t.database.query(
      `update events set twoyear = false where provider_id = ${f.providerId} and child_id = ${inWindow.id}`,
    );
    const bad = await saveRequest(
      t,
      f.manager,
      newSave({ ...assessment('two-year-check'), subjects: [tooOld.id] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.code).toBe('selected-child-invalid-twoyear');
    const ok = await saveRequest(
      t,
      f.manager,
      newSave({ ...assessment('two-year-check'), subjects: [inWindow.id] }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json()[0].id;
    const dup = await saveRequest(
      t,
      f.manager,
      newSave({ ...assessment('two-year-check'), subjects: [inWindow.id] }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().err.code).toBe('twoyear-in-progress');
    expect(dup.json().err.message).toContain(String(id));
    const one = (await t.app.inject({ url: `/api/v2/events/${id}`, headers: { cookie: f.manager } })).json();
    expect(one.twoyear).toBe(true);
  });

  it('answers 404 for another provider event and for an unknown id', async () => {
    const [mine] = (await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [f.kids[0]!.id] }))).json();
    const res = await t.app.inject({ url: `/api/v2/events/${mine.id}`, headers: { cookie: f.other } });
    expect(res.statusCode).toBe(404);
    expect(res.json().err.code).toBe('err-not-found');
    const none = await t.app.inject({ url: '/api/v2/events/999999999', headers: { cookie: f.manager } });
    expect(none.statusCode).toBe(404);
  });

  it('refuses unknown media (404) and blocks publishing photos without publishPhotos (403)', async () => {
    const kid = [f.kids[0]!.id];
    const missingId = randomUUID();
    const mediaId = randomUUID();
    await t.database.query(
      // The manager's own upload: a save may attach only the user's uploads or media they may see.
      `insert into media (provider_id, id, type, mime_type, media_token, size, storage_path, uploaded_by_person_id)
       values (${f.providerId}, '${mediaId}', 'image', 'image/jpeg', 'tok', 10, 'x.jpg',
               (select person_id from user_accounts where lower(email) = 'manager@example.org'))`,
    );
    const unknown = await saveRequest(
      t,
      f.manager,
      newSave({ ...obs(), subjects: kid, mediaIDs: [mediaId, missingId] }),
    );
    expect(unknown.statusCode).toBe(404);
    // The answer names exactly the ids the server does not hold (the offline sync drops those).
    expect(unknown.json().err).toEqual({
      code: 'err-media-not-found',
      message: 'Some photos or videos of this event were not found on the server.',
      mediaIDs: [missingId],
    });
    const draft = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: kid, mediaIDs: [mediaId] }));
    expect(draft.statusCode, draft.body).toBe(201);
    await t.database.query(
      `update roles set permissions = array_remove(permissions, 'publishPhotos') where provider_id = ${f.providerId}`,
    );
    const blocked = await saveRequest(
      t,
      f.manager,
      newSave({ ...obs(), subjects: kid, mediaIDs: [mediaId], statusID: 5 }),
    );
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().err.code).toBe('err-publish-blocked');
    await t.database.query(
      `update roles set permissions = array_append(permissions, 'publishPhotos') where provider_id = ${f.providerId} and name = 'Manager'`,
    );
  });

  it('answers the GraphQL event query, and not-found for another provider', async () => {
    const [saved] = (
      await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [f.kids[0]!.id], notes: 'gql' }))
    ).json();
    const query =
      'query event($id: Int!) { event(id: $id) { id notes statusID editable permittedActions values { itemID } } }';
    const ask = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...WRITE_HEADERS, cookie },
        payload: { query, variables: { id: saved.id } },
      });
    const res = await ask(f.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.event).toMatchObject({
      id: saved.id,
      notes: 'gql',
      statusID: 1,
      editable: true,
      values: [],
    });
    expect(res.json().data.event.permittedActions).toEqual(expect.arrayContaining([3, 5, 6]));
    const other = (await ask(f.other)).json();
    expect(other.errors[0].extensions.code).toBe('err-not-found');
  });

  it('saves meal entries and refuses a photo on a type without media (403)', async () => {
    const meal = (
      await t.database.query<{ id: number }>(
        `select id from meals where provider_id = ${f.providerId} limit 1`,
      )
    )[0]!.id;
    const kid = [f.kids[0]!.id];
    const res = await saveRequest(
      t,
      f.manager,
      newSave({
        typeID: f.type('meal'),
        codeID: f.code('meal', 'meal'),
        subjects: kid,
        meals: [{ mealID: meal, portionAmount: 'half' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const one = (
      await t.app.inject({ url: `/api/v2/events/${res.json()[0].id}`, headers: { cookie: f.manager } })
    ).json();
    expect(one.meals).toEqual([{ mealID: meal, portionID: null, portionAmount: 'half' }]);
    const mediaId = randomUUID();
    await t.database.query(
      // The manager's own upload: a save may attach only the user's uploads or media they may see.
      `insert into media (provider_id, id, type, mime_type, media_token, size, storage_path, uploaded_by_person_id)
       values (${f.providerId}, '${mediaId}', 'image', 'image/jpeg', 'tok', 10, 'y.jpg',
               (select person_id from user_accounts where lower(email) = 'manager@example.org'))`,
    );
    const sleep = await saveRequest(
      t,
      f.manager,
      newSave({
        typeID: f.type('sleep'),
        codeID: f.code('sleep', 'sleep'),
        subjects: kid,
        mediaIDs: [mediaId],
      }),
    );
    expect(sleep.statusCode).toBe(403);
    expect(sleep.json().err.code).toBe('err-permission-add-media');
  });

  it('names a finished two-year check (409 twoyear-finished)', async () => {
    const now = new Date();
    const kid = f.kids.filter((k) => months(k.dob, now) >= 23 && months(k.dob, now) <= 35).at(-1)!;
    await t.database.query(
      `update events set twoyear = false where provider_id = ${f.providerId} and child_id = ${kid.id}`,
    );
    const first = await saveRequest(
      t,
      f.manager,
      newSave({ ...assessment('two-year-check'), subjects: [kid.id], statusID: 5 }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const dup = await saveRequest(
      t,
      f.manager,
      newSave({ ...assessment('two-year-check'), subjects: [kid.id] }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().err.code).toBe('twoyear-finished');
    expect(dup.json().err.message).toContain(String(first.json()[0].id));
  });
});
