import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { withoutRequestId, type ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';
import { RoutePermissionsCheck, type RouteInfo } from '../access/route-permissions.js';
import { ROLES, can, type Role } from '@loadline/shared';

/**
 * Every member of organization A (each role) calls every route that takes an id with
 * organization B's ids, in the path, the query and the body, mixed with A's own ids, and every
 * list route, and must never see or touch B's rows: 404 for each id (403 only where the role
 * lacks the route's permission, which answers the same for any id), none of B's ids in any
 * list, and everything of B's that its owner can read unchanged afterwards. The routes come
 * from the running application, so a new route with an id the sweep cannot fill fails here
 * until a fixture is added.
 */

/** Which of B's resources fills each route parameter, by the path segment before it. */
type ResourceKind =
  'target' | 'plan' | 'run' | 'apiKey' | 'invite' | 'session' | 'member' | 'share' | 'trigger' | 'schedule' | 'webhook' | 'delivery' | 'dataSet';
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
  'data-sets/:name': 'dataSet',
};

/**
 * Routes whose parameter is a secret token rather than an id: holding the token is the
 * permission (an invite link), so there is no "other organization" to hide it from.
 */
const TOKEN_ROUTES = new Set([
  'GET invitations/:token',
  'POST invitations/:token/accept',
  'GET password-resets/:token',
  'POST password-resets/:token',
  'GET public/shares/:token',
  'GET public/reports/:token',
  'POST triggers/:token',
]);

/**
 * Routes whose parameter names something in the caller's own organization and create it there
 * (a data set is named, not numbered: another organization's name is free for the caller).
 * They cannot reach the other organization's row; data-sets.integration.test.ts shows the name
 * free and the other set unchanged, and the last test here that B's data is as it was.
 */
const OWN_NAMESPACE_ROUTES = new Set(['PUT data-sets/:name']);

