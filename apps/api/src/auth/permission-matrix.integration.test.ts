import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, can, type Permission, type Role } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';
import { RoutePermissionsCheck, type RouteInfo } from '../access/route-permissions.js';

/**
 * The permission matrix, written out route by route. A route added to the API without a row
 * here fails the first test; a row whose permission differs from the route's decorator fails
 * too, so changing who may do what is always a deliberate edit of this table.
 */
const MATRIX: Record<string, Permission | 'public'> = {
  'POST auth/signup': 'public',
  'POST auth/login': 'public',
  'GET health': 'public',
  'GET health/live': 'public',
  'GET health/ready': 'public',
  'GET invitations/:token': 'public',
  'GET password-resets/:token': 'public',
  'POST password-resets/:token': 'public',

  'GET me': 'read',
  'POST auth/logout': 'read',
  'GET auth/sessions': 'read',
  'DELETE auth/sessions/:id': 'read',
  'POST auth/switch': 'read',
  'POST auth/password': 'read',
  'POST organization/leave': 'read',
  'POST organizations': 'read',
  'POST invitations/:token/accept': 'read',
  'GET organization': 'read',
  'GET usage': 'read',
  'GET members': 'read',
  'GET targets': 'read',
  'GET targets/:id': 'read',
  'GET plans': 'read',
  'GET plans/:id': 'read',
  'GET plans/:id/versions': 'read',
  'GET plans/:id/versions/:version': 'read',
  'GET plans/:id/baseline': 'read',
  'PUT plans/:id/baseline': 'plans:write',
  'DELETE plans/:id/baseline': 'plans:write',
  'GET runs/:id/baseline': 'read',
  'GET plans/:id/diff': 'read',
  'GET plans/:id/script': 'read',
  'GET runners': 'read',
  'GET runs': 'read',
  'GET runs/:id': 'read',
  'GET runs/:id/series': 'read',
  'GET runs/:id/telemetry': 'read',
  'GET targets/:id/sources': 'read',
  'GET runs/:id/events': 'read',
  'GET runs/:id/export': 'read',
  'GET plans/:id/trends': 'read',
  'GET plans/:id/trend': 'read',
  'GET comparisons': 'read',
  'GET runs/:id/compare/:otherId': 'read',
  'GET share-links': 'read',
  'GET public/reports/:token': 'public',
  'POST runs/:id/share-links': 'shares:manage',
  'POST plans/:id/share-links': 'shares:manage',
  'DELETE share-links/:id': 'shares:manage',
  'GET dashboard': 'read',
  'GET shares': 'read',
  'GET public/shares/:token': 'public',
  'POST runs/:id/shares': 'shares:manage',
  'POST plans/:id/shares': 'shares:manage',
  'DELETE shares/:id': 'shares:manage',
  'POST plans/:id/triggers': 'runs:start',
  'GET plans/:id/triggers': 'read',
  'DELETE triggers/:id': 'runs:start',
  'POST triggers/:token': 'public',
  'POST plans/:id/schedules': 'schedules:manage',
  'GET plans/:id/schedules': 'read',
  'PATCH schedules/:id': 'schedules:manage',
  'DELETE schedules/:id': 'schedules:manage',
  'GET schedules/:id/slots': 'read',
  'GET webhooks': 'webhooks:manage',
  'POST webhooks': 'webhooks:manage',
  'PATCH webhooks/:id': 'webhooks:manage',
  'DELETE webhooks/:id': 'webhooks:manage',
  'POST webhooks/:id/rotate-secret': 'webhooks:manage',
  'GET webhooks/:id/deliveries': 'webhooks:manage',
  'POST webhooks/:id/test': 'webhooks:manage',
  'POST webhooks/deliveries/:id/redeliver': 'webhooks:manage',

  'POST plans': 'plans:write',
  'POST plans/import': 'plans:write',
  'POST plans/check-script': 'plans:write',
  'PATCH plans/:id': 'plans:write',
  'DELETE plans/:id': 'plans:write',
  'GET data-sets': 'read',
  'GET data-sets/:name': 'read',
  'GET data-sets/:name/versions': 'read',
  'GET data-sets/:name/preview': 'read',
  'PUT data-sets/:name': 'data:write',
  'DELETE data-sets/:name': 'data:write',
  'POST plans/:id/runs': 'runs:start',
  'POST runs/:id/cancel': 'runs:cancel',

  'POST targets': 'targets:write',
  'PATCH targets/:id': 'targets:write',
  'DELETE targets/:id': 'targets:write',
  'POST targets/:id/verify': 'targets:write',
  'POST targets/:id/sources': 'targets:write',
  'PATCH targets/:id/sources/:sourceId': 'targets:write',
  'DELETE targets/:id/sources/:sourceId': 'targets:write',
  'GET api-keys': 'keys:manage',
  'POST api-keys': 'keys:manage',
  'DELETE api-keys/:id': 'keys:manage',
  'PATCH members/:userId': 'members:manage',
  'DELETE members/:userId': 'members:manage',
  'POST members/:userId/password-reset': 'members:manage',
  'GET invites': 'members:manage',
  'POST invites': 'members:manage',
  'POST members': 'members:manage',
  'DELETE invites/:id': 'members:manage',
  'GET audit': 'audit:read',
  'PATCH organization': 'org:update',

  'PATCH organization/quotas': 'quotas:manage',
  'DELETE organization': 'org:delete',
};

