// The Sites page's calls (issue 29): sites, rooms, closures and sessions; session 401, another
// provider's or another site's id 404, no settingsSites 403, bad input 400 with the field named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface Site {
  id: number;
  name: string;
  archived: boolean;
  openingDays: number[];
  opensAt: string;
  closesAt: string;
  addressLines: string[];
}
interface Room {
  id: number;
  name: string;
  capacity: number;
  archived: boolean;
  childCount: number;
}

const siteBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  addressLines: ['1 High Street', '', 'Leeds'],
  postcode: 'LS1 1AA',
  phone: '0113 496 0000',
  openingDays: [5, 1, 2, 3, 4, 1],
  opensAt: '07:30',
  closesAt: '18:00',
  registersEnabled: true,
  staffRegistersEnabled: true,
  ...extra,
});
const roomBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  capacity: 12,
  ageFromMonths: 0,
  ageToMonths: 24,
  sortOrder: 1,
  ...extra,
});

describeEachDb('sites', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;
  let oak: number;
  let otherProviderSite: number;
  /** A site of the manager's provider the manager may not work at. */
  let unassignedSite: number;
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...WRITE_HEADERS, cookie } });
  const one = async <T>(sql: string) => (await t.database.query<T & Record<string, unknown>>(sql))[0] as T;

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, otherManager] = await loginDemoStaff(t.app);
    oak = (await one<{ id: number }>(`select id from sites where name = 'Oak Tree Nursery'`)).id;
    otherProviderSite = (
      await one<{ id: number }>(
        `select s.id from sites s join providers p on p.id = s.provider_id where p.name = 'Other Nursery Ltd' limit 1`,
      )
    ).id;
    unassignedSite = (
      await one<{ id: number }>(
        `insert into sites (provider_id, name) select provider_id, 'Nobody''s site' from sites where id = ${oak} returning id`,
      )
    ).id;
  });
  afterAll(() => t.close());

  it('refuses without a session (401), without settingsSites (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/settings/sites' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(practitioner, 'GET', '/api/v1/settings/sites')).statusCode).toBe(403);
    expect((await call(practitioner, 'POST', '/api/v1/settings/sites', siteBody('P'))).statusCode).toBe(403);
    expect((await call(practitioner, 'GET', `/api/v1/settings/sites/${oak}`)).statusCode).toBe(403);
  });

  it('answers 404 for another provider’s site and a site the user may not work at', async () => {
    for (const id of [otherProviderSite, unassignedSite]) {
      expect((await call(manager, 'GET', `/api/v1/settings/sites/${id}`)).statusCode).toBe(404);
      expect((await call(manager, 'PUT', `/api/v1/settings/sites/${id}`, siteBody('X'))).statusCode).toBe(
        404,
      );
      expect(
        (await call(manager, 'POST', `/api/v1/settings/sites/${id}/rooms`, roomBody('X'))).statusCode,
      ).toBe(404);
    }
    expect((await call(otherManager, 'GET', `/api/v1/settings/sites/${oak}`)).statusCode).toBe(404);
    const names = (
      (await call(manager, 'GET', '/api/v1/settings/sites?archived=true')).json() as { sites: Site[] }
    ).sites.map((s) => s.name);
    expect(names).not.toContain("Nobody's site");
  });

  it('adds a site its creator can work at at once, in the site switcher', async () => {
    const created = await call(manager, 'POST', '/api/v1/settings/sites', siteBody(' Ash Grove '));
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json() as Site;
    expect(site).toMatchObject({
      name: 'Ash Grove',
      archived: false,
      openingDays: [1, 2, 3, 4, 5],
      opensAt: '07:30',
      addressLines: ['1 High Street', 'Leeds'],
    });
    const config = (await call(manager, 'GET', '/api/v1/config')).json() as {
      sitesByID: Record<string, unknown>;
    };
    expect(Object.keys(config.sitesByID)).toContain(String(site.id));
    const detail = await call(manager, 'GET', `/api/v1/settings/sites/${site.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      site: { name: 'Ash Grove' },
      rooms: [],
      closures: [],
      sessions: [],
    });
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'site' and entity_id = '${site.id}'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['site-created']);
  });

  it('refuses bad input with 400 and the field named', async () => {
    const long = await call(manager, 'POST', '/api/v1/settings/sites', siteBody('x'.repeat(51)));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      err: { code: 'err-invalid-request', message: 'name: this-field-has-max-length-of' },
    });
    const hours = await call(
      manager,
      'POST',
      '/api/v1/settings/sites',
      siteBody('Hours', { opensAt: '18:00', closesAt: '08:00' }),
    );
    expect(hours.statusCode).toBe(400);
    expect(hours.json()).toMatchObject({ err: { code: 'err-site-hours', field: 'closesAt' } });
    const taken = await call(manager, 'POST', '/api/v1/settings/sites', siteBody('oak tree nursery'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ err: { code: 'err-site-name-taken', field: 'name' } });
    const postcode = await call(
      manager,
      'POST',
      '/api/v1/settings/sites',
      siteBody('P', { postcode: 'x'.repeat(21) }),
    );
    expect(postcode.statusCode).toBe(400);
    expect(postcode.json()).toMatchObject({ err: { message: 'postcode: this-field-has-max-length-of' } });
    const cursor = await call(manager, 'GET', '/api/v1/settings/sites?cursor=nonsense');
    expect(cursor.statusCode).toBe(400);
  });

  it('lists by name, searched and paged by cursor; archived hidden unless asked for, restorable', async () => {
    for (const name of ['Page A', 'Page B', 'Page C'])
      expect((await call(manager, 'POST', '/api/v1/settings/sites', siteBody(name))).statusCode).toBe(201);
    const first = (await call(manager, 'GET', '/api/v1/settings/sites?q=page&limit=2')).json() as {
      sites: Site[];
      nextCursor: string;
    };
    expect(first.sites.map((s) => s.name)).toEqual(['Page A', 'Page B']);
    const second = (
      await call(manager, 'GET', `/api/v1/settings/sites?q=page&limit=2&cursor=${first.nextCursor}`)
    ).json() as { sites: Site[]; nextCursor: string | null };
    expect(second.sites.map((s) => s.name)).toEqual(['Page C']);
    expect(second.nextCursor).toBeNull();

    const c = second.sites[0]!;
    const archived = await call(
      manager,
      'PUT',
      `/api/v1/settings/sites/${c.id}`,
      siteBody('Page C', { archived: true }),
    );
    expect(archived.statusCode, archived.body).toBe(200);
    expect((archived.json() as Site).archived).toBe(true);
    const shown = async (query: string) =>
      (
        (await call(manager, 'GET', `/api/v1/settings/sites?q=page${query}`)).json() as { sites: Site[] }
      ).sites.map((s) => s.name);
    expect(await shown('')).toEqual(['Page A', 'Page B']);
    expect(await shown('&archived=true')).toEqual(['Page A', 'Page B', 'Page C']);
    const config = (await call(manager, 'GET', '/api/v1/config')).json() as {
      sitesByID: Record<string, unknown>;
    };
    expect(Object.keys(config.sitesByID)).not.toContain(String(c.id));
    const restored = await call(manager, 'PUT', `/api/v1/settings/sites/${c.id}`, siteBody('Page C'));
    expect((restored.json() as Site).archived).toBe(false);
  });

  it('a site with children cannot be archived', async () => {
    const refused = await call(manager, 'PUT', `/api/v1/settings/sites/${oak}`, {
      ...siteBody('Oak Tree Nursery'),
      archived: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ err: { code: 'err-site-has-children', field: 'archived' } });
  });

  describe('rooms', () => {
    it('adds, edits and archives a room; a name is unique in its site; archived rooms leave the pickers', async () => {
      const added = await call(manager, 'POST', `/api/v1/settings/sites/${oak}/rooms`, roomBody('Acorns'));
      expect(added.statusCode, added.body).toBe(201);
      const room = added.json() as Room;
      expect(room).toMatchObject({ name: 'Acorns', capacity: 12, archived: false, childCount: 0 });
      const taken = await call(manager, 'POST', `/api/v1/settings/sites/${oak}/rooms`, roomBody(' acorns'));
      expect(taken.json()).toMatchObject({ err: { code: 'err-room-name-taken', field: 'name' } });
      const capacity = await call(
        manager,
        'POST',
        `/api/v1/settings/sites/${oak}/rooms`,
        roomBody('Big', { capacity: 201 }),
      );
      expect(capacity.statusCode).toBe(400);
      expect(capacity.json()).toMatchObject({ err: { message: 'capacity: room-capacity-range' } });
      const ages = await call(
        manager,
        'POST',
        `/api/v1/settings/sites/${oak}/rooms`,
        roomBody('Ages', { ageFromMonths: 24, ageToMonths: 12 }),
      );
      expect(ages.json()).toMatchObject({ err: { code: 'err-room-ages', field: 'ageToMonths' } });

      const edited = await call(
        manager,
        'PUT',
        `/api/v1/settings/sites/${oak}/rooms/${room.id}`,
        roomBody('Acorn Room', { capacity: 16 }),
      );
      expect(edited.json()).toMatchObject({ name: 'Acorn Room', capacity: 16 });
      const roomsInConfig = async () => {
        const config = (await call(manager, 'GET', '/api/v1/config')).json() as {
          sitesByID: Record<string, { rooms: { id: number }[] }>;
        };
        return config.sitesByID[String(oak)]!.rooms.map((r) => r.id);
      };
      expect(await roomsInConfig()).toContain(room.id);
      const archived = await call(
        manager,
        'PUT',
        `/api/v1/settings/sites/${oak}/rooms/${room.id}`,
        roomBody('Acorn Room', { archived: true }),
      );
      expect(archived.json()).toMatchObject({ archived: true });
      expect(await roomsInConfig()).not.toContain(room.id);
    });

    it('a room with current children cannot be archived; another site’s room is 404', async () => {
      const busy = await one<{ id: number; name: string }>(
        `select r.id, r.name from rooms r where r.site_id = ${oak}
           and exists (select 1 from children c where c.room_id = r.id and c.end_date is null) limit 1`,
      );
      const refused = await call(
        manager,
        'PUT',
        `/api/v1/settings/sites/${oak}/rooms/${busy.id}`,
        roomBody(busy.name, { archived: true }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ err: { code: 'err-room-has-children', field: 'archived' } });
      const willow = await one<{ id: number }>(`select id from sites where name = 'Willow Nursery'`);
      const wrongSite = await call(
        manager,
        'PUT',
        `/api/v1/settings/sites/${willow.id}/rooms/${busy.id}`,
        roomBody('X'),
      );
      expect(wrongSite.statusCode).toBe(404);
    });
  });

  it('adds and removes a closure; the last day cannot precede the first', async () => {
    const bad = await call(manager, 'POST', `/api/v1/settings/sites/${oak}/closures`, {
      startsOn: '2099-12-27',
      endsOn: '2099-12-24',
      reason: 'Christmas',
    });
    expect(bad.json()).toMatchObject({ err: { code: 'err-closure-dates', field: 'endsOn' } });
    const added = await call(manager, 'POST', `/api/v1/settings/sites/${oak}/closures`, {
      startsOn: '2099-12-24',
      endsOn: '2099-12-27',
      reason: ' Christmas ',
    });
    expect(added.statusCode, added.body).toBe(201);
    const closure = added.json() as { id: number; reason: string };
    expect(closure.reason).toBe('Christmas');
    const detail = (await call(manager, 'GET', `/api/v1/settings/sites/${oak}`)).json() as {
      closures: { id: number }[];
    };
    expect(detail.closures.map((c) => c.id)).toContain(closure.id);
    expect(
      (await call(otherManager, 'DELETE', `/api/v1/settings/sites/${oak}/closures/${closure.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(manager, 'DELETE', `/api/v1/settings/sites/${oak}/closures/${closure.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(manager, 'DELETE', `/api/v1/settings/sites/${oak}/closures/${closure.id}`)).statusCode,
    ).toBe(404);
  });

  it('adds and disables a session within the opening hours', async () => {
    const site = (
      await call(
        manager,
        'POST',
        '/api/v1/settings/sites',
        siteBody('Session site', { opensAt: '08:00', closesAt: '18:00' }),
      )
    ).json() as Site;
    const body = { name: 'Morning', start: '08:00', end: '13:00', enabled: true, sortOrder: 0 };
    const outside = await call(manager, 'POST', `/api/v1/settings/sites/${site.id}/sessions`, {
      ...body,
      start: '07:00',
    });
    expect(outside.json()).toMatchObject({ err: { code: 'err-session-times', field: 'start' } });
    const backwards = await call(manager, 'POST', `/api/v1/settings/sites/${site.id}/sessions`, {
      ...body,
      end: '08:00',
    });
    expect(backwards.json()).toMatchObject({ err: { code: 'err-session-times', field: 'end' } });
    const added = await call(manager, 'POST', `/api/v1/settings/sites/${site.id}/sessions`, body);
    expect(added.statusCode, added.body).toBe(201);
    const session = added.json() as { id: number };
    expect(added.json()).toMatchObject({ name: 'Morning', start: '08:00', end: '13:00', enabled: true });
    const disabled = await call(manager, 'PUT', `/api/v1/settings/sites/${site.id}/sessions/${session.id}`, {
      ...body,
      enabled: false,
    });
    expect(disabled.json()).toMatchObject({ enabled: false });
    const foreign = await call(manager, 'PUT', `/api/v1/settings/sites/${oak}/sessions/${session.id}`, body);
    expect(foreign.statusCode).toBe(404);
  });
});
