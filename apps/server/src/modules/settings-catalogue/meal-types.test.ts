// The Meals page's calls (issue 29): list (search, archived filter, cursor), add, change, archive and
// restore a meal type; session, permission, tenancy, bad input; a disabled or archived type leaves the
// floor's meal pickers (GET api/v1/meals).
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface MealType {
  id: number;
  name: string;
  enabled: boolean;
  sortOrder: number;
  archived: boolean;
  mealCount: number;
  permittedActions: { edit: boolean; archive: boolean; restore: boolean };
}
interface MealTypeList {
  mealTypes: MealType[];
  next: string | null;
  permittedActions: { add: boolean };
}

describeEachDb('settings meal types', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;
  let siteId: number;
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...WRITE_HEADERS, cookie } });
  const list = async (query = '', cookie = manager) => {
    const res = await call(cookie, 'GET', `/api/v1/settings/meal-types${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MealTypeList;
  };
  const floorTypeNames = async () =>
    (
      (await call(manager, 'GET', `/api/v1/meals?siteID=${siteId}`)).json().mealTypes as { name: string }[]
    ).map((m) => m.name);

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, otherManager] = await loginDemoStaff(t.app);
    siteId = (await call(practitioner, 'GET', '/api/v1/config')).json().siteID as number;
  });
  afterAll(() => t.close());

  it('lists the provider’s meal types by sort order, a page at a time, and searches by name', async () => {
    const all = await list();
    expect(all.permittedActions).toEqual({ add: true });
    expect(all.mealTypes.length).toBeGreaterThan(1);
    const orders = all.mealTypes.map((m) => [m.sortOrder, m.id]);
    expect(orders).toEqual([...orders].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    const first = await list('?limit=1');
    expect(first.mealTypes).toEqual([all.mealTypes[0]]);
    expect(first.next).not.toBeNull();
    const second = await list(`?limit=1&after=${first.next}`);
    expect(second.mealTypes).toEqual([all.mealTypes[1]]);
    const name = all.mealTypes[1]!.name;
    const found = await list(`?search=${encodeURIComponent(name.slice(1, 4).toUpperCase())}`);
    expect(found.mealTypes.map((m) => m.name)).toContain(name);
    expect((await list('?search=zzzz')).mealTypes).toEqual([]);
    const bad = await call(manager, 'GET', '/api/v1/settings/meal-types?after=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err.code).toBe('err-invalid-cursor');
  });

  it('adds, renames, disables, archives and restores a meal type; the floor follows', async () => {
    const added = await call(manager, 'POST', '/api/v1/settings/meal-types', {
      name: '  Supper  ',
      enabled: true,
      sortOrder: 90,
    });
    expect(added.statusCode, added.body).toBe(201);
    const supper = added.json() as MealType;
    expect(supper).toMatchObject({ name: 'Supper', enabled: true, archived: false, mealCount: 0 });
    expect(await floorTypeNames()).toContain('Supper');

    const taken = await call(manager, 'POST', '/api/v1/settings/meal-types', {
      name: 'supper',
      enabled: true,
      sortOrder: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().err.code).toBe('err-meal-type-name-taken');

    const put = (body: Partial<MealType>) =>
      call(manager, 'PUT', `/api/v1/settings/meal-types/${supper.id}`, {
        name: 'Late supper',
        enabled: true,
        sortOrder: 90,
        archived: false,
        ...body,
      });
    expect((await put({})).json()).toMatchObject({ name: 'Late supper' });
    const off = await put({ enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    expect(await floorTypeNames()).not.toContain('Late supper');
    const archived = await put({ enabled: true, archived: true });
    expect(archived.json()).toMatchObject({
      archived: true,
      permittedActions: { edit: false, archive: false, restore: true },
    });
    expect(await floorTypeNames()).not.toContain('Late supper');
    expect((await list()).mealTypes.map((m) => m.id)).not.toContain(supper.id);
    expect((await list('?archived=true')).mealTypes.map((m) => m.id)).toContain(supper.id);
    const restored = await put({ archived: false });
    expect(restored.json()).toMatchObject({ archived: false, enabled: true });
    expect(await floorTypeNames()).toContain('Late supper');
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'meal-type' and entity_id = '${supper.id}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'meal-type-created',
      'meal-type-changed',
      'meal-type-changed',
      'meal-type-changed',
      'meal-type-changed',
    ]);
  });

  it('answers 401, 403 without settingsMeals, 404 for another provider’s type, 400 naming the field', async () => {
    expect((await t.app.inject({ url: '/api/v1/settings/meal-types' })).statusCode).toBe(401);
    expect((await call(practitioner, 'GET', '/api/v1/settings/meal-types')).statusCode).toBe(403);
    const mine = (await list()).mealTypes[0]!;
    const theirs = await call(otherManager, 'PUT', `/api/v1/settings/meal-types/${mine.id}`, {
      name: 'Taken over',
      enabled: true,
      sortOrder: 0,
      archived: false,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().err.code).toBe('err-not-found');
    const long = await call(manager, 'POST', '/api/v1/settings/meal-types', {
      name: 'x'.repeat(51),
      enabled: true,
      sortOrder: 0,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().err.message).toContain('name');
    const blank = await call(manager, 'POST', '/api/v1/settings/meal-types', {
      name: '   ',
      enabled: true,
      sortOrder: 0,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().err.message).toContain('name');
    const order = await call(manager, 'POST', '/api/v1/settings/meal-types', {
      name: 'Ok',
      enabled: true,
      sortOrder: -1,
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().err.message).toContain('sortOrder');
    expect((await list()).mealTypes.find((m) => m.id === mine.id)!.name).toBe(mine.name);
  });
});
