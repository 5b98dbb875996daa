import { Redis } from 'ioredis';
import pino from 'pino';
import { RUNNER_HEARTBEAT_TTL_SECONDS, runnerHeartbeatKey, type JobHandlers } from '@loadline/shared';
import { TypedProducer, createTypedWorker } from '@loadline/shared/queue';
import type { RunnerEnv } from './env.js';
import { SegmentExecutor } from './segment-executor.js';
import { inspectScript } from './script-inspector.js';

export interface RunningRunner {
  id: string;
  close(): Promise<void>;
}

const HEARTBEAT_INTERVAL_MS = 5_000;

/**
 * Starts a runner: takes `runs` jobs one at a time (one k6 per runner, so k6 gets the
 * machine) and answers on the `results` queue. Its heartbeat key is what GET /health counts.
 */
export async function startRunner(env: RunnerEnv, logger = pino({ level: env.LOG_LEVEL, base: { service: 'loadline-runner', runnerId: env.LOADLINE_RUNNER_ID } })): Promise<RunningRunner> {
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const results = new TypedProducer('results', redis, {
    prefix: env.LOADLINE_QUEUE_PREFIX,
    defaultJobOptions: {
      removeOnComplete: true,
      removeOnFail: { age: 86_400 },
      attempts: 5,
      backoff: { type: 'exponential', delay: 500 },
    },
  });
  const executor = new SegmentExecutor(env, results, logger, redis);

  const handlers: JobHandlers<'runs'> = {
    'run.execute': (payload) => executor.execute(payload),
  };
  const worker = createTypedWorker('runs', handlers, {
    connection: redis,
    prefix: env.LOADLINE_QUEUE_PREFIX,
    concurrency: 1,
    // A runner that dies mid-run must not have its job silently re-run elsewhere: the API's
    // watchdog ends such runs as ERRORED with what was measured.
    maxStalledCount: 0,
  });
  worker.on('failed', (job, error) => logger.error({ jobId: job?.id, err: error.message }, 'run job failed'));
  worker.on('error', (error) => logger.error({ err: error.message }, 'worker error'));

  // Script checks are short (k6 inspect, no load) and must not wait for a run to end: a worker
  // of their own, beside the run worker.
  const inspectHandlers: JobHandlers<'inspect'> = {
    'script.inspect': (payload) => inspectScript(env.K6_BIN, payload.source, env.LOADLINE_RUNNER_WORKDIR),
  };
  const inspector = createTypedWorker('inspect', inspectHandlers, { connection: redis, prefix: env.LOADLINE_QUEUE_PREFIX, concurrency: 2 });
  inspector.on('error', (error) => logger.error({ err: error.message }, 'inspect worker error'));

  const heartbeatKey = runnerHeartbeatKey(env.LOADLINE_QUEUE_PREFIX, env.LOADLINE_RUNNER_ID);
  const beat = () =>
    redis
      .set(heartbeatKey, JSON.stringify({ at: new Date().toISOString(), pid: process.pid }), 'EX', RUNNER_HEARTBEAT_TTL_SECONDS)
      .catch((error: Error) => logger.warn({ err: error.message }, 'heartbeat failed'));
  await beat();
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  logger.info({ k6: env.K6_BIN }, 'runner ready');

  let closed: Promise<void> | undefined;
  return {
    id: env.LOADLINE_RUNNER_ID,
    close() {
      // Idempotent: a signal handler and a test may both close the same runner.
      closed ??= (async () => {
        clearInterval(heartbeat);
        // Stop taking jobs first, then interrupt the k6 that is running (it is reported as
        // RUNNER_STOPPED) instead of waiting for its whole run.
        const closing = Promise.all([worker.close(), inspector.close()]);
        await executor.stop();
        await closing;
        await results.close();
        await redis.del(heartbeatKey).catch(() => undefined);
        redis.disconnect();
      })();
      return closed;
    },
  };
}
