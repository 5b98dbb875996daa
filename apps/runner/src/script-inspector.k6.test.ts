import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSandboxConfig, parseRunnerEnv, sandboxConfig } from './env.js';
import { inspectScript as inspect } from './script-inspector.js';
import { TEST_RUNNER_KEY } from '@loadline/shared/testing';

/** Real k6 inspecting real scripts: what a user sees when saving a custom script. */
describe('inspectScript (k6 inspect)', () => {
  const env = parseRunnerEnv({ REDIS_URL: 'redis://127.0.0.1:6379', LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY });
  const k6 = env.K6_BIN;
  const inspectScript = (bin: string, source: string, root: string) => inspect(bin, source, root, sandboxConfig(env));
  let workRoot: string;

  beforeAll(async () => {
    workRoot = await mkdtemp(path.join(os.tmpdir(), 'loadline-inspect-'));
  });

  afterAll(async () => {
    await rm(workRoot, { recursive: true, force: true });
  });

  it('answers the VUs and duration a valid script needs, graceful stops included', async () => {
    const source = `import http from 'k6/http';
export const options = { scenarios: {
  ramp: { executor: 'ramping-vus', stages: [{ duration: '30s', target: 20 }] },
  steady: { executor: 'constant-vus', vus: 5, duration: '1m', startTime: '10s' },
} };
export default function () { http.get(__ENV.LOADLINE_BASE_URL); }
`;
    expect(await inspectScript(k6, source, workRoot)).toEqual({ ok: true, maxVUs: 25, durationSeconds: 100, thresholds: {} });
  });

  it("answers the options' thresholds as k6 reads them, abortOnFail included, and k6's refusal of a statistic the metric lacks", async () => {
    const source = `import { Counter } from 'k6/metrics';
const orders = new Counter('orders');
export const options = { vus: 1, duration: '10s', thresholds: {
  'http_req_duration{name:Slow}': ['p(95)<50', { threshold: 'avg<200', abortOnFail: true, delayAbortEval: '10s' }],
  orders: ['count>10'],
} };
export default function () { orders.add(1); }
`;
    expect(await inspectScript(k6, source, workRoot)).toEqual({
      ok: true,
      maxVUs: 1,
      durationSeconds: 40,
      thresholds: {
        'http_req_duration{name:Slow}': ['p(95)<50', { threshold: 'avg<200', abortOnFail: true, delayAbortEval: '10s' }],
        orders: ['count>10'],
      },
    });
    const wrongStat = await inspectScript(k6, source.replace("orders: ['count>10']", "orders: ['p(95)<10']"), workRoot);
    expect(wrongStat).toMatchObject({ ok: false, message: expect.stringContaining('unsupported aggregation method p on metric of type counter') });
    const unknownMetric = await inspectScript(k6, source.replace("orders: ['count>10']", "ordrs: ['count>10']"), workRoot);
    expect(unknownMetric).toMatchObject({ ok: false, message: expect.stringContaining('no metric name "ordrs" found') });
  });

  it("gives k6's syntax error with its line and column, without the runner's paths", async () => {
    const result = await inspectScript(k6, "import http from 'k6/http';\nexport default function () {\n  http.get(__ENV.X;\n}\n", workRoot);
    expect(result).toMatchObject({ ok: false, line: 3, column: expect.any(Number) });
    expect(result.ok === false && result.message).toMatch(/Unexpected token/);
    expect(result.ok === false && result.message).not.toContain(workRoot);
  });

  it('reports exceptions thrown while the script loads, and invalid options', async () => {
    const thrown = await inspectScript(
      k6,
      "export const options = { vus: 1, duration: '1s' };\nconst x = missingThing.call();\nexport default function () {}\n",
      workRoot,
    );
    expect(thrown).toMatchObject({ ok: false, line: 2, message: expect.stringContaining('missingThing is not defined') });
    const options = await inspectScript(
      k6,
      "export const options = { scenarios: { a: { executor: 'constant-vus', vus: 0, duration: '1s' } } };\nexport default function () {}\n",
      workRoot,
    );
    expect(options).toMatchObject({ ok: false, message: expect.stringContaining('the number of VUs must be more than 0') });
  });

  it('refuses modules this k6 does not have instead of fetching a binary', async () => {
    const result = await inspectScript(k6, "import x from 'k6/x/unknown-extension';\nexport default function () {}\n", workRoot);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('k6/x/unknown-extension') });
    expect(result.ok === false && result.message).not.toMatch(/ingest\.k6\.io|provision/i);
  });

  it("keeps a script inside its sandbox: files outside its folder cannot be read, and an error carries the script's own message only", async () => {
    // A secret of the runner's machine (like the installation's key: root's, mode 600) and a
    // file anyone may read; neither is part of the script's world.
    const secretDir = await mkdtemp(path.join(os.tmpdir(), 'loadline-secret-'));
    const token = randomBytes(16).toString('hex');
    const secret = path.join(secretDir, 'secret-key');
    await writeFile(secret, token, { mode: 0o600 });
    const open = path.join(secretDir, 'public.txt');
    await writeFile(open, `public ${token}`, { mode: 0o644 });
    await chmod(secretDir, 0o755);
    try {
      for (const file of [secret, open, '/proc/1/environ', '/etc/shadow']) {
        const result = await inspectScript(
          k6,
          `const stolen = open(${JSON.stringify(file)});\nthrow new Error('got: ' + stolen);\nexport default function () {}\n`,
          workRoot,
        );
        expect(result.ok).toBe(false);
        // k6 ran the script and failed at the open (not before, not at the throw).
        expect(result).toMatchObject({ line: 1, message: expect.stringMatching(/no such file or directory|input\/output error|permission denied/) });
        expect(result.ok === false && result.message).not.toContain(token);
        expect(result.ok === false && result.message).not.toContain('got: ');
      }
      // The script's own files are there, and its own message comes back with its line.
      const own = await inspectScript(k6, "const me = open('./script.js');\nthrow new Error('mine: ' + me.length);\nexport default function () {}\n", workRoot);
      expect(own).toMatchObject({ ok: false, line: 2, message: expect.stringContaining('mine: ') });
      // Nor does it see the runner's environment.
      const envSeen = await inspectScript(k6, "throw new Error('env: ' + JSON.stringify(__ENV));\nexport default function () {}\n", workRoot);
      expect(envSeen.ok === false && envSeen.message).toMatch(/env: \{/);
      expect(envSeen.ok === false && envSeen.message).not.toMatch(/REDIS_URL|PATH|DATABASE_URL|LOADLINE_SECRET/);
    } finally {
      await rm(secretDir, { recursive: true, force: true });
    }
  });

  it('holds a script to its memory ceiling, and says so in words', async () => {
    const small = sandboxConfig(parseRunnerEnv({ REDIS_URL: 'redis://127.0.0.1:6379', LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY, LOADLINE_K6_MEMORY_MB: '300' }));
    const hog = 'const hog = [];\nfor (let i = 0; i < 2000; i++) hog.push(new ArrayBuffer(1024 * 1024));\nexport default function () {}\n';
    expect(await inspect(k6, hog, workRoot, small)).toEqual({ ok: false, message: expect.stringContaining('k6 ran out of memory: it may use 300 MiB') });
  });

  it("holds a check to small ceilings of its own: 512 MiB (not a run's three quarters of the machine) and its time", async () => {
    const check = checkSandboxConfig(env);
    expect(check.memoryMb).toBe(Math.min(512, env.LOADLINE_K6_MEMORY_MB));
    expect(env).toMatchObject({ LOADLINE_SCRIPT_CHECK_SECONDS: 10, LOADLINE_SCRIPT_CHECK_WORKERS: 2 });
    const hog = 'const hog = [];\nfor (let i = 0; i < 700; i++) hog.push(new Uint8Array(1024 * 1024).fill(1));\nexport default function () {}\n';
    expect(await inspect(k6, hog, workRoot, check)).toEqual({
      ok: false,
      message: expect.stringContaining(`k6 ran out of memory: it may use ${check.memoryMb} MiB to check a script (LOADLINE_SCRIPT_CHECK_MEMORY_MB`),
    });
    // Init code that never ends is stopped at the check's time ceiling, and the user told why.
    const started = Date.now();
    expect(await inspect(k6, 'while (true) {}\nexport default function () {}\n', workRoot, check, 2)).toEqual({
      ok: false,
      message: 'k6 took longer than 2 s to load the script (LOADLINE_SCRIPT_CHECK_SECONDS on the runner): init code must not loop or wait',
    });
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('holds a check to its memory ceiling in the container sandbox too (the chart), where k6 starts without bwrap', async () => {
    const container = checkSandboxConfig(
      parseRunnerEnv({ REDIS_URL: 'redis://127.0.0.1:6379', LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY, LOADLINE_SANDBOX: 'container' }),
    );
    expect(container).toMatchObject({ mode: 'container', memoryMb: Math.min(512, env.LOADLINE_K6_MEMORY_MB) });
    const hog = 'const hog = [];\nfor (let i = 0; i < 700; i++) hog.push(new Uint8Array(1024 * 1024).fill(1));\nexport default function () {}\n';
    expect(await inspect(k6, hog, workRoot, container)).toEqual({ ok: false, message: expect.stringContaining('it may use 512 MiB to check a script') });
    expect(await inspect(k6, "export const options = { vus: 2, duration: '5s' };\nexport default function () {}\n", workRoot, container)).toMatchObject({
      ok: true,
      maxVUs: 2,
    });
  });
});
