// POST api/v1/transition with the versions the client saw (issue 26): a delete decided on a draft
// must not delete the event another manager has just published. An event whose version moved since
// gets the outcome err-conflict and stays as it is; the others in the call still move.
import { EventStatus } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from './event-fixtures.ts';

describeEachDb('transition: the versions the client saw', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const createDraft = async () => {
    const res = await saveRequest(
      t,
      f.manager,
      newSave({
        typeID: f.type('observation'),
        codeID: f.code('observation', 'observation'),
        subjects: [f.kids[0]!.id],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number; version: number; statusID: number }[])[0]!;
  };
  const transition = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/transition',
      headers: { ...WRITE_HEADERS, cookie: f.manager },
      payload,
    });
  const statusOf = async (id: number) =>
    (
      await t.database.query<{ status_id: number; version: number }>(
        `select status_id, version from events where provider_id = ${f.providerId} and id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('does not delete an event published since the delete was decided on its draft', async () => {
    const draft = await createDraft();
    const other = await createDraft();
    expect(draft.statusID).toBe(EventStatus.Draft);
    // Another manager publishes it (the version moves).
    const publish = await transition({
      ids: [draft.id],
      statusID: EventStatus.Published,
      versions: [draft.version],
    });
    expect(publish.json().results[0]).toMatchObject({ ok: true, version: draft.version + 1 });
    // The delete decided on the draft's version: a conflict for it, done for the other event.
    const res = await transition({
      ids: [draft.id, other.id],
      statusID: EventStatus.Deleted,
      versions: [draft.version, other.version],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: draft.id, ok: false, code: 'err-conflict', message: 'This event was changed by someone else.' },
      { id: other.id, ok: true, statusID: EventStatus.Deleted, version: other.version + 1 },
    ]);
    expect(await statusOf(draft.id)).toEqual({
      status_id: EventStatus.Published,
      version: draft.version + 1,
    });
    expect(await statusOf(other.id)).toMatchObject({ status_id: EventStatus.Deleted });
  });

  it('a version that moved is a conflict even when the status asked for is already the status', async () => {
    const draft = await createDraft();
    await transition({ ids: [draft.id], statusID: EventStatus.Published });
    const res = await transition({
      ids: [draft.id],
      statusID: EventStatus.Published,
      versions: [draft.version],
    });
    expect(res.json().results[0]).toMatchObject({ id: draft.id, ok: false, code: 'err-conflict' });
  });

  it('refuses versions that do not pair with ids (400)', async () => {
    const draft = await createDraft();
    const res = await transition({ ids: [draft.id], statusID: EventStatus.Deleted, versions: [1, 2] });
    expect(res.statusCode).toBe(400);
    expect(res.json().err.code).toBe('err-invalid-request');
    expect(await statusOf(draft.id)).toMatchObject({ status_id: EventStatus.Draft });
  });
});
