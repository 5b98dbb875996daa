import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanBaseline, PlanView, RunBaseline, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';

/**
 * Baselines on the real database and queues, with runs whose measurements a fake runner sent
 * through the real results queue: which run is the baseline (pinned, or the last passed run
 * of the same load before the run judged), and the comparison against it.
 */
describe('baselines', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let runner: FakeRunner;
  let plan: PlanView;

  async function runWith(latencyMs: number, seconds = 6): Promise<RunView> {
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const t0 = Math.floor(Date.now() / 1000);
    await runner.play(
      started.id,
      Array.from({ length: seconds }, (_, offset) =>
        sampleSecond(
          t0 + offset,
          Array.from({ length: 100 }, (_, i) => latencyMs * (0.9 + (0.2 * i) / 100)),
        ),
      ),
    );
    return owner.waitForRun(started.id, 20_000);
  }

  beforeAll(async () => {
    stack = await startStack({ label: 'baselines', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('baselines')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Checkout',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 2, duration: '6s' },
        requests: [{ name: 'Get', path: '/' }],
        thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }],
      })
    ).body;
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it('compares each run with the last passed run of its load before it, and says when there is none', async () => {
    expect((await owner.get<PlanBaseline>(`/plans/${plan.id}/baseline`)).body).toMatchObject({ rule: 'last-passed', runId: null, pinned: null });
    const first = await runWith(10);
    const failed = await runWith(80);
    const third = await runWith(12);
    expect([first.status, failed.status, third.status]).toEqual(['PASSED', 'FAILED', 'PASSED']);

    expect((await owner.get<RunBaseline>(`/runs/${first.id}/baseline`)).body).toMatchObject({
      baseline: null,
      comparison: null,
      message: expect.stringContaining('No earlier run'),
    });
    // The failed run is judged against the last passed one before it; so is the third (a failed run is no baseline).
    const ofFailed = (await owner.get<RunBaseline>(`/runs/${failed.id}/baseline`)).body;
    expect(ofFailed.baseline).toMatchObject({ runId: first.id, rule: 'last-passed' });
    expect(ofFailed.comparison).toMatchObject({ base: { runId: first.id }, head: { runId: failed.id } });
    expect(ofFailed.comparison!.overall.find((delta) => delta.metric === 'p95')!.change).toBe('regression');
    expect((await owner.get<RunBaseline>(`/runs/${third.id}/baseline`)).body.baseline!.runId).toBe(first.id);
    expect((await owner.get<PlanBaseline>(`/plans/${plan.id}/baseline`)).body).toMatchObject({ rule: 'last-passed', runId: third.id });
  });

  it('pins a run, refuses what cannot be one, and unpins', async () => {
    const runs = (await owner.get<{ items: RunView[] }>(`/runs?planId=${plan.id}`)).body.items;
    const failed = runs.find((run) => run.status === 'FAILED')!;
    const pinned = await owner.request<PlanBaseline>('PUT', `/plans/${plan.id}/baseline`, { runId: failed.id });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ rule: 'pinned', runId: failed.id, pinned: { runId: failed.id } });
    const latest = runs[0]!;
    // A run that ended keeps the baseline it was judged against; the next run is judged against the pinned one.
    expect((await owner.get<RunBaseline>(`/runs/${latest.id}/baseline`)).body.baseline).toMatchObject({ runId: latest.baseline!.runId, rule: 'last-passed' });
    const next = await runWith(11);
    expect(next.baseline).toEqual({ runId: failed.id, rule: 'pinned' });
    expect((await owner.get<RunBaseline>(`/runs/${next.id}/baseline`)).body.baseline).toMatchObject({ runId: failed.id, rule: 'pinned' });

    const other = (
      await owner.post<PlanView>('/plans', {
        name: 'Other',
        targetId: plan.targetId,
        load: { executor: 'constant-vus', vus: 1, duration: '5s' },
        requests: [{ name: 'Get', path: '/' }],
      })
    ).body;
    const wrongPlan = await owner.request('PUT', `/plans/${other.id}/baseline`, { runId: failed.id });
    expect(wrongPlan.status).toBe(422);
    expect(wrongPlan.body.error).toMatchObject({ code: 'BASELINE_RUN_INVALID', details: [{ path: 'runId' }] });
    expect((await owner.request('PUT', `/plans/${plan.id}/baseline`, { runId: 'nope' })).status).toBe(422);
    expect((await owner.request('PUT', `/plans/${plan.id}/baseline`, {})).status).toBe(400);
    // Another organization's plan is not found, whatever it asks.
    const stranger = (await stack.api.signup('baselines-stranger')).client;
    expect((await stranger.get(`/plans/${plan.id}/baseline`)).status).toBe(404);
    expect((await stranger.request('PUT', `/plans/${plan.id}/baseline`, { runId: failed.id })).status).toBe(404);
    expect((await stranger.get(`/runs/${latest.id}/baseline`)).status).toBe(404);

    const unpinned = await owner.delete<PlanBaseline>(`/plans/${plan.id}/baseline`);
    expect(unpinned.body).toMatchObject({ rule: 'last-passed', pinned: null });
  });

  it('does not take a run of another load as a baseline', async () => {
    // A new version with a heavier load: its runs are not like for like with the earlier ones.
    expect((await owner.patch(`/plans/${plan.id}`, { load: { executor: 'constant-vus', vus: 4, duration: '6s' } })).status).toBe(200);
    const heavier = await runWith(10);
    expect((await owner.get<RunBaseline>(`/runs/${heavier.id}/baseline`)).body).toMatchObject({
      baseline: null,
      message: expect.stringContaining('No earlier run of this load'),
    });
  });
});