/** Bodies valid enough to get past validation, so the lookup (and its 404) is what answers. */
const BODIES: Record<string, unknown> = {
  'PATCH targets/:id': { name: 'taken over' },
  'POST targets/:id/sources': { kind: 'scrape', name: 'taken-over', url: 'http://127.0.0.1:9/metrics' },
  'PATCH targets/:id/sources/:sourceId': { cpuCores: 2 },
  'PATCH plans/:id': { name: 'taken over' },
  'PATCH members/:userId': { role: 'VIEWER' },
  'PATCH schedules/:id': { enabled: false },
  'POST plans/:id/schedules': { cron: '0 3 * * *' },
  'PATCH webhooks/:id': { description: 'taken over' },
  'PUT plans/:id/baseline': { runId: 'cmadeupnotanidanywhere000' },
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
  let aPeople: OrgPeople;
  let a: ApiClient;
  let aOwn: { target: string; plan: string; run: string };
  let b: OrgPeople;
  /** Everything of B's its owner can read, before the sweep. */
  let before: Record<string, unknown>;
  const ids = {} as Record<ResourceKind, string>;
  let bTenantId: string;

  beforeAll(async () => {
    stack = await startStack({ label: 'isolation', runner: false });
    routes = stack.app.get(RoutePermissionsCheck).routes();
    aPeople = await organizationWithEveryRole(stack.api, 'org-a');
    a = aPeople.OWNER.client;
    const aTarget = (await a.post<TargetView>('/targets', { name: 'a svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    const aPlan = (await a.post<PlanView>('/plans', validPlan(aTarget.id))).body;
    aOwn = { target: aTarget.id, plan: aPlan.id, run: (await a.post(`/plans/${aPlan.id}/runs`)).body.run.id };
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
    const dataSet = await owner.request('PUT', '/data-sets/b_only_rows_x7', 'user,token\nb-user,b-token\n', { 'content-type': 'text/csv' });
    expect(dataSet.status).toBe(200);
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
      dataSet: dataSet.body.name,
    });
    before = await snapshotOfB();
  }, 60_000);

  /** What B's owner reads of B: every list, and each resource by id. Times of use are left out (B's own reads move them). */
  async function snapshotOfB(): Promise<Record<string, unknown>> {
    const owner = b.OWNER.client;
    const paths = [
      ...routes
        .filter(
          (route) =>
            route.method === 'GET' &&
            !route.path.includes(':') &&
            !route.public &&
            !QUERY_ID_ROUTES[keyOf(route)] &&
            !['audit', 'dashboard', 'usage'].includes(route.path),
        )
        .map((route) => `/${route.path}`),
      `/targets/${ids.target}`,
      `/plans/${ids.plan}`,
      `/runs/${ids.run}`,
      `/schedules/${ids.schedule}`,
      `/webhooks/${ids.webhook}`,
      `/plans/${ids.plan}/triggers`,
      `/plans/${ids.plan}/versions`,
      `/data-sets/${ids.dataSet}/preview`,
    ];
    const snapshot: Record<string, unknown> = {};
    for (const path of paths) {
      const response = await owner.get(path);
      snapshot[path] = JSON.parse(JSON.stringify(response.body), (key, value) =>
        ['lastUsedAt', 'queue', 'nextRunAt', 'requestId'].includes(key) ? undefined : value,
      );
    }
    return snapshot;
  }

  afterAll(async () => {
    await stack?.close();
  });

  it.each(ROLES)(
    'answers 404 to the %s of another organization on every route that takes an id',
    async (role: Role) => {
      const caller = aPeople[role].client;
      const withIds = routes.filter((route) => route.path.includes(':') && !TOKEN_ROUTES.has(keyOf(route)) && !OWN_NAMESPACE_ROUTES.has(keyOf(route)));
      expect(withIds.length).toBeGreaterThan(15);
      const unfilled = withIds.filter((route) => !kindOf(route)).map(keyOf);
      expect(unfilled, 'routes with an id the sweep has no fixture for').toEqual([]);

      /** 404, or 403 where the role may not use the route at all (the same answer for any id). */
      const expected = (route: RouteInfo) => (route.permission && !can(role, route.permission) ? 403 : 404);
      const leaks: string[] = [];
      const call = async (label: string, route: RouteInfo, method: string, path: string, body?: unknown) => {
        const response = await caller.request(method, path, method === 'GET' ? undefined : body);
        if (response.status !== expected(route)) leaks.push(`${label} -> ${response.status} ${JSON.stringify(response.body)}`);
      };
      for (const route of withIds) {
        const fill = (first: string, other: string) =>
          '/' +
          route.path
            .replace(/:[A-Za-z]+/, first)
            .replace(/:([A-Za-z]+)/g, (_, name: string) => (name === 'otherId' ? other : (SECONDARY[name] ?? `missing-${name}`))) +
          (QUERIES[keyOf(route)] ?? '');
        const body = BODIES[keyOf(route)] ?? {};
        await call(keyOf(route), route, route.method, fill(ids[kindOf(route)!], ids.run), body);
        // Two ids: A's own with B's, both ways round (a comparison of A's run with B's).
        if (route.path.includes(':otherId')) {
          await call(`${keyOf(route)} (own, foreign)`, route, route.method, fill(aOwn.run, ids.run), body);
          await call(`${keyOf(route)} (foreign, own)`, route, route.method, fill(ids.run, aOwn.run), body);
        }
      }
      const read = { permission: 'read' } as RouteInfo;
      for (const [key, path] of Object.entries(QUERY_ID_ROUTES)) await call(key, read, 'GET', path(ids));
      await call('GET comparisons (own base, foreign head)', read, 'GET', `/comparisons?base=${aOwn.run}&head=${ids.run}`);
      await call('GET runs?planId (foreign)', read, 'GET', `/runs?planId=${ids.plan}`);
      // B's ids in bodies (a plan on B's target, A's plan moved onto it) answer exactly what an
      // id that exists nowhere answers: the caller learns nothing about B.
      const madeUp = 'cmadeupnotanidanywhere000';
      for (const [label, method, path, body] of [
        ['POST plans {targetId}', 'POST', '/plans', (target: string) => ({ ...validPlan(target), name: 'on their target' })],
        ['PATCH plans/:own {targetId}', 'PATCH', `/plans/${aOwn.plan}`, (target: string) => ({ targetId: target })],
        ['PUT plans/:own/baseline {runId}', 'PUT', `/plans/${aOwn.plan}/baseline`, (_target: string, run: string) => ({ runId: run })],
      ] as const) {
        const foreign = await caller.request(method, path, body(ids.target, ids.run));
        const nowhere = await caller.request(method, path, body(madeUp, madeUp));
        expect(foreign.status, label).toBeGreaterThanOrEqual(400);
        expect(withoutRequestId(foreign.body).replaceAll(ids.target, madeUp).replaceAll(ids.run, madeUp), label).toBe(withoutRequestId(nowhere.body));
        expect(foreign.status, label).toBe(nowhere.status);
      }
      expect(leaks).toEqual([]);
    },
    60_000,
  );

  it('cannot switch to another organization or accept its way in', async () => {
    const switched = await a.post('/auth/switch', { organizationId: bTenantId });
    expect(switched.status).toBe(404);
    expect((await a.get('/me')).body.tenant.id).not.toBe(bTenantId);
  });

  it("never lists another organization's rows on any list route", async () => {
    const lists = routes.filter((route) => route.method === 'GET' && !route.path.includes(':') && !route.public && !QUERY_ID_ROUTES[keyOf(route)]);
    expect(lists.map(keyOf)).toEqual(
      expect.arrayContaining([
        'GET targets',
        'GET plans',
        'GET runs',
        'GET api-keys',
        'GET invites',
        'GET members',
        'GET audit',
        'GET shares',
        'GET share-links',
        'GET dashboard',
      ]),
    );
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
    // Everything its owner can read is as it was before every role of A tried every route.
    expect(await snapshotOfB()).toEqual(before);
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
