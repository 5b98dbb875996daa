import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypedProducer } from '@loadline/shared/queue';
import { parseRunnerEnv, type RunnerEnv } from './env.js';
import { SegmentExecutor } from './segment-executor.js';
import { ClockOffset } from './clock-offset.js';
import { TEST_RUNNER_KEY, deleteKeysWithPrefix, startLoopbackServer, type LoopbackServer, localRedisUrl } from '@loadline/shared/testing';
import { loopbackRunJob, publishedResults } from './test/run-fixtures.js';
import { DispatchHarness } from './test/dispatch-harness.js';
import { ControlChannel, SegmentControl } from './run-control.js';

const REDIS_URL = localRedisUrl();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of the k6 process loading baseUrl (found in /proc by its target). */
function k6Environment(baseUrl: string): Record<string, string> {
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'k6') continue;
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      const vars = Object.fromEntries(environ.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
      if (vars.LOADLINE_BASE_URL === baseUrl) return vars;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  throw new Error(`no running k6 loads ${baseUrl}`);
}

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
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = new DispatchHarness(REDIS_URL, prefix);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    results = new TypedProducer('results', redis, { prefix });
    workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-executor-'));
    env = parseRunnerEnv({
      REDIS_URL,
      LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
      LOADLINE_QUEUE_PREFIX: prefix,
      LOADLINE_RUNNER_ID: 'test-runner',
      LOADLINE_RUNNER_WORKDIR: workdir,
    });
    executor = new SegmentExecutor(env, results, pino({ level: 'silent' }), new ClockOffset());
    server = await startLoopbackServer();
  });

  afterAll(async () => {
    await server?.close();
    await results?.queue.obliterate({ force: true }).catch(() => undefined);
    await results?.close();
    harness?.close();
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
    const execution = harness.executeAlone(executor, job(runId));
    await waitForRunning(runId);
    // The garbage collector settings k6 runs with (k6-run-options.ts), read from the running
    // k6's own environment: what Go's runtime reads at its start.
    expect(k6Environment(server.url)).toMatchObject({
      GOGC: String(env.LOADLINE_K6_GOGC),
      GOMEMLIMIT: `${Math.floor(env.LOADLINE_K6_MEMORY_MB * 0.8)}MiB`,
    });
    await sleep(2_500);
    const cancelledAt = Date.now();
    await harness.stop(runId, 'cancelled');
    await execution;
    const stoppedIn = (Date.now() - cancelledAt) / 1000;
    console.log(`cancel -> segment reported in ${stoppedIn.toFixed(2)} s`);
    expect(stoppedIn).toBeLessThan(6);

    const { started, seconds, finished } = await published(runId);
    expect(started).toEqual(['RUNNING']);
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

  it('does not start k6 for a run stopped after its runner was reserved, and reports nothing (the API ends it)', async () => {
    const runId = `run-${randomUUID()}`;
    const before = server.total();
    const startedAt = Date.now();
    await harness.executeAlone(executor, job(runId), () => harness.stop(runId, 'cancelled'));
    expect(Date.now() - startedAt).toBeLessThan(2_000);

    expect(await published(runId)).toEqual({ started: [], seconds: [], finished: [] });
    expect(server.total()).toBe(before);
  });

  it('kills a paused k6 when its run is stopped before the start signal: no request is sent', async () => {
    const runId = `run-${randomUUID()}`;
    const before = server.total();
    // Two segments, one runner: the run never gets its start signal while it waits.
    const split = { ...job(runId), segment: { index: 0, count: 2 } };
    const runnerIds = [`paused-a-${runId}`, `paused-b-${runId}`];
    await harness.enqueue(split);
    for (const id of runnerIds) await harness.queue.markIdle(id, Date.now());
    await harness.reserve(runId);
    const execution = (async () => {
      const blocking = redis.duplicate();
      try {
        for (const id of runnerIds) {
          const assignment = await harness.queue.takeAssignment(blocking, id, 5);
          if (assignment?.segmentIndex === 0) return assignment;
        }
        throw new Error('no assignment for segment 0');
      } finally {
        blocking.disconnect();
      }
    })().then(async (assignment) => {
      const channel = new ControlChannel(redis.duplicate(), harness.queue, pino({ level: 'silent' }));
      const control = await SegmentControl.open(harness.queue, channel, assignment);
      try {
        await executor.execute(assignment, control);
      } finally {
        await control.close();
        channel.close();
      }
    });
    // Segment 0 gets ready and waits for segment 1, which never reports.
    for (let i = 0; i < 100 && (await redis.scard(harness.queue.keys.ready(runId))) < 1; i++) await sleep(100);
    expect(await redis.scard(harness.queue.keys.ready(runId))).toBe(1);
    await sleep(500);
    const stoppedAt = Date.now();
    expect(await harness.stop(runId, 'cancelled')).toBe('reserved');
    await execution;
    expect(Date.now() - stoppedAt).toBeLessThan(2_000);
    expect(await published(runId)).toEqual({ started: [], seconds: [], finished: [] });
    expect(server.total()).toBe(before);
  });

  it('hands the address policy to k6, which refuses to connect even when the script asks', async () => {
    const runId = `run-${randomUUID()}`;
    const before = server.total();
    const blocked = { ...job(runId), policy: { blacklistIPs: ['10.0.0.0/8', '127.0.0.0/8'], blockHostnames: ['metadata.google.internal'] } };
    blocked.spec.scenarios[0]!.load = { executor: 'constant-vus', vus: 1, duration: '1s' };
    await harness.executeAlone(executor, blocked);
    const { finished } = await published(runId);
    expect(finished).toEqual([
      expect.objectContaining({
        outcome: 'errored',
        error: expect.objectContaining({ code: 'TARGET_UNREACHABLE', message: expect.stringContaining('is in a blacklisted range (127.0.0.0/8)') }),
      }),
    ]);
    expect(server.total()).toBe(before);
  });

  it('interrupts k6 and reports RUNNER_STOPPED when the runner shuts down', async () => {
    const own = new SegmentExecutor(env, results, pino({ level: 'silent' }), new ClockOffset());
    const runId = `run-${randomUUID()}`;
    const execution = harness.executeAlone(own, job(runId));
    await waitForRunning(runId);
    await sleep(1_500);
    const stoppedAt = Date.now();
    await own.stop();
    await execution;
    expect(Date.now() - stoppedAt).toBeLessThan(6_000);

    const { seconds, finished } = await published(runId);
    expect(finished).toEqual([
      expect.objectContaining({ outcome: 'errored', error: expect.objectContaining({ code: 'RUNNER_STOPPED' }), secondsSent: seconds.length }),
    ]);

    // A stopped executor starts no k6 for a new segment (the API gives its reservation up).
    const next = `run-${randomUUID()}`;
    const before = server.total();
    await harness.executeAlone(own, job(next));
    expect(await published(next)).toEqual({ started: [], seconds: [], finished: [] });
    expect(server.total()).toBe(before);
  });
});
