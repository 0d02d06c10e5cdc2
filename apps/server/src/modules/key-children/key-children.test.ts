// GET api/v1/key-children (spec 002 §3 "Key-children data", §7 "GET key children | query date", §9).
import type { KeyChildrenAnswer } from '@nursery/domain/children';
import { todayInZone } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, saveRequest } from '../events/event-fixtures.ts';

describeEachDb('key children', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let today: string;
  let practitionerStaff: number;
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, query: string) =>
    t.app.inject({ url: `/api/v1/key-children?${query}`, headers: { cookie } });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    today = todayInZone(new Date(), 'Europe/London');
    practitionerStaff = (
      await q<{ id: number }>(
        `select st.id from staff st join user_accounts u on u.provider_id = st.provider_id
           and u.person_id = st.person_id where u.email = 'practitioner@example.org'`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  it("answers the practitioner's key children with their last observation per area, as the tables hold them", async () => {
    const res = await get(f.practitioner, `date=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as KeyChildrenAnswer;
    expect(body.siteID).toBe(f.siteId);
    expect(body.date).toBe(today);
    const expected = await q<{ id: number }>(
      `select c.id from key_children kc join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
       where kc.provider_id = ${f.providerId} and kc.staff_id = ${practitionerStaff}
         and c.start_date <= '${today}' and (c.end_date is null or c.end_date >= '${today}')
       order by c.surname, c.forename, c.id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(body.children.map((c) => c.id)).toEqual(expected.map((e) => e.id));
    expect(body.staff).toMatchObject({ id: practitionerStaff, forename: 'Sam', surname: 'Practitioner' });
    // Areas: the depth-1 items of the usable frameworks (Development Matters and Birth to 5 have seven).
    expect(body.areas.filter((a) => a.frameworkID === '-29')).toHaveLength(7);
    expect(body.areas.map((a) => a.name)).toContain('Communication and Language');
    expect(body.permittedActions).toEqual({ viewSnapshots: true, viewLearningStories: true });

    // One child's dates, worked out again here from its gradings and best fits.
    const child = body.children.find((c) => c.lastObservationDates.length > 0)!;
    const dates = await q<{ area: string; date: string }>(
      `select substring(x.item_id from '^/-?[0-9]+/[^/]+/') as area,
         to_char(max(x.raised) at time zone 'Europe/London', 'YYYY-MM-DD') as date
       from (select g.item_id, e.raised from gradings g join events e on e.provider_id = g.provider_id and e.id = g.event_id
             where g.provider_id = ${f.providerId} and g.child_id = ${child.id} and e.status_id <> 6
             union all
             select b.item_id, e.raised from best_fits b join events e on e.provider_id = b.provider_id and e.id = b.event_id
             where b.provider_id = ${f.providerId} and b.child_id = ${child.id} and e.status_id <> 6) x
       group by 1 order by 1`,
    );
    const areaIds = new Set(body.areas.map((a) => a.id));
    expect(child.lastObservationDates.map((o) => [o.areaID, o.date])).toEqual(
      dates.filter((d) => areaIds.has(d.area)).map((d) => [d.area, d.date]),
    );
    for (const o of body.children.flatMap((c) => c.lastObservationDates)) {
      const days = (Date.parse(today) - Date.parse(o.date)) / 86_400_000;
      expect(o.recent, `${o.date}`).toBe(days <= 14);
    }
    // The demo records recent observations for key children.
    expect(body.children.some((c) => c.lastObservationDates.some((o) => o.recent))).toBe(true);

    // Spotlights: the latest snapshot per child, and the total over the key children.
    const [latest] = await q<{ id: number }>(
      `select e.id from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
       where e.provider_id = ${f.providerId} and e.child_id = ${child.id} and et.tag = 'snapshot' and e.status_id <> 6
       order by e.raised desc, e.id desc limit 1`,
    );
    expect(child.latestSnapshot?.id ?? null).toBe(latest ? Number(latest.id) : null);
    const [total] = await q<{ n: number }>(
      `select count(*)::int as n from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
       where e.provider_id = ${f.providerId} and e.child_id in (${expected.map((e) => e.id).join(',')})
         and et.tag in ('snapshot', 'learningStory') and e.status_id <> 6`,
    );
    expect(body.staff?.totalSpotlights).toBe(total!.n);
  });

  it('gives each child the two-year-check status and the event-checker due dates', async () => {
    const body = (await get(f.practitioner, `date=${today}`)).json() as KeyChildrenAnswer;
    for (const c of body.children) {
      const [check] = await q<{ id: number }>(
        `select id from events where provider_id = ${f.providerId} and child_id = ${c.id} and twoyear and status_id <> 6`,
      );
      expect(c.twoYearCheck.id).toBe(check ? Number(check.id) : null);
      if (check) expect(c.twoYearCheck.status).toBe('done');
      else expect(c.twoYearCheck.status).not.toBe('done');
      // Due 14 days after the latest snapshot, today without one.
      if (c.latestSnapshot) {
        const due = new Date(Date.parse(c.latestSnapshot.date) + 14 * 86_400_000).toISOString().slice(0, 10);
        expect(c.snapshotDueDate).toBe(due);
      } else expect(c.snapshotDueDate).toBe(today);
    }
  });

  it('counts only what was recorded by the date asked', async () => {
    const body = (await get(f.practitioner, 'date=2001-01-01')).json() as KeyChildrenAnswer;
    // Children not yet started are not key children on that day; nothing was recorded then.
    expect(body.children.flatMap((c) => c.lastObservationDates)).toEqual([]);
    expect(body.staff?.totalSpotlights).toBe(0);
  });

  it("leaves out what the practitioner may not see: a manager's draft does not move an area's date, her own does", async () => {
    const dateOf = async (childID: number, area: string) =>
      ((await get(f.practitioner, `date=${today}`)).json() as KeyChildrenAnswer).children
        .find((c) => c.id === childID)!
        .lastObservationDates.find((o) => o.areaID === area)?.date ?? null;
    const body = (await get(f.practitioner, `date=${today}`)).json() as KeyChildrenAnswer;
    const area = f.item.match(/^\/-?[0-9]+\/[^/]+\//)![0];
    // A key child whose last observation in that area is not today (so a draft of today would show).
    const child = body.children.find(
      (c) => c.lastObservationDates.find((o) => o.areaID === area)?.date !== today,
    )!;
    const before = await dateOf(child.id, area);
    const draft = (cookie: string) =>
      saveRequest(
        t,
        cookie,
        newSave({
          typeID: f.type('assessment'),
          codeID: f.code('assessment', 'assessment'),
          // Now, not a minute ago: a minute after midnight that would be yesterday.
          raised: new Date().toISOString(),
          subjects: [child.id],
          values: [{ itemID: f.item, ageRangeID: f.ageRange, value: 1, notes: 'draft' }],
        }),
      );
    expect((await draft(f.manager)).statusCode).toBe(201);
    expect(await dateOf(child.id, area)).toBe(before);
    expect((await draft(f.practitioner)).statusCode).toBe(201);
    expect(await dateOf(child.id, area)).toBe(today);
  });

  it('answers a member of staff without key children with an empty list', async () => {
    const res = await get(f.manager, `date=${today}&siteID=${f.siteId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as KeyChildrenAnswer;
    expect(body.staff?.forename).toBe('Ruth');
    const [mine] = await q<{ n: number }>(
      `select count(*)::int as n from key_children kc join staff st on st.provider_id = kc.provider_id and st.id = kc.staff_id
       join user_accounts u on u.provider_id = st.provider_id and u.person_id = st.person_id
       where u.email = 'manager@example.org'`,
    );
    expect(body.children).toHaveLength(mine!.n);
  });

  it('refuses bad input with 400, another provider’s site with 404 and no session with 401', async () => {
    expect((await get(f.practitioner, '')).statusCode).toBe(400);
    expect((await get(f.practitioner, 'date=2026-02-30')).statusCode).toBe(400);
    expect((await get(f.practitioner, `date=${today}&siteID=abc`)).statusCode).toBe(400);
    const [other] = await q<{ id: number }>(
      `select id from sites where provider_id <> ${f.providerId} limit 1`,
    );
    const res = await get(f.practitioner, `date=${today}&siteID=${other!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().err.code).toBe('err-not-found');
    const otherRes = await get(f.other, `date=${today}&siteID=${f.siteId}`);
    expect(otherRes.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/key-children?date=${today}` })).statusCode).toBe(401);
  });
});
