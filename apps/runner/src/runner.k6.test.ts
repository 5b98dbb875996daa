import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypedProducer } from '@loadline/shared/queue';
import { DispatchHarness } from './test/dispatch-harness.js';
import { parseRunnerEnv } from './env.js';
import { startRunner } from './runner.js';
import { TEST_RUNNER_KEY, deleteKeysWithPrefix, startLoopbackServer, type LoopbackServer, localRedisUrl } from '@loadline/shared/testing';
import { loopbackRunJob, publishedResults } from './test/run-fixtures.js';

const REDIS_URL = localRedisUrl();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The runner's own shutdown (SIGTERM in main.ts) while k6 runs a job from the queue. */
describe('runner shutdown with real k6 and Redis', () => {
  const prefix = `lltest-runner-${randomUUID().slice(0, 8)}`;
  let redis: Redis;
  let harness: DispatchHarness;
  let results: TypedProducer<'results'>;
  let server: LoopbackServer;
  let workdir: string;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    harness = new DispatchHarness(REDIS_URL, prefix);
    results = new TypedProducer('results', redis, { prefix });
    workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-runner-'));
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

  it('interrupts the running k6 and reports the segment as RUNNER_STOPPED', async () => {
    const env = parseRunnerEnv({
      REDIS_URL,
      LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
      LOADLINE_QUEUE_PREFIX: prefix,
      LOADLINE_RUNNER_ID: 'test-runner',
      LOADLINE_RUNNER_HTTP_PORT: '0',
      LOADLINE_RUNNER_WORKDIR: workdir,
    });
    const runner = await startRunner(env, pino({ level: 'silent' }));
    const runId = `run-${randomUUID()}`;
    await harness.enqueue(loopbackRunJob(runId, server.url, 'shutdown test'));
    expect(await harness.reserve(runId)).toEqual(['test-runner']);

    for (let i = 0; i < 150 && !(await publishedResults(results, runId)).started.includes('RUNNING'); i++) await sleep(100);
    await sleep(1_500);
    expect(server.total()).toBeGreaterThan(0);

    const closingAt = Date.now();
    await runner.close();
    const closeSeconds = (Date.now() - closingAt) / 1000;
    console.log(`runner.close() returned in ${closeSeconds.toFixed(2)} s`);
    expect(closeSeconds).toBeLessThan(8);

    const { finished, seconds } = await publishedResults(results, runId);
    expect(finished).toEqual([
      expect.objectContaining({ outcome: 'errored', error: expect.objectContaining({ code: 'RUNNER_STOPPED' }), secondsSent: seconds.length }),
    ]);
    const after = server.total();
    await sleep(500);
    expect(server.total()).toBe(after);
    // A runner gone is no longer counted, free or online.
    expect(await harness.queue.runners(Date.now())).toEqual({ online: [], free: 0 });
  });
});
