// The Permissions page's calls (issue 29): roles as sets of permissions, applied on the next request of
// every session of the role; session, permission, tenancy, bad input and the last-admin guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

interface Role {
  id: number;
  name: string;
  permissions: string[];
  staffCount: number;
  permittedActions: { edit: boolean; delete: boolean };
}

describeEachDb('roles', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let otherManager: string;
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { ...WRITE_HEADERS, cookie } });
  const rolesOf = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/v1/roles')).json() as {
      roles: Role[];
      permittedActions: { add: boolean };
    };
  const roleNamed = async (name: string) => (await rolesOf(manager)).roles.find((r) => r.name === name)!;

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, otherManager] = await loginDemoStaff(t.app);
  });
  afterAll(() => t.close());

  it('lists the provider’s roles by name with their permissions and holders', async () => {
    const list = await rolesOf(manager);
    expect(list.permittedActions).toEqual({ add: true });
    expect(list.roles.map((r) => r.name)).toEqual(['Manager', 'Practitioner']);
    const practitionerRole = list.roles[1]!;
    expect(practitionerRole.permissions).toContain('checkIn');
    expect(practitionerRole.permissions).not.toContain('settingsPermissions');
    expect(practitionerRole.staffCount).toBeGreaterThan(0);
    expect(practitionerRole.permittedActions).toEqual({ edit: true, delete: false });
  });

  it('a change applies to the next request of every session holding the role, and is undone the same way', async () => {
    expect((await call(practitioner, 'GET', '/api/v1/roles')).statusCode).toBe(403);
    const role = await roleNamed('Practitioner');
    const granted = await call(manager, 'PUT', `/api/v1/roles/${role.id}`, {
      name: role.name,
      permissions: [...role.permissions, 'settingsPermissions', 'settingsPermissions'],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((granted.json() as Role).permissions.filter((p) => p === 'settingsPermissions')).toHaveLength(1);
    // The practitioner's existing session now reaches the page and its config says so.
    expect((await call(practitioner, 'GET', '/api/v1/roles')).statusCode).toBe(200);
    const config = (await call(practitioner, 'GET', '/api/v1/config')).json() as {
      permissions: Record<string, boolean>;
    };
    expect(config.permissions.settingsPermissions).toBe(true);
    const back = await call(manager, 'PUT', `/api/v1/roles/${role.id}`, role);
    expect(back.statusCode, back.body).toBe(200);
    expect((await call(practitioner, 'GET', '/api/v1/roles')).statusCode).toBe(403);
    const audit = await t.database.query<{
      action: string;
      details: { granted: string[]; removed: string[] };
    }>(
      `select action, details from audit_log where entity = 'role' and entity_id = '${role.id}' order by id`,
    );
    expect(audit.map((a) => [a.action, a.details.granted, a.details.removed])).toEqual([
      ['role-changed', ['settingsPermissions'], []],
      ['role-changed', [], ['settingsPermissions']],
    ]);
  });

  it('adds, renames and deletes a role nobody holds; a taken name is 409 whatever its case', async () => {
    const created = await call(manager, 'POST', '/api/v1/roles', {
      name: ' Room Lead ',
      permissions: ['checkIn'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as Role;
    expect(role).toMatchObject({ name: 'Room Lead', permissions: ['checkIn'], staffCount: 0 });
    expect(role.permittedActions.delete).toBe(true);
    const again = await call(manager, 'POST', '/api/v1/roles', { name: 'room lead', permissions: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ err: { code: 'err-role-name-taken' } });
    const renameToTaken = await call(manager, 'PUT', `/api/v1/roles/${role.id}`, {
      name: 'MANAGER',
      permissions: [],
    });
    expect(renameToTaken.statusCode).toBe(409);
    const renamed = await call(manager, 'PUT', `/api/v1/roles/${role.id}`, {
      name: 'Room leader',
      permissions: [],
    });
    expect(renamed.json()).toMatchObject({ name: 'Room leader', permissions: [] });
    expect((await call(manager, 'DELETE', `/api/v1/roles/${role.id}`)).statusCode).toBe(204);
    expect((await call(manager, 'DELETE', `/api/v1/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a role someone holds, and to leave nobody able to change permissions (nothing written)', async () => {
    const practitionerRole = await roleNamed('Practitioner');
    const inUse = await call(manager, 'DELETE', `/api/v1/roles/${practitionerRole.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ err: { code: 'err-role-in-use' } });
    const managerRole = await roleNamed('Manager');
    const lockout = await call(manager, 'PUT', `/api/v1/roles/${managerRole.id}`, {
      name: 'Manager',
      permissions: managerRole.permissions.filter((p) => p !== 'settingsPermissions'),
    });
    expect(lockout.statusCode).toBe(409);
    expect(lockout.json()).toMatchObject({ err: { code: 'err-last-permissions-admin' } });
    expect((await roleNamed('Manager')).permissions).toEqual(managerRole.permissions);
  });

  it('answers 400 for bad input, 404 for another provider’s role or a bad id, 401 without a session', async () => {
    const role = await roleNamed('Practitioner');
    for (const body of [
      { name: '', permissions: [] },
      { name: 'x'.repeat(51), permissions: [] },
      { name: 'Lead', permissions: ['fly'] },
      { name: 'Lead' },
    ]) {
      const res = await call(manager, 'POST', '/api/v1/roles', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const theirs = await rolesOf(otherManager);
    expect(theirs.roles.map((r) => r.id)).not.toContain(role.id);
    expect(
      (await call(otherManager, 'PUT', `/api/v1/roles/${role.id}`, { name: 'x', permissions: [] }))
        .statusCode,
    ).toBe(404);
    expect((await call(otherManager, 'DELETE', `/api/v1/roles/${role.id}`)).statusCode).toBe(404);
    expect(
      (await call(manager, 'PUT', '/api/v1/roles/99999999999', { name: 'x', permissions: [] })).statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/roles' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('roles contract', () => {
  it('is registered under settings with the four calls', async () => {
    const { routes } = await import('@nursery/domain/common');
    expect(
      [routes.listRoles, routes.createRole, routes.updateRole, routes.deleteRole].map((r) => r.method),
    ).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
  });
});
