// The Spotlight editor's reads (issue 16): spotlightSetup, development checkpoints and notes by tab,
// and the previous-spotlights panel (PreviousGradingCounts, considerationsForChild and its count,
// eventsByChildAndType and its count) checked against the demo data in SQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, graphqlRequest, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

describeEachDb('Spotlight editor reads', (kind) => {
  let t: TestApp;
  let f: Fixture;
  /** The demo child at the site with the most considerations. */
  let child: number;
  const q = <T>(text: string) => t.database.query<T>(text);
  const gql = (cookie: string, query: string, variables?: Record<string, unknown>) =>
    graphqlRequest(t, cookie, query, variables);

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    child = (
      await q<{ child_id: number }>(
        `select co.child_id from considerations co join children c on c.provider_id = co.provider_id and c.id = co.child_id
         where co.provider_id = ${f.providerId} and c.site_id = ${f.siteId}
         group by co.child_id order by count(*) desc, co.child_id limit 1`,
      )
    )[0]!.child_id;
  });
  afterAll(() => t.close());

  it('spotlightSetup: the spotlight types (snapshot first) with codes, save statuses and limits', async () => {
    const r = await gql(
      f.manager,
      `{ spotlightSetup(siteID: ${f.siteId}) { siteID types { id type name codes { id value } twoYearCodeIDs saveStatusIDs addPhoto textLimits { notes parentNotes considerationNotes } }
         anyContactGroupCanAddNotes enableBirthToFive birthToFiveFrameworkID publishConsiderations childMax gradingMax } }`,
    );
    expect(r.status, r.text).toBe(200);
    const s = r.body.data.spotlightSetup;
    expect(s.types.map((x: { type: string }) => x.type)).toEqual(['snapshot', 'learningStory']);
    expect(s.types[1]).toMatchObject({
      id: f.type('learningStory'),
      name: 'Learning story',
      twoYearCodeIDs: [f.code('learningStory', 'two-year-check')],
    });
    expect(s.types[1].codes[0]).toEqual({
      id: f.code('learningStory', 'learning-story'),
      value: 'Learning story',
    });
    expect(s.types[0].saveStatusIDs).toContain(5);
    expect(s).toMatchObject({ childMax: 200, gradingMax: 255, publishConsiderations: true });
    const practitioner = (
      await gql(f.practitioner, '{ spotlightSetup { types { saveStatusIDs } publishConsiderations } }')
    ).body.data.spotlightSetup;
    expect(practitioner.publishConsiderations).toBe(false);
    expect(practitioner.types[0].saveStatusIDs).not.toContain(5);
  });

  it('developmentCheckpoints by tab, and a child’s checkpoint notes', async () => {
    const all = (await gql(f.practitioner, '{ developmentCheckpoints { id ageRange } }')).body.data
      .developmentCheckpoints;
    const [{ n }] = await q<{ n: number }>(
      `select count(*)::int as n from development_checkpoints where provider_id = ${f.providerId} and enabled`,
    );
    expect(all).toHaveLength(n);
    const tab = (
      await gql(f.practitioner, '{ developmentCheckpoints(ageRange: threeTo4) { id ageRange section } }')
    ).body.data.developmentCheckpoints;
    expect(tab.length).toBeGreaterThan(0);
    expect(new Set(tab.map((c: { ageRange: string }) => c.ageRange))).toEqual(new Set(['threeTo4']));

    // A child whose notes are all on published events (or on none): a note on another's draft is
    // hidden with its event (issue 26, site-visibility.test.ts).
    const [noted] = await q<{ child_id: number; n: number }>(
      `select n.child_id, count(*)::int as n from checkpoint_notes n join children c on c.provider_id = n.provider_id and c.id = n.child_id
       left join events e on e.provider_id = n.provider_id and e.id = n.event_id
       where n.provider_id = ${f.providerId} and c.site_id = ${f.siteId}
       group by n.child_id having bool_and(n.event_id is null or e.status_id = 5) order by n.child_id limit 1`,
    );
    const notes = (
      await gql(
        f.practitioner,
        `{ checkpointNotes(childID: ${noted!.child_id}) { id note ageRange created } }`,
      )
    ).body.data.checkpointNotes;
    expect(notes).toHaveLength(noted!.n);
    const other = await gql(f.practitioner, `{ checkpointNotes(childID: ${f.otherChild}) { id } }`);
    expect(other.body.errors[0].extensions.code).toBe('err-not-found');
  });

  it('PreviousGradingCounts: gradings by item and value, best fits as 2, on the child’s events of the types', async () => {
    const types = [f.type('snapshot'), f.type('learningStory')];
    const r = await gql(
      f.manager,
      `query($c: Int!, $t: [Int!]!) { previousGradingCounts(childID: $c, eventTypeIDs: $t) { itemID value count } }`,
      { c: child, t: types },
    );
    expect(r.status, r.text).toBe(200);
    const counts = r.body.data.previousGradingCounts as { itemID: string; value: number; count: number }[];
    const expected = await q<{ item_id: string; value: number; count: number }>(
      `select item_id, value, count(*)::int as count from (
         select g.item_id, coalesce(g.value, 2)::int as value from gradings g join events e on e.provider_id = g.provider_id and e.id = g.event_id
         where g.provider_id = ${f.providerId} and g.child_id = ${child} and e.type_id in (${types.join(',')}) and e.status_id <> 6
         union all
         select b.item_id, 2 from best_fits b join events e on e.provider_id = b.provider_id and e.id = b.event_id
         where b.provider_id = ${f.providerId} and b.child_id = ${child} and e.type_id in (${types.join(',')}) and e.status_id <> 6
       ) x group by item_id, value order by item_id, value`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(counts).toEqual(expected.map((e) => ({ itemID: e.item_id, value: e.value, count: e.count })));
    expect(counts.some((c) => c.value === 2)).toBe(true);
  });

  it('considerationsForChild pages newest first and matches considerationCountForChild', async () => {
    const page = (cursor: string | null) =>
      gql(
        f.manager,
        `query($c: Int!, $cursor: String) { considerationsForChild(childID: $c, cursor: $cursor, limit: 2) {
           items { id eventID status created staffMember { surname } } nextCursor } }`,
        { c: child, cursor },
      );
    const seen: { id: number; created: string }[] = [];
    let cursor: string | null = null;
    do {
      const r = await page(cursor);
      expect(r.status, r.text).toBe(200);
      seen.push(...r.body.data.considerationsForChild.items);
      cursor = r.body.data.considerationsForChild.nextCursor;
    } while (cursor);
    const count = (await gql(f.manager, `{ considerationCountForChild(childID: ${child}) }`)).body.data
      .considerationCountForChild;
    const [{ n }] = await q<{ n: number }>(
      `select count(*)::int as n from considerations co join events e on e.provider_id = co.provider_id and e.id = co.event_id
       where co.provider_id = ${f.providerId} and co.child_id = ${child} and e.status_id <> 6`,
    );
    expect(count).toBe(n);
    expect(seen).toHaveLength(n);
    expect(new Set(seen.map((s) => s.id)).size).toBe(n);
    const times = seen.map((s) => Date.parse(s.created));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const bad = await gql(
      f.manager,
      `{ considerationsForChild(childID: ${child}, cursor: "nonsense") { nextCursor } }`,
    );
    expect(bad.body.errors[0].extensions.code).toBe('err-invalid-cursor');
    const over = await gql(
      f.manager,
      `{ considerationsForChild(childID: ${child}, limit: 101) { nextCursor } }`,
    );
    expect(over.body.errors[0].extensions.code).toBe('err-invalid-request');
  });

  it('eventsByChildAndType pages the child’s learning stories newest first, with counts, and matches the total', async () => {
    const typeID = f.type('learningStory');
    const ids: number[] = [];
    let cursor: string | null = null;
    let first: { gradingCount: number; checkpointCount: number; author: { surname: string } } | null = null;
    do {
      const r = await gql(
        f.manager,
        `query($c: Int!, $t: Int!, $cursor: String) { eventsByChildAndType(childID: $c, typeID: $t, cursor: $cursor, limit: 1) {
           items { id typeID raised gradingCount checkpointCount mediaCount author { surname } } nextCursor } }`,
        { c: child, t: typeID, cursor },
      );
      expect(r.status, r.text).toBe(200);
      const items = r.body.data.eventsByChildAndType.items;
      first ??= items[0];
      ids.push(...items.map((e: { id: number }) => e.id));
      cursor = r.body.data.eventsByChildAndType.nextCursor;
    } while (cursor);
    const expected = await q<{ id: number }>(
      `select id::int as id from events where provider_id = ${f.providerId} and child_id = ${child} and type_id = ${typeID}
         and status_id <> 6 order by raised desc, id desc`,
    );
    expect(ids).toEqual(expected.map((e) => e.id));
    const count = (await gql(f.manager, `{ eventCountByChildAndType(childID: ${child}, typeID: ${typeID}) }`))
      .body.data.eventCountByChildAndType;
    expect(count).toBe(expected.length);
    expect(first!.gradingCount + first!.checkpointCount).toBeGreaterThan(0);
    const other = await gql(
      f.manager,
      `{ eventCountByChildAndType(childID: ${f.otherChild}, typeID: ${typeID}) }`,
    );
    expect(other.status).toBe(404);
    expect(other.body.errors[0].extensions.code).toBe('err-not-found');
  });
});
