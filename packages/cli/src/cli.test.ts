import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planSpecSchema, type PlanView, type RunListItem, type RunStatus, type RunView } from '@loadline/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './cli.js';
import type { Io } from './context.js';
import { apiError, startFakeApi, type FakeApi, type FakeRequest, type FakeResponse } from './test/fake-api.js';

/** In-process command lines against a fake API, on a fake clock (sleeping advances it). */
let api: FakeApi | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loadline-cli-'));
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  await rm(dir, { recursive: true, force: true });
});

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[], handle: (request: FakeRequest) => FakeResponse | undefined, env: Record<string, string> = {}): Promise<Result> {
  api = await startFakeApi(handle);
  let stdout = '';
  let stderr = '';
  let clock = Date.parse('2026-11-21T10:00:00Z');
  const io: Io = {
    env: { LOADLINE_URL: `${api.url}/`, LOADLINE_API_KEY: 'llk_test', ...env },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stderrIsTTY: false,
    cwd: dir,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const plan: PlanView = {
  id: 'plan_1',
  name: 'listings baseline',
  targetId: 'target_1',
  version: 2,
  spec: planSpecSchema.parse({ load: { executor: 'constant-vus', vus: 2, duration: '10s' }, requests: [{ name: 'GetListing', path: '/listings/1' }] }),
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function runView(status: RunStatus, overrides: Partial<RunView> = {}): RunView {
  const over = ['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'].includes(status);
  return {
    id: 'run_1',
    planId: plan.id,
    planName: plan.name,
    planVersion: 2,
    targetId: 'target_1',
    status,
    verdict: status === 'PASSED' ? 'PASS' : status === 'FAILED' ? 'FAIL' : status === 'INCONCLUSIVE' ? 'INCONCLUSIVE' : null,
    trigger: 'API',
    segments: 1,
    createdAt: '2026-11-21T10:00:00.000Z',
    startedAt: status === 'QUEUED' ? null : '2026-11-21T10:00:01.000Z',
    finishedAt: over ? '2026-11-21T10:00:12.000Z' : null,
    error: null,
    summary: null,
    thresholds: over
      ? [
          {
            threshold: { metric: 'latency', stat: 'p50', op: '<', value: 5 },
            verdict: status === 'PASSED' ? 'PASS' : 'FAIL',
            measured: 1,
            explanation: 'p50 1 ms against < 5 ms',
          },
        ]
      : [],
    diagnostics: [],
    capacity: null,
    recovery: null,
    partial: false,
    plannedSeconds: 10,
    cancelRequestedAt: null,
    queue: null,
    segmentDetails: [],
    startSpreadMs: null,
    labels: {},
    manifest: null,
    baseline: null,
    ...overrides,
  };
}

/** An API whose run goes through `statuses`, one per GET /runs/:id. */
function runningApi(statuses: RunStatus[], extra: (request: FakeRequest) => FakeResponse | undefined = () => undefined) {
  const left = [...statuses];
  return (request: FakeRequest): FakeResponse | undefined => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.path === '/plans') return { body: { items: [plan] } };
    if (request.method === 'POST' && request.path === '/plans/plan_1/runs') return { status: 202, body: { run: runView('QUEUED') } };
    if (request.method === 'GET' && request.path === '/runs/run_1') return { body: runView(left.length > 1 ? left.shift()! : left[0]!) };
    if (request.method === 'GET' && request.path === '/runs/run_1/series') {
      return {
        body: {
          runId: 'run_1',
          percentileRelativeError: 0.01,
          points: [
            {
              t: 1,
              elapsed: 0,
              vus: 2,
              rps: 50,
              errors: 0,
              errorRate: 0,
              p50: 1,
              p90: 2,
              p95: 3.5,
              p99: 4,
              requests: { GetListing: { count: 50, errors: 0, p50: 1, p90: 2, p95: 3.5, p99: 4 } },
              droppedIterations: 0,
              generatorCpu: null,
            },
          ],
        },
      };
    }
    if (request.method === 'GET' && request.path === '/runs/run_1/baseline') return { body: baselineOf('run_1') };
    if (request.method === 'PUT' && request.path === '/plans/plan_1/baseline') return { body: { message: 'Pinned: the run of 2026-11-20 10:00 UTC' } };
    if (request.method === 'DELETE' && request.path === '/plans/plan_1/baseline') return { body: { message: 'The last passed run of this load' } };
    return undefined;
  };
}

/** The run against a baseline whose p95 was 10 % lower: a regression beyond noise. */
function baselineOf(runId: string) {
  const delta = (metric: string, base: number, head: number, low: number, high: number, change: string) => ({
    metric,
    base,
    head,
    delta: head - base,
    deltaPct: head / base - 1,
    interval: { low, high },
    change,
  });
  return {
    runId,
    baseline: { runId: 'run_0', rule: 'pinned', createdAt: '2026-11-20T10:00:00.000Z' },
    message: 'Against the pinned baseline, of 2026-11-20 10:00 UTC',
    comparison: {
      base: { runId: 'run_0', createdAt: '2026-11-20T10:00:00.000Z', planName: 'listings baseline', planVersion: 2, verdict: 'PASS' },
      head: { runId, createdAt: '2026-11-21T10:00:00.000Z', planName: 'listings baseline', planVersion: 2, verdict: 'PASS' },
      warnings: [],
      overall: [delta('p95', 3.2, 3.5, 0.2, 0.4, 'regression'), delta('p50', 1, 1, -0.05, 0.05, 'unchanged')],
      requests: [],
      customMetrics: [],
      noise: { method: 'moving-block bootstrap over seconds', confidence: 0.95, resamples: 400, seconds: { base: 10, head: 10 } },
    },
  };
}

describe('loadline run', () => {
  it('without --wait prints the run id and its URL, and sends the idempotency key', async () => {
    const result = await cli(['run', 'listings baseline', '--idempotency-key', 'ci-42'], runningApi(['QUEUED']));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`run_1\n${api!.url}/runs/run_1\n`);
    expect(result.stderr).toBe('Started run run_1 of "listings baseline" v2 (QUEUED).\n');
    const start = api!.requests.find((request) => request.method === 'POST')!;
    expect(start.headers['idempotency-key']).toBe('ci-42');
  });

  it('--wait polls every 2 s until the verdict, reports it and writes the files (PASSED: 0)', async () => {
    const result = await cli(
      ['run', 'plan_1', '--wait', '--junit', 'out/junit.xml', '--json', 'run.json'],
      runningApi(['QUEUED', 'RUNNING', 'RUNNING', 'PASSED']),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Loadline run run_1: listings baseline v2\nverdict: PASS\n/);
    expect(result.stdout).toMatch(/p50 < 5 ms\s+PASS\s+p50 1 ms against < 5 ms/);
    expect(result.stdout).toContain(`report: ${api!.url}/runs/run_1`);
    // Progress on stderr: the status changes, with requests and p95 while running.
    expect(result.stderr).toContain('QUEUED     waiting for a runner (0s)');
    expect(result.stderr).toMatch(/RUNNING\s+1s \/ 10s\s+50 requests\s+p95 3\.50 ms \(last second\)/);
    expect(result.stderr).toContain('PASSED after 8s');
    expect(result.stderr).toContain('wrote out/junit.xml\nwrote run.json\n');
    // The files: the run's thresholds, and its key figures against the baseline (a regression fails).
    const junit = await readFile(path.join(dir, 'out/junit.xml'), 'utf8');
    expect(junit).toContain('<testcase classname="listings baseline v2" name="p50 &lt; 5 ms" time="0"></testcase>');
    expect(junit).toContain('<testsuite name="listings baseline v2 against baseline" tests="2" failures="1" errors="0" time="0">');
    const json = JSON.parse(await readFile(path.join(dir, 'run.json'), 'utf8'));
    expect(json).toMatchObject({
      id: 'run_1',
      status: 'PASSED',
      baseline: { baseline: { runId: 'run_0' }, comparison: { overall: [{ metric: 'p95', change: 'regression' }, {}] } },
    });
    // And the report says it.
    expect(result.stdout).toContain('Baseline: Against the pinned baseline, of 2026-11-20 10:00 UTC (run run_0)');
    expect(result.stdout).toContain('✗ p95 latency +9.4 % (95 % CI +6.3 % to +12.5 %): regression');
    expect(result.stdout).toContain('1 regression beyond noise');
    const polls = api!.requests.filter((request) => request.path === '/runs/run_1');
    expect(polls).toHaveLength(4);
  });

  it('--baseline pins a run before starting, or goes back to the last passed one', async () => {
    await cli(['run', 'plan_1', '--baseline', 'run_0'], runningApi(['QUEUED']));
    const pin = api!.requests.find((request) => request.method === 'PUT')!;
    expect(pin).toMatchObject({ path: '/plans/plan_1/baseline' });
    expect(pin.body).toEqual({ runId: 'run_0' });
    expect(api!.requests.findIndex((request) => request.method === 'PUT')).toBeLessThan(api!.requests.findIndex((request) => request.method === 'POST'));
    await api!.close();
    const result = await cli(['run', 'plan_1', '--baseline', 'last-passed'], runningApi(['QUEUED']));
    expect(api!.requests.some((request) => request.method === 'DELETE' && request.path === '/plans/plan_1/baseline')).toBe(true);
    expect(result.stderr).toContain('Baseline: The last passed run of this load');
  });

  it('exits 1 on FAILED and 2 on INCONCLUSIVE, ERRORED and CANCELLED', async () => {
    expect((await cli(['run', 'plan_1', '--wait'], runningApi(['FAILED']))).code).toBe(1);
    await api!.close();
    for (const status of ['INCONCLUSIVE', 'ERRORED', 'CANCELLED'] as const) {
      const result = await cli(['run', 'plan_1', '--wait'], runningApi([status]));
      expect(result.code, status).toBe(2);
      await api!.close();
    }
    api = undefined;
  });

  it('gives up at --timeout with 2, and says the run goes on', async () => {
    const result = await cli(['run', 'plan_1', '--wait', '--timeout', '7s', '--junit', 'j.xml'], runningApi(['RUNNING']));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Timed out after 7s: run run_1 is still RUNNING\. It goes on; see http:\/\/127\.0\.0\.1:\d+\/runs\/run_1/);
    expect(result.stdout).toBe('');
    // 2 + 2 + 2 + 1 s.
    expect(api!.requests.filter((request) => request.path === '/runs/run_1')).toHaveLength(4);
  });

  it('keeps asking through an API restart (503), and stops on a refusal with 2 once the run exists', async () => {
    let polls = 0;
    const flaky = await cli(
      ['run', 'plan_1', '--wait'],
      runningApi(['RUNNING', 'PASSED'], (request) => {
        if (request.path === '/runs/run_1' && ++polls <= 2) return { status: 503, body: apiError('SERVICE_UNAVAILABLE', 'The API is starting') };
        return undefined;
      }),
    );
    expect(flaky.code).toBe(0);
    expect(flaky.stderr).toContain("cannot get the run's status, retrying: The API failed: The API is starting (503 SERVICE_UNAVAILABLE, GET /runs/run_1).");
    expect(flaky.stderr).toContain('the API answers again');
    await api!.close();

    const gone = await cli(
      ['run', 'plan_1', '--wait'],
      runningApi(['RUNNING'], (request) =>
        request.path === '/runs/run_1' ? { status: 401, body: apiError('API_KEY_REVOKED', 'This API key has been revoked') } : undefined,
      ),
    );
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/loadline: The API did not accept LOADLINE_API_KEY: .*\n\(run run_1: http:\/\/127\.0\.0\.1:\d+\/runs\/run_1\)\n$/);
  });

  it('exits 3 when no run was started: unknown plan, refusal, missing configuration', async () => {
    const unknown = await cli(['run', 'Listings Baseline', '--wait'], runningApi(['PASSED']));
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toBe('loadline: No plan with the id or name "Listings Baseline". Did you mean "listings baseline"? Names are matched exactly.\n');
    await api!.close();

    const quota = await cli(
      ['run', 'plan_1', '--wait'],
      runningApi(['PASSED'], (request) =>
        request.method === 'POST' ? { status: 422, body: apiError('QUOTA_EXCEEDED', 'Quota exceeded: maxConcurrentRuns: limit 1, current 1') } : undefined,
      ),
    );
    expect(quota.code).toBe(3);
    expect(quota.stderr).toBe('loadline: Quota exceeded: maxConcurrentRuns: limit 1, current 1 (422 QUOTA_EXCEEDED)\n');
    await api!.close();

    const unconfigured = await cli(['run', 'plan_1'], () => undefined, { LOADLINE_URL: '', LOADLINE_API_KEY: '' });
    expect(unconfigured.code).toBe(3);
    expect(unconfigured.stderr).toMatch(/^loadline: LOADLINE_URL is not set.*\nLOADLINE_API_KEY is not set/);
    expect(api!.requests).toEqual([]);
  });

  it('prints usage errors with a pointer to help, and help itself with 0', async () => {
    const usage = await cli(['run', 'plan_1', '--jnuit', 'x'], () => undefined);
    expect(usage.code).toBe(3);
    expect(usage.stderr).toBe('loadline: Unknown option \'--jnuit\'\nUsage: see "loadline run --help".\n');
    await api!.close();
    const help = await cli(['runs', '--help'], () => undefined, { LOADLINE_URL: '' });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: loadline runs/);
  });
});

