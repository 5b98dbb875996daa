// The platform under test, started by the bench itself on loopback: a fresh database
// (migrated, dropped at the end), a unique queue prefix on the shared Redis (its keys deleted
// at the end), the API and ONE runner as child processes; more runners on demand (scale).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchError, REPO_ROOT, assertLoopbackUrl, freeLoopbackPort, log, sleep } from './util.mjs';
import { logTail, runCommand, startChild, stopChild } from './processes.mjs';
import { K6_BIN } from './k6.mjs';

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));
const requireFromShared = createRequire(path.join(REPO_ROOT, 'packages', 'shared', 'package.json'));
const pg = requireFromRoot('pg');
const { Redis } = requireFromShared('ioredis');
// Built by `pnpm build`, which the bench needs anyway (it runs the built API and runner).
const { deleteKeysWithPrefix } = await import(pathToFileURL(path.join(REPO_ROOT, 'packages', 'shared', 'dist', 'testing', 'index.js')).href);

export const ADMIN_DATABASE_URL = process.env.LOADLINE_BENCH_ADMIN_URL ?? 'postgresql://loadline:loadline@127.0.0.1:5432/loadline';
export const REDIS_URL = process.env.LOADLINE_BENCH_REDIS_URL ?? process.env.REDIS_URL ?? localRedisUrl();

/** The Redis scripts/ensure-redis.sh runs on 127.0.0.1:6379, with the password it keeps for this machine. */
function localRedisUrl() {
  const stateDir = process.env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state');
  try {
    const password = readFileSync(path.join(stateDir, 'loadline', 'redis-6379.password'), 'utf8').trim();
    return `redis://default:${encodeURIComponent(password)}@127.0.0.1:6379`;
  } catch {
    return 'redis://127.0.0.1:6379';
  }
}

const API_MAIN = path.join(REPO_ROOT, 'apps', 'api', 'dist', 'main.js');
const RUNNER_MAIN = path.join(REPO_ROOT, 'apps', 'runner', 'dist', 'main.js');
const MIGRATE = path.join(REPO_ROOT, 'scripts', 'db', 'migrate.mjs');

