import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { deleteKeysWithPrefix, startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { RunQueue } from '@loadline/shared/queue';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { eventually } from '../test/eventually.js';

/** The bound: a lost run is back in line within this long (reconciler every 10 s). */
const REQUEUED_WITHIN_MS = 30_000;
const RATE = 20;
const SECONDS = 3;

/**
 * PostgreSQL is the truth, Redis only the line: runs whose queue entry Redis lost (deleted,
 * flushed) are queued again from PostgreSQL and run exactly once, against a loopback server
 * that counts every request; a run that cannot be queued again ends saying why.
 */
describe('runs whose queue entry Redis lost', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;
  let redis: Redis;
  let queue: RunQueue;

  beforeAll(async () => {
    // Runs wait for runners as long as this file needs (none is online while they are lost).
    stack = await startStack({ label: 'reconcile', runner: false, env: { LOADLINE_RUNNER_WAIT_SECONDS: '300', LOADLINE_QUEUE_TIMEOUT_SECONDS: '300' } });
    client = (await stack.api.signup('reconcile')).client;
    // Five runs wait in line at once in the second test.
    await client.patch('/organization/quotas', { maxConcurrentRuns: 10 });
    server = await startLoopbackServer(() => ({ status: 200, delayMs: 1 }));
    target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = new RunQueue(redis, stack.queuePrefix);
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.close();
    await stack?.close();
  });

  async function queuedRun(path: string): Promise<RunView> {
    const plan = await client.post<PlanView>('/plans', {
      name: `reconcile ${path}`,
      targetId: target.id,
      load: { executor: 'constant-arrival-rate', rate: RATE, timeUnit: '1s', duration: `${SECONDS}s`, preAllocatedVUs: 2, maxVUs: 5 },
      requests: [{ name: 'Get', path }],
    });
    expect(plan.status).toBe(201);
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.run.status).toBe('QUEUED');
    return started.body.run;
  }
  const present = async (runIds: string[]) => [...(await queue.present(runIds)).values()];
  const served = (path: string) => server.counts.get(`GET ${path}`) ?? 0;
  /** A run that ran once: the planned requests at the server (none twice), and its report agrees. */
  async function expectRanOnce(runId: string, path: string) {
    const run = await client.waitForRun(runId);
    expect(run.status, JSON.stringify(run.error)).toBe('PASSED');
    expect(run.summary!.overall.count).toBe(served(path));
    expect(served(path) + run.summary!.droppedIterations).toBeGreaterThanOrEqual(RATE * SECONDS);
    expect(served(path) + run.summary!.droppedIterations).toBeLessThanOrEqual(RATE * SECONDS + 1);
  }

  it('queues a QUEUED run again whose queue entry was deleted, and it runs once', async () => {
    const run = await queuedRun('/deleted-entry');
    await eventually(
      () => present([run.id]),
      (p) => p[0] === true,
    );
    await redis.del(queue.keys.run(run.id), queue.keys.job(run.id));
    await redis.zrem(queue.keys.waiting, run.id);
    expect(await present([run.id])).toEqual([false]);
    const lostAt = Date.now();

    await eventually(
      () => present([run.id]),
      (p) => p[0] === true,
      REQUEUED_WITHIN_MS,
    );
    console.log(`queue entry deleted: back in line after ${((Date.now() - lostAt) / 1000).toFixed(1)} s`);
    expect((await client.get<RunView>(`/runs/${run.id}`)).body.status).toBe('QUEUED');
    // A second API process reconciling the same run cannot queue it twice.
    const another = await stack.startAnotherApi();
    try {
      const runner = await stack.startRunnerProcess('r1');
      await expectRanOnce(run.id, '/deleted-entry');
      await runner.stop();
    } finally {
      await another.close();
    }
  });

  it('after Redis is flushed, queues again the runs it held (one of them STARTING) and ends the one whose plan is gone', async () => {
    // A runner that is reserved and then vanishes with Redis's data: the run is STARTING.
    await queue.beat('ghost', Date.now());
    await queue.markIdle('ghost', Date.now());
    const starting = await queuedRun('/flushed-starting');
    await eventually(
      () => client.get<RunView>(`/runs/${starting.id}`),
      (r) => r.body.status === 'STARTING',
    );
    const waiting = [await queuedRun('/flushed-a'), await queuedRun('/flushed-b')];
    const orphan = await queuedRun('/flushed-orphan');
    await eventually(
      () => present([starting, ...waiting, orphan].map((run) => run.id)),
      (p) => p.every(Boolean),
    );
    const orphanPlan = (await client.get<RunView>(`/runs/${orphan.id}`)).body.planId;
    expect((await client.delete(`/plans/${orphanPlan}`)).status).toBe(204);

    // Everything of this installation in Redis goes (its prefix; other files share the server).
    await deleteKeysWithPrefix(redis, stack.queuePrefix);
    expect(await present([starting, ...waiting].map((run) => run.id))).toEqual([false, false, false]);
    const flushedAt = Date.now();

    await eventually(
      () => present([starting, ...waiting].map((run) => run.id)),
      (p) => p.every(Boolean),
      REQUEUED_WITHIN_MS,
    );
    console.log(`Redis flushed: 3 runs back in line after ${((Date.now() - flushedAt) / 1000).toFixed(1)} s`);
    expect((await client.get<RunView>(`/runs/${starting.id}`)).body.status).toBe('QUEUED');
    const ended = await client.waitForRun(orphan.id);
    expect(ended.status).toBe('ERRORED');
    expect(ended.error?.code).toBe('QUEUE_ENTRY_LOST');
    expect(ended.error?.message).toMatch(/lost.*plan has been deleted/);
    expect(served('/flushed-orphan')).toBe(0);

    const runner = await stack.startRunnerProcess('r2');
    await expectRanOnce(starting.id, '/flushed-starting');
    for (const [i, run] of waiting.entries()) await expectRanOnce(run.id, ['/flushed-a', '/flushed-b'][i]!);
    await runner.stop();
  });
});
