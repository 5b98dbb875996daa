import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The k6 that scripts/ensure-k6.sh builds (k6 v1.8.1 with the loadline output). */
export const DEFAULT_K6_BIN = path.resolve(here, '../../../.tools/bin/k6');

/**
 * The runner's whole configuration. It needs the queue and nothing else: no database, no
 * platform secret. A DATABASE_URL in its environment is refused so a deployment mistake
 * cannot quietly hand tenant-written scripts a path to the database.
 */
export const runnerEnvSchema = z
  .object({
    REDIS_URL: z.string({ error: 'is required (e.g. redis://127.0.0.1:6379)' }).regex(/^rediss?:\/\//, 'must be a redis:// URL'),
    K6_BIN: z.string().default(DEFAULT_K6_BIN),
    /** Redis key prefix of the queues; must match the API's. */
    LOADLINE_QUEUE_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i).default('loadline'),
    LOADLINE_RUNNER_ID: z.string().min(1).default(`${os.hostname()}-${process.pid}`),
    LOADLINE_RUNNER_WORKDIR: z.string().default(path.join(os.tmpdir(), 'loadline-runner')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.undefined({ error: 'must not be set: the runner never holds database credentials' }).optional(),
  });
export type RunnerEnv = z.infer<typeof runnerEnvSchema>;

export class RunnerEnvError extends Error {}

export function parseRunnerEnv(source: NodeJS.ProcessEnv = process.env): RunnerEnv {
  const result = runnerEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new RunnerEnvError(`invalid environment:\n${lines.join('\n')}`);
}
