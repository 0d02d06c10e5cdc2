import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

describeEachDb('GET api/v1/meals', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('lists the meal types with the meals offered at the site and the portions', async () => {
    const types = await t.database.query<{ id: number }>(
      `select id from meal_types where provider_id = ${f.providerId} and enabled order by sort_order, id limit 1`,
    );
    const typeId = types[0]!.id;
    await t.database.query(
      `insert into meals (provider_id, meal_type_id, name, site_ids) values
         (${f.providerId}, ${typeId}, 'Here only', '{${f.siteId}}'),
         (${f.providerId}, ${typeId}, 'Elsewhere only', '{${f.siteId + 100000}}')`,
    );
    const res = await get(f.manager, `/api/v1/meals?siteID=${f.siteId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      mealTypes: {
        mealTypeID: number;
        name: string;
        approximateTime: string | null;
        approximateEndTime: string | null;
        meals: { mealID: number; mealName: string; siteIDs: number[]; portionIDs: number[] }[];
      }[];
      portions: { portionID: number; name: string }[];
    };
    expect(body.portions.length).toBeGreaterThan(0);
    const first = body.mealTypes.find((m) => m.mealTypeID === typeId)!;
    expect(first).toBeDefined();
    const names = first.meals.map((m) => m.mealName);
    expect(names).toContain('Here only');
    expect(names).not.toContain('Elsewhere only');
    expect(first.meals.find((m) => m.mealName === 'Here only')!.siteIDs).toEqual([f.siteId]);
    const everywhere = body.mealTypes.flatMap((m) => m.meals).find((m) => m.siteIDs.length === 0);
    expect(everywhere?.portionIDs.every((p) => body.portions.some((x) => x.portionID === p))).toBe(true);
    const otherSite = await t.database.query<{ id: number }>(
      `select id from sites where provider_id <> ${f.providerId} limit 1`,
    );
    const foreign = await get(f.manager, `/api/v1/meals?siteID=${otherSite[0]!.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().err.code).toBe('err-not-found');
  });
});
