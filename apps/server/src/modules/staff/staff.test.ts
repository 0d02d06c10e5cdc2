import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface StaffRow {
  staffID: number;
  forename: string;
  surname: string;
  hasImage: boolean;
}

describeEachDb('staff of a site (GET /api/v1/staff)', (kind) => {
  let t: TestApp;
  let manager: string;
  let other: string;
  let siteId: number;
  let providerId: number;
  let managerStaffId: number;
  const get = (cookie: string | undefined, url: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, other] = await Promise.all([loginAs(t.app, DEMO.manager), loginAs(t.app, DEMO.otherManager)]);
    const config = (await get(manager, '/api/v1/config')).json();
    // The manager works at several sites: the session has none chosen until they pick one.
    siteId = (config.siteID as number | null) ?? Number(Object.keys(config.sitesByID)[0]);
    managerStaffId = config.me.staffID as number;
    providerId = (
      await t.database.query<{ p: number }>(`select provider_id as p from sites where id = ${siteId}`)
    )[0]!.p;
  });
  afterAll(() => t.close());

  it('lists the staff working at the site (home site or staff_sites), ordered by surname', async () => {
    const res = await get(manager, `/api/v1/staff?siteID=${siteId}`);
    expect(res.statusCode, res.body).toBe(200);
    const staff = (res.json() as { staff: StaffRow[] }).staff;
    const expected = await t.database.query<{ id: number }>(
      `select distinct s.id::int as id from staff s
       left join staff_sites ss on ss.provider_id = s.provider_id and ss.staff_id = s.id
       where s.provider_id = ${providerId} and (s.site_id = ${siteId} or ss.site_id = ${siteId})`,
    );
    expect(staff.length).toBeGreaterThan(1);
    expect(staff.map((s) => s.staffID).sort((a, b) => a - b)).toEqual(
      expected.map((e) => e.id).sort((a, b) => a - b),
    );
    expect(staff.map((s) => s.staffID)).toContain(managerStaffId);
    const surnames = staff.map((s) => s.surname);
    expect(surnames).toEqual([...surnames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(staff[0]!).sort()).toEqual(['forename', 'hasImage', 'staffID', 'surname']);
    // Without siteID: the session's site, which must be chosen first.
    const none = await get(manager, '/api/v1/staff');
    expect(none.statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/site',
      headers: { ...WRITE_HEADERS, cookie: manager },
      payload: { siteID: siteId },
    });
    const fallback = await get(manager, '/api/v1/staff');
    expect(fallback.json()).toEqual(res.json());
  });

  it('adds staff given access to the site through staff_sites, and leaves out staff of other sites', async () => {
    const sites = await t.database.query<{ id: number }>(
      `select id from sites where provider_id = ${providerId} and id <> ${siteId} order by id limit 1`,
    );
    expect(sites[0], 'the demo provider has a second site').toBeDefined();
    if (!sites[0]) return;
    const visitor = await t.database.query<{ id: number }>(
      `select s.id::int as id from staff s where s.provider_id = ${providerId} and s.site_id = ${sites[0].id}
         and not exists (select 1 from staff_sites ss where ss.provider_id = s.provider_id
           and ss.staff_id = s.id and ss.site_id = ${siteId})
       order by s.id limit 1`,
    );
    expect(visitor[0], 'a staff member of the second site only').toBeDefined();
    if (!visitor[0]) return;
    const before = (await get(manager, `/api/v1/staff?siteID=${siteId}`)).json() as { staff: StaffRow[] };
    expect(before.staff.map((s) => s.staffID)).not.toContain(visitor[0].id);
    await t.database.query(
      `insert into staff_sites (provider_id, staff_id, site_id) values (${providerId}, ${visitor[0].id}, ${siteId})`,
    );
    const after = (await get(manager, `/api/v1/staff?siteID=${siteId}`)).json() as { staff: StaffRow[] };
    expect(after.staff.map((s) => s.staffID)).toContain(visitor[0].id);
  });

  it('carries hasImage per member and filters by a list of ids (spec 001 §7)', async () => {
    const all = ((await get(manager, `/api/v1/staff?siteID=${siteId}`)).json() as { staff: StaffRow[] })
      .staff;
    expect(all.length).toBeGreaterThan(2);
    const [first, , third] = all;
    await t.database.query(
      `update people set has_image = true where provider_id = ${providerId}
         and id = (select person_id from staff where provider_id = ${providerId} and id = ${third!.staffID})`,
    );
    const images = await t.database.query<{ id: number; has_image: boolean }>(
      `select s.id::int as id, p.has_image from staff s
       join people p on p.provider_id = s.provider_id and p.id = s.person_id
       where s.provider_id = ${providerId}`,
    );
    const hasImage = new Map(images.map((r) => [r.id, r.has_image]));
    const now = ((await get(manager, `/api/v1/staff?siteID=${siteId}`)).json() as { staff: StaffRow[] })
      .staff;
    for (const s of now) expect(s.hasImage, `staff ${s.staffID}`).toBe(hasImage.get(s.staffID));
    expect(now.find((s) => s.staffID === third!.staffID)?.hasImage).toBe(true);

    // Only the listed ids, still in surname order; an id of another site (or none) is left out.
    const elsewhere = await t.database.query<{ id: number }>(
      `select s.id::int as id from staff s where s.provider_id <> ${providerId} order by s.id limit 1`,
    );
    const ids = [third!.staffID, first!.staffID, elsewhere[0]!.id, 2 ** 31 - 1];
    const some = await get(manager, `/api/v1/staff?siteID=${siteId}&staffIDs=${ids.join(',')}`);
    expect(some.statusCode, some.body).toBe(200);
    expect((some.json() as { staff: StaffRow[] }).staff).toEqual([
      first,
      now.find((s) => s.staffID === third!.staffID),
    ]);
    expect((await get(manager, `/api/v1/staff?siteID=${siteId}&staffIDs=1,x`)).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await get(manager, `/api/v1/staff?siteID=${siteId}&staffIDs=${tooMany}`)).statusCode).toBe(400);
  });

  it("refuses another provider's site (404), a bad site id (400) and no session (401)", async () => {
    const foreign = await get(other, `/api/v1/staff?siteID=${siteId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().err.code).toBe('err-not-found');
    const bad = await get(manager, '/api/v1/staff?siteID=abc');
    expect(bad.statusCode).toBe(400);
    const anonymous = await get(undefined, `/api/v1/staff?siteID=${siteId}`);
    expect(anonymous.statusCode).toBe(401);
  });
});
