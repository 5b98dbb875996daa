import type { Role, SessionView } from '@loadline/shared';
import type { ApiClient } from './api-client.js';

export interface OrgPerson {
  client: ApiClient;
  session: SessionView;
  email: string;
}

export type OrgPeople = Record<Role, OrgPerson>;

/**
 * One organization with a person in each role: the owner signs up, the others join through
 * invites created by the owner (the real path, so invites are exercised too).
 */
export async function organizationWithEveryRole(api: ApiClient, label: string): Promise<OrgPeople> {
  const owner = await api.signup(`${label}-owner`);
  const people: Partial<OrgPeople> = { OWNER: owner };
  for (const role of ['ADMIN', 'MEMBER', 'VIEWER'] as const) {
    const invite = await owner.client.post('/invites', { role });
    if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${JSON.stringify(invite.body)}`);
    people[role] = await api.signup(`${label}-${role.toLowerCase()}`, invite.body.token);
  }
  return people as OrgPeople;
}
