import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';
import { RoutePermissionsCheck, type RouteInfo } from '../auth/route-permissions.js';

/**
 * Organization A's owner calls every route that takes an id with organization B's ids, and
 * every list route, and must never see or touch B's rows: 404 for each id, none of B's ids in
 * any list, and B's data unchanged afterwards. The routes come from the running application,
 * so a new route with an id the sweep cannot fill fails here until a fixture is added.
 */

/** Which of B's resources fills each route parameter, by the path segment before it. */
type ResourceKind = 'target' | 'plan' | 'run' | 'apiKey' | 'invite' | 'session' | 'member' | 'share' | 'trigger' | 'schedule' | 'webhook' | 'delivery';
const KIND_BY_SEGMENT: Record<string, ResourceKind> = {
  'targets/:id': 'target',
  'plans/:id': 'plan',
  'runs/:id': 'run',
  'api-keys/:id': 'apiKey',
  'invites/:id': 'invite',
  'sessions/:id': 'session',
  'members/:userId': 'member',
  'shares/:id': 'share',
  'share-links/:id': 'share',
  'triggers/:id': 'trigger',
  'schedules/:id': 'schedule',
  'webhooks/:id': 'webhook',
  'deliveries/:id': 'delivery',
};

/**
 * Routes whose parameter is a secret token rather than an id: holding the token is the
 * permission (an invite link), so there is no "other organization" to hide it from.
 */
const TOKEN_ROUTES = new Set(['GET invitations/:token', 'POST invitations/:token/accept', 'GET public/shares/:token', 'GET public/reports/:token', 'POST triggers/:token']);

/** Bodies valid enough to get past validation, so the lookup (and its 404) is what answers. */
const BODIES: Record<string, unknown> = {
  'PATCH targets/:id': { name: 'taken over' },
  'PATCH plans/:id': { name: 'taken over' },
  'PATCH members/:userId': { role: 'VIEWER' },
  'PATCH schedules/:id': { enabled: false },
  'POST plans/:id/schedules': { cron: '0 3 * * *' },
  'PATCH webhooks/:id': { description: 'taken over' },
};

/** Query strings a route needs to get past validation to its lookup. */
const QUERIES: Record<string, string> = { 'GET plans/:id/diff': '?from=1' };

/** Routes that take other organizations' ids in the query rather than the path. */
const QUERY_ID_ROUTES: Record<string, (ids: Record<ResourceKind, string>) => string> = {
  'GET comparisons': (ids) => `/comparisons?base=${ids.run}&head=${ids.run}`,
};

/** Parameters after the resource id: values that would exist for the organization's own resource. */
const SECONDARY: Record<string, string> = { version: '1' };

const keyOf = (route: RouteInfo) => `${route.method} ${route.path}`;

function kindOf(route: RouteInfo): ResourceKind | undefined {
  const match = /([a-z-]+\/:[A-Za-z]+)/.exec(route.path);
  return match ? KIND_BY_SEGMENT[match[1]!] : undefined;
}

