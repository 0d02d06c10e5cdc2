// The observation list query of the assessment side panel: GET api/v2/events with itemIDs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from './event-fixtures.ts';

describeEachDb('event search by framework items (itemIDs)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let item2: string;
  const ids: Record<string, number> = {};
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const assessment = (child: number, items: string[], raised: string) =>
    newSave({
      typeID: f.type('assessment'),
      codeID: f.code('assessment', 'assessment'),
      subjects: [child],
      statusID: 5,
      raised,
      values: items.map((itemID) => ({ itemID, ageRangeID: f.ageRange, value: 1 })),
    });
  const search = (query: string, cookie = f.manager) =>
    t.app.inject({ url: `/api/v2/events?siteID=${f.siteId}&${query}`, headers: { cookie } });
  const found = async (query: string) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().events as { id: number }[]).map((e) => e.id);
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    item2 = (
      await t.database.query<{ id: string }>(
        `select i.id from framework_items i
         join framework_items first on first.provider_id = i.provider_id and first.id = '${f.item}'
         where i.provider_id = ${f.providerId} and i.framework_id = first.framework_id and i.depth > 0
           and i.id <> first.id
         order by i.id limit 1`,
      )
    )[0]!.id;
    const save = async (name: string, payload: Record<string, unknown>) => {
      const res = await saveRequest(t, f.manager, payload);
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = (res.json() as { id: number }[])[0]!.id;
    };
    const [kid, otherKid] = [f.kids[0]!.id, f.kids[1]!.id];
    await save('a', assessment(kid, [f.item], hoursAgo(5)));
    await save('b', assessment(kid, [item2], hoursAgo(4)));
    await save('both', assessment(kid, [f.item, item2], hoursAgo(3)));
    await save('otherChild', assessment(otherKid, [f.item], hoursAgo(2)));
    await save(
      'plain',
      newSave({
        typeID: f.type('observation'),
        codeID: f.code('observation', 'observation'),
        subjects: [kid],
        statusID: 5,
        raised: hoursAgo(1),
      }),
    );
  });
  afterAll(() => t.close());

  it("answers one child's events graded on the items, newest first (raised, then id)", async () => {
    const kid = f.kids[0]!.id;
    const typeID = f.type('assessment');
    expect(await found(`childIDs=${kid}&typeID=${typeID}&statusID=5&itemIDs=${f.item}`)).toEqual([
      ids.both,
      ids.a,
    ]);
    expect(await found(`childIDs=${kid}&itemIDs=${item2}`)).toEqual([ids.both, ids.b]);
    expect(await found(`childIDs=${kid}&itemIDs=${f.item},${item2}`)).toEqual([ids.both, ids.b, ids.a]);
    const anyChild = await found(`itemIDs=${f.item}`);
    expect(anyChild).toEqual(expect.arrayContaining([ids.otherChild, ids.both, ids.a]));
    expect(anyChild).not.toContain(ids.plain);
    expect(anyChild).not.toContain(ids.b);
    // Without itemIDs the observation is there too.
    expect(await found(`childIDs=${kid}`)).toContain(ids.plain);
  });

  it('pages through the matches with the usual cursors', async () => {
    const kid = f.kids[0]!.id;
    const first = (await search(`childIDs=${kid}&itemIDs=${f.item},${item2}&limit=2`)).json();
    expect(first.events.map((e: { id: number }) => e.id)).toEqual([ids.both, ids.b]);
    const second = (
      await search(`childIDs=${kid}&itemIDs=${f.item},${item2}&limit=2&after=${first.next}`)
    ).json();
    expect(second.events.map((e: { id: number }) => e.id)).toEqual([ids.a]);
    expect(second.next).toBeNull();
  });

  it('answers nothing for an item nobody graded and refuses malformed or too many item ids', async () => {
    expect(await found('itemIDs=/999999/1/')).toEqual([]);
    for (const bad of ['abc', '/-29/1', '-29/1/', '/-29/1/,,/-29/2/', `/-29/1/;drop`]) {
      const res = await search(`itemIDs=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().err.code).toBe('err-invalid-request');
    }
    const many = Array.from({ length: 51 }, (_, i) => `/-29/${i + 1}/`).join(',');
    const tooMany = await search(`itemIDs=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().err.message).toMatch(/at most 50/);
    const fifty = Array.from({ length: 50 }, (_, i) => `/-29/${i + 1}/`).join(',');
    expect((await search(`itemIDs=${fifty}`)).statusCode).toBe(200);
  });
});
