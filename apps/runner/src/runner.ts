import { Redis } from 'ioredis';
import pino from 'pino';
import type { RunAssignment } from '@loadline/shared';
import { CheckQueue, RunDataStore, RunQueue, TypedProducer } from '@loadline/shared/queue';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkSandboxConfig, sandboxConfig, type RunnerEnv } from './env.js';
import { isRoot, probeSandbox } from './sandbox.js';
import { SegmentExecutor } from './segment-executor.js';
import { inspectScript } from './script-inspector.js';
import { ScriptCheckWorkers } from './script-check-workers.js';
import { ControlChannel, SegmentControl } from './run-control.js';
import { ClockOffset } from './clock-offset.js';
import { RunnerMetrics } from './runner-metrics.js';
import { startRunnerHttp } from './runner-http.js';
import { runnerBuild } from './runner-build.js';

export interface RunningRunner {
  id: string;
  /** Where /livez, /readyz and /metrics answer; null when LOADLINE_RUNNER_HTTP_PORT is 0. */
  httpUrl: string | null;
  close(): Promise<void>;
}

const HEARTBEAT_INTERVAL_MS = 5_000;
/** How long one wait for an assignment blocks; bounds how soon close() is noticed. */
const TAKE_TIMEOUT_SECONDS = 1;

/**
 * Starts a runner: one k6 at a time, so k6 gets the machine. It says when it is free (the
 * run queue's idle set); the API reserves free runners for a run all at once and puts each
 * one's segment in its inbox. Start and stop signals are pushed on the run's control channel.
 * Results go back on the `results` queue; script checks are answered by workers of their own
 * (ScriptCheckWorkers).
 */
export async function startRunner(
  env: RunnerEnv,
  logger = pino({ level: env.LOG_LEVEL, base: { service: 'loadline-runner', runnerId: env.LOADLINE_RUNNER_ID } }),
): Promise<RunningRunner> {
  const runnerId = env.LOADLINE_RUNNER_ID;
  const sandbox = sandboxConfig(env);
  // Before taking any work: a runner that cannot isolate tenant code must not run it.
  await mkdir(env.LOADLINE_RUNNER_WORKDIR, { recursive: true });
  const probeDir = await mkdtemp(path.join(env.LOADLINE_RUNNER_WORKDIR, 'probe-'));
  try {
    await probeSandbox(sandbox, env.K6_BIN, probeDir, isRoot());
  } finally {
    await rm(probeDir, { recursive: true, force: true });
  }
  if (sandbox.mode === 'off') logger.warn("LOADLINE_SANDBOX=off: k6 runs tenant scripts with the runner's own rights and view of this machine");
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  // BLPOP and SUBSCRIBE each hold a connection of their own.
  const blocking = redis.duplicate();
  const queue = new RunQueue(redis, env.LOADLINE_QUEUE_PREFIX);
  const channel = new ControlChannel(redis.duplicate(), queue, logger);
  const results = new TypedProducer('results', redis, {
    prefix: env.LOADLINE_QUEUE_PREFIX,
    defaultJobOptions: {
      removeOnComplete: true,
      removeOnFail: { age: 86_400 },
      attempts: 5,
      backoff: { type: 'exponential', delay: 500 },
    },
  });
  const clock = new ClockOffset();
  const metrics = new RunnerMetrics(runnerId);
  const build = await runnerBuild(env.K6_BIN, env.LOADLINE_IMAGE);
  const executor = new SegmentExecutor(env, results, logger, clock, metrics, build, new RunDataStore(redis, env.LOADLINE_QUEUE_PREFIX));

  // Script checks are short (k6 inspect, no load) and must not wait for a run to end: workers
  // of their own, beside the runs, taking organizations in turn, each check under small
  // ceilings of its own (memory, time).
  const checkBlocking = redis.duplicate();
  const checkSandbox = checkSandboxConfig(env);
  const inspector = new ScriptCheckWorkers({
    queue: new CheckQueue(redis, env.LOADLINE_QUEUE_PREFIX),
    blocking: checkBlocking,
    workers: env.LOADLINE_SCRIPT_CHECK_WORKERS,
    checkSeconds: env.LOADLINE_SCRIPT_CHECK_SECONDS,
    check: (source) => inspectScript(env.K6_BIN, source, env.LOADLINE_RUNNER_WORKDIR, checkSandbox, env.LOADLINE_SCRIPT_CHECK_SECONDS),
    logger,
  });

  // An inbox left by an earlier process with this id holds assignments nobody will run: the
  // API has given those reservations up (that process stopped beating) or will.
  await queue.clearInbox(runnerId);
  const beat = () =>
    Promise.all([queue.beat(runnerId, Date.now()), clock.sample(() => queue.redisTime())]).catch((error: Error) =>
      logger.warn({ err: error.message }, 'heartbeat failed'),
    );
  // A few samples up front, so the offset to Redis's clock is good before the first run.
  for (let i = 0; i < 3; i++) await clock.sample(() => queue.redisTime());
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);

  let closing = false;
  const run = async (assignment: RunAssignment) => {
    const log = logger.child({ runId: assignment.runId, segment: assignment.segmentIndex, attempt: assignment.attempt });
    let control: SegmentControl | undefined;
    try {
      metrics.busy.set(1);
      control = await SegmentControl.open(queue, channel, assignment);
      await executor.execute(assignment, control);
    } catch (error) {
      log.error({ err: (error as Error).message }, 'segment failed in the runner');
    } finally {
      metrics.busy.set(0);
      metrics.k6Cpu.set(0);
      await control?.close().catch(() => undefined);
    }
  };
  const loop = (async () => {
    while (!closing) {
      try {
        await queue.markIdle(runnerId, Date.now());
        const assignment = await queue.takeAssignment(blocking, runnerId, TAKE_TIMEOUT_SECONDS);
        if (assignment) await run(assignment);
      } catch (error) {
        if (closing) break;
        logger.error({ err: (error as Error).message }, 'run queue error; retrying in 1 s');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  })();
  const http = env.LOADLINE_RUNNER_HTTP_PORT
    ? await startRunnerHttp({ host: env.LOADLINE_RUNNER_HTTP_HOST, port: env.LOADLINE_RUNNER_HTTP_PORT, redis, k6Bin: env.K6_BIN, metrics })
    : null;
  const address = http?.address();
  const httpUrl =
    address && typeof address === 'object' ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : null;
  logger.info({ k6: env.K6_BIN, k6Version: build.k6, sandbox: sandbox.mode, http: httpUrl }, 'runner ready');

  let closed: Promise<void> | undefined;
  return {
    id: runnerId,
    httpUrl,
    close() {
      // Idempotent: a signal handler and a test may both close the same runner.
      closed ??= (async () => {
        closing = true;
        clearInterval(heartbeat);
        // Stop being reserved first, then interrupt the k6 that is running (it is reported as
        // RUNNER_STOPPED) instead of waiting for its whole run. The runner stays "alive" until
        // that report is sent, so the API does not also call its segment lost.
        await queue.leaveIdle(runnerId).catch(() => undefined);
        const closingInspector = inspector.close();
        await executor.stop();
        await loop;
        await queue.leave(runnerId).catch(() => undefined);
        await closingInspector;
        await results.close();
        channel.close();
        blocking.disconnect();
        checkBlocking.disconnect();
        redis.disconnect();
        if (http) await new Promise<void>((resolve) => http.close(() => resolve()));
      })();
      return closed;
    },
  };
}
