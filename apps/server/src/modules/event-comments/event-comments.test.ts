// Issue 31: POST api/v1/events/{id}/comments answers the comment in events v3's thread shape (the
// drawer appends it without reading again), 404 for an event the user may not see, the author's
// 'event-comment' notification still made, and at most 60 a minute from one address.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from '../events/event-fixtures.ts';

describeEachDb('event comments in the thread shape (issue 31)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  /** The practitioner's observation of a key child, sent to the nursery (pending). */
  let eventId: number;
  /** The manager's draft: the practitioner may not see it. */
  let managersDraft: number;
  let practitionerUser: number;
  const q = <T>(text: string) => t.database.query<T>(text);
  const post = (cookie: string, id: number, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${id}/comments`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: { text },
    });
  const notificationsOf = (userId: number) =>
    q<{ json_blob: { eventID?: number; message?: string } }>(
      `select json_blob from notifications where user_id = ${userId} and name = 'event-comment' order by id`,
    );

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    const [p] = await q<{ id: number; staff_id: number }>(
      `select u.id, s.id as staff_id from user_accounts u
         join staff s on s.provider_id = u.provider_id and s.person_id = u.person_id
        where lower(u.email) = '${DEMO.practitioner}'`,
    );
    practitionerUser = p!.id;
    const [kc] = await q<{ child_id: number }>(
      `select child_id from key_children where staff_id = ${p!.staff_id} order by child_id limit 1`,
    );
    const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
    const mine = await saveRequest(
      t,
      f.practitioner,
      newSave({ ...obs, subjects: [kc!.child_id], statusID: 3 }),
    );
    expect(mine.statusCode, mine.body).toBe(201);
    eventId = mine.json()[0].id;
    const draft = await saveRequest(t, f.manager, newSave({ ...obs, subjects: [kc!.child_id] }));
    expect(draft.statusCode, draft.body).toBe(201);
    managersDraft = draft.json()[0].id;
    // The practitioner hears of comments on her events in the app.
    const [type] = await q<{ id: number }>(
      `select id from notification_types where provider_id = ${f.providerId} and code = 'event-comment'`,
    );
    const chose = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/eventNotifications',
      headers: { ...WRITE_HEADERS, cookie: f.practitioner },
      payload: { types: [{ id: type!.id, methodIDs: [2] }] },
    });
    expect(chose.statusCode, chose.body).toBe(200);
  });
  afterAll(() => t.close());

  it("answers the comment as events v3's thread shows it, and notifies the event's author", async () => {
    const before = (await notificationsOf(practitionerUser)).length;
    const res = await post(f.manager, eventId, '  Lovely counting today.  ');
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    const thread = await t.app.inject({
      url: `/api/v3/events/${eventId}?include=comments`,
      headers: { cookie: f.manager },
    });
    expect(thread.statusCode, thread.body).toBe(200);
    const stored = thread.json().events[0].comments.at(-1);
    // The thread's entry, field for field, plus the event and the author's person.
    expect(answer).toEqual({ ...stored, eventID: eventId, authorPersonID: stored.author.personID });
    expect(answer.text).toBe('Lovely counting today.');
    expect(answer.author.staffID).not.toBeNull();
    expect(answer.author.forename.length).toBeGreaterThan(0);
    const rows = await notificationsOf(practitionerUser);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.json_blob).toMatchObject({ eventID: eventId, message: 'Lovely counting today.' });
  });

  it('answers 404 for an event the user may not see, and stores nothing', async () => {
    const count = async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from event_comments where event_id = ${managersDraft}`,
        )
      )[0]!.n;
    const res = await post(f.practitioner, managersDraft, 'Not mine to see.');
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain('Not mine to see.');
    expect((await post(f.other, eventId, 'Hello')).statusCode).toBe(404);
    expect(await count()).toBe(0);
  });

  it('limits comments to 60 a minute from one address (429 after)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await post(f.manager, eventId, `Comment ${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(60);
  });
});
