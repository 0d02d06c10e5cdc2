import { AppConfig } from '@nursery/domain/account';
import { PERMISSIONS } from '@nursery/domain/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

const getChildren = `query GetChildren($siteID: Int!, $ids: [Int!]) {
  children(siteID: $siteID, ids: $ids) { id forename surname siteID dob contacts { id forename surname } }
}`;

describeEachDb('config and tenancy', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let other: string;
  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, other] = await loginDemoStaff(t.app);
  });
  afterAll(() => t.close());

  const config = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/v1/config', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return AppConfig.parse(res.json());
  };
  const gql = (cookie: string, variables: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query: getChildren, operationName: 'GetChildren', variables },
    });

  it('answers the config shape for the manager: both sites, no current site yet, every permission', async () => {
    const c = await config(manager);
    const names = Object.values(c.sitesByID)
      .map((s) => s.name)
      .sort();
    expect(names).toEqual(['Oak Tree Nursery', 'Willow Nursery']);
    expect(c.siteID).toBeNull();
    for (const site of Object.values(c.sitesByID)) {
      expect(site.rooms.map((r) => r.name)).toEqual(
        expect.arrayContaining(['Babies', 'Toddlers', 'Pre-school']),
      );
    }
    expect(Object.keys(c.permissions).sort()).toEqual([...PERMISSIONS].sort());
    expect(Object.values(c.permissions).every(Boolean)).toBe(true);
    expect(c.eventStatuses.map((s) => s.id)).toEqual([1, 3, 4, 5, 6]);
    expect(c.eventTypes.find((e) => e.tag === 'observation')?.ownRoleIDs.length).toBeGreaterThan(0);
    expect(c.me).toMatchObject({ forename: 'Ruth', surname: 'Manager', email: DEMO.manager });
  });

  it('gives the practitioner one site as the current site, key children, and no publish/approve/settings permission', async () => {
    const c = await config(practitioner);
    expect(Object.values(c.sitesByID).map((s) => s.name)).toEqual(['Oak Tree Nursery']);
    expect(c.siteID).toBe(Object.values(c.sitesByID)[0]!.id);
    expect(c.keyChildren.length).toBeGreaterThan(0);
    expect(c.permissions.checkIn).toBe(true);
    expect(c.permissions.markOffStaff).toBe(false);
    expect(c.permissions.approveGDPR).toBe(false);
    expect(c.permissions.settingsProvider).toBe(false);
    expect(c.me.hasPin).toBe(true);
  });

  it("answers the user's rooms, areas, key children and flags as their rows have them, and a change at once", async () => {
    const q = <T>(text: string) => t.database.query<T>(text);
    const [me] = await q<{ provider_id: number; staff_id: number }>(
      `select u.provider_id, st.id as staff_id from user_accounts u
       join staff st on st.provider_id = u.provider_id and st.person_id = u.person_id
       where lower(u.email) = '${DEMO.practitioner}'`,
    );
    const c = await config(practitioner);
    const site = Object.values(c.sitesByID)[0]!;
    // One room archived and one area added: the room leaves the answer, the area joins its room's list.
    const [archived] = await q<{ id: number }>(
      `update rooms set archived_at = now() where id = (select min(id) from rooms where site_id = ${site.id}) returning id`,
    );
    const [room] = await q<{ id: number }>(
      `select id from rooms where site_id = ${site.id} and archived_at is null order by sort_order, name limit 1`,
    );
    await q(
      `insert into areas (provider_id, room_id, name, enabled) values (${me!.provider_id}, ${room!.id}, 'AAA quiet corner', false)`,
    );
    await q(
      `update providers set flags = flags || '{"enableSpotlight": false}' where id = ${me!.provider_id}`,
    );
    const after = await config(practitioner);
    const rooms = await q<{ id: number; name: string }>(
      `select id, name from rooms where site_id = ${site.id} and archived_at is null order by sort_order, name`,
    );
    const answered = after.sitesByID[String(site.id)]!;
    expect(answered.rooms.map((r) => ({ id: r.id, name: r.name }))).toEqual(rooms);
    expect(answered.rooms.map((r) => r.id)).not.toContain(archived!.id);
    for (const r of answered.rooms) {
      const areas = await q<{ id: number; name: string; enabled: boolean }>(
        `select id, name, enabled from areas where room_id = ${r.id} order by name`,
      );
      expect(r.areas).toEqual(areas);
    }
    expect(answered.rooms[0]!.areas[0]).toMatchObject({ name: 'AAA quiet corner', enabled: false });
    const keys = await q<{ child_id: number }>(
      `select child_id from key_children where staff_id = ${me!.staff_id} order by child_id`,
    );
    expect(after.keyChildren).toEqual(keys.map((k) => k.child_id));
    const [flags] = await q<{ flags: Record<string, unknown> }>(
      `select flags from providers where id = ${me!.provider_id}`,
    );
    expect(after.flags).toEqual(flags!.flags);
    expect(after.flags.enableSpotlight).toBe(false);
    await q(`update rooms set archived_at = null where id = ${archived!.id}`);
    await q(`delete from areas where name = 'AAA quiet corner'`);
    await q(`update providers set flags = flags - 'enableSpotlight' where id = ${me!.provider_id}`);
  });

  it('lets the manager choose a site, and answers 404 for a site that is not theirs', async () => {
    const mine = await config(manager);
    const theirs = await config(other);
    const otherSite = Object.values(theirs.sitesByID)[0]!.id;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/site',
      headers: { ...WRITE_HEADERS, cookie: manager },
      payload: { siteID: otherSite },
    });
    expect(bad.statusCode).toBe(404);
    const oakTree = Object.values(mine.sitesByID).find((s) => s.name === 'Oak Tree Nursery')!.id;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/site',
      headers: { ...WRITE_HEADERS, cookie: manager },
      payload: { siteID: oakTree },
    });
    expect(ok.statusCode).toBe(204);
    expect((await config(manager)).siteID).toBe(oakTree);
  });

  it('keeps providers apart: the other manager sees only their own site, children and staff', async () => {
    const theirs = await config(other);
    expect(Object.values(theirs.sitesByID).map((s) => s.name)).not.toContain('Oak Tree Nursery');
    const mine = await config(manager);
    const oakTree = Object.values(mine.sitesByID).find((s) => s.name === 'Oak Tree Nursery')!.id;

    const foreignChildren = await gql(other, { siteID: oakTree });
    expect(foreignChildren.json().errors[0].extensions.code).toBe('err-not-found');
    expect(foreignChildren.json().data).toBeNull();

    const ownChildren = await gql(manager, { siteID: oakTree });
    const list = ownChildren.json().data.children;
    expect(list.length).toBeGreaterThanOrEqual(50);
    expect(list.every((c: { siteID: number }) => c.siteID === oakTree)).toBe(true);

    const foreignStaff = await t.app.inject({
      url: `/api/v1/staff/${mine.me.staffID}`,
      headers: { cookie: other },
    });
    expect(foreignStaff.statusCode).toBe(404);
    const ownStaff = await t.app.inject({
      url: `/api/v1/staff/${mine.me.staffID}`,
      headers: { cookie: manager },
    });
    expect(ownStaff.json()).toMatchObject({ forename: 'Ruth', surname: 'Manager' });
  });

  it('GetChildren with ids returns only those children, each with contacts (one child has none)', async () => {
    const c = await config(practitioner);
    const all = (await gql(practitioner, { siteID: c.siteID })).json().data.children;
    const withoutContacts = all.filter((ch: { contacts: unknown[] }) => ch.contacts.length === 0);
    expect(withoutContacts.length).toBeLessThanOrEqual(1);
    const two = all.slice(0, 2).map((ch: { id: number }) => ch.id);
    const picked = (await gql(practitioner, { siteID: c.siteID, ids: two })).json().data.children;
    expect(picked.map((ch: { id: number }) => ch.id).sort()).toEqual([...two].sort());
  });

  it('refuses every API call without a session', async () => {
    expect((await t.app.inject({ url: '/api/v1/config' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: WRITE_HEADERS,
      payload: { query: getChildren, variables: { siteID: 1 } },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers health with the database kind and version', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', db: kind, version: '2.67.0' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/login', '/api/v1/config']),
    );
  });
});