describe('tenant isolation sweep (every route with an id, every list)', () => {
  let stack: TestStack;
  let routes: RouteInfo[];
  let a: ApiClient;
  let b: OrgPeople;
  const ids = {} as Record<ResourceKind, string>;
  let bTenantId: string;

  beforeAll(async () => {
    stack = await startStack({ label: 'isolation', runner: false });
    routes = stack.app.get(RoutePermissionsCheck).routes();
    a = (await stack.api.signup('org-a')).client;
    b = await organizationWithEveryRole(stack.api, 'org-b');
    const owner = b.OWNER.client;
    bTenantId = b.OWNER.session.tenant.id;
    const target = (await owner.post<TargetView>('/targets', { name: 'b svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    const plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
    // No runner in this stack: the run stays QUEUED, which is all the sweep needs.
    const run = await owner.post(`/plans/${plan.id}/runs`);
    expect(run.status).toBe(202);
    const key = await owner.post('/api-keys', { name: 'b key', role: 'VIEWER' });
    const invite = await owner.post('/invites', { role: 'MEMBER' });
    const sessions = await owner.get('/auth/sessions');
    const share = await owner.post(`/runs/${run.body.run.id}/shares`, {});
    const trigger = await owner.post(`/plans/${plan.id}/triggers`, {});
    const schedule = await owner.post(`/plans/${plan.id}/schedules`, { cron: '0 3 * * *', enabled: false });
    const webhook = await owner.post('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['run.finished'] });
    await owner.post(`/webhooks/${webhook.body.webhook.id}/test`);
    const deliveries = await owner.get(`/webhooks/${webhook.body.webhook.id}/deliveries`);
    Object.assign(ids, {
      target: target.id,
      plan: plan.id,
      run: run.body.run.id,
      apiKey: key.body.key.id,
      invite: invite.body.invite.id,
      session: sessions.body.items[0].id,
      member: b.VIEWER.session.user.id,
      share: share.body.share.id,
      trigger: trigger.body.trigger.id,
      schedule: schedule.body.id,
      webhook: webhook.body.webhook.id,
      delivery: deliveries.body.items[0].id,
    });
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("answers 404 on every route that takes an id, given another organization's id", async () => {
    const withIds = routes.filter((route) => route.path.includes(':') && !TOKEN_ROUTES.has(keyOf(route)));
    expect(withIds.length).toBeGreaterThan(15);
    const unfilled = withIds.filter((route) => !kindOf(route)).map(keyOf);
    expect(unfilled, 'routes with an id the sweep has no fixture for').toEqual([]);

    const leaks: string[] = [];
    for (const route of withIds) {
      const path =
        '/' +
        route.path
          .replace(/:[A-Za-z]+/, ids[kindOf(route)!])
          // A second run (a comparison's other side) is the other organization's too.
          .replace(/:([A-Za-z]+)/g, (_, name: string) => (name === 'otherId' ? ids.run : (SECONDARY[name] ?? `missing-${name}`))) +
        (QUERIES[keyOf(route)] ?? '');
      const response = await a.request(route.method, path, route.method === 'GET' ? undefined : (BODIES[keyOf(route)] ?? {}));
      if (response.status !== 404) leaks.push(`${keyOf(route)} -> ${response.status} ${JSON.stringify(response.body)}`);
    }
    for (const [key, path] of Object.entries(QUERY_ID_ROUTES)) {
      const response = await a.get(path(ids));
      if (response.status !== 404) leaks.push(`${key} -> ${response.status} ${JSON.stringify(response.body)}`);
    }
    expect(leaks).toEqual([]);
  }, 60_000);

  it("cannot switch to another organization or accept its way in", async () => {
    const switched = await a.post('/auth/switch', { organizationId: bTenantId });
    expect(switched.status).toBe(404);
    expect((await a.get('/me')).body.tenant.id).not.toBe(bTenantId);
  });

  it("never lists another organization's rows on any list route", async () => {
    const lists = routes.filter((route) => route.method === 'GET' && !route.path.includes(':') && !route.public && !QUERY_ID_ROUTES[keyOf(route)]);
    expect(lists.map(keyOf)).toEqual(expect.arrayContaining(['GET targets', 'GET plans', 'GET runs', 'GET api-keys', 'GET invites', 'GET members', 'GET audit', 'GET shares', 'GET share-links', 'GET dashboard']));
    const secrets = [...Object.values(ids), bTenantId, b.OWNER.email];
    const leaks: string[] = [];
    for (const route of lists) {
      const response = await a.get('/' + route.path);
      expect(response.status, keyOf(route)).toBe(200);
      const text = JSON.stringify(response.body);
      for (const secret of secrets) if (text.includes(secret)) leaks.push(`${keyOf(route)} shows ${secret}`);
    }
    expect(leaks).toEqual([]);
  });

  it("left the other organization's data as it was", async () => {
    const owner = b.OWNER.client;
    expect((await owner.get(`/targets/${ids.target}`)).body.name).toBe('b svc');
    expect((await owner.get(`/plans/${ids.plan}`)).status).toBe(200);
    const run = await owner.get(`/runs/${ids.run}`);
    expect(run.body.status).toBe('QUEUED');
    const keys = (await owner.get('/api-keys')).body.items;
    expect(keys.find((key: { id: string }) => key.id === ids.apiKey).revokedAt).toBeNull();
    expect((await owner.get('/invites')).body.items.map((invite: { id: string }) => invite.id)).toContain(ids.invite);
    const members = (await owner.get('/members')).body.items;
    expect(members.find((member: { user: { id: string } }) => member.user.id === ids.member).role).toBe('VIEWER');
    expect((await owner.get('/auth/sessions')).body.items.map((session: { id: string }) => session.id)).toContain(ids.session);
  });
});
