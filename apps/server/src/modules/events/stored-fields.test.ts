// The simple stored fields (the domain's EventStoredFields) are copied by rule on the server
// (payloadColumns, eventView): each one saved on POST and PUT comes back as sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from './event-fixtures.ts';

describeEachDb('simple stored event fields round trip', (kind) => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  const read = async (id: number) =>
    (await t.app.inject({ url: `/api/v2/events/${id}`, headers: { cookie: f.manager } })).json();

  it('stores and answers notes, child voice, learning styles, tag, injury and nappy cream', async () => {
    const fields = {
      notes: 'Washed hands',
      childsVoice: 'All clean',
      learningStyles: 5,
      tagged: true,
      existingInjury: true,
      nappyCream: true,
    };
    const payload = newSave({
      typeID: f.type('observation'),
      codeID: f.code('observation', 'observation'),
      subjects: [f.kids[0]!.id],
      ref2: 'From home',
      ...fields,
    });
    const res = await saveRequest(t, f.practitioner, payload);
    expect(res.statusCode, res.body).toBe(201);
    const saved = (res.json() as { id: number; version: number }[])[0]!;
    expect(await read(saved.id)).toMatchObject({ ...fields, ref2: 'From home' });

    const edited = {
      notes: null,
      childsVoice: 'Edited',
      learningStyles: 0,
      tagged: false,
      existingInjury: null,
      nappyCream: false,
    };
    const put = await saveRequest(
      t,
      f.practitioner,
      { ...payload, ...edited, subjects: [], childID: f.kids[0]!.id, version: saved.version },
      'PUT',
      `/api/v2/events/${saved.id}`,
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(await read(saved.id)).toMatchObject({ ...edited, ref2: 'From home' });
  });
});
