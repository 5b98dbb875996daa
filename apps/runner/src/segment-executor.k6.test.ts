import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCancelKey } from '@loadline/shared';
import { TypedProducer } from '@loadline/shared/queue';
import { parseRunnerEnv, type RunnerEnv } from './env.js';
import { SegmentExecutor } from './segment-executor.js';
import { deleteKeysWithPrefix, startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { loopbackRunJob, publishedResults } from './test/run-fixtures.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Real k6, real Redis: what the executor publishes on the `results` queue (read back from
 * BullMQ under a prefix of this file's own) when a run is cancelled or the runner stops.
 */
describe('SegmentExecutor with real k6 and Redis', () => {
  const prefix = `lltest-runner-${randomUUID().slice(0, 8)}`;
  let redis: Redis;
  let results: TypedProducer<'results'>;
  let env: RunnerEnv;
  let executor: SegmentExecutor;
  let server: LoopbackServer;
  let workdir: string;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    results = new TypedProducer('results', redis, { prefix });
    workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-executor-'));
    env = parseRunnerEnv({ REDIS_URL, LOADLINE_QUEUE_PREFIX: prefix, LOADLINE_RUNNER_ID: 'test-runner', LOADLINE_RUNNER_WORKDIR: workdir });
    executor = new SegmentExecutor(env, results, pino({ level: 'silent' }), redis);
    server = await startLoopbackServer();
  });

  afterAll(async () => {
    await server?.close();
    await results?.queue.obliterate({ force: true }).catch(() => undefined);
    await results?.close();
    await deleteKeysWithPrefix(redis, prefix);
    redis?.disconnect();
    await rm(workdir, { recursive: true, force: true });
  });

  const job = (runId: string) => loopbackRunJob(runId, server.url, 'cancel test');
  const published = (runId: string) => publishedResults(results, runId);

  async function waitForRunning(runId: string) {
    for (let i = 0; i < 100; i++) {
      if ((await published(runId)).started.includes('RUNNING')) return;
      await sleep(100);
    }
    throw new Error('k6 never started');
  }

  it('stops k6 within seconds of a cancel, keeping the seconds measured before it', async () => {
    const runId = `run-${randomUUID()}`;
    const execution = executor.execute(job(runId));
    await waitForRunning(runId);
    await sleep(2_500);
    const cancelledAt = Date.now();
    await redis.set(runCancelKey(prefix, runId), '1', 'EX', 60);
    await execution;
    const stoppedIn = (Date.now() - cancelledAt) / 1000;
    console.log(`cancel -> segment reported in ${stoppedIn.toFixed(2)} s`);
    expect(stoppedIn).toBeLessThan(6);

    const { started, seconds, finished } = await published(runId);
    expect(started.sort()).toEqual(['RUNNING', 'STARTING']);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ outcome: 'cancelled', error: { code: 'CANCELLED' }, secondsSent: seconds.length });
    // About 2.5 s of load: every measured second was forwarded, up to the cancel.
    expect(seconds.length).toBeGreaterThanOrEqual(2);
    expect(seconds.at(-1)!.sample.t).toBeGreaterThanOrEqual(Math.floor(cancelledAt / 1000) - 1);
    const requests = seconds.reduce((sum, s) => sum + s.sample.requests.reduce((n: number, r: { count: number }) => n + r.count, 0), 0);
    expect(requests).toBeGreaterThan(20);
    // Each second says how busy the generator was (the very first may precede any sample).
    const generators = seconds.map((s) => s.generator).filter(Boolean);
    expect(generators.length).toBeGreaterThanOrEqual(seconds.length - 1);
    expect(generators[0]).toMatchObject({ cores: os.cpus().length });
    expect(generators.every((g) => g.k6Cpu >= 0 && g.hostCpu >= 0 && g.hostCpu <= 1 && g.runnerRssMb > 0)).toBe(true);

    const after = server.total();
    await sleep(500);
    expect(server.total()).toBe(after);
  });

  it('does not start k6 for a run cancelled while it was queued', async () => {
    const runId = `run-${randomUUID()}`;
    await redis.set(runCancelKey(prefix, runId), '1', 'EX', 60);
    const before = server.total();
    const startedAt = Date.now();
    await executor.execute(job(runId));
    expect(Date.now() - startedAt).toBeLessThan(1_000);

    const { started, seconds, finished } = await published(runId);
    expect(started).toEqual([]);
    expect(seconds).toEqual([]);
    expect(finished).toEqual([
      expect.objectContaining({ outcome: 'cancelled', exitCode: null, secondsSent: 0, error: expect.objectContaining({ code: 'CANCELLED' }) }),
    ]);
    expect(server.total()).toBe(before);
  });

  it("hands the address policy to k6, which refuses to connect even when the script asks", async () => {
    const runId = `run-${randomUUID()}`;
    const before = server.total();
    const blocked = { ...job(runId), policy: { blacklistIPs: ['10.0.0.0/8', '127.0.0.0/8'], blockHostnames: ['metadata.google.internal'] } };
    blocked.spec.scenarios[0]!.load = { executor: 'constant-vus', vus: 1, duration: '1s' };
    await executor.execute(blocked);
    const { finished } = await published(runId);
    expect(finished).toEqual([expect.objectContaining({ outcome: 'errored', error: expect.objectContaining({ code: 'TARGET_UNREACHABLE', message: expect.stringContaining('is in a blacklisted range (127.0.0.0/8)') }) })]);
    expect(server.total()).toBe(before);
  });

  it('interrupts k6 and reports RUNNER_STOPPED when the runner shuts down', async () => {
    const own = new SegmentExecutor(env, results, pino({ level: 'silent' }), redis);
    const runId = `run-${randomUUID()}`;
    const execution = own.execute(job(runId));
    await waitForRunning(runId);
    await sleep(1_500);
    const stoppedAt = Date.now();
    await own.stop();
    await execution;
    expect(Date.now() - stoppedAt).toBeLessThan(6_000);

    const { seconds, finished } = await published(runId);
    expect(finished).toEqual([expect.objectContaining({ outcome: 'errored', error: expect.objectContaining({ code: 'RUNNER_STOPPED' }), secondsSent: seconds.length })]);

    // A stopped executor takes no new run.
    const next = `run-${randomUUID()}`;
    await own.execute(job(next));
    expect((await published(next)).finished).toEqual([expect.objectContaining({ outcome: 'errored', secondsSent: 0, error: expect.objectContaining({ code: 'RUNNER_STOPPED' }) })]);
  });
});
