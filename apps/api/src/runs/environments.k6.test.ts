import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreatedShare,
  PlanBaseline,
  PlanTrend,
  PlanView,
  PublicTrend,
  RunBaseline,
  RunComparison,
  RunView,
  ScheduleView,
  TargetView,
  TrendSeries,
} from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * Environments: one plan run against two targets of its organization (two loopback servers at
 * 127.0.0.1 and 127.0.0.2 stand for production and staging), on the real database, queues and
 * k6. Each server counts what it got and which environment's secret header came with it: the
 * ground truth for where each run sent its traffic. Trends and baselines are kept per target.
 */
describe('one plan, several targets (real PostgreSQL, Redis and k6)', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let prodServer: LoopbackServer;
  let stagingServer: LoopbackServer;
  /** The x-env header value of every request each server got. */
  const seen = { prod: new Map<string, number>(), staging: new Map<string, number>() };
  let prod: TargetView;
  let staging: TargetView;
  let plan: PlanView;
  const runs: Record<'prod1' | 'staging1' | 'prod2', RunView> = {} as never;

  const record = (into: Map<string, number>) => (req: { headers: Record<string, string | string[] | undefined> }) => {
    const env = String(req.headers['x-env'] ?? '(none)');
    into.set(env, (into.get(env) ?? 0) + 1);
    return { status: 200, delayMs: 0 };
  };

  async function runTo(targetId?: string): Promise<RunView> {
    const started = await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`, targetId ? { targetId } : undefined);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return owner.waitForRun(started.body.run.id, 60_000);
  }

  beforeAll(async () => {
    // The real limits for unverified targets (the stack lifts them for most tests): 4 VUs.
    stack = await startStack({ label: 'environments', env: { LOADLINE_UNVERIFIED_MAX_VUS: '4', LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS: '60' } });
    prodServer = await startLoopbackServer(record(seen.prod), '127.0.0.1');
    stagingServer = await startLoopbackServer(record(seen.staging), '127.0.0.2');
    owner = (await stack.api.signup('environments')).client;
    prod = (
      await owner.post<TargetView>('/targets', { name: 'production', baseUrl: prodServer.url, headers: { 'x-env': 'prod-secret' }, variables: { ITEM: 'p1' } })
    ).body;
    staging = (
      await owner.post<TargetView>('/targets', {
        name: 'staging',
        baseUrl: stagingServer.url,
        headers: { 'x-env': 'staging-secret' },
        variables: { ITEM: 's1' },
      })
    ).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Checkout',
        targetId: prod.id,
        load: { executor: 'constant-vus', vus: 2, duration: '2s' },
        requests: [{ name: 'GetItem', path: '/items/{{vars.ITEM}}', thinkTime: { min: '5ms', max: '5ms' } }],
        thresholds: [{ metric: 'error_rate', op: '<', value: 0.5 }],
      })
    ).body;
    expect(plan.id).toBeTruthy();
    runs.prod1 = await runTo();
    runs.staging1 = await runTo(staging.id);
    runs.prod2 = await runTo(prod.id);
  }, 180_000);

  afterAll(async () => {
    await prodServer?.close();
    await stagingServer?.close();
    await stack?.close();
  });

  it("sends each run's traffic to its own target only, with that target's variables and secrets", () => {
    expect([runs.prod1.status, runs.staging1.status, runs.prod2.status]).toEqual(['PASSED', 'PASSED', 'PASSED']);
    const count = (run: RunView) => run.summary!.overall.count;
    expect(count(runs.staging1)).toBeGreaterThan(0);
    // Every request each server got, and nothing else: the header is that target's secret, the path its variable.
    expect(Object.fromEntries(seen.prod)).toEqual({ 'prod-secret': count(runs.prod1) + count(runs.prod2) });
    expect(Object.fromEntries(seen.staging)).toEqual({ 'staging-secret': count(runs.staging1) });
    expect(Object.fromEntries(prodServer.counts)).toEqual({ 'GET /items/p1': count(runs.prod1) + count(runs.prod2) });
    expect(Object.fromEntries(stagingServer.counts)).toEqual({ 'GET /items/s1': count(runs.staging1) });
    // The run and its manifest name the target it went to.
    expect(runs.staging1).toMatchObject({
      targetId: staging.id,
      manifest: { target: { id: staging.id, baseUrl: staging.baseUrl, addresses: ['127.0.0.2'] } },
    });
    expect(runs.prod1).toMatchObject({ targetId: prod.id, manifest: { target: { id: prod.id, baseUrl: prod.baseUrl } } });
  });

  it("keeps a trend per target: the plan's own by default, another by targetId, never mixed", async () => {
    const own = (await owner.get<PlanTrend>(`/plans/${plan.id}/trends`)).body;
    expect(own.targetId).toBe(prod.id);
    expect(own.points.map((point) => point.runId)).toEqual([runs.prod1.id, runs.prod2.id]);
    const other = (await owner.get<PlanTrend>(`/plans/${plan.id}/trends?targetId=${staging.id}`)).body;
    expect(other.targetId).toBe(staging.id);
    expect(other.points.map((point) => point.runId)).toEqual([runs.staging1.id]);
    const series = (await owner.get<TrendSeries>(`/plans/${plan.id}/trend?stat=p95&targetId=${staging.id}`)).body;
    expect(series).toMatchObject({ targetId: staging.id, points: [{ runId: runs.staging1.id }] });
    // The runs list filters by target too.
    const listed = (await owner.get<{ items: RunView[] }>(`/runs?planId=${plan.id}&targetId=${staging.id}`)).body.items;
    expect(listed.map((run) => run.id)).toEqual([runs.staging1.id]);
  });

  it("shares a trend of one target: the link shows that target's runs, and is named after it", async () => {
    const made = await owner.post<CreatedShare>(`/plans/${plan.id}/share-links`, { targetId: staging.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.share).toMatchObject({ kind: 'trend', planId: plan.id, targetId: staging.id, title: 'Checkout, trend on staging' });
    const shared = (await stack.api.get<{ kind: string; trend: PublicTrend }>(`/public/reports/${made.body.token}`)).body;
    expect(shared.trend.points.map((point) => point.createdAt)).toEqual([runs.staging1.createdAt]);
    // The plan's own target: stored as the plan's, two production runs.
    const own = (await owner.post<CreatedShare>(`/plans/${plan.id}/share-links`, { targetId: prod.id })).body;
    expect(own.share).toMatchObject({ targetId: null, title: 'Checkout, trend' });
    const ownTrend = (await stack.api.get<{ trend: PublicTrend }>(`/public/reports/${own.token}`)).body.trend;
    expect(ownTrend.points.map((point) => point.createdAt)).toEqual([runs.prod1.createdAt, runs.prod2.createdAt]);
    // Another organization's target is not found, and no link is made.
    const stranger = (await stack.api.signup('environments-share-stranger')).client;
    const theirs = (await stranger.post<TargetView>('/targets', { name: 'theirs', baseUrl: stagingServer.url })).body;
    const refused = await owner.post(`/plans/${plan.id}/share-links`, { targetId: theirs.id });
    expect(refused.status).toBe(404);
    expect((await owner.get<{ items: unknown[] }>('/share-links')).body.items).toHaveLength(2);
  });

  it('keeps baselines per target: the last passed run there, and a pinned run per (plan, target)', async () => {
    // The second production run is judged against the first, not against the staging run between them.
    expect(runs.prod2.baseline).toEqual({ runId: runs.prod1.id, rule: 'last-passed' });
    expect(runs.staging1.baseline).toBeNull();
    expect((await owner.get<RunBaseline>(`/runs/${runs.staging1.id}/baseline`)).body).toMatchObject({ baseline: null });
    expect((await owner.get<PlanBaseline>(`/plans/${plan.id}/baseline`)).body).toMatchObject({ targetId: prod.id, runId: runs.prod2.id, rule: 'last-passed' });
    expect((await owner.get<PlanBaseline>(`/plans/${plan.id}/baseline?targetId=${staging.id}`)).body).toMatchObject({
      targetId: staging.id,
      runId: runs.staging1.id,
      rule: 'last-passed',
    });

    // Pinning the staging run pins it for staging only.
    const pinned = await owner.request<PlanBaseline>('PUT', `/plans/${plan.id}/baseline`, { runId: runs.staging1.id });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ targetId: staging.id, rule: 'pinned', runId: runs.staging1.id });
    expect((await owner.get<PlanBaseline>(`/plans/${plan.id}/baseline`)).body).toMatchObject({ targetId: prod.id, rule: 'last-passed', pinned: null });
    const next = await runTo(prod.id);
    expect(next.baseline).toEqual({ runId: runs.prod2.id, rule: 'last-passed' });
    const unpinned = await owner.request<PlanBaseline>('DELETE', `/plans/${plan.id}/baseline?targetId=${staging.id}`);
    expect(unpinned.body).toMatchObject({ targetId: staging.id, rule: 'last-passed', pinned: null, runId: runs.staging1.id });
  }, 60_000);

  it('says so when two runs of different targets are compared', async () => {
    const across = (await owner.get<RunComparison>(`/comparisons?base=${runs.prod1.id}&head=${runs.staging1.id}`)).body;
    expect(across.warnings).toContainEqual({
      code: 'DIFFERENT_TARGET',
      message: `The runs went to different targets (${prod.baseUrl} and ${staging.baseUrl}).`,
    });
    const same = (await owner.get<RunComparison>(`/comparisons?base=${runs.prod1.id}&head=${runs.prod2.id}`)).body;
    expect(same.warnings.map((warning) => warning.code)).not.toContain('DIFFERENT_TARGET');
  });

  it("checks the named target like the plan's own: unverified limits, and another organization's target is not found", async () => {
    // 6 VUs: more than an unverified target takes here; the refusal names the staging host.
    expect((await owner.patch(`/plans/${plan.id}`, { load: { executor: 'constant-vus', vus: 6, duration: '2s' } })).status).toBe(200);
    const tooBig = await owner.post(`/plans/${plan.id}/runs`, { targetId: staging.id });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.error.code).toBe('TARGET_UNVERIFIED');
    expect(tooBig.body.error.message).toContain(new URL(stagingServer.url).host);
    expect((await owner.patch(`/plans/${plan.id}`, { load: { executor: 'constant-vus', vus: 2, duration: '2s' } })).status).toBe(200);

    const stranger = (await stack.api.signup('environments-stranger')).client;
    const theirs = (await stranger.post<TargetView>('/targets', { name: 'theirs', baseUrl: stagingServer.url })).body;
    const before = stagingServer.total();
    for (const targetId of [theirs.id, 'no-such-target']) {
      const started = await owner.post(`/plans/${plan.id}/runs`, { targetId });
      expect(started.status).toBe(404);
      expect(started.body.error.code).toBe('TARGET_NOT_FOUND');
      expect((await owner.get(`/plans/${plan.id}/trends?targetId=${targetId}`)).status).toBe(404);
      expect((await owner.get(`/plans/${plan.id}/baseline?targetId=${targetId}`)).status).toBe(404);
      expect((await owner.post(`/plans/${plan.id}/schedules`, { cron: '0 3 * * *', targetId })).status).toBe(404);
      expect((await owner.post(`/plans/${plan.id}/triggers`, { targetId })).status).toBe(404);
    }
    // A malformed one is a 400 naming the field, never a 500.
    const empty = await owner.post(`/plans/${plan.id}/runs`, { targetId: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([expect.objectContaining({ path: 'targetId' })]);
    // Another organization cannot run its plan against anything of ours.
    expect((await stranger.post(`/plans/${plan.id}/runs`, { targetId: staging.id })).status).toBe(404);
    expect(stagingServer.total()).toBe(before);
  }, 60_000);

  it('lets a schedule and a trigger name the target their runs go to', async () => {
    const schedule = await owner.post<ScheduleView>(`/plans/${plan.id}/schedules`, { cron: '0 3 * * *', targetId: staging.id });
    expect(schedule.status).toBe(201);
    expect(schedule.body.targetId).toBe(staging.id);
    const back = await owner.patch<ScheduleView>(`/schedules/${schedule.body.id}`, { targetId: null });
    expect(back.body.targetId).toBeNull();

    const trigger = await owner.post<{ trigger: { targetId: string | null }; url: string }>(`/plans/${plan.id}/triggers`, {
      name: 'staging deploy',
      targetId: staging.id,
    });
    expect(trigger.status).toBe(201);
    expect(trigger.body.trigger.targetId).toBe(staging.id);
    // The trigger URL needs no login: called as a deploy pipeline would.
    const fired = await stack.api.post<{ run: RunView }>(new URL(trigger.body.url).pathname.replace('/api/v1', ''), {});
    expect(fired.status).toBe(202);
    const run = fired.body.run;
    expect(run).toMatchObject({ targetId: staging.id, trigger: 'WEBHOOK' });
    const ended = await owner.waitForRun(run.id, 60_000);
    expect(ended.status).toBe('PASSED');
    expect(Object.fromEntries(seen.staging)).toEqual({ 'staging-secret': runs.staging1.summary!.overall.count + ended.summary!.overall.count });
  }, 60_000);
});