describe('loadline plans / runs', () => {
  const dashboard = {
    recentRuns: [],
    plans: [
      {
        id: 'plan_2',
        name: 'checkout',
        version: 7,
        latest: { runId: 'r9', status: 'FAILED', verdict: 'FAIL', createdAt: '2026-11-21T09:00:00.000Z' },
        p95: [3, 4],
      },
      { id: 'plan_1', name: 'listings baseline', version: 2, latest: null, p95: [] },
    ],
  };

  it('lists plans with their latest verdict, as a table or JSON', async () => {
    const table = await cli(['plans'], (request) => (request.path === '/dashboard' ? { body: dashboard } : undefined));
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')).toEqual([
      'ID      NAME               VERSION  LATEST  WHEN',
      'plan_2  checkout                v7  FAIL    2026-11-21 09:00Z',
      'plan_1  listings baseline       v2  -       -',
      '',
    ]);
    await api!.close();
    const json = await cli(['plans', '--json'], (request) => (request.path === '/dashboard' ? { body: dashboard } : undefined));
    expect(JSON.parse(json.stdout)).toEqual(dashboard.plans.map(({ p95: _p95, ...row }) => row));
  });

  it('lists runs of one plan, at most --limit', async () => {
    // GET /runs lists light rows: the run's own fields and the figures it stored when it ended.
    const listed = (status: Parameters<typeof runView>[0], id: string, figures: RunListItem['figures']): RunListItem => {
      const { summary: _summary, thresholds: _t, diagnostics: _d, capacity: _c, recovery: _r, plannedSeconds: _p, ...row } = runView(status, { id });
      return { ...row, figures } as RunListItem;
    };
    const runs = [
      listed('FAILED', 'run_3', null),
      listed('PASSED', 'run_2', { requests: 1200, rps: 20, errorRate: 0, p50: 10, p95: 41.5, p99: 60 }),
      listed('PASSED', 'run_1', null),
    ];
    const result = await cli(['runs', '--plan', 'listings baseline', '--limit', '2'], (request) => {
      if (request.path === '/plans') return { body: { items: [plan] } };
      // The CLI asks for one page of --limit runs.
      if (request.path === '/runs?limit=2&planId=plan_1') return { body: { items: runs.slice(0, 2), next: 'cursor' } };
      return undefined;
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+PLAN\s+STATUS\s+VERDICT\s+CREATED\s+LOAD\s+P95$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(['run_3', 'run_2']);
    expect(lines[1]).toMatch(/^run_3\s+listings baseline v2\s+FAILED\s+FAIL\s+2026-11-21 10:00Z\s+-\s+-$/);
    // 1,200 requests at 20 req/s: a minute of load.
    expect(lines[2]).toMatch(/^run_2\s+listings baseline v2\s+PASSED\s+PASS\s+2026-11-21 10:00Z\s+1m00s\s+41\.5 ms$/);
  });
});

