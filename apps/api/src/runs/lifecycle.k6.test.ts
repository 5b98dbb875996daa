import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveProgress, PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { readEvents } from '../test/sse.js';
import type { ApiClient } from '../test/api-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('run lifecycle: live progress, API restart, a runner killed mid-run', () => {
  let stack: TestStack;
  let client: ApiClient;
  let token: string;
  let server: LoopbackServer;

  beforeAll(async () => {
    stack = await startStack({ label: 'life' });
    const signup = await stack.api.signup('life');
    client = signup.client;
    token = signup.session.token!;
    server = await startLoopbackServer(() => ({ status: 200, delayMs: 5 }));
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  async function plan(duration: string, vus = 2): Promise<PlanView> {
    const target = await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url });
    return (
      await client.post<PlanView>('/plans', {
        name: `life ${duration}`,
        targetId: target.body.id,
        load: { executor: 'constant-vus', vus, duration },
        requests: [{ name: 'Get', path: '/life' }],
        thresholds: [{ metric: 'error_rate', op: '<', value: 0.01 }],
      })
    ).body;
  }

  it('streams progress once a second, then the final report', async () => {
    // 6 s: a second reaches the stream about 3 s after it ends (k6's output waits 2 s for late
    // samples, then the runner relays it), so a shorter run may end before one is complete.
    const started = await client.post<{ run: RunView }>(`/plans/${(await plan('6s')).id}/runs`);
    const events = await readEvents(`${stack.api.base}/runs/${started.body.run.id}/events`, token);
    const progress = events.filter((event) => event.event === 'progress').map((event) => event.data as LiveProgress);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const elapsed = progress.map((event) => event.elapsedSeconds);
    expect(new Set(elapsed).size).toBeGreaterThanOrEqual(2);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    const live = progress.filter((event) => event.vus > 0);
    expect(live.length).toBeGreaterThan(0);
    expect(live.some((event) => event.rps > 0 && event.p95 !== null)).toBe(true);
    expect(progress.at(-1)!.plannedSeconds).toBe(6);
    // Every completed second is sent once, in order, with elapsed counted from the first.
    // (Seconds still being measured when the run ends come with the report, via /series.)
    const sent = progress.flatMap((event) => event.points);
    const ts = sent.map((point) => point.t);
    expect(ts).toEqual([...new Set(ts)].sort((a, b) => a - b));
    expect(ts.length).toBeGreaterThanOrEqual(1);
    const series = (await client.get(`/runs/${started.body.run.id}/series`)).body.points as Array<{ t: number; elapsed: number }>;
    for (const point of sent) expect(point.elapsed).toBe(series.find((stored) => stored.t === point.t)!.elapsed);
    const end = events.at(-1)!;
    expect(end.event).toBe('end');
    expect((end.data as RunView).status).toBe('PASSED');
  });

  it('cancels a running run: k6 stops, what was measured is kept, the run ends CANCELLED', async () => {
    const started = await client.post<{ run: RunView }>(`/plans/${(await plan('60s')).id}/runs`);
    for (let i = 0; i < 100; i++) {
      if ((await client.get(`/runs/${started.body.run.id}/series`)).body.points.length >= 2) break;
      await sleep(200);
    }
    const cancelled = await client.post<RunView>(`/runs/${started.body.run.id}/cancel`);
    expect(cancelled.status).toBe(202);
    expect(cancelled.body.cancelRequestedAt).not.toBeNull();
    const requestedAt = Date.now();
    const run = await client.waitForRun(started.body.run.id, 30_000);
    expect(Date.now() - requestedAt).toBeLessThan(15_000);
    expect(run.status).toBe('CANCELLED');
    expect(run.verdict).toBeNull();
    expect(run.summary!.overall.count).toBeGreaterThan(0);
    // Nothing reaches the target once the run has ended.
    const served = server.counts.get('GET /life');
    await sleep(1_500);
    expect(server.counts.get('GET /life')).toBe(served);

    const again = await client.post(`/runs/${run.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('RUN_NOT_CANCELLABLE');
  });

  it('loses nothing when the API restarts in the middle of a run', async () => {
    const before = server.counts.get('GET /life') ?? 0;
    const started = await client.post<{ run: RunView }>(`/plans/${(await plan('6s')).id}/runs`);
    await sleep(2_000);
    await stack.restartApi(2_000);
    const run = await client.waitForRun(started.body.run.id);
    expect(run.status).toBe('PASSED');
    expect(run.partial).toBe(false);
    expect(run.summary!.overall.count).toBe((server.counts.get('GET /life') ?? 0) - before);
  });

  it('cancels a queued run at once, without starting k6', async () => {
    await stack.runner!.close();
    const started = await client.post<{ run: RunView }>(`/plans/${(await plan('5s')).id}/runs`);
    const cancelled = await client.post<RunView>(`/runs/${started.body.run.id}/cancel`);
    expect(cancelled.status).toBe(202);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect(cancelled.body.summary).toBeNull();
  });

  it('ends the run ERRORED within 30 s when its runner is killed, keeping what was measured', async () => {
    // A second runner in its own process, so it can be killed like a crashed pod; the
    // in-process runner is paused so this one takes the job.
    await stack.runner!.close();
    const doomed = await stack.startRunnerProcess('doomed');
    try {
      const started = await client.post<{ run: RunView }>(`/plans/${(await plan('60s')).id}/runs`);
      for (let i = 0; i < 100; i++) {
        const run = (await client.get<RunView>(`/runs/${started.body.run.id}`)).body;
        if (run.status === 'RUNNING' && (await client.get(`/runs/${run.id}/series`)).body.points.length >= 2) break;
        await sleep(200);
      }
      // The whole process group: the runner and its k6, as when a machine or pod dies.
      doomed.kill();
      const killedAt = Date.now();
      const run = await client.waitForRun(started.body.run.id, 45_000);
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      expect(run.status).toBe('ERRORED');
      expect(run.error?.code).toBe('RUNNER_LOST');
      expect(run.partial).toBe(true);
      expect(run.summary!.overall.count).toBeGreaterThan(0);
    } finally {
      doomed.kill();
    }
  });
});
