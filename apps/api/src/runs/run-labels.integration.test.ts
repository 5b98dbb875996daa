import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { eventually } from '../test/eventually.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';

/**
 * Run labels (the caller's: commit, branch, env) and the manifest Loadline records with each
 * run. No runner: runs stay QUEUED, which is all that labels and the start-time manifest need
 * (the runners' builds are checked with real runners in runs.k6.test.ts).
 */
describe('run labels and manifests', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let other: ApiClient;
  let target: TargetView;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({
      label: 'run-labels',
      runner: false,
      env: { LOADLINE_SCHEDULER_INTERVAL_MS: '150', LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS: '1' },
    });
    owner = (await stack.api.signup('labels')).client;
    other = (await stack.api.signup('labels-other')).client;
    await owner.patch('/organization/quotas', { maxConcurrentRuns: 1000 });
    target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('keeps the labels a run is started with, and records what it is about to measure', async () => {
    const started = await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`, { labels: { commit: 'ab12cd3', branch: 'main' } });
    expect(started.status).toBe(202);
    const run = (await owner.get<RunView>(`/runs/${started.body.run.id}`)).body;
    expect(run.labels).toEqual({ commit: 'ab12cd3', branch: 'main' });
    expect(run.manifest).toMatchObject({
      v: 1,
      plan: { id: plan.id, version: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      scriptHash: null,
      target: { id: target.id, baseUrl: 'http://127.0.0.1:9/', addresses: ['127.0.0.1'] },
      segments: 1,
      load: [{ scenario: 'default', load: validPlan(target.id).load }],
      runners: [],
    });
    // A start without a body has no labels; the same version hashes alike, a changed load does not.
    const again = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    expect(again.labels).toEqual({});
    expect(again.manifest!.plan.hash).toBe(run.manifest!.plan.hash);
    const changed = (
      await owner.post<PlanView>('/plans', { ...validPlan(target.id), name: 'changed', load: { executor: 'constant-vus', vus: 3, duration: '2s' } })
    ).body;
    const third = (await owner.post<{ run: RunView }>(`/plans/${changed.id}/runs`)).body.run;
    expect(third.manifest!.plan.hash).not.toBe(run.manifest!.plan.hash);
  });

  it('refuses malformed labels with the field named, starting nothing', async () => {
    const before = (await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "Run"'))[0]!.n;
    for (const labels of [{ '1bad': 'x' }, { env: '' }, Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))]) {
      const refused = await owner.post(`/plans/${plan.id}/runs`, { labels });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: expect.stringMatching(/^labels/) })] });
    }
    expect((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "Run"'))[0]!.n).toBe(before);
  });

  it("lists the runs carrying a label, and only the organization's own", async () => {
    const tagged = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`, { labels: { commit: 'feedbee' } })).body.run;
    const found = (await owner.get<{ items: RunView[] }>(`/runs?label=${encodeURIComponent('commit=feedbee')}`)).body.items;
    expect(found.map((run) => run.id)).toEqual([tagged.id]);
    expect((await other.get<{ items: RunView[] }>(`/runs?label=${encodeURIComponent('commit=feedbee')}`)).body.items).toEqual([]);
    const bad = await owner.get(`/runs?label=commit`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/not key=value/);
  });

  it("gives a trigger's runs its labels, under the call's own", async () => {
    const created = (await owner.post(`/plans/${plan.id}/triggers`, { name: 'deploy', labels: { env: 'staging', source: 'deploy-hook' } })).body;
    expect(created.trigger.labels).toEqual({ env: 'staging', source: 'deploy-hook' });
    const url = new URL(created.url).pathname.replace('/api/v1', '');
    const fired = await stack.api.post(url, { labels: { commit: 'c0ffee1', env: 'preview' } });
    expect(fired.status).toBe(202);
    expect(fired.body.run.labels).toEqual({ env: 'preview', source: 'deploy-hook', commit: 'c0ffee1' });
  });

  it("filters and marks a plan's trend by label, and names the labels that differ in a comparison", async () => {
    const runner = new FakeRunner(stack.queuePrefix);
    try {
      await labelledTrend(runner);
    } finally {
      await runner.close();
    }
  });

  async function labelledTrend(runner: FakeRunner) {
    const trendPlan = (await owner.post<PlanView>('/plans', { ...validPlan(target.id), name: 'labelled trend' })).body;
    const finished: RunView[] = [];
    for (const [env, latencyMs] of [
      ['staging', 20],
      ['prod', 30],
      ['staging', 21],
    ] as const) {
      const started = (await owner.post<{ run: RunView }>(`/plans/${trendPlan.id}/runs`, { labels: { env, commit: `c${finished.length}` } })).body.run;
      const t0 = Math.floor(Date.now() / 1000);
      await runner.play(
        started.id,
        [0, 1, 2, 3, 4, 5, 6].map((offset) =>
          sampleSecond(
            t0 + offset,
            Array.from({ length: 100 }, () => latencyMs),
          ),
        ),
      );
      finished.push(await owner.waitForRun(started.id, 20_000));
    }
    const all = (await owner.get(`/plans/${trendPlan.id}/trends`)).body;
    expect(all.points.map((point: { labels: Record<string, string> }) => point.labels.env)).toEqual(['staging', 'prod', 'staging']);
    const staging = (await owner.get(`/plans/${trendPlan.id}/trends?label=${encodeURIComponent('env=staging')}`)).body;
    expect(staging.points.map((point: { runId: string }) => point.runId)).toEqual([finished[0]!.id, finished[2]!.id]);
    const series = (await owner.get(`/plans/${trendPlan.id}/trend?stat=p95&label=${encodeURIComponent('env=prod')}`)).body;
    expect(series.points).toHaveLength(1);

    const comparison = (await owner.get(`/comparisons?base=${finished[0]!.id}&head=${finished[1]!.id}`)).body;
    expect(comparison.warnings).toContainEqual({ code: 'DIFFERENT_LABELS', message: 'Labels differ: commit c0 → c1; env staging → prod.' });
  }

  it("gives a schedule's runs its labels", async () => {
    const schedulePlan = (await owner.post<PlanView>('/plans', { ...validPlan(target.id), name: 'nightly' })).body;
    const schedule = (await owner.post(`/plans/${schedulePlan.id}/schedules`, { cron: '* * * * * *', labels: { env: 'nightly' } })).body;
    expect(schedule.labels).toEqual({ env: 'nightly' });
    const runs = await eventually(
      async () => (await owner.get<{ items: RunView[] }>(`/runs?planId=${schedulePlan.id}`)).body.items,
      (items) => items.length > 0,
    );
    await owner.patch(`/schedules/${schedule.id}`, { enabled: false });
    expect(runs[0]!.labels).toEqual({ env: 'nightly' });
    expect(runs[0]!.trigger).toBe('SCHEDULE');
  });
});
