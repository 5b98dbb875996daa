import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SandboxConfig } from './sandbox.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The k6 that scripts/ensure-k6.sh builds (k6 v1.8.1 with the loadline output). */
export const DEFAULT_K6_BIN = path.resolve(here, '../../../.tools/bin/k6');

/**
 * The runner's whole configuration. It needs the queue and nothing else: no database, no
 * platform secret. A DATABASE_URL in its environment is refused so a deployment mistake
 * cannot quietly hand tenant-written scripts a path to the database.
 */
export const runnerEnvSchema = z.object({
  REDIS_URL: z.string({ error: 'is required (e.g. redis://127.0.0.1:6379)' }).regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  K6_BIN: z.string().default(DEFAULT_K6_BIN),
  /** Opens the target secrets the API seals into each job (shared with the API; not the installation's secret key). */
  LOADLINE_RUNNER_KEY: z
    .string({ error: 'is required: the key the API seals job secrets with (the same LOADLINE_RUNNER_KEY as the API)' })
    .min(32, 'must be at least 32 characters'),
  /** Redis key prefix of the queues; must match the API's. */
  LOADLINE_QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('loadline'),
  LOADLINE_RUNNER_ID: z.string().min(1).default(`${os.hostname()}-${process.pid}`),
  /** The container image this runner runs from (the Helm chart sets it), recorded in each run's manifest. */
  LOADLINE_IMAGE: z.string().max(300).optional(),
  LOADLINE_RUNNER_WORKDIR: z.string().default(path.join(os.tmpdir(), 'loadline-runner')),
  /**
   * How k6 is isolated from the runner (sandbox.ts): bwrap (default), container (the runner's
   * own container is the sandbox, as in the Helm chart) or off.
   */
  LOADLINE_SANDBOX: z.enum(['bwrap', 'container', 'off']).default('bwrap'),
  /** The unprivileged user and group k6 runs as when the runner is root (nobody/nogroup). */
  LOADLINE_SANDBOX_UID: z.coerce.number().int().positive().default(65534),
  LOADLINE_SANDBOX_GID: z.coerce.number().int().positive().default(65534),
  /**
   * Heap ceiling of one k6, MiB (default: three quarters of the memory this runner has: the
   * machine's, or its container's limit when lower, as in a pod).
   */
  LOADLINE_K6_MEMORY_MB: z.coerce
    .number()
    .int()
    .positive()
    .default(Math.floor((availableMemoryBytes() / 1024 / 1024) * 0.75)),
  /**
   * k6's garbage collector target (Go's GOGC): the heap may grow to (1 + GOGC/100) times what
   * is live before a collection. k6 allocates on every request; at Go's default (100) a plain
   * GET spends about a quarter of k6's CPU collecting. 400 sends ~30 % more requests per
   * CPU-second for ~60 MiB more at 20 VUs; GOMEMLIMIT (4/5 of LOADLINE_K6_MEMORY_MB) makes it
   * collect harder near the ceiling, so a big heap is no likelier to run out than before.
   */
  LOADLINE_K6_GOGC: z.coerce.number().int().min(25).max(2000).default(400),
  /** Processes and threads of the sandbox user; k6 needs a few dozen threads. */
  LOADLINE_K6_MAX_PROCESSES: z.coerce.number().int().positive().default(4096),
  /** Largest file a script may write in its work folder, MiB. */
  LOADLINE_K6_MAX_FILE_MB: z.coerce.number().int().positive().default(1024),
  /** How many script checks (k6 inspect) this runner answers at once, beside its run. */
  LOADLINE_SCRIPT_CHECK_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Ceilings of one script check's k6: wall time (seconds; a script whose init code loops is
   * stopped and told so) and heap (MiB, at most LOADLINE_K6_MEMORY_MB). A check needs little:
   * it loads the script, it sends no load.
   */
  LOADLINE_SCRIPT_CHECK_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  LOADLINE_SCRIPT_CHECK_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  /**
   * The runner's health and metrics port (/livez, /readyz, /metrics); 0 turns it off. In a
   * cluster the host is 0.0.0.0 so the kubelet and Prometheus reach it.
   */
  LOADLINE_RUNNER_HTTP_HOST: z.string().default('127.0.0.1'),
  LOADLINE_RUNNER_HTTP_PORT: z.coerce.number().int().min(0).max(65_535).default(9465),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.undefined({ error: 'must not be set: the runner never holds database credentials' }).optional(),
});
export type RunnerEnv = z.infer<typeof runnerEnvSchema>;

/** The sandbox settings of an environment. */
/** The machine's memory, or the cgroup's limit (a container's) when that is lower. */
function availableMemoryBytes(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 ? Math.min(limit, os.totalmem()) : os.totalmem();
}

export function sandboxConfig(env: RunnerEnv): SandboxConfig {
  return {
    mode: env.LOADLINE_SANDBOX,
    uid: env.LOADLINE_SANDBOX_UID,
    gid: env.LOADLINE_SANDBOX_GID,
    memoryMb: env.LOADLINE_K6_MEMORY_MB,
    maxProcesses: env.LOADLINE_K6_MAX_PROCESSES,
    maxFileMb: env.LOADLINE_K6_MAX_FILE_MB,
  };
}

/** The sandbox of a script check: a run's, with the check's own (smaller) memory ceiling. */
export function checkSandboxConfig(env: RunnerEnv): SandboxConfig {
  return { ...sandboxConfig(env), memoryMb: Math.min(env.LOADLINE_SCRIPT_CHECK_MEMORY_MB, env.LOADLINE_K6_MEMORY_MB) };
}

export class RunnerEnvError extends Error {}

export function parseRunnerEnv(source: NodeJS.ProcessEnv = process.env): RunnerEnv {
  const result = runnerEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new RunnerEnvError(`invalid environment:\n${lines.join('\n')}`);
}
