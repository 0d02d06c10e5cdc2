import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import {
  type Fixture,
  loadFixture,
  newSave,
  saveRequest,
  transitionRequest,
} from '../events/event-fixtures.ts';

describeEachDb('GET api/v2/events/{id}/history', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const obs = () => ({ typeID: f.type('observation'), codeID: f.code('observation', 'observation') });
  const history = (cookie: string | undefined, id: number) =>
    t.app.inject({ url: `/api/v2/events/${id}/history`, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('answers creation and status changes newest first, with the author', async () => {
    const res = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [f.kids[0]!.id] }));
    expect(res.statusCode, res.body).toBe(201);
    const [saved] = res.json() as { id: number }[];
    const moved = await transitionRequest(t, f.manager, [saved!.id], 5);
    expect(moved.statusCode, moved.body).toBe(200);
    const h = await history(f.manager, saved!.id);
    expect(h.statusCode, h.body).toBe(200);
    const rows = h.json() as {
      id: number;
      at: string;
      action: string;
      fromStatusID: number | null;
      statusID: number;
      author: { personID: number; forename: string; surname: string; staffID: number | null } | null;
    }[];
    expect(rows.map((r) => [r.action, r.fromStatusID, r.statusID])).toEqual([
      ['transition', 1, 5],
      ['create', null, 1],
    ]);
    expect(new Date(rows[0]!.at).toISOString()).toBe(rows[0]!.at);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    const [me] = await t.database.query<{
      person_id: number;
      forename: string;
      surname: string;
      staff_id: number;
    }>(
      `select p.id as person_id, p.forename, p.surname, st.id as staff_id
       from events e join people p on p.provider_id = e.provider_id and p.id = e.author_person_id
       join staff st on st.provider_id = p.provider_id and st.person_id = p.id
       where e.provider_id = ${f.providerId} and e.id = ${saved!.id}`,
    );
    for (const r of rows) {
      expect(r.author).toEqual({
        personID: me!.person_id,
        forename: me!.forename,
        surname: me!.surname,
        staffID: me!.staff_id,
      });
    }
  });

  it('answers 401 without a session, 403 without viewEventHistory, 404 for another provider', async () => {
    const res = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [f.kids[0]!.id] }));
    const [saved] = res.json() as { id: number }[];
    expect((await history(undefined, saved!.id)).statusCode).toBe(401);
    // The demo Practitioner role has no viewEventHistory.
    const denied = await history(f.practitioner, saved!.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().err.code).toBe('err-permission-denied');
    const foreign = await history(f.other, saved!.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().err.code).toBe('err-not-found');
    expect((await history(f.manager, 2 ** 31 - 1)).statusCode).toBe(404);
    // Ids are PostgreSQL integers (issue 11): a larger one is a bad request.
    expect((await history(f.manager, 2 ** 40)).statusCode).toBe(400);
  });

  it('answers 404 for an event the user may not view, and 403 once the role loses the permission', async () => {
    const res = await saveRequest(t, f.manager, newSave({ ...obs(), subjects: [f.kids[0]!.id] }));
    const [saved] = res.json() as { id: number }[];
    const q = t.database.query.bind(t.database);
    // Grant the practitioner the permission: the manager's draft is still not theirs to view.
    await q(
      `update roles set permissions = array_append(permissions, 'viewEventHistory')
       where provider_id = ${f.providerId} and name = 'Practitioner'`,
    );
    try {
      // A practitioner sees others' events only once published (GET api/v2/events/{id} says the same).
      const view = await t.app.inject({
        url: `/api/v2/events/${saved!.id}`,
        headers: { cookie: f.practitioner },
      });
      expect(view.statusCode).toBe(404);
      const h = await history(f.practitioner, saved!.id);
      expect(h.statusCode).toBe(404);
      expect(h.json().err.code).toBe('err-not-found');
      const moved = await transitionRequest(t, f.manager, [saved!.id], 5);
      expect(moved.statusCode, moved.body).toBe(200);
      const published = await history(f.practitioner, saved!.id);
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toHaveLength(2);
    } finally {
      await q(
        `update roles set permissions = array_remove(permissions, 'viewEventHistory')
         where provider_id = ${f.providerId} and name = 'Practitioner'`,
      );
    }
    await q(
      `update roles set permissions = array_remove(permissions, 'viewEventHistory')
       where provider_id = ${f.providerId} and name = 'Manager'`,
    );
    try {
      expect((await history(f.manager, saved!.id)).statusCode).toBe(403);
    } finally {
      await q(
        `update roles set permissions = array_append(permissions, 'viewEventHistory')
         where provider_id = ${f.providerId} and name = 'Manager'`,
      );
    }
    expect((await history(f.manager, saved!.id)).statusCode).toBe(200);
  });
});