/** LOADLINE_BENCH_CPU_PROF=<dir> writes V8 CPU profiles of the API and the runners there (on exit). */
const profileArgs = (name) =>
  process.env.LOADLINE_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOADLINE_BENCH_CPU_PROF}`, `--cpu-prof-name=${name}.cpuprofile`] : [];

/** The environment of a child: ours without anything Loadline/k6 reads, plus `extra`. */
function childEnv(extra) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(LOADLINE_|K6_|DATABASE_URL$|REDIS_URL$)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export class Stack {
  /** `apiEnv`: more API environment for one benchmark (e.g. how long runs wait for runners). */
  constructor({ apiEnv = {} } = {}) {
    this.apiEnv = apiEnv;
    this.suffix = randomBytes(4).toString('hex');
    this.databaseName = `loadline_bench_${this.suffix}`;
    this.queuePrefix = `llbench-${this.suffix}`;
    this.databaseCreated = false;
    this.redisReachable = false;
    this.api = null;
    /** Runner processes, in start order: { id, index, workdir, entry } (entry from startChild). */
    this.runners = [];
    this.runnersStarted = 0;
    this.baseUrl = null;
    this.db = null;
  }

  /** The first runner's child entry (the one every benchmark but scale uses). */
  get runner() {
    return this.runners[0]?.entry ?? null;
  }

  get databaseUrl() {
    const url = new URL(ADMIN_DATABASE_URL);
    url.pathname = `/${this.databaseName}`;
    return url.toString();
  }

  static preflight() {
    assertLoopbackUrl('LOADLINE_BENCH_ADMIN_URL (PostgreSQL)', ADMIN_DATABASE_URL);
    assertLoopbackUrl('LOADLINE_BENCH_REDIS_URL', REDIS_URL);
    for (const file of [API_MAIN, RUNNER_MAIN, path.join(REPO_ROOT, 'packages', 'shared', 'dist', 'index.js')]) {
      if (!existsSync(file)) throw new BenchError(`${path.relative(REPO_ROOT, file)} is missing: run "pnpm build" first`);
    }
  }

  async start() {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => null });
    redis.on('error', () => {});
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      throw new BenchError(`Redis at ${redact(REDIS_URL)} does not answer: ${error.message} (bash scripts/setup.sh starts it)`);
    } finally {
      redis.disconnect();
    }
    this.redisReachable = true;

    log(`creating database ${this.databaseName}`);
    try {
      await adminQuery(`CREATE DATABASE "${this.databaseName}"`);
    } catch (error) {
      throw new BenchError(
        `cannot create the bench database through ${redact(ADMIN_DATABASE_URL)}: ${error.message} (is PostgreSQL running? bash scripts/setup.sh)`,
      );
    }
    this.databaseCreated = true;
    const migrate = await runCommand(process.execPath, [MIGRATE, 'deploy'], {
      cwd: REPO_ROOT,
      env: childEnv({ DATABASE_URL: this.databaseUrl }),
    });
    if (migrate.code !== 0) throw new BenchError(`migrations failed:\n${(migrate.stderr || migrate.stdout).trim().split('\n').slice(-20).join('\n')}`);

    const port = await freeLoopbackPort();
    this.runnerKey = randomBytes(32).toString('base64');
    this.baseUrl = `http://127.0.0.1:${port}`;
    log(`starting the API on ${this.baseUrl} and one runner (queue prefix ${this.queuePrefix})`);
    this.apiStarts = 0;
    this.apiChildEnv = childEnv({
      DATABASE_URL: this.databaseUrl,
      REDIS_URL,
      LOADLINE_HOST: '127.0.0.1',
      LOADLINE_PORT: String(port),
      LOADLINE_QUEUE_PREFIX: this.queuePrefix,
      LOADLINE_METRICS_PORT: process.env.LOADLINE_METRICS_PORT ?? '0',
      LOADLINE_WEB_DIST: '/nonexistent',
      LOADLINE_SECRET_KEY: randomBytes(32).toString('base64'),
      LOADLINE_RUNNER_KEY: this.runnerKey,
      // The bench's targets are Go servers it starts on 127.0.0.1: allowed, and not held to
      // the small runs of unverified targets (they cannot serve a verification file).
      LOADLINE_ALLOWED_NETWORKS: '127.0.0.0/8',
      LOADLINE_UNVERIFIED_MAX_VUS: '100000',
      LOADLINE_SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      // The api benchmark measures the API, not its rate limiter.
      LOADLINE_RATE_LIMIT_PER_CALLER: '100000000',
      LOADLINE_RATE_LIMIT_PER_ORG: '100000000',
      LOADLINE_RATE_LIMIT_PUBLIC_PER_ADDRESS: '100000000',
      LOADLINE_RATE_LIMIT_PUBLIC_PER_TOKEN: '100000000',
      LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS: '86400',
      LOG_LEVEL: 'warn',
      ...this.apiEnv,
    });
    this.startApiProcess();
    this.startRunnerProcess();
    await this.waitForHealth(60_000);
    this.db = new pg.Client({ connectionString: this.databaseUrl });
    await this.db.connect();
  }

  /** The API process, on the stack's port and environment (one profile per start with LOADLINE_BENCH_CPU_PROF). */
  startApiProcess() {
    const name = this.apiStarts++ === 0 ? 'api' : `api-${this.apiStarts}`;
    this.api = startChild(name, process.execPath, [...profileArgs(name), API_MAIN], { cwd: REPO_ROOT, env: this.apiChildEnv });
  }

  /** Stops the API and starts a new process (nothing of the old one's memory), as a deploy does. */
  async restartApi() {
    await stopChild(this.api);
    this.startApiProcess();
    await this.waitForHealth(60_000, this.runners.length);
  }

  /**
   * Spawns one more runner process: its own LOADLINE_RUNNER_ID and LOADLINE_RUNNER_WORKDIR,
   * the queue and nothing else (no DATABASE_URL: childEnv strips it), the bench's k6.
   */
  startRunnerProcess() {
    const index = ++this.runnersStarted;
    const id = `${this.queuePrefix}-runner-${index}`;
    const workdir = path.join(os.tmpdir(), `${id}-work`);
    const name = index === 1 ? 'runner' : `runner-${index}`;
    const entry = startChild(name, process.execPath, [...profileArgs(name), RUNNER_MAIN], {
      cwd: REPO_ROOT,
      env: childEnv({
        REDIS_URL,
        LOADLINE_RUNNER_KEY: this.runnerKey,
        LOADLINE_QUEUE_PREFIX: this.queuePrefix,
        LOADLINE_RUNNER_ID: id,
        LOADLINE_RUNNER_HTTP_PORT: '0',
        LOADLINE_RUNNER_WORKDIR: workdir,
        // The same k6 binary as the bench's direct runs.
        K6_BIN,
        // A few lines per segment (k6 started paused, ready, resumed with its clock offset and
        // wait, finished): what the scale benchmark reads to explain a start spread.
        LOG_LEVEL: 'debug',
      }),
    });
    const runner = { id, index, workdir, entry };
    this.runners.push(runner);
    return runner;
  }

  /** Starts runners until `count` run, and waits until the API counts each of them online. */
  async scaleRunnersTo(count, timeoutMs = 60_000) {
    while (this.runners.length > count) {
      const runner = this.runners.pop();
      log(`stopping ${runner.id}`);
      await stopChild(runner.entry);
      await rm(runner.workdir, { recursive: true, force: true });
    }
    if (this.runners.length < count) log(`starting ${count - this.runners.length} more runner(s), ${count} in all`);
    while (this.runners.length < count) this.startRunnerProcess();
    await this.waitForHealth(timeoutMs, count);
  }

  async waitForHealth(timeoutMs, runnerCount = 1) {
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      for (const entry of [this.api, ...this.runners.map((runner) => runner.entry)]) {
        if (entry.exited) {
          throw new BenchError(
            `the ${entry.name} exited (${entry.spawnError?.message ?? `code ${entry.exitCode}, signal ${entry.signal}`}) before the stack came up; last lines of ${entry.logPath}:\n${logTail(entry)}`,
          );
        }
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
        const body = await response.json();
        last = JSON.stringify(body);
        // Exactly ours: a runner stopped by scaleRunnersTo has left the set (queue.leave), and
        // the stack's queue prefix is its own. (The public /health counts runners, never names them.)
        if (body.status === 'ok' && body.runners?.live === runnerCount) return;
      } catch (error) {
        last = error.message;
      }
      await sleep(300);
    }
    throw new BenchError(
      `the stack did not become healthy (database, Redis and ${runnerCount} live runner(s)) in ${timeoutMs / 1000} s; last health: ${last}\n` +
        `api log (${this.api.logPath}):\n${logTail(this.api)}\n` +
        this.runners.map((runner) => `${runner.entry.name} log (${runner.entry.logPath}):\n${logTail(runner.entry)}`).join('\n'),
    );
  }

  /** Stops the children, drops the database, deletes the Redis keys; never throws. */
  async close() {
    const problems = [];
    await this.db?.end().catch(() => {});
    for (const runner of this.runners) {
      await stopChild(runner.entry).catch((error) => problems.push(`${runner.id}: ${error.message}`));
      await rm(runner.workdir, { recursive: true, force: true }).catch(() => {});
    }
    await stopChild(this.api).catch((error) => problems.push(`api: ${error.message}`));
    if (this.databaseCreated) {
      await adminQuery(`DROP DATABASE IF EXISTS "${this.databaseName}" WITH (FORCE)`).catch((error) =>
        problems.push(`drop database ${this.databaseName}: ${error.message}`),
      );
    }
    if (this.redisReachable) await deleteKeys(this.queuePrefix).catch((error) => problems.push(`redis keys ${this.queuePrefix}:*: ${error.message}`));
    for (const problem of problems) log(`cleanup problem: ${problem}`);
  }
}

async function deleteKeys(prefix) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    await deleteKeysWithPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** A thin REST client of /api/v1. */
export class ApiClient {
  constructor(base, token) {
    this.base = base;
    this.token = token;
  }

  async request(method, urlPath, body, expected) {
    const response = await fetch(`${this.base}/api/v1${urlPath}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (expected && response.status !== expected) {
      throw new BenchError(`${method} ${urlPath} answered ${response.status}, expected ${expected}: ${text.slice(0, 500)}`);
    }
    return parsed;
  }

  get = (urlPath) => this.request('GET', urlPath, undefined, 200);
  post = (urlPath, body, expected = 201) => this.request('POST', urlPath, body, expected);

  static async signup(baseUrl) {
    const anonymous = new ApiClient(baseUrl);
    const session = await anonymous.post('/auth/signup', {
      email: `bench-${randomBytes(4).toString('hex')}@example.test`,
      password: 'correct horse battery staple',
      name: 'Bench',
      organizationName: 'Loadline bench',
    });
    return new ApiClient(baseUrl, session.token);
  }
}
