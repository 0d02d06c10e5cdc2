import { FrameworksAnswer } from '@nursery/domain/frameworks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FRAMEWORK_IDS } from '../../demo/frameworks/index.ts';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { itemsInTreeOrder } from './queries.ts';

describeEachDb('GET api/v1/frameworks', (kind) => {
  let t: TestApp;
  let manager: string;
  let other: string;
  let siteId: number;
  let providerId: number;
  let otherSiteId: number;
  const get = (cookie: string, site: number, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1/frameworks?siteID=${site}`, headers: { cookie, ...headers } });
  const answer = async (site = siteId) => {
    const res = await get(manager, site);
    expect(res.statusCode, res.body).toBe(200);
    return FrameworksAnswer.parse(res.json());
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, other] = await Promise.all([loginAs(t.app, DEMO.manager), loginAs(t.app, DEMO.otherManager)]);
    const practitioner = await loginAs(t.app, DEMO.practitioner);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: practitioner } })).json();
    siteId = config.siteID as number;
    const q = t.database.query.bind(t.database);
    providerId = (await q<{ p: number }>(`select provider_id as p from sites where id = ${siteId}`))[0]!.p;
    otherSiteId = (
      await q<{ id: number }>(`select id from sites where provider_id <> ${providerId} limit 1`)
    )[0]!.id;
  });
  afterAll(() => t.close());

  it("answers the provider's frameworks, levels, age ranges, schemes with grades, items and learning styles", async () => {
    const body = await answer();
    expect(body.siteID).toBe(siteId);
    const q = t.database.query.bind(t.database);
    const fws = await q<{ id: string }>(
      `select id from frameworks where provider_id = ${providerId} and enabled order by sort_order, id`,
    );
    expect(body.frameworks.map((f) => f.id)).toEqual(fws.map((f) => f.id));
    expect(body.frameworks.length).toBeGreaterThan(0);
    for (const f of body.frameworks) {
      expect(f.levels.map((l) => l.depth)).toEqual([...f.levels.map((l) => l.depth)].sort((a, b) => a - b));
      expect(f.items[0]).toMatchObject({ id: `/${f.id}/`, parentID: null, depth: 0 });
      const seen = new Set<string>();
      for (const item of f.items) {
        if (item.parentID !== null) expect(seen.has(item.parentID), `${item.id} after its parent`).toBe(true);
        seen.add(item.id);
      }
    }
    const schemes = body.frameworks.flatMap((f) => f.schemes);
    expect(schemes.length).toBeGreaterThan(0);
    expect(schemes.some((s) => s.grades.length > 0)).toBe(true);
    for (const s of schemes) {
      const values = s.grades.map((g) => g.value);
      expect(new Set(values).size).toBe(values.length);
    }
    expect(body.frameworks.some((f) => f.ageRanges.length > 0)).toBe(true);
    const styles = await q<{ id: number }>(
      `select id from learning_styles where provider_id = ${providerId} and enabled order by sort_order, id`,
    );
    expect(body.learningStyles.map((s) => s.id)).toEqual(styles.map((s) => s.id));
  });

  it('sends an ETag and private no-cache, and answers 304 with no body when If-None-Match matches', async () => {
    const res = await get(manager, siteId);
    expect(res.statusCode).toBe(200);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await get(manager, siteId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const list = await get(manager, siteId, { 'if-none-match': `"stale", W/${etag}` });
    expect(list.statusCode).toBe(304);
    const stale = await get(manager, siteId, { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(FrameworksAnswer.parse(stale.json()).frameworks.length).toBeGreaterThan(0);
  });

  it('orders items by sort order (not by path id) and leaves out the subtree of a disabled item', async () => {
    const q = t.database.query.bind(t.database);
    const before = await get(manager, siteId);
    const fw = FrameworksAnswer.parse(before.json()).frameworks.find((f) => f.items.length > 3)!;
    // Two siblings under the root: reverse their sort order, so path order and sort order differ.
    const roots = await q<{ id: string; sort_order: number }>(
      `select id, sort_order from framework_items where provider_id = ${providerId} and framework_id = '${fw.id}'
         and parent_id = '/${fw.id}/' and enabled order by sort_order, id`,
    );
    expect(roots.length).toBeGreaterThan(1);
    const [a, b] = [roots[0]!, roots[1]!];
    await q(
      `update framework_items set sort_order = case id when '${a.id}' then ${b.sort_order + 1} else ${a.sort_order} end
       where provider_id = ${providerId} and id in ('${a.id}', '${b.id}')`,
    );
    // Disable a child of the first area: it and everything under it disappear.
    const child = (
      await q<{ id: string }>(
        `select id from framework_items where provider_id = ${providerId} and parent_id = '${b.id}' order by sort_order, id limit 1`,
      )
    )[0]!;
    await q(
      `update framework_items set enabled = false where provider_id = ${providerId} and id = '${child.id}'`,
    );
    try {
      const res = await get(manager, siteId, { 'if-none-match': before.headers.etag as string });
      expect(res.statusCode, 'the ETag changes with the data').toBe(200);
      const items = FrameworksAnswer.parse(res.json()).frameworks.find((f) => f.id === fw.id)!.items;
      const top = items.filter((i) => i.parentID === `/${fw.id}/`).map((i) => i.id);
      expect(top.indexOf(b.id)).toBeLessThan(top.indexOf(a.id));
      // Everything under b comes before a, and a's subtree follows a (depth-first).
      const ia = items.findIndex((i) => i.id === a.id);
      expect(items.slice(0, ia).every((i) => !i.id.startsWith(a.id))).toBe(true);
      expect(items.slice(ia).every((i) => !i.id.startsWith(b.id))).toBe(true);
      expect(items.some((i) => i.id.startsWith(child.id))).toBe(false);
      const disabledUnder = await q<{ n: number }>(
        `select count(*)::int as n from framework_items where provider_id = ${providerId} and id like '${child.id}%'`,
      );
      expect(disabledUnder[0]!.n).toBeGreaterThan(0);
    } finally {
      await q(
        `update framework_items set sort_order = case id when '${a.id}' then ${a.sort_order} else ${b.sort_order} end
         where provider_id = ${providerId} and id in ('${a.id}', '${b.id}')`,
      );
      await q(
        `update framework_items set enabled = true where provider_id = ${providerId} and id = '${child.id}'`,
      );
    }
  });

  it('leaves out a framework switched off for the site or disabled', async () => {
    const q = t.database.query.bind(t.database);
    const all = (await answer()).frameworks.map((f) => f.id);
    const [off, disabled] = [all[0]!, all[1]!];
    await q(
      `update frameworks set disabled_site_ids = array[${siteId + 100000}, ${siteId}]
       where provider_id = ${providerId} and id = '${off}'`,
    );
    await q(`update frameworks set enabled = false where provider_id = ${providerId} and id = '${disabled}'`);
    try {
      const ids = (await answer()).frameworks.map((f) => f.id);
      expect(ids).toEqual(all.filter((id) => id !== off && id !== disabled));
    } finally {
      await q(
        `update frameworks set disabled_site_ids = '{}', enabled = true where provider_id = ${providerId} and id in ('${off}', '${disabled}')`,
      );
    }
    expect((await answer()).frameworks.map((f) => f.id)).toEqual(all);
  });

  it('answers 401 without a session and 404 for a site of another provider', async () => {
    const anon = await t.app.inject({ url: `/api/v1/frameworks?siteID=${siteId}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().err.code).toBe('err-not-logged-in');
    const foreign = await get(manager, otherSiteId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().err.code).toBe('err-not-found');
    const theirs = await get(other, siteId);
    expect(theirs.statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/v1/frameworks?siteID=abc', headers: { cookie: manager } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.code).toBe('err-invalid-request');
  });
});

