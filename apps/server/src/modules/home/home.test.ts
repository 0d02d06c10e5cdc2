import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDb, loginAs, makeTestApp, type TestApp } from '../../test/harness.ts';
import { countDueIn } from './queries.ts';

describeEachDb('home overview', (kind) => {
  let t: TestApp;
  let manager: string;
  let other: string;
  let oakTree: number;
  let providerId: number;
  beforeAll(async () => {
    t = await makeTestApp(kind);
    manager = await loginAs(t.app, DEMO.manager);
    other = await loginAs(t.app, DEMO.otherManager);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: manager } })).json();
    oakTree = Object.values(config.sitesByID as Record<string, { id: number; name: string }>).find(
      (s) => s.name === 'Oak Tree Nursery',
    )!.id;
    const rows = await t.database.query<{ provider_id: number }>(
      `select provider_id from sites where id = ${oakTree}`,
    );
    providerId = rows[0]!.provider_id;
  });
  afterAll(() => t.close());

  it('counts children due in today: booked, not marked off, not checked in', async () => {
    const res = await t.app.inject({
      url: `/api/v1/home/overview?siteID=${oakTree}`,
      headers: { cookie: manager },
    });
    expect(res.statusCode).toBe(200);
    const { date, dueIn } = res.json();
    const expected = await t.database.query<{ n: number }>(
      `select count(distinct child_id)::int as n from bookings b where provider_id = ${providerId} and site_id = ${oakTree}
         and date = '${date}' and not deleted and marked_off_category_id is null
         and child_id not in (select child_id from bookings where provider_id = ${providerId} and site_id = ${oakTree}
           and date = '${date}' and actual_start is not null and not deleted)
         and actual_start is null`,
    );
    expect(dueIn).toBe(expected[0]!.n);
    expect(dueIn).toBeGreaterThan(0);
    // Checking one due child in lowers the count by one.
    const due = await t.database.query<{ child_id: number }>(
      `select child_id from bookings where provider_id = ${providerId} and site_id = ${oakTree} and date = '${date}'
         and actual_start is null and marked_off_category_id is null and not deleted
         and child_id not in (select child_id from bookings where provider_id = ${providerId} and date = '${date}' and actual_start is not null)
       limit 1`,
    );
    await t.database.db.execute(
      sql`update bookings set actual_start = start where provider_id = ${providerId} and child_id = ${due[0]!.child_id} and date = ${date}`,
    );
    expect(await countDueIn(t.database.db, providerId, oakTree, date)).toBe(dueIn - 1);
  });

  it("answers 404 for another provider's site", async () => {
    const res = await t.app.inject({
      url: `/api/v1/home/overview?siteID=${oakTree}`,
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(404);
  });
});
