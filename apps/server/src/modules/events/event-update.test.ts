import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest, transitionRequest } from './event-fixtures.ts';

describeEachDb('event update (PUT), transition and lastEvent', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const obs = () => ({ typeID: f.type('observation'), codeID: f.code('observation', 'observation') });
  const create = async (cookie: string, over: Record<string, unknown>) => {
    const res = await saveRequest(t, cookie, newSave({ ...obs(), subjects: [f.kids[0]!.id], ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number; statusID: number; childID: number }[];
  };
  const put = (cookie: string, id: number, payload: Record<string, unknown>) =>
    saveRequest(t, cookie, payload, 'PUT', `/api/v2/events/${id}`);
  const transition = (cookie: string, ids: number[], statusID: number) =>
    transitionRequest(t, cookie, ids, statusID);

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('updates a draft, bumps the version and refuses a stale version with the current row', async () => {
    const raised = new Date(Date.now() - 7_200_000).toISOString();
    const [e] = await create(f.practitioner, { raised, nextSteps: [{ notes: 'first', links: [] }] });
    const before = (
      await t.app.inject({ url: `/api/v2/events/${e!.id}`, headers: { cookie: f.practitioner } })
    ).json();
    const stepId = before.nextSteps[0].id;
    const body = {
      ...obs(),
      raised,
      statusID: 1,
      version: 1,
      notes: 'Changed',
      nextSteps: [
        { id: stepId, notes: 'kept', links: [], completed: true },
        { notes: 'new', links: [] },
      ],
    };
    const res = await put(f.practitioner, e!.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0].version).toBe(2);
    const after = (
      await t.app.inject({ url: `/api/v2/events/${e!.id}`, headers: { cookie: f.practitioner } })
    ).json();
    expect(after.notes).toBe('Changed');
    expect(
      after.nextSteps.map((s: { id: number; notes: string; completed: boolean }) => [s.notes, s.completed]),
    ).toEqual([
      ['kept', true],
      ['new', false],
    ]);
    expect(after.nextSteps[0].id).toBe(stepId);
    const stale = await put(f.practitioner, e!.id, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().err.code).toBe('err-conflict');
    expect(stale.json().current).toMatchObject({ id: e!.id, version: 2, notes: 'Changed' });
  });

  it('refuses a type change, a forbidden status, a non-editable event and edits of locked fields', async () => {
    const raised = new Date(Date.now() - 7_200_000).toISOString();
    const [e] = await create(f.practitioner, { raised });
    const base = { ...obs(), raised, statusID: 1, version: 1, notes: 'Edited in a test.' };
    const type = await put(f.practitioner, e!.id, {
      ...base,
      typeID: f.type('sleep'),
      codeID: f.code('sleep', 'sleep'),
    });
    expect(type.statusCode).toBe(400);
    expect(type.json().err.code).toBe('err-type-locked');
    const publish = await put(f.practitioner, e!.id, { ...base, statusID: 5 });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().err.code).toBe('err-status-not-allowed');
    // Sent to pending, the practitioner can no longer edit it.
    const pending = await put(f.practitioner, e!.id, { ...base, statusID: 3 });
    expect(pending.statusCode, pending.body).toBe(200);
    const locked = await put(f.practitioner, e!.id, { ...base, statusID: 3, version: 2 });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().err.code).toBe('err-not-editable');
    // The manager may edit a pending event, but not its date once it left draft.
    const moved = await put(f.manager, e!.id, {
      ...base,
      statusID: 3,
      version: 2,
      raised: new Date().toISOString(),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().err.code).toBe('err-locked');
    const other = await put(f.other, e!.id, { ...base, version: 2 });
    expect(other.statusCode).toBe(404);
  });

  it('transitions each event on its own, closes open sleeps and writes history', async () => {
    const [mine] = await create(f.practitioner, {});
    const [published] = await create(f.manager, { statusID: 5 });
    const raised = new Date(Date.now() - 3_600_000).toISOString();
    const [sleep] = await create(f.manager, {
      typeID: f.type('sleep'),
      codeID: f.code('sleep', 'sleep'),
      raised,
    });
    const res = await transition(f.practitioner, [mine!.id, published!.id, 999_999_999], 3);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { id: number; ok: boolean; code?: string }[];
    expect(results[0]).toMatchObject({ id: mine!.id, ok: true, statusID: 3, version: 2 });
    expect(results[1]).toMatchObject({ id: published!.id, ok: false, code: 'err-status-not-allowed' });
    expect(results[2]).toMatchObject({ ok: false, code: 'err-not-found' });
    const closed = await transition(f.manager, [sleep!.id], 5);
    expect(closed.json().results[0].ok).toBe(true);
    const row = (
      await t.app.inject({ url: `/api/v2/events/${sleep!.id}`, headers: { cookie: f.manager } })
    ).json();
    expect(row.statusID).toBe(5);
    expect(row.date2).not.toBeNull();
    const history = await t.database.query<{ n: number }>(
      `select count(*)::int as n from event_history where provider_id = ${f.providerId} and action = 'transition'
         and event_id in (${mine!.id}, ${sleep!.id})`,
    );
    expect(history[0]!.n).toBe(2);
    const bad = await transitionRequest(t, f.manager, [], 5);
    expect(bad.statusCode).toBe(400);
  });

  it('answers the last event of a type with its gradings, and 404 for another provider child', async () => {
    const kid = f.kids[1]!.id;
    const type = f.type('assessment');
    const codeID = f.code('assessment', 'assessment');
    const raised = new Date(Date.now() + 60_000).toISOString();
    const values = [{ itemID: f.item, ageRangeID: f.ageRange, value: 2 }];
    const [e] = await create(f.manager, { typeID: type, codeID, subjects: [kid], raised, values });
    const res = await t.app.inject({
      url: `/api/v1/lastEvent?childID=${kid}&typeID=${type}`,
      headers: { cookie: f.manager },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      eventID: e!.id,
      raised,
      values: [{ itemID: f.item, value: 2, ageRangeID: f.ageRange }],
    });
    const other = await t.app.inject({
      url: `/api/v1/lastEvent?childID=${f.otherChild}&typeID=${type}`,
      headers: { cookie: f.manager },
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: `/api/v1/lastEvent?childID=x&typeID=${type}`,
      headers: { cookie: f.manager },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('blocks publishing an event with an Intervention consideration without publishConsiderations', async () => {
    const [e] = await create(f.manager, {});
    await t.database.query(
      `insert into considerations (provider_id, event_id, child_id, status) values (${f.providerId}, ${e!.id}, ${e!.childID}, 'Intervention')`,
    );
    await t.database.query(
      `update roles set permissions = array_remove(permissions, 'publishConsiderations') where provider_id = ${f.providerId}`,
    );
    try {
      const res = await transition(f.manager, [e!.id], 5);
      expect(res.json().results[0]).toMatchObject({ ok: false, code: 'err-publish-blocked' });
      const viaPut = await put(f.manager, e!.id, {
        ...obs(),
        notes: 'Edited in a test.',
        raised: new Date().toISOString(),
        statusID: 5,
        version: 1,
      });
      expect(viaPut.statusCode).toBe(403);
    } finally {
      await t.database.query(
        `update roles set permissions = array_append(permissions, 'publishConsiderations') where provider_id = ${f.providerId} and name = 'Manager'`,
      );
    }
    const ok = await transition(f.manager, [e!.id], 5);
    expect(ok.json().results[0]).toMatchObject({ ok: true, statusID: 5 });
  });

  it('completes earlier next steps named in completedNextStepIDs', async () => {
    const kid = f.kids[3]!.id;
    await create(f.manager, { subjects: [kid], nextSteps: [{ notes: 'to finish', links: [] }] });
    const open = (
      await t.app.inject({
        url: `/api/v1/outstanding-next-steps?childIDs=${kid}`,
        headers: { cookie: f.manager },
      })
    ).json();
    const step = open.find((s: { notes: string }) => s.notes === 'to finish');
    const [done] = await create(f.manager, { subjects: [kid], completedNextStepIDs: [step.id] });
    const rows = await t.database.query<{ completed: boolean; completed_event_id: string }>(
      `select completed, completed_event_id from next_steps where provider_id = ${f.providerId} and id = ${step.id}`,
    );
    expect(rows[0]!.completed).toBe(true);
    expect(Number(rows[0]!.completed_event_id)).toBe(done!.id);
  });
});
