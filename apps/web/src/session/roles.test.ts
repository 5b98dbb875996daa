import { describe, expect, it } from 'vitest';
import { aRole, grantableRoles, roleSentence } from './roles';

describe('roles', () => {
  it('reads in a sentence', () => {
    expect(aRole('ADMIN')).toBe('an admin');
    expect(aRole('OWNER')).toBe('an owner');
    expect(aRole('MEMBER')).toBe('a member');
    expect(roleSentence('VIEWER')).toBe('A viewer reads targets, plans, runs and reports.');
  });

  it('offers only the roles the actor may grant, most powerful first', () => {
    expect(grantableRoles('OWNER')).toEqual(['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']);
    expect(grantableRoles('ADMIN')).toEqual(['ADMIN', 'MEMBER', 'VIEWER']);
    expect(grantableRoles('VIEWER')).toEqual(['VIEWER']);
  });
});
