import { access, constants } from 'node:fs/promises';
import { shutdownTracing, startTracing } from '@loadline/tracing';
import type { RunnerEnv } from './env.js';
import { RUNNER_TRACING } from './tracing.js';

// Tracing first (when OTEL_EXPORTER_OTLP_ENDPOINT is set): its ESM hook only sees modules
// imported after it, so ioredis and the runner are imported dynamically below.
await startTracing(RUNNER_TRACING);
const { Redis } = await import('ioredis');
const { parseRunnerEnv, RunnerEnvError } = await import('./env.js');
const { startRunner } = await import('./runner.js');

async function checkDependencies(env: RunnerEnv): Promise<void> {
  await access(env.K6_BIN, constants.X_OK).catch(() => {
    throw new RunnerEnvError(`k6 not found or not executable at ${env.K6_BIN}; build it with: bash scripts/ensure-k6.sh`);
  });
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5_000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const url = new URL(env.REDIS_URL);
    throw new RunnerEnvError(
      `cannot reach Redis at ${url.hostname}:${url.port || 6379}: ${(error as Error).message}. Start it with: bash scripts/ensure-redis.sh`,
    );
  } finally {
    redis.disconnect();
  }
}

async function main(): Promise<void> {
  const env = parseRunnerEnv();
  await checkDependencies(env);
  const runner = await startRunner(env);
  const stop = () => {
    // The segment span of an interrupted run ends in close(); export it before exiting.
    void runner
      .close()
      .then(() => shutdownTracing())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(`Loadline runner: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