describe('loadline export / apply', () => {
  const targets = {
    items: [
      { id: 'target_1', name: 'demo' },
      { id: 'target_2', name: 'staging' },
    ],
  };

  it('export names the target and leaves out server-set fields', async () => {
    const scripted: PlanView = {
      ...plan,
      spec: planSpecSchema.parse({ script: { source: 'export default function () {}', requirements: { maxVUs: 1, durationSeconds: 1 } } }),
    };
    const result = await cli(['export', 'listings baseline', '-o', 'plans/listings.json'], (request) => {
      if (request.path === '/plans') return { body: { items: [scripted] } };
      if (request.path === '/plans/plan_1') return { body: scripted };
      if (request.path === '/targets') return { body: targets };
      return undefined;
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('wrote plans/listings.json: plan "listings baseline" v2 on target "demo"\n');
    expect(JSON.parse(await readFile(path.join(dir, 'plans/listings.json'), 'utf8'))).toEqual({
      name: 'listings baseline',
      target: 'demo',
      scenarios: [],
      script: { source: 'export default function () {}' },
      thresholds: [],
      segments: 1,
    });
  });

  function planApi(existing: PlanView[]) {
    return (request: FakeRequest): FakeResponse | undefined => {
      if (request.path === '/plans' && request.method === 'GET') return { body: { items: existing } };
      if (request.path === '/targets') return { body: targets };
      if (request.path === '/plans' && request.method === 'POST')
        return { status: 201, body: { ...plan, id: 'plan_new', version: 1, name: (request.body as { name: string }).name } };
      if (request.path === '/plans/plan_1' && request.method === 'PATCH') {
        const body = request.body as Record<string, unknown>;
        return {
          body: {
            ...plan,
            version: plan.version + 1,
            targetId: (body.targetId as string) ?? plan.targetId,
            spec: planSpecSchema.parse({ ...plan.spec, ...body }),
          },
        };
      }
      return undefined;
    };
  }

  const writePlan = async (content: unknown) => writeFile(path.join(dir, 'plan.json'), JSON.stringify(content));
  const asWritten = {
    name: 'listings baseline',
    target: 'demo',
    load: { executor: 'constant-vus', vus: 2, duration: '10s' },
    requests: [{ name: 'GetListing', path: '/listings/1' }],
  };

  it('creates a plan that does not exist, resolving the target by name', async () => {
    await writePlan({ ...asWritten, name: 'new plan' });
    const result = await cli(['apply', 'plan.json'], planApi([plan]));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('created plan "new plan" (plan_new) v1 on target "demo"\n');
    const post = api!.requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ name: 'new plan', targetId: 'target_1', load: asWritten.load, requests: asWritten.requests });
  });

  it('says unchanged when the file matches the current version', async () => {
    await writePlan(asWritten);
    const result = await cli(['apply', 'plan.json'], planApi([plan]));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('plan "listings baseline" (plan_1) unchanged at v2\n');
    expect(api!.requests.some((request) => request.method !== 'GET')).toBe(false);
  });

  it('--dry-run lists the changes and changes nothing; without it, PATCH makes a version', async () => {
    await writePlan({ ...asWritten, target: 'staging', load: { ...asWritten.load, vus: 4 } });
    const dry = await cli(['apply', 'plan.json', '--dry-run'], planApi([plan]));
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(
      'would update plan "listings baseline" (plan_1) from v2 to v3, 2 changes (dry run: nothing changed):\n  ~ target: "demo" -> "staging"\n  ~ scenarios.0.load.vus: 2 -> 4\n',
    );
    expect(api!.requests.some((request) => request.method !== 'GET')).toBe(false);
    await api!.close();

    const applied = await cli(['apply', 'plan.json'], planApi([plan]));
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/^updated plan "listings baseline" \(plan_1\) to v3, 2 changes:\n/);
    const patch = api!.requests.find((request) => request.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ targetId: 'target_2', thresholds: [], segments: 1 });
    expect((patch.body as { scenarios: { load: { vus: number } }[] }).scenarios[0]!.load.vus).toBe(4);
  });

  it('refuses an unknown target, an invalid file and changes PATCH cannot make, with 3', async () => {
    await writePlan({ ...asWritten, target: 'prod' });
    const noTarget = await cli(['apply', 'plan.json'], planApi([plan]));
    expect(noTarget.code).toBe(3);
    expect(noTarget.stderr).toBe('loadline: plan.json: no target named "prod". Targets: "demo", "staging".\n');
    await api!.close();

    await writePlan({ ...asWritten, load: { executor: 'constant-vus', vus: -1, duration: '10s' } });
    const invalid = await cli(['apply', 'plan.json'], planApi([plan]));
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toMatch(/^loadline: plan.json is not a valid plan:\n {2}load\.vus: /);
    await api!.close();

    await writePlan({ name: 'listings baseline', target: 'demo', script: { source: 'export default function () {}' } });
    const script = await cli(['apply', 'plan.json'], planApi([plan]));
    expect(script.code).toBe(3);
    expect(script.stderr).toMatch(/cannot switch a plan to a script/);
    expect(api!.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});

describe('loadline data push', () => {
  const stored = (name: string, secret: boolean) => ({
    id: 'ds_1',
    name,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    versions: 2,
    latest: {
      version: 2,
      format: 'csv',
      columns: [
        { name: 'user', secret: false },
        { name: 'token', secret },
      ],
      rowCount: 2,
      bytes: 30,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  });

  it('uploads the file raw with its content type and secret columns, named after the file or --name', async () => {
    const csv = 'user,token\nalice,t-1\nbob,t-2\n';
    await writeFile(path.join(dir, 'users.csv'), csv);
    const result = await cli(['data', 'push', 'users.csv', '--secret', 'token'], (request) =>
      request.method === 'PUT' ? { body: stored('users', true) } : undefined,
    );
    expect(result).toMatchObject({ code: 0, stdout: 'Uploaded users v2: 2 rows; columns user, token (secret)\n' });
    expect(api!.requests).toHaveLength(1);
    const [request] = api!.requests;
    expect(request).toMatchObject({ method: 'PUT', path: '/data-sets/users?secret=token', body: csv });
    expect(request!.headers['content-type']).toBe('text/csv');

    await writeFile(path.join(dir, 'people-2.json'), '[{"user":"a","token":"b"}]');
    await api!.close();
    const named = await cli(['data', 'push', 'people-2.json', '--name', 'people'], () => ({ body: stored('people', false) }));
    expect(named.code).toBe(0);
    expect(api!.requests[0]).toMatchObject({ path: '/data-sets/people', body: [{ user: 'a', token: 'b' }] });
    expect(api!.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it("reports the API's refusal with its line, and exits 3", async () => {
    await writeFile(path.join(dir, 'users.csv'), 'user,token\nalice\n');
    const result = await cli(['data', 'push', 'users.csv'], () => ({
      status: 422,
      body: apiError('DATA_SET_INVALID', "Line 2 has 1 fields instead of the header's 2", [
        { path: 'line 2', message: "Line 2 has 1 fields instead of the header's 2" },
      ]),
    }));
    expect(result.code).toBe(3);
    expect(result.stderr).toBe("loadline: Line 2 has 1 fields instead of the header's 2 (422 DATA_SET_INVALID)\n");
  });

  it('refuses, before any request, other file types, names that are not identifiers, a missing file', async () => {
    await writeFile(path.join(dir, 'users.txt'), 'user\na\n');
    await writeFile(path.join(dir, 'my users.csv'), 'user\na\n');
    const refused = async (argv: string[]) => {
      const result = await cli(argv, () => ({ status: 500, body: apiError('INTERNAL', 'should not be asked') }));
      expect(result.code, argv.join(' ')).toBe(3);
      expect(api!.requests, argv.join(' ')).toEqual([]);
      await api!.close();
      return result.stderr;
    };
    expect(await refused(['data', 'push', 'users.txt'])).toContain('a data set file is .csv');
    expect(await refused(['data', 'push', 'my users.csv'])).toContain('the file name "my users" is not a data set name');
    expect(await refused(['data', 'push', 'my users.csv', '--name', 'my-users'])).toContain('--name "my-users" is not a data set name');
    expect(await refused(['data', 'push', 'absent.csv'])).toContain('cannot read absent.csv');
    expect(await refused(['data', 'pull', 'users.csv'])).toContain('no data command "pull"');
  });
});
