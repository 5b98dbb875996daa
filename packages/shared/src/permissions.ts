import type { Role } from './accounts.js';

/** Roles from least to most powerful; each holds every permission of the ones before it. */
export const ROLE_ORDER: readonly Role[] = ['VIEWER', 'MEMBER', 'ADMIN', 'OWNER'];

export function roleRank(role: Role): number {
  return ROLE_ORDER.indexOf(role);
}

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return roleRank(role) >= roleRank(minimum);
}

/**
 * The permission matrix: every API route names one of these, and the least role that holds
 * it is written here once. Viewers read; members run and edit plans; admins manage targets,
 * keys, webhooks and members; owners manage quotas and delete the organization.
 */
export const PERMISSION_MIN_ROLE = {
  /** Targets, plans, runs, results, members list, usage. */
  read: 'VIEWER',
  'plans:write': 'MEMBER',
  /** Upload and delete test data sets. */
  'data:write': 'MEMBER',
  'runs:start': 'MEMBER',
  'runs:cancel': 'MEMBER',
  'shares:manage': 'MEMBER',
  'schedules:manage': 'MEMBER',
  'targets:write': 'ADMIN',
  'keys:manage': 'ADMIN',
  'webhooks:manage': 'ADMIN',
  'members:manage': 'ADMIN',
  'audit:read': 'ADMIN',
  'org:update': 'ADMIN',
  'quotas:manage': 'OWNER',
  'org:delete': 'OWNER',
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSION_MIN_ROLE;
export const PERMISSIONS = Object.keys(PERMISSION_MIN_ROLE) as Permission[];

export function can(role: Role, permission: Permission): boolean {
  return roleAtLeast(role, PERMISSION_MIN_ROLE[permission]);
}

/** What a role may do, for showing or hiding controls in the web app. */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission));
}

/**
 * Whether `actor` may hand out `role` (to an invite, an API key or a member): nobody grants
 * more than they hold, and only owners make owners.
 */
export function canGrant(actor: Role, role: Role): boolean {
  return roleAtLeast(actor, role);
}
