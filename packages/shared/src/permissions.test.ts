import { describe, expect, it } from 'vitest';
import { ROLES } from './accounts.js';
import { PERMISSIONS, can, canGrant, permissionsOf, roleAtLeast } from './permissions.js';

describe('permissions', () => {
  it('orders roles so that each holds every permission of the ones below it', () => {
    for (const permission of PERMISSIONS) {
      for (const role of ROLES) {
        for (const higher of ROLES.filter((other) => roleAtLeast(other, role))) {
          if (can(role, permission)) expect(can(higher, permission), `${higher} ${permission}`).toBe(true);
        }
      }
      expect(can('OWNER', permission)).toBe(true);
    }
  });

  it('matches the roles the product promises', () => {
    expect(permissionsOf('VIEWER')).toEqual(['read']);
    expect(permissionsOf('MEMBER')).toEqual(expect.arrayContaining(['read', 'plans:write', 'runs:start', 'runs:cancel']));
    expect(can('MEMBER', 'targets:write')).toBe(false);
    expect(permissionsOf('ADMIN')).toEqual(expect.arrayContaining(['targets:write', 'keys:manage', 'webhooks:manage', 'members:manage', 'audit:read']));
    expect(can('ADMIN', 'quotas:manage')).toBe(false);
    expect(can('ADMIN', 'org:delete')).toBe(false);
    expect(can('OWNER', 'org:delete')).toBe(true);
  });

  it('lets nobody grant more than they hold', () => {
    expect(canGrant('ADMIN', 'ADMIN')).toBe(true);
    expect(canGrant('ADMIN', 'OWNER')).toBe(false);
    expect(canGrant('MEMBER', 'VIEWER')).toBe(true);
    expect(canGrant('VIEWER', 'MEMBER')).toBe(false);
  });
});
