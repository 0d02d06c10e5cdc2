import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions.ts';
import { normalisePermissions, PERMISSION_GROUPS, roleNameKey } from './roles.ts';
import { RoleInput } from './schemas/roles.ts';

describe('roles', () => {
  it('puts every permission in exactly one group of the permissions page', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => [...g.permissions]);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('stores a list of known names once each, in the permissions’ order', () => {
    expect(normalisePermissions(['markOff', 'checkIn', 'markOff', 'nonsense'])).toEqual([
      'checkIn',
      'markOff',
    ]);
  });

  it('compares names without case or surrounding spaces', () => {
    expect(roleNameKey(' Room Lead ')).toBe(roleNameKey('room lead'));
  });

  it('refuses a blank or long name and an unknown permission; trims the name', () => {
    expect(RoleInput.safeParse({ name: '  ', permissions: [] }).error?.issues[0]?.message).toBe(
      'this-field-is-required',
    );
    expect(RoleInput.safeParse({ name: 'x'.repeat(51), permissions: [] }).error?.issues[0]?.message).toBe(
      'this-field-has-max-length-of',
    );
    expect(RoleInput.safeParse({ name: 'Lead', permissions: ['fly'] }).success).toBe(false);
    expect(RoleInput.parse({ name: ' Lead ', permissions: ['checkIn'] })).toEqual({
      name: 'Lead',
      permissions: ['checkIn'],
    });
  });
});
