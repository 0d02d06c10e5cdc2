// The drafts list's search (issue 5): authorID, areaID, fields=cards, the counts per type, the
// 400s for unknown filter ids and cursors, cursor stability under inserts, and the set-based
// bulk transition.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHECKPOINT_AGE_RANGES } from '../../db/schema/frameworks.ts';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { encodeCursor } from './cursor.ts';
import { type Fixture, loadFixture, newSave, saveRequest, transitionRequest } from './event-fixtures.ts';

interface Card {
  id: number;
  typeID: number;
  statusID: number;
  childID: number | null;
  raised: string;
  author: { staffID: number | null };
  mediaIDs?: string[];
  meals?: { mealID: number; portionID: number | null; portionAmount: string | null }[];
  gradingCount?: number;
  checkpointCount?: number;
  editable?: boolean;
  permittedActions?: number[];
}
interface Page {
  events: Card[];
  next: string | null;
  previous: string | null;
}

describeEachDb('drafts search: filters, cards, counts, cursors and bulk transitions', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let practitionerStaff: number;
  let managerStaff: number;
  let area: string;
  let photoOrder: string[] = [];
  const ids: Record<string, number> = {};
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
  const pageOf = async (cookie: string, query: string): Promise<Page> => {
    const res = await get(cookie, `/api/v2/events?siteID=${f.siteId}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Every row the search pages through (limit 100 per page). */
  const all = async (cookie: string, query: string): Promise<Card[]> => {
    const rows: Card[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const page = await pageOf(cookie, `${query}&limit=100${cursor ? `&after=${cursor}` : ''}`);
      rows.push(...page.events);
      cursor = page.next;
      if (!cursor) break;
    }
    return rows;
  };
  const transition = (cookie: string, eventIds: number[], statusID: number) =>
    transitionRequest(t, cookie, eventIds, statusID);
  const q = <T>(text: string) => t.database.query<T>(text);

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    const staffOf = async (cookie: string) =>
      (await get(cookie, '/api/v1/config')).json().me.staffID as number;
    practitionerStaff = await staffOf(f.practitioner);
    managerStaff = await staffOf(f.manager);
    // The area: the parent of the fixture's item (an item of the same provider).
    const [parent] = await q<{ parent_id: string | null }>(
      `select parent_id from framework_items where provider_id = ${f.providerId} and id = '${f.item}'`,
    );
    area = parent?.parent_id ?? f.item;
    const save = async (name: string, cookie: string, payload: Record<string, unknown>) => {
      const res = await saveRequest(t, cookie, newSave(payload));
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = (res.json() as { id: number }[])[0]!.id;
    };
    const [kid, otherKid] = [f.kids[0]!.id, f.kids[1]!.id];
    await save('graded', f.practitioner, {
      typeID: f.type('assessment'),
      codeID: f.code('assessment', 'assessment'),
      subjects: [kid],
      raised: hoursAgo(3),
      values: [{ itemID: f.item, ageRangeID: f.ageRange, value: 1 }],
    });
    await save('plain', f.practitioner, {
      typeID: f.type('observation'),
      codeID: f.code('observation', 'observation'),
      subjects: [otherKid],
      raised: hoursAgo(2),
    });
    const [meal] = await q<{ id: number }>(
      `select id from meals where provider_id = ${f.providerId} limit 1`,
    );
    await save('meal', f.manager, {
      typeID: f.type('meal'),
      codeID: (
        await q<{ id: number }>(
          `select id from event_codes where provider_id = ${f.providerId} and type_id = ${f.type('meal')} order by id limit 1`,
        )
      )[0]!.id,
      subjects: [kid],
      raised: hoursAgo(1),
      meals: [{ mealID: meal!.id, portionAmount: 'half' }],
    });
    // Two photos (in sort order 1, 0) and a checkpoint on the graded event, written directly.
    const photos = [randomUUID(), randomUUID()];
    for (const [i, id] of photos.entries()) {
      await q(`insert into media (provider_id, id, type, mime_type, media_token, size, storage_path)
               values (${f.providerId}, '${id}', 'image', 'image/jpeg', 'tok${i}', 10, 'x/${id}')`);
      await q(`insert into event_media (provider_id, event_id, media_id, sort_order)
               values (${f.providerId}, ${ids.graded}, '${id}', ${1 - i})`);
    }
    photoOrder = [photos[1]!, photos[0]!];
    let [cp] = await q<{ id: number }>(
      `select id from development_checkpoints where provider_id = ${f.providerId} order by id limit 1`,
    );
    if (!cp) {
      [cp] = await q<{ id: number }>(
        `insert into development_checkpoints (provider_id, section, age_range, description)
         values (${f.providerId}, 'Communication and Language', '${CHECKPOINT_AGE_RANGES[0]}', 'x') returning id`,
      );
    }
    await q(`insert into event_checkpoints (provider_id, event_id, checkpoint_id)
             values (${f.providerId}, ${ids.graded}, ${cp!.id})`);
  });
  afterAll(() => t.close());

  it('filters drafts by type, child, author (authorID = staffID), area and date range', async () => {
    const kid = f.kids[0]!.id;
    const drafts = await all(f.manager, 'statusID=1');
    expect(drafts.every((e) => e.statusID === 1)).toBe(true);
    expect(drafts.map((e) => e.id)).toEqual(expect.arrayContaining([ids.graded, ids.plain, ids.meal]));

    const byType = await all(f.manager, `statusID=1&typeID=${f.type('assessment')}`);
    expect(byType.map((e) => e.id)).toContain(ids.graded);
    expect(byType.every((e) => e.typeID === f.type('assessment'))).toBe(true);

    const byChild = await all(f.manager, `statusID=1&childIDs=${kid}`);
    expect(byChild.map((e) => e.id)).toEqual(expect.arrayContaining([ids.graded, ids.meal]));
    expect(byChild.map((e) => e.id)).not.toContain(ids.plain);
    expect(byChild.every((e) => e.childID === kid)).toBe(true);

    const byAuthor = await all(f.manager, `statusID=1&authorID=${practitionerStaff}`);
    expect(byAuthor.map((e) => e.id)).toEqual(expect.arrayContaining([ids.graded, ids.plain]));
    expect(byAuthor.map((e) => e.id)).not.toContain(ids.meal);
    expect(byAuthor.every((e) => e.author.staffID === practitionerStaff)).toBe(true);
    const byStaff = await all(f.manager, `statusID=1&staffID=${practitionerStaff}`);
    expect(byStaff.map((e) => e.id)).toEqual(byAuthor.map((e) => e.id));

    const byArea = await all(f.manager, `statusID=1&areaID=${area}`);
    expect(byArea.map((e) => e.id)).toContain(ids.graded);
    expect(byArea.map((e) => e.id)).not.toContain(ids.plain);
    const graded = await q<{ n: number }>(
      `select count(distinct e.id)::int as n from events e
       where e.provider_id = ${f.providerId} and e.site_id = ${f.siteId} and e.status_id = 1
         and exists (select 1 from gradings g where g.provider_id = e.provider_id and g.event_id = e.id
                       and g.item_id like '${area}%')`,
    );
    expect(byArea.length).toBe(graded[0]!.n); // the manager sees every draft of the site

    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const byDate = await all(f.manager, `statusID=1&from=${day(-2)}&to=${day(1)}`);
    expect(byDate.map((e) => e.id)).toEqual(expect.arrayContaining([ids.graded, ids.plain, ids.meal]));
    expect(byDate.every((e) => e.raised >= day(-3) && e.raised < day(3))).toBe(true);
    expect(byDate.length).toBeLessThan(drafts.length);
    const combined = await all(
      f.manager,
      `statusID=1&typeID=${f.type('assessment')}&childIDs=${kid}&authorID=${practitionerStaff}&areaID=${area}&from=2000-01-01&to=2100-01-01`,
    );
    expect(combined.map((e) => e.id)).toContain(ids.graded);
    const none = await all(f.manager, `statusID=1&from=2000-01-01&to=2000-01-02`);
    expect(none).toEqual([]);
    const oldest = await all(f.manager, 'statusID=1&oldestFirst=true');
    expect(oldest.map((e) => e.id)).toEqual(drafts.map((e) => e.id).reverse());
  });

  it('adds what a card shows with fields=cards, rights exactly as the event view computes them', async () => {
    const plain = await pageOf(f.manager, `statusID=1&childIDs=${f.kids[0]!.id}`);
    expect(plain.events[0]).not.toHaveProperty('mediaIDs');
    const cards = async (cookie: string) =>
      (await pageOf(cookie, `statusID=1&fields=cards&limit=100`)).events;
    const managerCards = await cards(f.manager);
    const graded = managerCards.find((e) => e.id === ids.graded)!;
    expect(graded).toMatchObject({
      mediaIDs: photoOrder,
      meals: [],
      gradingCount: 1,
      checkpointCount: 1,
    });
    const meal = managerCards.find((e) => e.id === ids.meal)!;
    expect(meal.meals).toEqual([{ mealID: expect.any(Number), portionID: null, portionAmount: 'half' }]);
    expect(meal).toMatchObject({ mediaIDs: [], gradingCount: 0, checkpointCount: 0 });
    const practitionerCards = await cards(f.practitioner);
    const mine = practitionerCards.find((e) => e.id === ids.graded)!;
    for (const [cookie, card] of [
      [f.manager, graded],
      [f.practitioner, mine],
    ] as const) {
      const detail = (await get(cookie, `/api/v2/events/${ids.graded}`)).json();
      expect(card.editable).toBe(detail.editable);
      expect(card.permittedActions).toEqual(detail.permittedActions);
    }
    // The author's own roles and the manager's roles on others' events differ.
    expect(mine.permittedActions).not.toEqual(graded.permittedActions);
    expect(mine.permittedActions).toContain(3);
    // Every card of the page has the same rights as its event view.
    for (const card of practitionerCards.slice(0, 10)) {
      const detail = (await get(f.practitioner, `/api/v2/events/${card.id}`)).json();
      expect([card.id, card.editable, card.permittedActions]).toEqual([
        card.id,
        detail.editable,
        detail.permittedActions,
      ]);
    }
  });

  it('counts events per type for the same filters as the rows the search pages through', async () => {
    for (const filter of [
      'statusID=1',
      '',
      `statusID=1&authorID=${practitionerStaff}`,
      `childIDs=${f.kids[0]!.id}`,
      `statusID=1&areaID=${area}`,
      'statusID=5&from=2000-01-01&to=2100-01-01',
    ]) {
      for (const cookie of [f.manager, f.practitioner]) {
        const res = await get(cookie, `/api/v2/events/counts?siteID=${f.siteId}&${filter}`);
        expect(res.statusCode, res.body).toBe(200);
        const { counts } = res.json() as { counts: { typeID: number; count: number }[] };
        const rows = await all(cookie, filter);
        const expected = new Map<number, number>();
        for (const e of rows) expected.set(e.typeID, (expected.get(e.typeID) ?? 0) + 1);
        expect(counts).toEqual(
          [...expected].sort((a, b) => a[0] - b[0]).map(([typeID, count]) => ({ typeID, count })),
        );
      }
    }
    // 'counts' is never read as an event id.
    const res = await get(f.practitioner, '/api/v2/events/counts');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('counts');
  });

  it('answers 400 err-invalid-filter naming an unknown filter id, and 404 for a site not allowed', async () => {
    const [foreignType] = await q<{ id: number }>(
      `select id from event_types where provider_id <> ${f.providerId} order by id limit 1`,
    );
    const [foreignStaff] = await q<{ id: number }>(
      `select id from staff where provider_id <> ${f.providerId} order by id limit 1`,
    );
    const cases: [string, string][] = [
      [`typeID=${foreignType!.id}`, 'typeID'],
      ['typeID=999999', 'typeID'],
      [`authorID=${foreignStaff!.id}`, 'authorID'],
      [`staffID=${foreignStaff!.id}`, 'staffID'],
      [`authorID=${practitionerStaff}&staffID=${managerStaff}`, 'authorID'],
      [`childIDs=${f.kids[0]!.id},${f.otherChild}`, 'childIDs'],
      ['areaID=/-999999/1/', 'areaID'],
    ];
    for (const path of ['/api/v2/events', '/api/v2/events/counts']) {
      for (const [query, name] of cases) {
        const res = await get(f.manager, `${path}?siteID=${f.siteId}&${query}`);
        expect(res.statusCode, `${path} ${query}: ${res.body}`).toBe(400);
        expect(res.json().err.code).toBe('err-invalid-filter');
        expect(res.json().err.message).toMatch(new RegExp(`^${name}:`));
      }
      const malformed = await get(f.manager, `${path}?siteID=${f.siteId}&areaID=nope`);
      expect(malformed.statusCode).toBe(400);
      expect((await get(f.other, `${path}?siteID=${f.siteId}`)).statusCode).toBe(404);
    }
  });

  it('answers 400 err-invalid-cursor for a cursor that does not decode or belongs to the other sort', async () => {
    const first = await pageOf(f.manager, 'statusID=5&limit=5');
    expect(first.next).not.toBeNull();
    const bad = [
      'not-a-cursor',
      Buffer.from('["2026-01-01 00:00:00+00", 5]').toString('base64url'),
      Buffer.from('["2026-01-01 00:00:00+00", 5, "x"]').toString('base64url'),
    ];
    for (const cursor of bad) {
      const res = await get(f.manager, `/api/v2/events?siteID=${f.siteId}&after=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().err.code).toBe('err-invalid-cursor');
    }
    for (const dir of ['after', 'before']) {
      const res = await get(
        f.manager,
        `/api/v2/events?siteID=${f.siteId}&statusID=5&oldestFirst=true&${dir}=${first.next}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().err.code).toBe('err-invalid-cursor');
    }
    const oldest = await pageOf(f.manager, 'statusID=5&limit=5&oldestFirst=true');
    const res = await get(f.manager, `/api/v2/events?siteID=${f.siteId}&statusID=5&after=${oldest.next}`);
    expect(res.statusCode).toBe(400);
    const ok = await pageOf(f.manager, `statusID=5&limit=5&oldestFirst=true&after=${oldest.next}`);
    expect(ok.events[0]!.raised >= oldest.events.at(-1)!.raised).toBe(true);
    expect(encodeCursor({ raised: '2026-01-01 00:00:00+00', id: 1 }, true)).not.toBe(
      encodeCursor({ raised: '2026-01-01 00:00:00+00', id: 1 }),
    );
  });

  it('continues page 2 exactly after page 1 when newer and older events are inserted between requests', async () => {
    const filter = 'statusID=5';
    const before = await all(f.manager, filter);
    const first = await pageOf(f.manager, `${filter}&limit=10`);
    expect(first.events.map((e) => e.id)).toEqual(before.slice(0, 10).map((e) => e.id));
    const last = first.events.at(-1)!;
    const [template] = await q<Record<string, unknown>>(
      `select type_id, code_id, child_id, author_person_id, author_staff_id from events
       where provider_id = ${f.providerId} and id = ${last.id}`,
    );
    const insert = async (raised: string) =>
      (
        await q<{ id: number }>(
          `insert into events (provider_id, save_uuid, type_id, code_id, child_id, status_id, site_id, author_person_id, author_staff_id, raised)
           values (${f.providerId}, '${randomUUID()}', ${template!.type_id}, ${template!.code_id}, ${template!.child_id}, 5, ${f.siteId},
                   ${template!.author_person_id}, ${template!.author_staff_id}, ${raised}) returning id::int as id`,
        )
      )[0]!.id;
    const lastRaised = `(select raised from events where provider_id = ${f.providerId} and id = ${last.id})`;
    // Newer than every row by the app's clock (not SQL now(): a PostgreSQL server keeps the real clock).
    const daysAhead = (d: number) => `'${new Date(Date.now() + d * 86_400_000).toISOString()}'::timestamptz`;
    await insert(daysAhead(1));
    await insert(daysAhead(2));
    // The same instant as page 1's last row with a higher id sorts before it: page 1's territory.
    const sameInstant = await insert(lastRaised);
    const older = [await insert(`${lastRaised} - interval '1 second'`)];
    const oldest = before.at(-1)!;
    older.push(
      await insert(
        `(select raised from events where provider_id = ${f.providerId} and id = ${oldest.id}) - interval '1 day'`,
      ),
    );
    const rest: Card[] = [];
    let cursor = first.next;
    while (cursor) {
      const page = await pageOf(f.manager, `${filter}&limit=10&after=${cursor}`);
      rest.push(...page.events);
      cursor = page.next;
    }
    const restIds = rest.map((e) => e.id);
    expect(new Set(restIds).size).toBe(restIds.length);
    expect(restIds).not.toContain(sameInstant);
    // The listing taken before, after page 1's last row, with the new older rows in place.
    const expected = [...before.slice(10), ...rest.filter((e) => older.includes(e.id))].sort((a, b) =>
      a.raised === b.raised ? b.id - a.id : a.raised < b.raised ? 1 : -1,
    );
    expect(restIds.filter((id) => older.includes(id))).toEqual(older);
    expect(restIds).toEqual(expected.map((e) => e.id));
    expect(rest.every((e) => e.raised <= last.raised)).toBe(true);
  });

  it('moves a mixed batch in one go: allowed events proceed, refused ones carry their reason', async () => {
    const mine = (
      await saveRequest(
        t,
        f.practitioner,
        newSave({
          typeID: f.type('observation'),
          codeID: f.code('observation', 'observation'),
          subjects: [f.kids[0]!.id],
        }),
      )
    ).json()[0].id as number;
    const published = (
      await saveRequest(
        t,
        f.manager,
        newSave({
          typeID: f.type('observation'),
          codeID: f.code('observation', 'observation'),
          subjects: [f.kids[0]!.id],
          statusID: 5,
        }),
      )
    ).json()[0].id as number;
    const gone = (
      await saveRequest(
        t,
        f.practitioner,
        newSave({
          typeID: f.type('observation'),
          codeID: f.code('observation', 'observation'),
          subjects: [f.kids[1]!.id],
        }),
      )
    ).json()[0].id as number;
    await q(`delete from events where provider_id = ${f.providerId} and id = ${gone}`);
    const res = await transition(f.practitioner, [mine, published, gone], 3);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results;
    expect(results).toEqual([
      { id: mine, ok: true, statusID: 3, version: 2 },
      {
        id: published,
        ok: false,
        code: 'err-status-not-allowed',
        message: expect.stringMatching(/does not allow the change from Published to Pending/i),
      },
      { id: gone, ok: false, code: 'err-not-found', message: 'Event not found.' },
    ]);
    const rows = await q<{ id: number; status_id: number; version: number }>(
      `select id::int as id, status_id, version from events where provider_id = ${f.providerId}
       and id in (${mine}, ${published}) order by id`,
    );
    expect(rows).toEqual([
      { id: mine, status_id: 3, version: 2 },
      { id: published, status_id: 5, version: 1 },
    ]);
    const history = await q<{ event_id: number; from_status_id: number; to_status_id: number }>(
      `select event_id::int as event_id, from_status_id, to_status_id from event_history
       where provider_id = ${f.providerId} and action = 'transition' and event_id in (${mine}, ${published})`,
    );
    expect(history).toEqual([{ event_id: mine, from_status_id: 1, to_status_id: 3 }]);
  });

  it('moves 100 events with one update and one history insert, and back again', async () => {
    const made = await q<{ id: number }>(
      `insert into events (provider_id, save_uuid, type_id, code_id, child_id, status_id, site_id, author_person_id, author_staff_id, raised)
       select e.provider_id, gen_random_uuid(), e.type_id, e.code_id, e.child_id, 1, e.site_id, e.author_person_id,
              e.author_staff_id, '${new Date().toISOString()}'::timestamptz - n * interval '1 minute'
       from events e cross join generate_series(1, 100) n
       where e.provider_id = ${f.providerId} and e.id = ${ids.plain}
       returning id::int as id`,
    );
    const eventIds = made.map((r) => r.id);
    expect(eventIds).toHaveLength(100);
    const there = await transition(f.manager, eventIds, 3);
    expect(there.statusCode, there.body).toBe(200);
    expect(there.json().results).toEqual(eventIds.map((id) => ({ id, ok: true, statusID: 3, version: 2 })));
    const back = await transition(f.manager, eventIds, 1);
    expect(back.json().results).toEqual(eventIds.map((id) => ({ id, ok: true, statusID: 1, version: 3 })));
    const [h] = await q<{ n: number }>(
      `select count(*)::int as n from event_history where provider_id = ${f.providerId} and action = 'transition'
         and event_id = any('{${eventIds.join(',')}}'::bigint[])`,
    );
    expect(h!.n).toBe(200);
    const [s] = await q<{ n: number }>(
      `select count(*)::int as n from events where provider_id = ${f.providerId} and status_id = 1 and version = 3
         and id = any('{${eventIds.join(',')}}'::bigint[])`,
    );
    expect(s!.n).toBe(100);
  });
});
