import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_RUNNER_KEY, localRedisUrl } from '@loadline/shared/testing';
import { freePort } from './free-port.js';
import { runnerOnline } from './runner-online.js';

const TEST_REDIS_URL = localRedisUrl();
const here = path.dirname(fileURLToPath(import.meta.url));
const API_MAIN = path.resolve(here, '../../dist/main.js');
const RUNNER_MAIN = path.resolve(here, '../../../runner/dist/main.js');

/**
 * The built API and runner as processes of their own (as deployed), for what only a whole
 * process shows: the OpenTelemetry SDK, its ESM hook and its flush at SIGTERM. Each is started
 * with a loader probe that lists every module the process resolves, so a test can tell
 * whether OpenTelemetry was loaded at all.
 */
export interface TracedProcess {
  child: ChildProcess;
  /** Module URLs the process resolved through the ESM loader (ground truth of what it loaded). */
  resolved(): Promise<string[]>;
  /** SIGTERM, and resolves with the exit code once the process is gone. */
  stop(): Promise<number | null>;
}

const PROBE = `import { register } from 'node:module';
register(new URL('./probe-hooks.mjs', import.meta.url), { data: { log: process.env.LOADLINE_TEST_PROBE_LOG } });
`;
const PROBE_HOOKS = `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, result.url + '\\n');
  return result;
}
`;

export async function probeFolder(): Promise<{ dir: string; probe: string; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-otel-probe-'));
  await writeFile(path.join(dir, 'probe.mjs'), PROBE);
  await writeFile(path.join(dir, 'probe-hooks.mjs'), PROBE_HOOKS);
  return { dir, probe: path.join(dir, 'probe.mjs'), close: () => rm(dir, { recursive: true, force: true }) };
}

function start(main: string, env: Record<string, string>, probe: { dir: string; probe: string }, name: string): TracedProcess {
  const log = path.join(probe.dir, `${name}-${randomBytes(3).toString('hex')}.log`);
  const child = spawn(process.execPath, ['--import', probe.probe, main], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env, LOADLINE_TEST_PROBE_LOG: log },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    resolved: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // Bounded: a process that does not stop in 30 s is killed (and the test then fails on it).
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export async function startApiProcess(
  options: { databaseUrl: string; queuePrefix: string; env: Record<string, string> },
  probe: { dir: string; probe: string },
): Promise<TracedProcess & { baseUrl: string }> {
  const port = await freePort();
  const api = start(
    API_MAIN,
    {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      LOADLINE_QUEUE_PREFIX: options.queuePrefix,
      LOADLINE_HOST: '127.0.0.1',
      LOADLINE_PORT: String(port),
      LOADLINE_WEB_DIST: '/nonexistent',
      LOADLINE_SECRET_KEY: randomBytes(32).toString('base64'),
      LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
      LOADLINE_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
      LOADLINE_METRICS_PORT: '0',
      ...options.env,
    },
    probe,
    'api',
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const live = await fetch(`${baseUrl}/api/v1/health/live`).catch(() => null);
    if (live?.ok) return Object.assign(api, { baseUrl });
    if (api.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await api.stop();
  throw new Error('the API process did not start');
}

export async function startRunnerProcess(
  options: { baseUrl: string; queuePrefix: string; id: string; env: Record<string, string> },
  probe: { dir: string; probe: string },
): Promise<TracedProcess> {
  const runner = start(
    RUNNER_MAIN,
    {
      REDIS_URL: TEST_REDIS_URL,
      LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
      LOADLINE_QUEUE_PREFIX: options.queuePrefix,
      LOADLINE_RUNNER_ID: options.id,
      LOADLINE_RUNNER_HTTP_PORT: '0',
      ...options.env,
    },
    probe,
    'runner',
  );
  // Up to 30 s: three waits of runnerOnline.
  for (let i = 0; i < 3 && runner.child.exitCode === null; i++) {
    if (await runnerOnline(options.queuePrefix, options.id, () => runner.child.exitCode !== null)) return runner;
  }
  await runner.stop();
  throw new Error(`runner ${options.id} did not come online`);
}
