import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, savedEvents } from './event-fixtures.ts';

describeEachDb('sleep close (PUT/POST api/v2/events?id=…)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const create = (cookie: string, over: Record<string, unknown>) =>
    savedEvents(t, cookie, newSave({ subjects: [f.kids[0]!.id], ...over }));
  const sleep = (over: Record<string, unknown> = {}) => ({
    typeID: f.type('sleep'),
    codeID: f.code('sleep', 'sleep'),
    ...over,
  });
  const bulk = (cookie: string, ids: number[], payload: Record<string, unknown>, method = 'PUT') =>
    t.app.inject({
      method: method as 'PUT',
      url: `/api/v2/events?id=${ids.join(',')}`,
      headers: { ...WRITE_HEADERS, cookie },
      payload,
    });
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('closes open sleeps one by one with the end time and status, and refuses the others with a reason', async () => {
    const raised = new Date(Date.now() - 3_600_000).toISOString();
    const [a] = await create(f.manager, sleep({ raised }));
    const [b] = await create(f.manager, sleep({ raised }));
    const [closed] = await create(
      f.manager,
      sleep({ raised, date2: new Date(Date.now() - 60_000).toISOString() }),
    );
    const [late] = await create(f.manager, sleep({ raised: new Date(Date.now() - 600_000).toISOString() }));
    const [obs] = await create(f.manager, {
      typeID: f.type('observation'),
      codeID: f.code('observation', 'observation'),
    });
    const foreign = (
      await t.database.query<{ id: number; version: number }>(
        `select id::int as id, version from events where provider_id <> ${f.providerId} order by id limit 1`,
      )
    )[0];
    const date2 = new Date(Date.now() - 1_800_000).toISOString();
    const res = await bulk(f.manager, [a!.id, b!.id, closed!.id, late!.id, obs!.id, foreign!.id], {
      date2,
      statusID: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { id: number; ok: boolean; code?: string; message?: string }[];
    expect(results[0]).toMatchObject({ id: a!.id, ok: true, statusID: 5, version: 2 });
    expect(results[1]).toMatchObject({ id: b!.id, ok: true, statusID: 5, version: 2 });
    expect(results[2]).toMatchObject({ id: closed!.id, ok: false, code: 'err-already-closed' });
    expect(results[3]).toMatchObject({
      id: late!.id,
      ok: false,
      code: 'err-invalid-end-time',
      message: 'end time must be after start time',
    });
    expect(results[4]).toMatchObject({ id: obs!.id, ok: false, code: 'err-not-sleep' });
    expect(results[5]).toMatchObject({ id: foreign!.id, ok: false, code: 'err-not-found' });
    const row = (await get(f.manager, `/api/v2/events/${a!.id}`)).json();
    expect(row.statusID).toBe(5);
    expect(row.version).toBe(2);
    expect(new Date(row.date2).toISOString()).toBe(date2);
    const lateRow = (await get(f.manager, `/api/v2/events/${late!.id}`)).json();
    expect(lateRow.date2).toBeNull();
    expect(lateRow.statusID).toBe(1);
    const history = await t.database.query<{ n: number }>(
      `select count(*)::int as n from event_history where provider_id = ${f.providerId} and action = 'transition'
         and event_id in (${a!.id}, ${b!.id}, ${late!.id}, ${obs!.id})`,
    );
    expect(history[0]!.n).toBe(2);
    const foreignRow = await t.database.query<{ version: number }>(
      `select version from events where id = ${foreign!.id}`,
    );
    expect(foreignRow[0]!.version).toBe(foreign!.version);
  });

  it('accepts the same call as POST, refuses a status the role does not allow, and validates the list', async () => {
    const raised = new Date(Date.now() - 3_600_000).toISOString();
    const [a] = await create(f.manager, sleep({ raised }));
    const [mine] = await create(f.practitioner, sleep({ raised }));
    const date2 = new Date().toISOString();
    const refused = await bulk(f.practitioner, [mine!.id, a!.id], { date2, statusID: 5 }, 'POST');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().results[0].ok).toBe(false);
    expect(refused.json().results[0].code).toBe('err-status-not-allowed');
    // The practitioner's roles do not let them see the manager's draft.
    expect(refused.json().results[1]).toMatchObject({ id: a!.id, ok: false, code: 'err-not-found' });
    const own = await bulk(f.practitioner, [mine!.id], { date2, statusID: 3 }, 'POST');
    expect(own.json().results[0]).toMatchObject({ id: mine!.id, ok: true, statusID: 3, version: 2 });
    const posted = await bulk(f.manager, [a!.id], { date2, statusID: 5 }, 'POST');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true]);
    const tooMany = await bulk(
      f.manager,
      Array.from({ length: 101 }, (_, i) => i + 1),
      { date2, statusID: 5 },
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().err.code).toBe('err-invalid-request');
    const noBody = await bulk(f.manager, [a!.id], { statusID: 5 });
    expect(noBody.statusCode).toBe(400);
    // A plain POST without ?id= still saves an event.
    await create(f.manager, sleep({ raised }));
  });
});
