import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { parseRunnerEnv, startRunner, type RunningRunner } from '@loadline/runner';
import { TEST_RUNNER_KEY, deleteKeysWithPrefix, localRedisUrl } from '@loadline/shared/testing';
import { createApiApp } from '../bootstrap.js';
import { parseApiEnv } from '../config/env.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { ApiClient, runEndHooks } from './api-client.js';
import { CAPTURE_FOLDER, captureStoredFixture } from './stored-fixtures.js';
import { runnerOnline } from './runner-online.js';

export const TEST_REDIS_URL = localRedisUrl();
const RUNNER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../runner/dist/main.js');

/** A runner in a process of its own (the built apps/runner), as in a deployment. */
export interface RunnerProcess {
  id: string;
  child: ChildProcess;
  /** SIGKILL to its whole process group (the runner and its k6), as when a machine dies. */
  kill(): void;
  /** SIGTERM, as at a scale-down; resolves when it exited. */
  stop(): Promise<void>;
}
export interface TestStack {
  api: ApiClient;
  baseUrl: string;
  app: NestExpressApplication;
  db: TestDatabase;
  queuePrefix: string;
  runner?: RunningRunner;
  /**
   * Stops the API and starts a new one on the same database and queues (a deploy, a crash);
   * `whileDown` runs while no API process is up.
   */
  restartApi(downtimeMs?: number, whileDown?: () => Promise<void>): Promise<void>;
  /** A second API process on the same database and queues (scaled out); the caller closes it. */
  startAnotherApi(): Promise<NestExpressApplication>;
  /**
   * Starts a runner process on this stack's queues and waits until the API counts it online.
   * With `logs`, everything it writes (stdout and stderr) is collected there, line by line.
   */
  startRunnerProcess(name: string, options?: { logs?: string[]; logLevel?: string }): Promise<RunnerProcess>;
  close(): Promise<void>;
}

export interface StackOptions {
  label: string;
  /** Start an in-process runner (default true). */
  runner?: boolean;
  /** Override the k6 binary the runner uses (to test a missing k6). */
  k6Bin?: string;
  /** Extra API environment (e.g. tighter rate limits for the test that checks them). */
  env?: Record<string, string>;
  /** Extra environment of the in-process runner (e.g. its HTTP port). */
  runnerEnv?: Record<string, string>;
  /** How the API reaches its database (e.g. through a proxy the test can cut); default direct. */
  databaseUrl?: (direct: string) => string;
  /** Every line the API logs is collected here (at LOG_LEVEL of `env`, default the test's). */
  apiLogs?: string[];
}

/**
 * The real platform for one test file: its own database and its own queue prefix on the
 * shared Redis, the API listening on a random loopback port, and a runner driving real k6.
 */
export async function startStack(options: StackOptions): Promise<TestStack> {
  const db = await createTestDatabase(options.label);
  const queuePrefix = `lltest-${options.label}-${randomBytes(4).toString('hex')}`;
  const env = parseApiEnv({
    DATABASE_URL: options.databaseUrl ? options.databaseUrl(db.url) : db.url,
    REDIS_URL: TEST_REDIS_URL,
    LOADLINE_QUEUE_PREFIX: queuePrefix,
    LOADLINE_WEB_DIST: '/nonexistent',
    LOADLINE_SECRET_KEY: randomBytes(32).toString('base64'),
    LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
    // The tests' targets are loopback servers they start themselves.
    LOADLINE_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
    // Most tests are not about ownership verification; targets.integration.test.ts sets the
    // real limits back.
    LOADLINE_UNVERIFIED_MAX_VUS: '100000',
    LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS: '86400',
    // Every test signs its users up from 127.0.0.1; accounts.integration.test.ts sets a real limit.
    LOADLINE_SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Test files run side by side: no fixed metrics port unless a test asks for one.
    LOADLINE_METRICS_PORT: '0',
    ...options.env,
  });
  const logDestination = options.apiLogs ? lineCollector(options.apiLogs) : undefined;
  let app = await createApiApp(env, logDestination);
  await app.listen(0, '127.0.0.1');
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const port = new URL(baseUrl).port;

  let runner: RunningRunner | undefined;
  const processes: RunnerProcess[] = [];
  if (options.runner !== false) {
    runner = await startRunner(
      parseRunnerEnv({
        REDIS_URL: TEST_REDIS_URL,
        LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
        LOADLINE_QUEUE_PREFIX: queuePrefix,
        LOADLINE_RUNNER_ID: `${queuePrefix}-runner`,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        LOADLINE_RUNNER_HTTP_PORT: '0',
        ...(options.k6Bin ? { K6_BIN: options.k6Bin } : {}),
        ...options.runnerEnv,
      }),
    );
  }

  if (CAPTURE_FOLDER) runEndHooks.set(`${baseUrl}/api/v1`, (client, run) => captureStoredFixture(db, client, run, options.label));

  return {
    api: new ApiClient(`${baseUrl}/api/v1`),
    baseUrl,
    get app() {
      return app;
    },
    db,
    queuePrefix,
    runner,
    async restartApi(downtimeMs = 0, whileDown?: () => Promise<void>) {
      await app.close();
      await new Promise((resolve) => setTimeout(resolve, downtimeMs));
      await whileDown?.();
      app = await createApiApp(env, logDestination);
      await app.listen(Number(port), '127.0.0.1');
    },
    async startAnotherApi() {
      const another = await createApiApp(env, logDestination);
      await another.listen(0, '127.0.0.1');
      return another;
    },
    async startRunnerProcess(name: string, options: { logs?: string[]; logLevel?: string } = {}) {
      const id = `${queuePrefix}-${name}`;
      const { logs } = options;
      const child = spawn(process.execPath, [RUNNER_MAIN], {
        env: {
          PATH: process.env.PATH,
          REDIS_URL: TEST_REDIS_URL,
          LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
          LOADLINE_QUEUE_PREFIX: queuePrefix,
          LOADLINE_RUNNER_ID: id,
          LOADLINE_RUNNER_HTTP_PORT: '0',
          LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
        },
        detached: true,
        stdio: ['ignore', logs ? 'pipe' : 'ignore', logs ? 'pipe' : 'inherit'],
      });
      if (logs) for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => logs.push(line));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          // already gone
        }
      };
      const runnerProcess: RunnerProcess = {
        id,
        child,
        kill: () => signal('SIGKILL'),
        stop: async () => {
          signal('SIGTERM');
          await exited;
        },
      };
      processes.push(runnerProcess);
      if (await runnerOnline(queuePrefix, id, () => child.exitCode !== null)) return runnerProcess;
      throw new Error(`runner process ${id} did not come online`);
    },
    async close() {
      for (const runnerProcess of processes) runnerProcess.kill();
      await runner?.close();
      await app.close();
      await db.drop();
      await deleteKeys(queuePrefix);
    },
  };
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    await deleteKeysWithPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

/** A pino destination that keeps each line written. */
function lineCollector(lines: string[]): { write(chunk: string): void } {
  return { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) };
}
