// GET api/v1/reports/last-published-observation (spec 002 §2 Links, §6 lastPublishedObservation).
import type { LastPublishedAnswer } from '@nursery/domain/children';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

describeEachDb('last published observation report', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, query: string) =>
    t.app.inject({ url: `/api/v1/reports/last-published-observation?${query}`, headers: { cookie } });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it("pages through the site's current children by name with their last published observation per area", async () => {
    const first = await get(f.manager, `siteID=${f.siteId}&limit=7`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as LastPublishedAnswer;
    expect(page1.children).toHaveLength(7);
    expect(page1.next).not.toBeNull();
    const all = [...page1.children];
    let next = page1.next;
    while (next) {
      const page = (
        await get(f.manager, `siteID=${f.siteId}&limit=7&after=${next}`)
      ).json() as LastPublishedAnswer;
      all.push(...page.children);
      next = page.next;
    }
    const expected = await q<{ id: number }>(
      `select id from children where provider_id = ${f.providerId} and site_id = ${f.siteId}
         and start_date <= '${page1.today}' and (end_date is null or end_date >= '${page1.today}')
       order by surname, forename, id`,
    );
    expect(all.map((c) => c.id)).toEqual(expected.map((e) => e.id));

    // Published only: a child's dates worked out again from its published events' gradings and best fits.
    const child = all.find((c) => c.lastPublishedDates.length > 0)!;
    const dates = await q<{ area: string; date: string }>(
      `select substring(x.item_id from '^/-?[0-9]+/[^/]+/') as area,
         to_char(max(x.raised) at time zone 'Europe/London', 'YYYY-MM-DD') as date
       from (select g.item_id, e.raised from gradings g join events e on e.provider_id = g.provider_id and e.id = g.event_id
             where g.provider_id = ${f.providerId} and g.child_id = ${child.id} and e.status_id = 5
             union all
             select b.item_id, e.raised from best_fits b join events e on e.provider_id = b.provider_id and e.id = b.event_id
             where b.provider_id = ${f.providerId} and b.child_id = ${child.id} and e.status_id = 5) x
       group by 1 order by 1`,
    );
    const areaIds = new Set(page1.areas.map((a) => a.id));
    expect(child.lastPublishedDates.map((o) => [o.areaID, o.date])).toEqual(
      dates.filter((d) => areaIds.has(d.area)).map((d) => [d.area, d.date]),
    );
  });

  it("filters by a room of the site and refuses another site's room", async () => {
    const rooms = await q<{ id: number; site_id: number }>(
      `select id, site_id from rooms where provider_id = ${f.providerId} order by id`,
    );
    const room = rooms.find((r) => r.site_id === f.siteId)!;
    const res = await get(f.manager, `siteID=${f.siteId}&roomID=${room.id}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as LastPublishedAnswer;
    expect(body.roomID).toBe(room.id);
    expect(body.children.length).toBeGreaterThan(0);
    expect(body.children.every((c) => c.roomID === room.id)).toBe(true);
    const elsewhere = rooms.find((r) => r.site_id !== f.siteId)!;
    expect((await get(f.manager, `siteID=${f.siteId}&roomID=${elsewhere.id}`)).statusCode).toBe(404);
  });

  it('needs lastPublishedObservation, refuses another provider and bad input', async () => {
    const denied = await get(f.practitioner, `siteID=${f.siteId}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().err.code).toBe('err-permission-denied');
    const other = await get(f.other, `siteID=${f.siteId}`);
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toContain('forename');
    expect((await get(f.manager, '')).statusCode).toBe(400);
    expect((await get(f.manager, `siteID=${f.siteId}&limit=0`)).statusCode).toBe(400);
    expect((await get(f.manager, `siteID=${f.siteId}&limit=101`)).statusCode).toBe(400);
    const bad = await get(f.manager, `siteID=${f.siteId}&after=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.code).toBe('err-invalid-cursor');
  });
});