/** Routes that change who is calling: run last, each with a session of its own. */
const SELF_AFFECTING = new Set(['POST auth/logout', 'POST organization/leave']);

const keyOf = (route: RouteInfo) => `${route.method} ${route.path}`;

/**
 * A request that gets past the guard but changes nothing: ids that do not exist (404) and an
 * empty body (400). Whatever the answer, it is neither 401 nor 403 for a role that may call
 * the route, and exactly 403 FORBIDDEN for one that may not (the guard runs first).
 */
function probe(client: ApiClient, route: RouteInfo) {
  const path = '/' + route.path.replace(/:[A-Za-z]+/g, 'zz-no-such-id');
  return client.request(route.method, path, route.method === 'GET' ? undefined : {});
}

describe('permission matrix (every route x every role, sessions and API keys)', () => {
  let stack: TestStack;
  let routes: RouteInfo[];
  let people: OrgPeople;
  const keys = {} as Record<Role, ApiClient>;

  beforeAll(async () => {
    stack = await startStack({ label: 'permissions', runner: false });
    routes = stack.app.get(RoutePermissionsCheck).routes();
    people = await organizationWithEveryRole(stack.api, 'perm');
    for (const role of ROLES) {
      const created = await people.OWNER.client.post('/api-keys', { name: `${role} key`, role });
      expect(created.status).toBe(201);
      keys[role] = stack.api.as(created.body.secret);
    }
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('has a row for every route, and every route declares the permission of its row', () => {
    const declared = Object.fromEntries(routes.map((route) => [keyOf(route), route.public ? 'public' : route.permission]));
    expect(Object.keys(declared).sort()).toEqual(Object.keys(MATRIX).sort());
    expect(declared).toEqual(MATRIX);
  });

  it('refuses every role below the route permission with 403 FORBIDDEN, and lets the others through', async () => {
    const ordered = [...routes.filter((route) => !route.public)].sort((a, b) => Number(SELF_AFFECTING.has(keyOf(a))) - Number(SELF_AFFECTING.has(keyOf(b))));
    const failures: string[] = [];
    for (const route of ordered) {
      for (const role of ROLES) {
        const client = SELF_AFFECTING.has(keyOf(route)) ? await stack.api.login(people[role].email) : people[role].client;
        const response = await probe(client, route);
        const allowed = can(role, MATRIX[keyOf(route)] as Permission);
        const ok = allowed ? response.status !== 401 && response.status !== 403 : response.status === 403 && response.body?.error?.code === 'FORBIDDEN';
        if (!ok)
          failures.push(`${role} ${keyOf(route)}: ${response.status} ${JSON.stringify(response.body)} (expected ${allowed ? 'allowed' : '403 FORBIDDEN'})`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('applies the same matrix to API keys, which cannot use routes meant for a person', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => !candidate.public)) {
      for (const role of ROLES) {
        const response = await probe(keys[role], route);
        const expected = route.sessionOnly ? 'SESSION_REQUIRED' : can(role, MATRIX[keyOf(route)] as Permission) ? 'allowed' : 'FORBIDDEN';
        const ok =
          expected === 'allowed' ? response.status !== 401 && response.status !== 403 : response.status === 403 && response.body?.error?.code === expected;
        if (!ok) failures.push(`${role} key ${keyOf(route)}: ${response.status} ${JSON.stringify(response.body)} (expected ${expected})`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 401 on every non-public route without credentials', async () => {
    const anonymous = stack.api;
    const statuses = await Promise.all(
      routes.filter((route) => !route.public).map(async (route) => [keyOf(route), (await probe(anonymous, route)).status] as const),
    );
    expect(statuses.filter(([, status]) => status !== 401)).toEqual([]);
  });
});
