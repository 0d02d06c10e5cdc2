// The content and future-date rules of a save (issue 13; packages/domain saveRules.ts), on POST
// and PUT api/v2/events: 400 with the error shape and the form's message.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from './event-fixtures.ts';

describeEachDb('event content and future dates (POST and PUT api/v2/events)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const ofType = (tag: string, key: string) => ({ typeID: f.type(tag), codeID: f.code(tag, key) });
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
  const post = (over: Record<string, unknown>) =>
    saveRequest(t, f.manager, newSave({ subjects: [f.kids[0]!.id], ...over }));
  const put = (id: number, payload: Record<string, unknown>) =>
    saveRequest(t, f.manager, payload, 'PUT', `/api/v2/events/${id}`);

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('refuses an event with nothing in it (400 err-event-empty) and saves nothing', async () => {
    for (const over of [
      { ...ofType('observation', 'observation'), notes: null },
      { ...ofType('observation', 'observation'), notes: '   ', childsVoice: '' },
      { ...ofType('generic', 'phone-call'), notes: '' },
      { ...ofType('meal', 'meal'), notes: null, meals: [] },
      { ...ofType('accident', 'accident'), notes: null, existingInjury: false },
      { ...ofType('observation', 'observation'), notes: null, nextSteps: [{ notes: ' ', links: [] }] },
    ]) {
      const res = await post(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toEqual({
        err: {
          code: 'err-event-empty',
          message:
            'This event is empty. Please add notes, a photo or video, a grading or the details of the event before saving.',
        },
      });
    }
    const [{ n }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from events where provider_id = ${f.providerId} and notes is null and child_id = ${f.kids[0]!.id} and created_at > now() - interval '1 minute'`,
    );
    expect(n).toBe(0);
  });

  it("accepts a type's own content: a sleep, a nappy change, meals, an existing injury, a next step, a child's voice", async () => {
    const meal = (
      await t.database.query<{ id: number }>(
        `select id from meals where provider_id = ${f.providerId} limit 1`,
      )
    )[0]!.id;
    for (const over of [
      { ...ofType('sleep', 'sleep'), notes: null },
      { ...ofType('nappy', 'wet'), notes: null },
      { ...ofType('meal', 'meal'), notes: null, meals: [{ mealID: meal, portionAmount: 'all' }] },
      { ...ofType('accident', 'existing-injury'), notes: null, existingInjury: true },
      { ...ofType('observation', 'observation'), notes: null, nextSteps: [{ notes: 'Count to 20' }] },
      { ...ofType('observation', 'observation'), notes: null, childsVoice: 'Look at me!' },
    ]) {
      const res = await post(over);
      expect(res.statusCode, `${JSON.stringify(over)} ${res.body}`).toBe(201);
    }
  });

  it('refuses a recorded event dated in the future (400 err-future-date); a task may be', async () => {
    for (const over of [
      { ...ofType('observation', 'observation'), raised: hours(24) },
      { ...ofType('accident', 'accident'), raised: hours(1) },
      { ...ofType('sleep', 'sleep'), raised: hours(-1), date2: hours(2) },
    ]) {
      const res = await post(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().err).toEqual({ code: 'err-future-date', message: 'Future dates are not allowed.' });
    }
    // A clock a few minutes fast is not the future.
    expect((await post({ ...ofType('observation', 'observation'), raised: hours(0.1) })).statusCode).toBe(
      201,
    );
    const task = await post({ ...ofType('task', 'task'), raised: hours(48), notes: 'Order more paint' });
    expect(task.statusCode, task.body).toBe(201);
  });

  it('applies both rules to an edit; a stored date is not refused when the edit keeps it', async () => {
    const raised = hours(-1);
    const res = await post({ ...ofType('observation', 'observation'), notes: 'First words', raised });
    expect(res.statusCode, res.body).toBe(201);
    const [e] = res.json() as { id: number }[];
    const body = { ...ofType('observation', 'observation'), raised, statusID: 1, version: 1 };
    const emptied = await put(e!.id, { ...body, notes: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().err.code).toBe('err-event-empty');
    const future = await put(e!.id, { ...body, raised: hours(30), notes: 'First words' });
    expect(future.statusCode).toBe(400);
    expect(future.json().err.code).toBe('err-future-date');
    // A stored event that lies ahead (imported, or a clock that was wrong) can still be edited.
    const ahead = hours(5);
    await t.database.query(`update events set raised = '${ahead}' where id = ${e!.id}`);
    const kept = await put(e!.id, { ...body, raised: ahead, notes: 'First words, edited' });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
