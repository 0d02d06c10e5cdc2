// The catalogue pages' calls (issue 29): the read-only cards and the Frameworks page's per-site switch;
// session, permission, tenancy, bad input, and what the floor's pickers see after a switch.
import { FrameworksAnswer } from '@nursery/domain/frameworks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface SiteFramework {
  id: string;
  name: string;
  enabledAtSite: boolean;
  enabledForProvider: boolean;
}

describeEachDb('settings catalogue', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;
  let siteId: number;
  let otherSiteId: number;
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...WRITE_HEADERS, cookie } });
  const siteFrameworks = async (cookie = manager, site = siteId) => {
    const res = await call(cookie, 'GET', `/api/v1/settings/frameworks?siteID=${site}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      siteID: number;
      frameworks: SiteFramework[];
      permittedActions: { switch: boolean };
    };
  };
  const floorFrameworkIds = async () =>
    FrameworksAnswer.parse(
      (await call(manager, 'GET', `/api/v1/frameworks?siteID=${siteId}`)).json(),
    ).frameworks.map((f) => f.id);
  const switchAt = (frameworkId: string, site: number, enabled: unknown, cookie = manager) =>
    call(cookie, 'PUT', `/api/v1/settings/frameworks/${frameworkId}/sites/${site}`, { enabled });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, otherManager] = await loginDemoStaff(t.app);
    siteId = (await call(practitioner, 'GET', '/api/v1/config')).json().siteID as number;
    [{ id: otherSiteId }] = (await t.database.query<{ id: number }>(
      `select id from sites where provider_id <> (select provider_id from sites where id = ${siteId}) limit 1`,
    )) as [{ id: number }];
  });
  afterAll(() => t.close());

  it('the provider card shows its name, its sites and its flags in the order the page shows them', async () => {
    const res = await call(manager, 'GET', '/api/v1/settings/overview/provider');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      card: string;
      configured: boolean;
      facts: { key: string; value: unknown }[];
    };
    const [name] = await t.database.query<{ name: string }>(
      `select p.name from providers p join sites s on s.provider_id = p.id where s.id = ${siteId}`,
    );
    expect(body.card).toBe('provider');
    expect(body.configured).toBe(true);
    expect(body.facts[0]).toEqual({ key: 'name', value: name!.name });
    expect(body.facts[1]!.key).toBe('sites');
    expect(body.facts[1]!.value).toBeGreaterThan(0);
    expect(body.facts.find((f) => f.key === 'enableSpotlight')).toEqual({
      key: 'enableSpotlight',
      value: true,
    });
    expect(body.facts.find((f) => f.key === 'parentsCanAddNotes')).toBeUndefined();
  });

  it('cards with nothing set up say so; the parent zone shows its flags; the API card where it is described', async () => {
    for (const card of ['payment', 'documents', 'activities']) {
      const res = await call(manager, 'GET', `/api/v1/settings/overview/${card}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ card, configured: false, facts: [] });
    }
    const zone = (await call(manager, 'GET', '/api/v1/settings/overview/parentzone')).json();
    expect(zone.facts.map((f: { key: string }) => f.key)).toEqual([
      'parentsCanAddNotes',
      'anyContactGroupCanAddNotes',
    ]);
    const api = (await call(manager, 'GET', '/api/v1/settings/overview/openapi')).json();
    expect(api.facts[0]).toEqual({ key: 'apiDescription', value: '/api/docs' });
  });

  it('answers 401 without a session, 403 without the card’s permission, 400 for an unknown card', async () => {
    const anon = await t.app.inject({ url: '/api/v1/settings/overview/provider' });
    expect(anon.statusCode).toBe(401);
    const denied = await call(practitioner, 'GET', '/api/v1/settings/overview/provider');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().err.code).toBe('err-permission-denied');
    expect((await call(practitioner, 'GET', '/api/v1/settings/frameworks')).statusCode).toBe(403);
    expect((await switchAt('-29', siteId, false, practitioner)).statusCode).toBe(403);
    const unknown = await call(manager, 'GET', '/api/v1/settings/overview/billing');
    expect(unknown.statusCode).toBe(400);
  });

  it('a framework switched off at a site leaves that site’s pickers and comes back when switched on', async () => {
    const list = await siteFrameworks();
    expect(list.siteID).toBe(siteId);
    expect(list.permittedActions).toEqual({ switch: true });
    expect(list.frameworks.length).toBeGreaterThan(0);
    const target = list.frameworks.find((f) => f.enabledAtSite && f.enabledForProvider)!;
    expect(await floorFrameworkIds()).toContain(target.id);

    const off = await switchAt(target.id, siteId, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: target.id, enabledAtSite: false });
    expect(await floorFrameworkIds()).not.toContain(target.id);
    expect((await siteFrameworks()).frameworks.find((f) => f.id === target.id)!.enabledAtSite).toBe(false);
    // Switching off twice keeps one entry; the other frameworks are untouched.
    expect((await switchAt(target.id, siteId, false)).statusCode).toBe(200);
    const [row] = await t.database.query<{ ids: number[] }>(
      `select disabled_site_ids as ids from frameworks where id = '${target.id}'
       and provider_id = (select provider_id from sites where id = ${siteId})`,
    );
    expect(row!.ids.map(Number)).toEqual([siteId]);

    const on = await switchAt(target.id, siteId, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().enabledAtSite).toBe(true);
    expect(await floorFrameworkIds()).toContain(target.id);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'framework' and entity_id = '${target.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'framework-disabled-at-site',
      'framework-disabled-at-site',
      'framework-enabled-at-site',
    ]);
  });

  it('another provider’s site or framework is 404; bad input is 400 with the field named', async () => {
    const target = (await siteFrameworks()).frameworks[0]!;
    expect((await call(manager, 'GET', `/api/v1/settings/frameworks?siteID=${otherSiteId}`)).statusCode).toBe(
      404,
    );
    expect((await switchAt(target.id, otherSiteId, false)).statusCode).toBe(404);
    const theirs = await switchAt(target.id, siteId, false, otherManager);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().err.code).toBe('err-not-found');
    expect((await switchAt('-999999', siteId, false)).statusCode).toBe(404);
    const badBody = await switchAt(target.id, siteId, 'yes');
    expect(badBody.statusCode).toBe(400);
    expect(badBody.body).toContain('enabled');
    expect((await switchAt('abc', siteId, false)).statusCode).toBe(400);
    expect((await call(manager, 'GET', '/api/v1/settings/frameworks?siteID=x')).statusCode).toBe(400);
    expect((await siteFrameworks()).frameworks.find((f) => f.id === target.id)!.enabledAtSite).toBe(true);
  });
});
