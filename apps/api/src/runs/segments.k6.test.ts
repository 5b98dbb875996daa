import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivalRateSegmentShares, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { fullSecondCounts, startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { RunQueue } from '@loadline/shared/queue';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, startStack, type RunnerProcess, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { eventually } from '../test/eventually.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a run waits while fewer runners are online than it needs, in this file. */
const RUNNER_WAIT_SECONDS = 6;

/**
 * Runs split over runners, with three real runner processes and real k6 against a loopback
 * server that records when each request arrived: all segments reserved together, started
 * together, one fate.
 */
describe('runs split across runners', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;
  let runners: RunnerProcess[];

  beforeAll(async () => {
    stack = await startStack({
      label: 'segments',
      runner: false,
      env: { LOADLINE_RUNNER_WAIT_SECONDS: String(RUNNER_WAIT_SECONDS), LOADLINE_MAX_RUNNERS: '4' },
    });
    client = (await stack.api.signup('segments')).client;
    server = await startLoopbackServer(() => ({ status: 200, delayMs: 2 }));
    target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    runners = await Promise.all(['r1', 'r2', 'r3'].map((name) => stack.startRunnerProcess(name)));
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  async function plan(segments: number, rate: number, duration: string, path = '/split'): Promise<PlanView> {
    const created = await client.post<PlanView>('/plans', {
      name: `split ${segments}x ${rate}/s ${duration} ${path}`,
      targetId: target.id,
      segments,
      load: { executor: 'constant-arrival-rate', rate, timeUnit: '1s', duration, preAllocatedVUs: 5, maxVUs: 20 },
      requests: [{ name: 'Get', path }],
      thresholds: [{ metric: 'error_rate', op: '<', value: 0.01 }],
    });
    expect(created.status).toBe(201);
    return created.body;
  }
  const start = async (planId: string) => {
    const started = await client.post<{ run: RunView }>(`/plans/${planId}/runs`);
    expect(started.status).toBe(202);
    return started.body.run;
  };
  const served = (path: string) => server.counts.get(`GET ${path}`) ?? 0;

  it("runs 60 req/s over 3 runners together: every full second at the server, the planned total, k6's split", async () => {
    const arrivalsBefore = server.arrivals.length;
    expect((await client.get('/runners')).body).toEqual({ online: 3, free: 3, ceiling: 4 });
    const run = await client.waitForRun((await start((await plan(3, 60, '8s')).id)).id);

    expect(run.status).toBe('PASSED');
    expect(run.partial).toBe(false);
    const perSecond = fullSecondCounts(server.arrivals.slice(arrivalsBefore));
    console.log(`requests per full second at the server: ${perSecond.join(', ')}; start spread ${run.startSpreadMs} ms`);
    expect(perSecond.length).toBeGreaterThanOrEqual(6);
    for (const count of perSecond) expect(count).toBeGreaterThanOrEqual(54);
    // Nothing lost: the report counts what the server saw; and that, with any iteration k6
    // dropped for want of a free VU (a busy machine), is the plan's 60 x 8 s (each segment's
    // k6 may start one more iteration at the very end of its 8 s).
    expect(run.summary!.overall.count).toBe(served('/split'));
    expect(served('/split') + run.summary!.droppedIterations).toBeGreaterThanOrEqual(480);
    expect(served('/split') + run.summary!.droppedIterations).toBeLessThanOrEqual(483);
    // k6 splits an arrival rate by maxVUs (20 over 3 segments: 7, 7 and 6 twentieths).
    const perSegment = run.segmentDetails.map((segment) => segment.health!.requests);
    expect(perSegment.reduce((sum, n) => sum + n, 0)).toBe(served('/split'));
    arrivalRateSegmentShares(20, 3).forEach((share, k) => expect(Math.abs(perSegment[k]! - 480 * share)).toBeLessThanOrEqual(2));
    expect(new Set(run.segmentDetails.map((segment) => segment.runnerId)).size).toBe(3);
    expect(run.segmentDetails.every((segment) => segment.status === 'COMPLETED' && segment.health!.deliveredShare! > 0.95)).toBe(true);
    expect(run.startSpreadMs).not.toBeNull();
    expect(run.startSpreadMs!).toBeLessThan(100);
    expect(run.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain('SEGMENT_START_SKEW');
  });

  it('refuses at once a run needing more runners than the installation can have, with the numbers', async () => {
    const refused = await client.post(`/plans/${(await plan(5, 10, '2s')).id}/runs`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('SEGMENTS_EXCEED_RUNNERS');
    expect(refused.body.error.message).toContain('split into 5 segments');
    expect(refused.body.error.message).toContain('at most 4 runners');
  });

  it('runs two 2-segment runs on three runners one after the other, neither deadlocked', async () => {
    const [first, second] = await Promise.all([plan(2, 20, '4s', '/first'), plan(2, 20, '4s', '/second')]);
    const a = await start(first.id);
    const b = await start(second.id);
    // One of them holds two runners; the other needs two but one is free: it waits, and says so.
    const views = await eventually(
      () => Promise.all([a, b].map(async (run) => (await client.get<RunView>(`/runs/${run.id}`)).body)),
      (both) => both.some((view) => view.status === 'QUEUED' && view.queue?.state === 'waiting'),
    );
    const waiting = views.find((view) => view.status === 'QUEUED')!;
    expect(waiting.queue).toMatchObject({ runnersNeeded: 2, runnersOnline: 3 });
    expect(waiting.queue!.message).toMatch(/^waiting for 2 runners, [01] free, 3 online/);
    const [endA, endB] = await Promise.all([client.waitForRun(a.id), client.waitForRun(b.id)]);
    expect([endA.status, endB.status]).toEqual(['PASSED', 'PASSED']);
    const [earlier, later] = [endA, endB].sort((x, y) => Date.parse(x.startedAt!) - Date.parse(y.startedAt!));
    expect(Date.parse(later!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(earlier!.finishedAt!) - 1_000);
    for (const [run, path] of [
      [endA, '/first'],
      [endB, '/second'],
    ] as const) {
      expect(served(path)).toBeGreaterThanOrEqual(80);
      expect(served(path)).toBeLessThanOrEqual(82);
      expect(run.summary!.overall.count).toBe(served(path));
    }
  });

  it('stops all three segments of a cancelled run, keeping what was measured', async () => {
    const run = await start((await plan(3, 30, '60s', '/cancelled')).id);
    await eventually(
      () => served('/cancelled'),
      (n) => n > 60,
      20_000,
    );
    const cancelledAt = Date.now();
    const cancelled = await client.post<RunView>(`/runs/${run.id}/cancel`);
    expect(cancelled.status).toBe(202);
    await sleep(2_000);
    const afterTwoSeconds = served('/cancelled');
    const lastArrival = server.arrivals.at(-1)!;
    console.log(`last request ${lastArrival - cancelledAt} ms after the cancel`);
    expect(lastArrival - cancelledAt).toBeLessThan(2_000);
    const ended = await client.waitForRun(run.id, 30_000);
    expect(ended.status).toBe('CANCELLED');
    expect(ended.segmentDetails.map((segment) => segment.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    // Everything measured is kept; a request cut off by the stop reached the server but never
    // completed, so k6 did not measure it: at most one such per segment.
    expect(ended.summary!.overall.count).toBeLessThanOrEqual(afterTwoSeconds);
    expect(ended.summary!.overall.count).toBeGreaterThanOrEqual(afterTwoSeconds - 3);
    await sleep(1_000);
    expect(served('/cancelled')).toBe(afterTwoSeconds);
  });

  it('ends a run ERRORED SEGMENT_LOST when a runner dies mid-run: the other segments stop, what they measured is kept', async () => {
    const run = await start((await plan(3, 30, '60s', '/lost')).id);
    await eventually(
      () => served('/lost'),
      (n) => n > 60,
      20_000,
    );
    const reserved = (await client.get<RunView>(`/runs/${run.id}`)).body;
    const victim = runners.find((runner) => runner.id === reserved.segmentDetails[1]!.runnerId)!;
    victim.kill();
    const killedAt = Date.now();
    const ended = await client.waitForRun(run.id, 45_000);
    console.log(`SEGMENT_LOST ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(ended.status).toBe('ERRORED');
    expect(ended.error?.code).toBe('SEGMENT_LOST');
    expect(ended.error?.message).toContain('segment 2 of 3');
    expect(ended.partial).toBe(true);
    expect(ended.segmentDetails.map((segment) => segment.status)).toEqual(['CANCELLED', 'ERRORED', 'CANCELLED']);
    // The survivors stopped, and everything they measured is in the report.
    const total = served('/lost');
    await sleep(1_500);
    expect(served('/lost')).toBe(total);
    expect(ended.summary!.overall.count).toBeGreaterThan(60);
    expect(ended.summary!.overall.count).toBeLessThanOrEqual(total);
    runners = runners.filter((runner) => runner !== victim);
  });

  it('gives a reservation up when a reserved runner dies before the start, and runs the run on runners that live', async () => {
    // A third "runner" that announces itself free once and then is never heard of again: it is
    // reserved with the two real ones, which start k6 paused and wait for it.
    const redis = new Redis(TEST_REDIS_URL);
    const queue = new RunQueue(redis, stack.queuePrefix);
    try {
      await queue.markIdle(`${stack.queuePrefix}-ghost`, Date.now());
      const run = await start((await plan(3, 30, '3s', '/requeued')).id);
      const reserved = await eventually(
        async () => (await client.get<RunView>(`/runs/${run.id}`)).body,
        (view) => view.status === 'STARTING',
      );
      expect(reserved.queue).toMatchObject({ state: 'starting', runnersNeeded: 3 });
      expect(reserved.segmentDetails.map((segment) => segment.runnerId)).toContain(`${stack.queuePrefix}-ghost`);
      // Once the ghost's heartbeat is stale, the run goes back in line, having sent nothing.
      await eventually(
        async () => (await client.get<RunView>(`/runs/${run.id}`)).body,
        (view) => view.status === 'QUEUED',
        30_000,
      );
      expect(served('/requeued')).toBe(0);
      runners.push(await stack.startRunnerProcess('r4'));
      const ended = await client.waitForRun(run.id, 60_000);
      expect(ended.status).toBe('PASSED');
      expect(ended.segmentDetails.map((segment) => segment.runnerId)).not.toContain(`${stack.queuePrefix}-ghost`);
      expect(ended.summary!.overall.count).toBe(served('/requeued'));
      expect(served('/requeued')).toBeGreaterThanOrEqual(90);
    } finally {
      redis.disconnect();
    }
  });

  it('makes a 3-segment run wait visibly with too few runners online, then ends it NOT_ENOUGH_RUNNERS with nothing sent', async () => {
    await Promise.all(runners.slice(1).map((runner) => runner.stop()));
    runners = runners.slice(0, 1);
    const run = await start((await plan(3, 10, '4s', '/short')).id);
    const waiting = (await client.get<RunView>(`/runs/${run.id}`)).body;
    expect(waiting.status).toBe('QUEUED');
    expect(waiting.queue).toMatchObject({ state: 'waiting', runnersNeeded: 3, runnersFree: 1, runnersOnline: 1 });
    expect(waiting.queue!.message).toMatch(/^waiting for 3 runners, 1 free, 1 online; gives up at \d\d:\d\d:\d\d UTC/);
    const ended = await client.waitForRun(run.id, (RUNNER_WAIT_SECONDS + 20) * 1000);
    expect(ended.status).toBe('ERRORED');
    expect(ended.error?.code).toBe('NOT_ENOUGH_RUNNERS');
    expect(ended.error?.message).toContain('needs 3 runners');
    expect(ended.summary).toBeNull();
    expect(ended.partial).toBe(false);
    expect(served('/short')).toBe(0);
  });
});
