import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { resultJobId, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { TypedProducer } from '@loadline/shared/queue';
import { TEST_REDIS_URL, startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { DatabaseService } from '../prisma/database.service.js';
import { sampleSecond } from '../test/fake-runner.js';

/**
 * Plays a runner by hand (no k6) to test what the API does with what runners send: the
 * same second twice, seconds out of order, the end before the last seconds.
 */
describe('result ingest (real PostgreSQL and Redis, results sent as a runner would)', () => {
  let stack: TestStack;
  let client: ApiClient;
  let redis: Redis;
  let results: TypedProducer<'results'>;

  beforeAll(async () => {
    stack = await startStack({ label: 'ingest', runner: false });
    client = (await stack.api.signup('ingest')).client;
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    results = new TypedProducer('results', redis, { prefix: stack.queuePrefix, defaultJobOptions: { removeOnComplete: true } });
  });
  afterAll(async () => {
    await results?.close();
    redis?.disconnect();
    await stack?.close();
  });

  async function newRun(segments: number): Promise<RunView> {
    const target = await client.post<TargetView>('/targets', { name: 't', baseUrl: 'http://127.0.0.1:9' });
    const plan = await client.post<PlanView>('/plans', {
      name: 'p',
      targetId: target.body.id,
      load: { executor: 'constant-vus', vus: 2, duration: '5s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'latency', stat: 'p50', op: '<', value: 100 }],
      segments,
    });
    return (await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run;
  }

  it('stores each (segment, second) once and merges segments and seconds in any order', async () => {
    const run = await newRun(2);
    const at = new Date().toISOString();
    const t0 = Math.floor(Date.now() / 1000);
    // Segment 0: 3 seconds of 10 ms requests; segment 1: 3 seconds of 30 ms requests.
    const seconds = [0, 1].flatMap((segmentIndex) =>
      [0, 1, 2].map((offset) => ({
        segmentIndex,
        sample: sampleSecond(
          t0 + offset,
          Array.from({ length: 20 }, () => (segmentIndex ? 30 : 10)),
        ),
      })),
    );
    for (const segmentIndex of [0, 1]) {
      await results.add('segment.started', { runId: run.id, segmentIndex, runnerId: `r${segmentIndex}`, phase: 'RUNNING', at });
    }
    // The end of segment 0 arrives before its seconds do; everything is sent twice, backwards.
    await results.add('segment.finished', {
      runId: run.id,
      segmentIndex: 0,
      runnerId: 'r0',
      outcome: 'completed',
      exitCode: 0,
      error: null,
      secondsSent: 3,
      at,
    });
    for (const { segmentIndex, sample: s } of [...seconds].reverse()) {
      const payload = { runId: run.id, segmentIndex, sample: s, generator: null };
      await results.add('segment.second', payload);
      // A retried delivery with the runner's idempotent job id, and one without (a duplicate job).
      await results.add('segment.second', payload, { jobId: resultJobId.second(run.id, segmentIndex, s.t) });
    }
    await results.add('segment.finished', {
      runId: run.id,
      segmentIndex: 1,
      runnerId: 'r1',
      outcome: 'completed',
      exitCode: 0,
      error: null,
      secondsSent: 3,
      at,
    });

    const done = await client.waitForRun(run.id, 30_000);
    expect(done.status).toBe('PASSED');
    expect(done.partial).toBe(false);
    const summary = done.summary!;
    expect(summary.overall.count).toBe(120);
    expect(summary.durationSeconds).toBe(3);
    expect(summary.overall.rps).toBe(40);
    expect(summary.vusMax).toBe(4);
    // Half the requests took 10 ms and half 30 ms: merged, the p90 is 30 ms (an average of the
    // segments' p90s would say 20).
    expect(summary.overall.latency!.p90).toBeCloseTo(30, 0);
    expect(summary.overall.latency!.p50).toBeCloseTo(10, 0);

    const series = await client.get(`/runs/${run.id}/series`);
    expect(series.body.points.map((point: { elapsed: number; rps: number }) => [point.elapsed, point.rps])).toEqual([
      [0, 40],
      [1, 40],
      [2, 40],
    ]);
    // 2 segments x 3 seconds, each once: one per row, or held in blocks once the run has ended (RunSecondPacker).
    const held = await stack.app.get(DatabaseService).system.runSecond.aggregate({ where: { runId: run.id }, _sum: { heldSeconds: true } });
    expect(held._sum.heldSeconds).toBe(6);
  });

  it('ends a run whose announced seconds never all arrive, marked partial', async () => {
    const run = await newRun(1);
    const at = new Date().toISOString();
    const t0 = Math.floor(Date.now() / 1000);
    await results.add('segment.started', { runId: run.id, segmentIndex: 0, runnerId: 'r', phase: 'RUNNING', at });
    await results.add('segment.second', {
      runId: run.id,
      segmentIndex: 0,
      sample: sampleSecond(
        t0,
        Array.from({ length: 30 }, () => 5),
      ),
      generator: null,
    });
    await results.add('segment.finished', {
      runId: run.id,
      segmentIndex: 0,
      runnerId: 'r',
      outcome: 'completed',
      exitCode: 0,
      error: null,
      secondsSent: 2,
      at,
    });
    // The jobs are queued; the consumer takes a moment to store them (CI once read QUEUED here).
    let finishing = await client.get<RunView>(`/runs/${run.id}`);
    for (let i = 0; i < 50 && finishing.body.status === 'QUEUED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      finishing = await client.get<RunView>(`/runs/${run.id}`);
    }
    expect(['RUNNING', 'FINISHING']).toContain(finishing.body.status);
    // The watchdog gives missing seconds 15 s, then ends the run with what it has.
    const done = await client.waitForRun(run.id, 40_000);
    expect(done.status).toBe('PASSED');
    expect(done.partial).toBe(true);
    expect(done.summary!.overall.count).toBe(30);
    expect(done.diagnostics.map((diagnostic) => diagnostic.code)).toContain('PARTIAL_DATA');
  });
});
