import { ROLE_ORDER, canGrant, type Role } from '@loadline/shared';

export const ROLE_LABEL: Record<Role, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
  VIEWER: 'Viewer',
};

/** What each role may do, in the words of the permission matrix (@loadline/shared permissions). */
export const ROLE_DESCRIPTION: Record<Role, string> = {
  VIEWER: 'reads targets, plans, runs and reports',
  MEMBER: 'also writes plans and starts and cancels runs',
  ADMIN: 'also manages targets, API keys, webhooks and members, and reads the audit log',
  OWNER: 'also sets quotas and may delete the organization',
};

/** The roles `actor` may hand out, most powerful first (as a select lists them). */
export function grantableRoles(actor: Role): Role[] {
  return [...ROLE_ORDER].reverse().filter((role) => canGrant(actor, role));
}

export function roleOptions(roles: readonly Role[]): { value: Role; label: string }[] {
  return roles.map((role) => ({ value: role, label: ROLE_LABEL[role] }));
}

/** "an admin", "a member": the role after an article, lower-cased, as it reads in a sentence. */
export function aRole(role: Role): string {
  const label = ROLE_LABEL[role].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}

/** "An admin also manages targets, …": what the role may do, as a sentence. */
export function roleSentence(role: Role): string {
  const text = `${aRole(role)} ${ROLE_DESCRIPTION[role]}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
