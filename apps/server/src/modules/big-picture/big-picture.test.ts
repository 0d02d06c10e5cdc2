// The Big Picture (issue 17): three children of our own at Oak Tree with known events and gradings, and
// the aggregate asserted against counts worked out by hand; each filter; tenancy, permission, bad input.
import { addMonths, todayInZone, zonedDateTime } from '@nursery/domain/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeEachDb,
  graphqlRequest,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';
import { type Seeded, seedBigPicture, sixMonthsAgo } from './big-picture-fixtures.ts';
import { gradingSummary, spotlightTypes } from './queries.ts';

type Summary = {
  itemID: string;
  eventType: string;
  ageRangeID: number | null;
  value: number | null;
  count: number;
};
const key = (s: Summary) => `${s.itemID}|${s.eventType}|${s.ageRangeID}|${s.value}`;
const sorted = (list: Summary[]) => [...list].sort((x, y) => (key(x) < key(y) ? -1 : 1));

describeEachDb('Big Picture', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let s: Seeded;
  const gql = (cookie: string, query: string, variables?: Record<string, unknown>) =>
    graphqlRequest(t, cookie, query, variables);
  const QUERY = `query BigPicture($childIDs: [Int!], $siteID: Int!, $frameworkID: String!, $eventTypes: [SpotlightType!]!,
      $dateFrom: String!, $gender: ChildGender, $cohort: Int, $ethnicityID: Int, $eal: TriStateFilter, $eypp: TriStateFilter,
      $send: TriStateFilter, $twoYearFunded: TriStateFilter, $attributeID: Int, $attributeValue: String) {
    bigPicture(childIDs: $childIDs, siteID: $siteID, frameworkID: $frameworkID, eventTypes: $eventTypes, dateFrom: $dateFrom,
      gender: $gender, cohort: $cohort, ethnicityID: $ethnicityID, eal: $eal, eypp: $eypp, send: $send,
      twoYearFunded: $twoYearFunded, attributeID: $attributeID, attributeValue: $attributeValue) {
      children { id forename surname hasImage dob roomName gradingSummary { itemID eventType ageRangeID value count } }
    } }`;
  const base = () => ({
    childIDs: [s.a, s.b, s.c],
    siteID: f.siteId,
    frameworkID: '-29',
    eventTypes: ['snapshot', 'learningStory'],
    dateFrom: sixMonthsAgo(),
  });
  const run = async (vars: Record<string, unknown>, cookie = f.manager) =>
    gql(cookie, QUERY, { ...base(), ...vars });
  const ids = async (vars: Record<string, unknown>) => {
    const r = await run(vars);
    expect(r.status, r.text).toBe(200);
    return r.body.data.bigPicture.children.map((c: { id: number }) => c.id);
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    s = await seedBigPicture(t, f);
  });
  afterAll(() => t.close());

  it('aggregates published snapshot and learning-story gradings since dateFrom, counted by hand', async () => {
    const r = await run({});
    expect(r.status, r.text).toBe(200);
    const children = r.body.data.bigPicture.children;
    // By surname: Featherstonehaugh-Smythe (B), Test/Child:[A] (A), Testchild (C).
    expect(children.map((c: { id: number }) => c.id)).toEqual([s.b, s.a, s.c]);
    const [b, a, c] = children;
    expect(a).toMatchObject({
      forename: 'Zoë',
      surname: 'Test/Child:[A]',
      dob: '2023-03-04',
      hasImage: false,
    });
    expect(sorted(a.gradingSummary)).toEqual(
      sorted([
        { itemID: s.item1, eventType: 'snapshot', ageRangeID: -2300, value: 0, count: 1 },
        { itemID: s.item2, eventType: 'snapshot', ageRangeID: -2300, value: 1, count: 1 },
        { itemID: s.item1, eventType: 'learningStory', ageRangeID: -2300, value: 1, count: 1 },
        { itemID: s.item2, eventType: 'learningStory', ageRangeID: -2301, value: null, count: 1 },
      ]),
    );
    expect(b.gradingSummary).toEqual([
      { itemID: s.item1, eventType: 'snapshot', ageRangeID: -2300, value: 0, count: 1 },
    ]);
    expect(c.gradingSummary).toEqual([]);
  });

  it('reads a large report in two halves and answers the same summaries', async () => {
    const scope = {
      itemPrefix: '/-29/',
      types: await spotlightTypes(t.database.db, f.providerId, ['snapshot', 'learningStory']),
      from: zonedDateTime(sixMonthsAgo(), '00:00', 'Europe/London'),
    };
    const whole = await gradingSummary(t.database.db, f.providerId, { ...scope, childIds: [s.a, s.b, s.c] });
    // 40 ids or more are read in two halves: a in the first, b and c in the second (the rest are
    // unknown ids), so both halves' answers must be merged.
    const unknown = Array.from({ length: 40 }, (_, i) => 2_000_000_000 + i);
    const split = await gradingSummary(t.database.db, f.providerId, {
      ...scope,
      childIds: [s.a, ...unknown.slice(0, 25), s.b, ...unknown.slice(25), s.c],
    });
    expect([...split.keys()].sort()).toEqual([...whole.keys()].sort());
    expect(whole.size).toBe(2);
    for (const [child, list] of whole) expect(sorted(split.get(child)!)).toEqual(sorted(list));
  });

  it('counts repeated gradings, and the date, event type and framework scope them', async () => {
    // The 400-day-old snapshot counts once the From date reaches it: item1 achieved on a snapshot.
    const year2 = (await run({ dateFrom: addMonths(todayInZone(new Date()), -14), childIDs: [s.a] })).body
      .data.bigPicture.children[0].gradingSummary;
    expect(year2).toContainEqual({
      itemID: s.item1,
      eventType: 'snapshot',
      ageRangeID: -2300,
      value: 1,
      count: 1,
    });
    expect(year2).toHaveLength(5);
    // Snapshots only.
    const snaps = (await run({ eventTypes: ['snapshot'], childIDs: [s.a] })).body.data.bigPicture.children[0];
    expect(snaps.gradingSummary.map((x: Summary) => x.eventType)).toEqual(['snapshot', 'snapshot']);
    // A From date after every event: the children, no gradings.
    const none = (await run({ dateFrom: todayInZone(new Date()) })).body.data.bigPicture.children;
    expect(none.map((c: { gradingSummary: unknown[] }) => c.gradingSummary)).toEqual([[], [], []]);
    // Birth to 5: learning stories only, whatever is asked; the best fit is value null.
    const b5 = (await run({ frameworkID: '-23', eventTypes: ['snapshot'], childIDs: [s.a] })).body.data
      .bigPicture.children[0].gradingSummary;
    expect(b5).toEqual([
      { itemID: s.b5Aspect, eventType: 'learningStory', ageRangeID: -2503, value: null, count: 1 },
    ]);
    // Leuven: the snapshot graded on it.
    const lv = (await run({ frameworkID: '-41', childIDs: [s.a] })).body.data.bigPicture.children[0]
      .gradingSummary;
    expect(lv).toEqual([
      { itemID: s.leuvenItem, eventType: 'snapshot', ageRangeID: null, value: 1, count: 1 },
    ]);
  });

  it('the demo site colours both wheels: Development Matters gradings and Birth to 5 best fits', async () => {
    const rows = async (frameworkID: string) => {
      const r = await run({ childIDs: null, frameworkID });
      expect(r.status, r.text).toBe(200);
      return r.body.data.bigPicture.children.flatMap((c: { gradingSummary: Summary[] }) => c.gradingSummary);
    };
    const dm: Summary[] = await rows('-29');
    expect(dm.some((x) => x.value === 0)).toBe(true);
    expect(dm.some((x) => x.value === 1)).toBe(true);
    expect(new Set(dm.map((x) => x.eventType))).toEqual(new Set(['snapshot', 'learningStory']));
    const b5: Summary[] = await rows('-23');
    expect(b5.filter((x) => x.value === null).length).toBeGreaterThan(10);
    expect(b5.every((x) => x.eventType === 'learningStory')).toBe(true);
  });

  describe('filters', () => {
    it('gender and cohort', async () => {
      expect(await ids({ gender: 'F' })).toEqual([s.a, s.c]);
      expect(await ids({ gender: 'M' })).toEqual([s.b]);
      expect(await ids({ cohort: 2029 })).toEqual([s.b, s.c]);
      expect(await ids({ cohort: 2028, gender: 'F' })).toEqual([s.a]);
    });
    it('ethnicity', async () => {
      expect(await ids({ ethnicityID: s.ethnicity1 })).toEqual([s.a]);
      expect(await ids({ ethnicityID: s.ethnicity2 })).toEqual([s.b]);
    });
    it('EAL, EYPP, SEND and 2YF: only, exclude', async () => {
      expect(await ids({ eal: 'ONLY' })).toEqual([s.a]);
      expect(await ids({ eal: 'EXCLUDE' })).toEqual([s.b, s.c]);
      expect(await ids({ eypp: 'ONLY' })).toEqual([s.b]);
      expect(await ids({ eypp: 'EXCLUDE' })).toEqual([s.a, s.c]);
      expect(await ids({ send: 'ONLY' })).toEqual([s.b]);
      expect(await ids({ send: 'EXCLUDE' })).toEqual([s.a, s.c]);
      expect(await ids({ twoYearFunded: 'ONLY' })).toEqual([s.a]);
      expect(await ids({ twoYearFunded: 'EXCLUDE' })).toEqual([s.b, s.c]);
      expect(await ids({ eal: 'EXCLUDE', send: 'EXCLUDE' })).toEqual([s.c]);
    });
    it('attribute, with or without a value', async () => {
      expect(await ids({ attributeID: s.diet })).toEqual([s.b, s.a]);
      expect(await ids({ attributeID: s.diet, attributeValue: 'halal' })).toEqual([s.a]);
      expect(await ids({ attributeID: s.diet, attributeValue: 'none' })).toEqual([]);
    });
    it('without childIDs: the current children of the site the filters keep', async () => {
      const [{ n }] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from children where provider_id = ${f.providerId} and site_id = ${f.siteId}
           and start_date <= '${todayInZone(new Date())}' and (end_date is null or end_date >= '${todayInZone(new Date())}')`,
      );
      const all = await ids({ childIDs: null });
      expect(all).toHaveLength(n);
      expect(all).toEqual(expect.arrayContaining([s.a, s.b, s.c]));
      const [{ m }] = await t.database.query<{ m: number }>(
        `select count(*)::int as m from children where provider_id = ${f.providerId} and site_id = ${f.siteId}
           and start_date <= '${todayInZone(new Date())}' and (end_date is null or end_date >= '${todayInZone(new Date())}') and eal`,
      );
      expect(await ids({ childIDs: null, eal: 'ONLY' })).toHaveLength(m);
    });
  });

  it('gradingsOverview: the distinct gradings by child, item, age range, value', async () => {
    const r = await gql(
      f.practitioner,
      `query($ids: [Int!]!, $from: String!) { gradingsOverview(childIDs: $ids, frameworkID: "-29", eventTypes: [snapshot, learningStory], dateFrom: $from) { childID itemID value ageRangeID } }`,
      { ids: [s.a, s.b], from: sixMonthsAgo() },
    );
    expect(r.status, r.text).toBe(200);
    const k = (x: { childID: number; itemID: string; ageRangeID: number | null; value: number | null }) =>
      `${x.childID}|${x.itemID}|${x.ageRangeID}|${x.value}`;
    expect(r.body.data.gradingsOverview.map(k).sort()).toEqual(
      [
        { childID: s.a, itemID: s.item1, ageRangeID: -2300, value: 0 },
        { childID: s.a, itemID: s.item1, ageRangeID: -2300, value: 1 },
        { childID: s.a, itemID: s.item2, ageRangeID: -2300, value: 1 },
        { childID: s.a, itemID: s.item2, ageRangeID: -2301, value: null },
        { childID: s.b, itemID: s.item1, ageRangeID: -2300, value: 0 },
      ]
        .map(k)
        .sort(),
    );
  });

  it('attributes and ethnicities: the provider’s, with list items', async () => {
    const r = await gql(
      f.practitioner,
      '{ attributes { id name listItems { value item } } ethnicities { id name } }',
    );
    expect(r.status, r.text).toBe(200);
    const diet = r.body.data.attributes.find((a: { id: number }) => a.id === s.diet);
    expect(diet.listItems).toContainEqual({ value: 'halal', item: 'Halal' });
    const [{ n }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from attributes where provider_id = ${f.providerId}`,
    );
    expect(r.body.data.attributes).toHaveLength(n);
    expect(r.body.data.ethnicities.map((e: { id: number }) => e.id)).toContain(s.ethnicity1);
    const other = await gql(f.other, '{ attributes { id } ethnicities { id } }');
    expect(other.body.data.attributes.map((a: { id: number }) => a.id)).not.toContain(s.diet);
    expect(other.body.data.ethnicities.map((e: { id: number }) => e.id)).not.toContain(s.ethnicity1);
  });

  it('tenancy: another provider’s site, child, ethnicity or attribute is 404', async () => {
    const code = (r: { body: { errors?: { extensions: { code: string } }[] } }) =>
      r.body.errors?.[0]?.extensions.code;
    expect(code(await run({}, f.other))).toBe('err-not-found');
    const [otherEthnicity] = await t.database.query<{ id: number }>(
      `select id from ethnicities where provider_id <> ${f.providerId} and id not in (select id from ethnicities where provider_id = ${f.providerId}) limit 1`,
    );
    if (otherEthnicity) expect(code(await run({ ethnicityID: otherEthnicity.id }))).toBe('err-not-found');
    const [otherAttribute] = await t.database.query<{ id: number }>(
      `select id from attributes where provider_id <> ${f.providerId} limit 1`,
    );
    expect(code(await run({ attributeID: otherAttribute!.id }))).toBe('err-not-found');
    expect(code(await run({ childIDs: [s.a, f.otherChild] }))).toBe('err-not-found');
    // A child of the provider at another site than the one asked.
    const [elsewhere] = await t.database.query<{ id: number }>(
      `select id from children where provider_id = ${f.providerId} and site_id <> ${f.siteId} limit 1`,
    );
    expect(code(await run({ childIDs: [elsewhere!.id] }))).toBe('err-not-found');
    expect(code(await run({ frameworkID: '-999' }))).toBe('err-not-found');
    const overview = await gql(
      f.other,
      `{ gradingsOverview(childIDs: [${s.a}], frameworkID: "-29", eventTypes: [snapshot], dateFrom: "2020-01-01") { childID } }`,
    );
    expect(code(overview)).toBe('err-not-found');
  });

  it('bad input is 400 naming the field, never a 500', async () => {
    const code = async (vars: Record<string, unknown>) => {
      const r = await run(vars);
      expect(r.status).toBeLessThan(500);
      return { code: r.body.errors?.[0]?.extensions.code, message: r.body.errors?.[0]?.message as string };
    };
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await code({ childIDs: many })).message).toMatch(/^childIDs/);
    expect((await code({ childIDs: many })).code).toBe('err-invalid-request');
    expect((await code({ eventTypes: [] })).code).toBe('err-invalid-request');
    expect((await code({ dateFrom: '2026-02-30' })).message).toMatch(/^dateFrom/);
    expect((await code({ attributeValue: 'halal' })).code).toBe('err-invalid-request');
    expect((await code({ frameworkID: "'; drop table x" })).code).toBe('err-invalid-request');
  });

  it('permission: refused when the provider switches Spotlight off', async () => {
    const [before] = await t.database.query<{ flags: string }>(
      `select flags::text as flags from providers where id = ${f.providerId}`,
    );
    await t.database.query(
      `update providers set flags = flags || '{"enableSpotlight": false}'::jsonb where id = ${f.providerId}`,
    );
    try {
      const r = await run({});
      expect(r.body.errors?.[0]?.extensions.code).toBe('err-permission-denied');
      const x = await t.app.inject({
        method: 'POST',
        url: '/api/v1/big-picture/export',
        headers: { ...WRITE_HEADERS, cookie: f.manager },
        payload: { ...base(), overrides: [] },
      });
      expect(x.statusCode).toBe(403);
    } finally {
      await t.database.query(
        `update providers set flags = '${before!.flags.replace(/'/g, "''")}'::jsonb where id = ${f.providerId}`,
      );
    }
  });
});
