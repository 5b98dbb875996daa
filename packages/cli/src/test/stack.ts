import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { deleteKeysWithPrefix, localRedisUrl } from '@loadline/shared/testing';

/**
 * The real platform for the CLI's integration test, started the way the bench starts it
 * (scripts/bench/lib/stack.mjs): a fresh migrated database, a unique queue prefix on the shared
 * Redis, and the BUILT API and one runner (real k6) as child processes on loopback.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const ADMIN_DATABASE_URL = process.env.LOADLINE_TEST_ADMIN_URL ?? 'postgresql://loadline:loadline@127.0.0.1:5432/loadline';
export const REDIS_URL = localRedisUrl();
export const CLI_MAIN = path.join(REPO_ROOT, 'packages', 'cli', 'dist', 'main.js');
const API_MAIN = path.join(REPO_ROOT, 'apps', 'api', 'dist', 'main.js');
const RUNNER_MAIN = path.join(REPO_ROOT, 'apps', 'runner', 'dist', 'main.js');
const MIGRATE = path.join(REPO_ROOT, 'scripts', 'db', 'migrate.mjs');

/** Our environment without anything Loadline or k6 reads, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(LOADLINE_|K6_|DATABASE_URL$|REDIS_URL$)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Child {
  name: string;
  process: ChildProcess;
  logPath: string;
  exited: boolean;
}

function startChild(name: string, logDir: string, script: string, env: NodeJS.ProcessEnv): Child {
  const logPath = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logPath);
  // Its own process group, so stopping it also stops the runner's k6.
  const child = spawn(process.execPath, [script], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry: Child = { name, process: child, logPath, exited: false };
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  child.once('exit', () => (entry.exited = true));
  child.once('error', () => (entry.exited = true));
  return entry;
}

async function stopChild(entry: Child | undefined): Promise<void> {
  if (!entry || entry.exited || !entry.process.pid) return;
  const pid = entry.process.pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // gone
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 5_000;
  while (!entry.exited && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  signal('SIGKILL');
}

const tail = (entry: Child) => {
  try {
    return readFileSync(entry.logPath, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
};

export interface Stack {
  /** http://127.0.0.1:<port>, what LOADLINE_URL is set to. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startStack(label: string): Promise<Stack> {
  for (const file of [API_MAIN, RUNNER_MAIN, CLI_MAIN]) {
    if (!existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run "pnpm build" first`);
  }
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `loadline_test_${label}_${suffix}`;
  const queuePrefix = `lltest-${label}-${suffix}`;
  const logDir = mkdtempSync(path.join(tmpdir(), `loadline-${label}-`));
  let databaseCreated = false;
  let redisTouched = false;
  let api: Child | undefined;
  let runner: Child | undefined;

  const close = async () => {
    await stopChild(runner);
    await stopChild(api);
    if (databaseCreated) await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => {});
    if (redisTouched) {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      await deleteKeysWithPrefix(redis, queuePrefix).catch(() => {});
      redis.disconnect();
    }
    rmSync(logDir, { recursive: true, force: true });
  };

  try {
    await admin(`CREATE DATABASE "${databaseName}"`).catch((error: Error) => {
      throw new Error(
        `cannot create a database through ${ADMIN_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}: ${error.message} (bash scripts/setup.sh starts PostgreSQL)`,
      );
    });
    databaseCreated = true;
    const url = new URL(ADMIN_DATABASE_URL);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();
    await promisify(execFile)(process.execPath, [MIGRATE, 'deploy'], { cwd: REPO_ROOT, env: cleanEnv({ DATABASE_URL: databaseUrl }) });

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const runnerKey = randomBytes(32).toString('base64');
    redisTouched = true;
    api = startChild(
      'api',
      logDir,
      API_MAIN,
      cleanEnv({
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        LOADLINE_HOST: '127.0.0.1',
        LOADLINE_PORT: String(port),
        LOADLINE_QUEUE_PREFIX: queuePrefix,
        LOADLINE_WEB_DIST: '/nonexistent',
        LOADLINE_SECRET_KEY: randomBytes(32).toString('base64'),
        LOADLINE_RUNNER_KEY: runnerKey,
        // The test's targets are loopback servers it starts itself.
        LOADLINE_ALLOWED_NETWORKS: '127.0.0.0/8',
        // Tests run side by side: no fixed metrics port.
        LOADLINE_METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
      }),
    );
    // The runner gets the queue and nothing else (no DATABASE_URL).
    runner = startChild(
      'runner',
      logDir,
      RUNNER_MAIN,
      cleanEnv({
        REDIS_URL,
        LOADLINE_RUNNER_KEY: runnerKey,
        LOADLINE_QUEUE_PREFIX: queuePrefix,
        LOADLINE_RUNNER_ID: `${queuePrefix}-runner`,
        LOADLINE_RUNNER_HTTP_PORT: '0',
        LOG_LEVEL: 'warn',
      }),
    );
    await waitForHealth(baseUrl, [api, runner], 60_000);
    return { baseUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function waitForHealth(baseUrl: string, children: Child[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    for (const child of children) {
      if (child.exited) throw new Error(`the ${child.name} exited before the stack came up; last lines of ${child.logPath}:\n${tail(child)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      const body = (await response.json()) as { status?: string; runners?: { live?: number } };
      last = JSON.stringify(body);
      if (body.status === 'ok' && (body.runners?.live ?? 0) >= 1) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(
    `the stack did not become healthy in ${timeoutMs / 1000} s; last health: ${last}\n${children.map((child) => `${child.name}:\n${tail(child)}`).join('\n')}`,
  );
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as CI would: `node packages/cli/dist/main.js ...` with only LOADLINE_URL and LOADLINE_API_KEY set. */
export function runCli(args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs?: number }): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd: options.cwd, env: cleanEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A small REST client for setting the scene (sign-up, keys, targets, plans). */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  async call<T = any>(method: string, urlPath: string, body?: unknown, expected?: number): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/v1${urlPath}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (expected !== undefined && response.status !== expected)
      throw new Error(`${method} ${urlPath} answered ${response.status}, expected ${expected}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  static async signup(baseUrl: string): Promise<Api> {
    const session = await new Api(baseUrl).call<{ token: string }>(
      'POST',
      '/auth/signup',
      { email: `cli-${randomBytes(4).toString('hex')}@example.test`, password: 'a long cli test password', name: 'CLI', organizationName: 'CLI org' },
      201,
    );
    return new Api(baseUrl, session.token);
  }
}