it('walks the item tree depth-first in sort order, parent first, skipping orphaned subtrees', () => {
  const row = (id: string, parent: string | null, sort: number) => ({
    id,
    uniqueId: 0,
    frameworkId: '1',
    parentId: parent,
    name: id,
    levelName: null,
    depth: id.split('/').length - 3,
    ageRangeId: null,
    helpText: null,
    tag: null,
    sortOrder: sort,
  });
  const rows = [
    row('/1/2/1/', '/1/2/', 0),
    row('/1/1/', '/1/', 2),
    row('/1/2/', '/1/', 1),
    row('/1/', null, 0),
    row('/1/10/', '/1/', 0),
    row('/1/3/1/', '/1/3/', 0), // its parent is disabled (not in the rows)
    row('/1/1/2/', '/1/1/', 0),
    row('/1/1/1/', '/1/1/', 0),
  ];
  expect(itemsInTreeOrder(rows).map((r) => r.id)).toEqual([
    '/1/',
    '/1/10/',
    '/1/2/',
    '/1/2/1/',
    '/1/1/',
    '/1/1/1/',
    '/1/1/2/',
  ]);
});

describeEachDb('api/v1/favourite-frameworks', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  const get = (cookie: string) => t.app.inject({ url: '/api/v1/favourite-frameworks', headers: { cookie } });
  const put = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/favourite-frameworks',
      headers: { cookie, ...WRITE_HEADERS },
      payload,
    });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner] = await Promise.all([
      loginAs(t.app, DEMO.manager),
      loginAs(t.app, DEMO.practitioner),
    ]);
  });
  afterAll(() => t.close());

  it("keeps each user's own list in the order starred, replacing it on save", async () => {
    const { developmentMatters: dm, birthToFive: b5, leuven } = FRAMEWORK_IDS;
    const saved = await put(practitioner, { frameworkIDs: [b5, dm, b5] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ frameworkIDs: [b5, dm] });
    expect((await get(practitioner)).json()).toEqual({ frameworkIDs: [b5, dm] });

    // Another user's list is their own: the manager's is not the practitioner's.
    const before = (await get(manager)).json().frameworkIDs as string[];
    expect((await put(manager, { frameworkIDs: [leuven] })).statusCode).toBe(200);
    expect((await get(manager)).json()).toEqual({ frameworkIDs: [leuven] });
    expect((await get(practitioner)).json()).toEqual({ frameworkIDs: [b5, dm] });
    expect(before).not.toContain('no-such-framework');

    expect((await put(practitioner, { frameworkIDs: [] })).json()).toEqual({ frameworkIDs: [] });
    expect((await get(practitioner)).json()).toEqual({ frameworkIDs: [] });
  });

  it('refuses a framework the provider does not have (404) and bad input (400), keeping the list', async () => {
    await put(practitioner, { frameworkIDs: [FRAMEWORK_IDS.developmentMatters] });
    const unknown = await put(practitioner, {
      frameworkIDs: [FRAMEWORK_IDS.birthToFive, 'no-such-framework'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().err.code).toBe('err-not-found');
    const bad = await put(practitioner, { frameworkIDs: 'all' });
    expect(bad.statusCode).toBe(400);
    const tooMany = await put(practitioner, { frameworkIDs: Array.from({ length: 51 }, (_, i) => `f${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect((await get(practitioner)).json()).toEqual({ frameworkIDs: [FRAMEWORK_IDS.developmentMatters] });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/v1/favourite-frameworks' })).statusCode).toBe(401);
  });
});
