// GET api/v1/event-checker (spec 001 §3 "Event checker report", §6, §7, §9): a staff member made here
// with three key children and known spotlights, checked against expectations worked out by hand.
import type { EventCheckerAnswer } from '@nursery/domain/spotlight';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

// The range ends in the past, so the statuses are judged on dateTo (30/06/2025) whatever today is.
const RANGE = 'dateFrom=2025-04-01&dateTo=2025-06-30';

describeEachDb('event checker', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let kim: number;
  let practitionerStaff: number;
  const kids: Record<'ada' | 'ben' | 'cal', number> = { ada: 0, ben: 0, cal: 0 };
  const ev: Record<string, number> = {};
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, query: string) =>
    t.app.inject({ url: `/api/v1/event-checker?${query}`, headers: { cookie } });
  /** The manager works at two sites and has none chosen in a new session: she names Oak Tree. */
  const asManager = (query: string) => get(f.manager, `siteID=${f.siteId}&${query}`);

  /** A published (or `statusId`) event about `child`, raised at noon UTC on `day` (13:00 in London). */
  async function event(
    child: number,
    tag: 'snapshot' | 'learningStory',
    day: string,
    { statusId = 5, twoyear = false }: { statusId?: number; twoyear?: boolean } = {},
  ) {
    const [row] = await q<{ id: number }>(
      `insert into events (provider_id, save_uuid, type_id, code_id, status_id, site_id, author_person_id,
         child_id, raised, twoyear)
       select ${f.providerId}, gen_random_uuid(), et.id,
         (select min(c.id) from event_codes c where c.provider_id = et.provider_id and c.type_id = et.id),
         ${statusId}, ${f.siteId}, (select person_id from staff where provider_id = ${f.providerId} and id = ${kim}),
         ${child}, '${day}T12:00:00Z', ${twoyear}
       from event_types et where et.provider_id = ${f.providerId} and et.tag = '${tag}'
       returning id`,
    );
    return Number(row!.id);
  }

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    const p = f.providerId;
    practitionerStaff = (
      await q<{ id: number }>(
        `select st.id from staff st join user_accounts u on u.provider_id = st.provider_id
           and u.person_id = st.person_id where u.email = 'practitioner@example.org'`,
      )
    )[0]!.id;
    const [person] = await q<{ id: number }>(
      `insert into people (provider_id, forename, surname) values (${p}, 'Kim', 'Aardvark-Keyworker') returning id`,
    );
    kim = (
      await q<{ id: number }>(
        `insert into staff (provider_id, person_id, site_id) values (${p}, ${person!.id}, ${f.siteId}) returning id`,
      )
    )[0]!.id;
    const [room] = await q<{ id: number }>(
      `select id from rooms where provider_id = ${p} and site_id = ${f.siteId} limit 1`,
    );
    // Ada 27 months on 30/06/2025 (a two-year check done), Ben 34 months (warning), Cal past his
    // third birthday on 01/05/2025 (overdue).
    for (const [name, dob] of [
      ['ada', '2023-03-10'],
      ['ben', '2022-08-15'],
      ['cal', '2022-05-01'],
    ] as const) {
      const [c] = await q<{ id: number }>(
        `insert into children (provider_id, site_id, forename, surname, dob, start_date, room_id)
         values (${p}, ${f.siteId}, '${name[0]!.toUpperCase()}${name.slice(1)}', 'Checker', '${dob}', '2024-09-01', ${room!.id})
         returning id`,
      );
      kids[name] = c!.id;
      await q(`insert into key_children (provider_id, staff_id, child_id) values (${p}, ${kim}, ${c!.id})`);
    }
    ev.adaSnapOld = await event(kids.ada, 'snapshot', '2025-06-01');
    ev.adaSnap = await event(kids.ada, 'snapshot', '2025-06-25');
    ev.adaSnapDeleted = await event(kids.ada, 'snapshot', '2025-06-28', { statusId: 6 });
    ev.adaStory = await event(kids.ada, 'learningStory', '2025-05-01');
    ev.adaTwoYear = await event(kids.ada, 'learningStory', '2025-05-20', { twoyear: true });
    ev.benSnap = await event(kids.ben, 'snapshot', '2025-06-18');
    ev.benStoryBefore = await event(kids.ben, 'learningStory', '2025-03-01');
    ev.calSnap = await event(kids.cal, 'snapshot', '2025-06-10');
    ev.calStory = await event(kids.cal, 'learningStory', '2025-04-10');
    ev.calSnapAfter = await event(kids.cal, 'snapshot', '2025-07-05');
    // Only Ada's older snapshot is graded in Development Matters (-29).
    const [item] = await q<{ id: string }>(
      `select id from framework_items where provider_id = ${p} and framework_id = '-29' and depth > 0 order by id limit 1`,
    );
    await q(
      `insert into gradings (provider_id, event_id, child_id, item_id, value)
       values (${p}, ${ev.adaSnapOld}, ${kids.ada}, '${item!.id}', 1)`,
    );
  });
  afterAll(() => t.close());

  it("answers a staff member's three key children with the cells and counts worked out by hand", async () => {
    const res = await asManager(`staffIDs=${kim}&${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as EventCheckerAnswer;
    expect(body).toMatchObject({
      siteID: f.siteId,
      asOf: '2025-06-30',
      frameworkID: null,
      eventTypes: ['snapshot', 'learningStory'],
      permittedActions: { canSelectStaff: true },
    });
    expect(body.staff).toHaveLength(1);
    const kimAnswer = body.staff[0]!;
    expect(kimAnswer).toMatchObject({ id: kim, forename: 'Kim', surname: 'Aardvark-Keyworker' });
    expect(kimAnswer.keyChildren.map((c) => c.forename)).toEqual(['Ada', 'Ben', 'Cal']);
    const [ada, ben, cal] = kimAnswer.keyChildren;
    // Ada: snapshot 25/06 due 09/07 (9 days left: done); the two-year learning story of 20/05 is her
    // latest, due 19/08 (done); the deleted snapshot of 28/06 does not count.
    expect(ada!.snapshot).toEqual({
      latest: { id: ev.adaSnap, date: '2025-06-25' },
      dueDate: '2025-07-09',
      status: 'done',
    });
    expect(ada!.learningStory).toEqual({
      latest: { id: ev.adaTwoYear, date: '2025-05-20' },
      dueDate: '2025-08-19',
      status: 'done',
    });
    expect(ada!.twoYearCheck).toEqual({
      id: ev.adaTwoYear,
      date: '2025-05-20',
      status: 'done',
      due: '2026-03-10',
    });
    expect(ada!.roomID).not.toBeNull();
    // Ben: snapshot 18/06 due 02/07 (2 days left: warning); his learning story of 01/03 is before the
    // range (missing, due on 30/06); 34 months old without a check (warning).
    expect(ben!.snapshot).toEqual({
      latest: { id: ev.benSnap, date: '2025-06-18' },
      dueDate: '2025-07-02',
      status: 'warning',
    });
    expect(ben!.learningStory).toEqual({ latest: null, dueDate: '2025-06-30', status: 'missing' });
    expect(ben!.twoYearCheck).toEqual({ id: null, date: null, status: 'warning', due: '2025-08-15' });
    // Cal: snapshot 10/06 due 24/06 (overdue; the one of 05/07 is after the range); learning story
    // 10/04 due 10/07 (10 days left: warning); past his third birthday without a check (overdue).
    expect(cal!.snapshot).toEqual({
      latest: { id: ev.calSnap, date: '2025-06-10' },
      dueDate: '2025-06-24',
      status: 'overdue',
    });
    expect(cal!.learningStory).toEqual({
      latest: { id: ev.calStory, date: '2025-04-10' },
      dueDate: '2025-07-10',
      status: 'warning',
    });
    expect(cal!.twoYearCheck).toEqual({ id: null, date: null, status: 'overdue', due: '2025-05-01' });
    // Ben and Cal have spotlight warnings and two-year warnings; in the range: Ada 4 (two snapshots,
    // two learning stories), Ben 1, Cal 2.
    expect(kimAnswer.spotlightWarningCount).toBe(2);
    expect(kimAnswer.twoYearCheckWarningCount).toBe(2);
    expect(kimAnswer.totalSpotlights).toBe(7);
  });

  it('filters by framework and by event type', async () => {
    const dm = (await asManager(`staffIDs=${kim}&${RANGE}&frameworkID=-29`)).json() as EventCheckerAnswer;
    const [ada, ben] = dm.staff[0]!.keyChildren;
    // Only Ada's snapshot of 01/06 is graded in -29: due 15/06, overdue on 30/06.
    expect(ada!.snapshot).toEqual({
      latest: { id: ev.adaSnapOld, date: '2025-06-01' },
      dueDate: '2025-06-15',
      status: 'overdue',
    });
    expect(ada!.learningStory?.status).toBe('missing');
    expect(ben!.snapshot?.status).toBe('missing');
    expect(dm.staff[0]!.totalSpotlights).toBe(1);
    expect(dm.staff[0]!.spotlightWarningCount).toBe(3);

    const snaps = (
      await asManager(`staffIDs=${kim}&${RANGE}&eventTypes=snapshot`)
    ).json() as EventCheckerAnswer;
    expect(snaps.eventTypes).toEqual(['snapshot']);
    expect(snaps.staff[0]!.keyChildren.map((c) => c.learningStory)).toEqual([null, null, null]);
    // Ada's snapshot is done: Ben (warning) and Cal (overdue) remain; 2 + 1 + 1 snapshots.
    expect(snaps.staff[0]!.spotlightWarningCount).toBe(2);
    expect(snaps.staff[0]!.totalSpotlights).toBe(4);
  });

  it('answers the staff in the order asked, and the site’s staff with key children without staffIDs', async () => {
    const both = (
      await asManager(`staffIDs=${practitionerStaff},${kim}&${RANGE}`)
    ).json() as EventCheckerAnswer;
    expect(both.staff.map((s) => s.id)).toEqual([practitionerStaff, kim]);
    const site = (await asManager('dateFrom=2025-04-01&dateTo=2099-01-01')).json() as EventCheckerAnswer;
    const expected = await q<{ id: number }>(
      `select distinct s.id, p.surname, p.forename from staff s join people p on p.provider_id = s.provider_id and p.id = s.person_id
       join key_children kc on kc.provider_id = s.provider_id and kc.staff_id = s.id
       join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
       where s.provider_id = ${f.providerId} and c.site_id = ${f.siteId} and c.start_date <= '${site.asOf}'
         and (c.end_date is null or c.end_date >= '${site.asOf}')
         and (s.site_id = ${f.siteId} or exists (select 1 from staff_sites ss where ss.provider_id = s.provider_id
           and ss.staff_id = s.id and ss.site_id = ${f.siteId}))
       order by p.surname, p.forename, s.id limit 50`,
    );
    expect(site.staff.map((s) => s.id)).toEqual(expected.map((e) => Number(e.id)));
    expect(site.staff[0]!.id).toBe(kim);
    expect(site.staff.every((s) => s.keyChildren.length > 0)).toBe(true);
  });

  it('covers only the user’s own key children without the right to select staff', async () => {
    const res = await get(f.practitioner, `staffIDs=${kim}&${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as EventCheckerAnswer;
    expect(body.permittedActions.canSelectStaff).toBe(false);
    expect(body.staff.map((s) => s.id)).toEqual([practitionerStaff]);
    const own = await q<{ n: number }>(
      `select count(*)::int as n from key_children kc join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
       where kc.provider_id = ${f.providerId} and kc.staff_id = ${practitionerStaff} and c.site_id = ${f.siteId}
         and c.start_date <= '2025-06-30' and (c.end_date is null or c.end_date >= '2025-06-30')`,
    );
    expect(body.staff[0]!.keyChildren).toHaveLength(own[0]!.n);
    expect(body.staff[0]!.keyChildren.some((c) => c.id === kids.ada)).toBe(false);
  });

  it('refuses more than 50 staff and bad input with 400, another provider’s staff or site with 404', async () => {
    const fiftyOne = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await asManager(`staffIDs=${fiftyOne}&${RANGE}`)).statusCode).toBe(400);
    expect((await asManager('dateFrom=2025-07-01&dateTo=2025-06-30')).statusCode).toBe(400);
    expect((await asManager('dateTo=2025-06-30')).statusCode).toBe(400);
    expect((await asManager(`${RANGE}&eventTypes=observation`)).statusCode).toBe(400);
    expect((await asManager(`${RANGE}&frameworkID=abc`)).statusCode).toBe(400);
    const [otherStaff] = await q<{ id: number }>(
      `select id from staff where provider_id <> ${f.providerId} limit 1`,
    );
    const res = await asManager(`staffIDs=${kim},${otherStaff!.id}&${RANGE}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().err.code).toBe('err-not-found');
    const [otherSite] = await q<{ id: number }>(
      `select id from sites where provider_id <> ${f.providerId} limit 1`,
    );
    expect((await get(f.other, `siteID=${otherSite!.id}&staffIDs=${kim}&${RANGE}`)).statusCode).toBe(404);
    expect((await get(f.other, `siteID=${f.siteId}&${RANGE}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/event-checker?${RANGE}` })).statusCode).toBe(401);
  });
});
