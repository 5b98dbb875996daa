import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { refusedLoopbackUrl, startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, runCli, startStack, type Stack } from './test/stack.js';

/**
 * The built CLI (`node packages/cli/dist/main.js`) against the real API, a real runner and
 * real k6, loading a loopback server this test starts.
 */

let stack: Stack;
let target: LoopbackServer;
let owner: Api;
let dir: string;
let memberEnv: Record<string, string>;
let viewerEnv: Record<string, string>;
const targetIds: Record<string, string> = {};

// Two VUs pausing 5 ms between requests: enough samples for a p95 (200) in 2 s, far from
// saturating the load generator (a busy generator makes a run INCONCLUSIVE, rightly).
const short = { executor: 'constant-vus', vus: 2, duration: '2s' };
const requests = [{ name: 'GetItem', path: '/items/1', thinkTime: { min: '5ms', max: '5ms' } }];

const cli = (args: string[], env = memberEnv) => runCli(args, { cwd: dir, env });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loadline-cli-it-'));
  stack = await startStack('cli');
  target = await startLoopbackServer(() => ({ status: 200, delayMs: 0, body: '{"id":1}' }));
  owner = await Api.signup(stack.baseUrl);
  // Four runs are started at once below; the runner takes them one after the other.
  await owner.call('PATCH', '/organization/quotas', { maxConcurrentRuns: 10 }, 200);
  const key = async (role: string) => (await owner.call<{ secret: string }>('POST', '/api-keys', { name: `ci ${role}`, role }, 201)).secret;
  memberEnv = { LOADLINE_URL: stack.baseUrl, LOADLINE_API_KEY: await key('MEMBER') };
  viewerEnv = { LOADLINE_URL: stack.baseUrl, LOADLINE_API_KEY: await key('VIEWER') };
  expect(memberEnv.LOADLINE_API_KEY).toMatch(/^llk_/);
  for (const [name, baseUrl] of [
    ['loopback', target.url],
    ['nothing listens', await refusedLoopbackUrl()],
  ]) {
    targetIds[name!] = (await owner.call<{ id: string }>('POST', '/targets', { name, baseUrl }, 201)).id;
  }
  const plan = (name: string, targetName: string, spec: object) => owner.call('POST', '/plans', { name, targetId: targetIds[targetName], ...spec }, 201);
  await plan('passes', 'loopback', {
    load: short,
    requests,
    thresholds: [
      { metric: 'latency', stat: 'p95', request: 'GetItem', op: '<', value: 10_000 },
      { metric: 'error_rate', op: '<', value: 0.5 },
    ],
  });
  await plan('fails', 'loopback', { load: short, requests, thresholds: [{ metric: 'latency', stat: 'p50', op: '<', value: 0.001 }] });
  // 20 requests cannot support a p99 (it needs 1,000): TOO_FEW_SAMPLES makes it INCONCLUSIVE.
  await plan('too few', 'loopback', {
    load: { executor: 'shared-iterations', vus: 1, iterations: 20, maxDuration: '10s' },
    requests,
    thresholds: [{ metric: 'latency', stat: 'p99', op: '<', value: 10_000 }],
  });
  await plan('refused', 'nothing listens', { load: short, requests, thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 10_000 }] });
  // More VUs than an unverified target may take (10 by default).
  await plan('too big', 'loopback', { load: { executor: 'constant-vus', vus: 50, duration: '2s' }, requests });
}, 120_000);

afterAll(async () => {
  await target?.close();
  await stack?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('loadline run --wait against the real platform', () => {
  it('exits 0 on PASSED, 1 on FAILED, 2 on INCONCLUSIVE and ERRORED, with the report, JUnit and JSON', async () => {
    const names = ['passes', 'fails', 'too few', 'refused'];
    const results = await Promise.all(
      names.map((name, index) => cli(['run', name, '--wait', '--timeout', '90s', '--junit', `reports/${index}.xml`, '--json', `reports/${index}.json`])),
    );
    const [passed, failed, inconclusive, errored] = results;
    const explain = (result: (typeof results)[number]) => `exit ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;

    expect(passed!.code, explain(passed!)).toBe(0);
    expect(passed!.stdout).toMatch(/^Loadline run \S+: passes v1\nverdict: PASS\n/);
    expect(passed!.stdout).toMatch(
      /REQUEST\s+COUNT\s+RPS\s+P50\s+P95\s+P99\s+ERRORS\nGetItem\s+[\d,]+\s+[\d,.]+\s+[\d.]+ ms\s+[\d.]+ ms\s+[\d.]+ ms\s+0\.00 %/,
    );
    expect(passed!.stdout).toMatch(/p95 of GetItem < 10,000 ms\s+PASS\s+p95 .* ms against < 10,000 ms: .*headroom/);
    expect(passed!.stdout).toMatch(/error rate < 50 %\s+PASS/);
    expect(passed!.stdout).toMatch(new RegExp(`report: ${stack.baseUrl}/runs/\\S+\\n`));
    // Then how it compares with the plan's baseline: its first run, so none yet.
    expect(passed!.stdout).toMatch(/\nBaseline: No earlier run of this load passed: there is no baseline to compare with\n$/);
    // Progress went to stderr, not into the report.
    expect(passed!.stderr).toMatch(/Started run \S+ of "passes" v1: http/);
    expect(passed!.stderr).toMatch(/\nPASSED after \d+s\n/);
    expect(passed!.stderr).toContain('wrote reports/0.xml\nwrote reports/0.json\n');

    expect(failed!.code, explain(failed!)).toBe(1);
    expect(failed!.stdout).toMatch(/verdict: FAIL\n/);
    expect(failed!.stdout).toMatch(/p50 < 0\.001 ms\s+FAIL\s+p50 .* against < 0\.001 ms: over by/);

    expect(inconclusive!.code, explain(inconclusive!)).toBe(2);
    expect(inconclusive!.stdout).toMatch(/verdict: INCONCLUSIVE\n/);
    expect(inconclusive!.stdout).toMatch(/GetItem\s+20\s/);
    expect(inconclusive!.stdout).toMatch(/DIAGNOSTICS\ncritical\s+TOO_FEW_SAMPLES: A p99 of the run from 20 requests is not meaningful/);

    expect(errored!.code, explain(errored!)).toBe(2);
    expect(errored!.stdout).toMatch(/verdict: ERRORED( \(partial data\))?\n/);
    expect(errored!.stdout).toMatch(/\nerror: {3}TARGET_UNREACHABLE: .*connection refused\n/);
    expect(errored!.stdout).toMatch(/critical\s+CONNECTION_ERRORS: 100 % of requests got no response/);

    // The files: the finished runs (as the API exports them) with their baseline comparisons.
    const junit = await Promise.all(names.map((_, index) => readFile(path.join(dir, `reports/${index}.xml`), 'utf8')));
    const json = await Promise.all(names.map(async (_, index) => JSON.parse(await readFile(path.join(dir, `reports/${index}.json`), 'utf8'))));
    expect(json.map((run) => run.status)).toEqual(['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED']);
    expect(json.map((run) => run.planName)).toEqual(names);
    expect(json.map((run) => run.baseline?.baseline)).toEqual([null, null, null, null]);
    expect(junit[0]).toMatch(/^<\?xml/);
    expect(junit[0]).toMatch(/<testsuite name="passes v1" tests="2" failures="0" errors="0"/);
    expect(junit[1]).toMatch(/<testsuite name="fails v1" tests="1" failures="1" errors="0"/);
    expect(junit[2]).toMatch(/<testsuite name="too few v1" tests="1" failures="0" errors="1"/);
    expect(junit[3]).toMatch(/errors="[1-9]/);
    expect(target.total()).toBeGreaterThan(20);
  }, 100_000);

  it('without --wait prints the run id and URL (the same run for the same idempotency key); --timeout gives up with 2 and leaves the run going', async () => {
    const started = await cli(['run', 'passes', '--idempotency-key', 'ci-build-7']);
    expect(started.code, started.stderr).toBe(0);
    const [runId, url] = started.stdout.trimEnd().split('\n');
    expect(url).toBe(`${stack.baseUrl}/runs/${runId}`);
    const member = new Api(stack.baseUrl, memberEnv.LOADLINE_API_KEY);
    expect((await member.call('GET', `/runs/${runId}`, undefined, 200)).trigger).toBe('API');
    // A retried CI step with the same key gets the same run, not a second one.
    const retried = await cli(['run', 'passes', '--idempotency-key', 'ci-build-7']);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout.split('\n')[0]).toBe(runId);

    const timedOut = await cli(['run', 'passes', '--wait', '--timeout', '1s', '--junit', 'never.xml']);
    expect(timedOut.code, timedOut.stderr).toBe(2);
    expect(timedOut.stderr).toMatch(/Timed out after 1s: run \S+ is still (QUEUED|STARTING|RUNNING)\. It goes on/);
    await expect(readFile(path.join(dir, 'never.xml'))).rejects.toThrow();
    const timedOutId = /Started run (\S+) of/.exec(timedOut.stderr)![1]!;
    for (const id of [runId, timedOutId]) await member.call('POST', `/runs/${id}/cancel`);
  }, 30_000);

  it("exits 3 with the API's explanation when nothing could be started", async () => {
    const viewer = await cli(['run', 'passes', '--wait'], viewerEnv);
    expect(viewer.code).toBe(3);
    expect(viewer.stderr).toBe(
      'loadline: Permission denied: This needs the MEMBER role or higher (runs:start); you are VIEWER (403 FORBIDDEN). Use an API key with that role.\n',
    );

    const unverified = await cli(['run', 'too big', '--wait']);
    expect(unverified.code).toBe(3);
    expect(unverified.stderr).toMatch(
      /^loadline: The target 127\.0\.0\.1:\d+ is not verified, so runs against it are limited to 10 VUs for 60 s; this plan asks for 50 VUs .*\(422 TARGET_UNVERIFIED\)\n {2}peakVus: 50 > 10 VUs allowed before verification\n$/,
    );

    const unknown = await cli(['run', 'Passes']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toBe('loadline: No plan with the id or name "Passes". Did you mean "passes"? Names are matched exactly.\n');

    const badKey = await cli(['plans'], { ...memberEnv, LOADLINE_API_KEY: 'llk_notakey' });
    expect(badKey.code).toBe(3);
    expect(badKey.stderr).toMatch(/^loadline: The API did not accept LOADLINE_API_KEY: .*\(401 \w+\)/);

    const unreachable = await cli(['plans'], { ...memberEnv, LOADLINE_URL: await refusedLoopbackUrl() });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/^loadline: Cannot reach the Loadline API at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)/);
  }, 30_000);

  it('lists plans with their latest verdict and runs of a plan', async () => {
    const plans = await cli(['plans', '--json']);
    expect(plans.code, plans.stderr).toBe(0);
    const byName = Object.fromEntries(
      (JSON.parse(plans.stdout) as { name: string; latest: { verdict: string | null; status: string } | null }[]).map((plan) => [plan.name, plan]),
    );
    expect(byName['fails']!.latest!.verdict).toBe('FAIL');
    expect(byName['too few']!.latest!.verdict).toBe('INCONCLUSIVE');
    expect(byName['refused']!.latest!.status).toBe('ERRORED');
    expect(byName['too big']!.latest).toBeNull();

    const table = await cli(['plans']);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+VERSION\s+LATEST\s+WHEN\n/);
    expect(table.stdout).toMatch(/\sfails\s+v1\s+FAIL\s+\d{4}-\d\d-\d\d \d\d:\d\dZ\n/);

    const runs = await cli(['runs', '--plan', 'fails', '--json']);
    expect(runs.code, runs.stderr).toBe(0);
    expect((JSON.parse(runs.stdout) as { planName: string; status: string }[]).map((run) => [run.planName, run.status])).toEqual([['fails', 'FAILED']]);
    const limited = await cli(['runs', '--limit', '2']);
    expect(limited.stdout.trimEnd().split('\n')).toHaveLength(3);
  }, 30_000);
});

describe('plans as code: apply and export', () => {
  it('creates, says unchanged, makes a new version only for a change, and export round-trips', async () => {
    const file = path.join(dir, 'checkout.json');
    const spec = {
      name: 'checkout as code',
      target: 'loopback',
      load: { executor: 'constant-vus', vus: 2, duration: '30s' },
      requests: [{ name: 'Checkout', method: 'POST', path: '/checkout', body: { type: 'json', json: { sku: 'A1' } } }],
      thresholds: [{ metric: 'latency', stat: 'p95', request: 'Checkout', op: '<', value: 250 }],
    };
    await writeFile(file, JSON.stringify(spec, null, 2));

    const created = await cli(['apply', 'checkout.json']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^created plan "checkout as code" \((\S+)\) v1 on target "loopback"\n$/);
    const planId = /\((\S+)\)/.exec(created.stdout)![1]!;

    const again = await cli(['apply', 'checkout.json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`plan "checkout as code" (${planId}) unchanged at v1\n`);

    await writeFile(file, JSON.stringify({ ...spec, load: { ...spec.load, vus: 3 }, target: 'nothing listens' }, null, 2));
    const dry = await cli(['apply', 'checkout.json', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      `would update plan "checkout as code" (${planId}) from v1 to v2, 2 changes (dry run: nothing changed):\n  ~ target: "loopback" -> "nothing listens"\n  ~ scenarios.0.load.vus: 2 -> 3\n`,
    );
    expect((await owner.call('GET', `/plans/${planId}`, undefined, 200)).version).toBe(1);

    const updated = await cli(['apply', 'checkout.json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toMatch(/^updated plan "checkout as code" \(\S+\) to v2, 2 changes:\n/);
    const saved = await owner.call('GET', `/plans/${planId}`, undefined, 200);
    expect(saved).toMatchObject({ version: 2, targetId: targetIds['nothing listens'] });
    expect(saved.spec.scenarios[0].load.vus).toBe(3);
    expect((await cli(['apply', 'checkout.json'])).stdout).toBe(`plan "checkout as code" (${planId}) unchanged at v2\n`);

    // export -> apply is unchanged, and the file names the target, not its id.
    const exported = await cli(['export', 'checkout as code', '-o', 'exported/checkout.json']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toBe('wrote exported/checkout.json: plan "checkout as code" v2 on target "nothing listens"\n');
    const text = await readFile(path.join(dir, 'exported/checkout.json'), 'utf8');
    const document = JSON.parse(text);
    expect(Object.keys(document).slice(0, 2)).toEqual(['name', 'target']);
    expect(document.target).toBe('nothing listens');
    expect(text).not.toContain(targetIds['nothing listens']!);
    expect((await cli(['apply', 'exported/checkout.json'])).stdout).toBe(`plan "checkout as code" (${planId}) unchanged at v2\n`);
    // The same file on stdout.
    expect((await cli(['export', planId])).stdout).toBe(text);
    // In YAML: exported by the file's name, applied back unchanged.
    expect((await cli(['export', 'checkout as code', '-o', 'exported/checkout.yaml'])).code).toBe(0);
    expect(await readFile(path.join(dir, 'exported/checkout.yaml'), 'utf8')).toMatch(/^name: checkout as code\ntarget: nothing listens\n/);
    expect((await cli(['apply', 'exported/checkout.yaml'])).stdout).toBe(`plan "checkout as code" (${planId}) unchanged at v2\n`);

    // An exported plan applied under a new name is a new plan with the same spec.
    await writeFile(path.join(dir, 'copy.json'), JSON.stringify({ ...document, name: 'checkout copy' }));
    expect((await cli(['apply', 'copy.json'])).stdout).toMatch(/^created plan "checkout copy" \(\S+\) v1 on target "nothing listens"\n$/);
    expect((await cli(['apply', 'copy.json'])).stdout).toMatch(/unchanged at v1\n$/);

    await writeFile(file, JSON.stringify({ ...spec, target: 'prod' }));
    const missingTarget = await cli(['apply', 'checkout.json']);
    expect(missingTarget.code).toBe(3);
    expect(missingTarget.stderr).toMatch(
      /^loadline: checkout\.json: no target named "prod"\. Targets: ("loopback", "nothing listens"|"nothing listens", "loopback")\.\n$/,
    );
  }, 60_000);
});

describe('loadline run --target (environments)', () => {
  it('runs the plan against another target of the organization, named or by id, and refuses an unknown one', async () => {
    // Another environment: a second server at another loopback address.
    const staging = await startLoopbackServer(() => ({ status: 200, delayMs: 0, body: '{"id":1}' }), '127.0.0.2');
    try {
      const created = await owner.call<{ id: string; baseUrl: string }>('POST', '/targets', { name: 'staging', baseUrl: staging.url }, 201);
      const stagingId = created.id;
      const ownBefore = target.total();
      const byName = await cli(['run', 'passes', '--wait', '--timeout', '90s', '--target', 'staging', '--json', 'staging.json']);
      expect(byName.code, byName.stderr).toBe(0);
      expect(byName.stderr).toMatch(/Started run \S+ of "passes" v1 against staging: http/);
      const run = JSON.parse(await readFile(path.join(dir, 'staging.json'), 'utf8'));
      expect(run).toMatchObject({ status: 'PASSED', targetId: stagingId, manifest: { target: { id: stagingId, baseUrl: created.baseUrl } } });
      // Every request of the run reached the staging server; none the plan's own.
      expect(staging.total()).toBe(run.summary.overall.count);
      expect(target.total()).toBe(ownBefore);

      const byId = await cli(['run', 'passes', '--target', stagingId]);
      expect(byId.code, byId.stderr).toBe(0);
      const runId = byId.stdout.split('\n')[0]!;
      expect((await owner.call('GET', `/runs/${runId}`, undefined, 200)).targetId).toBe(stagingId);
      await owner.call('POST', `/runs/${runId}/cancel`);

      const unknown = await cli(['run', 'passes', '--target', 'Staging']);
      expect(unknown.code).toBe(3);
      expect(unknown.stderr).toMatch(/^loadline: --target: no target named "Staging"\. Targets: .*"staging"/);
    } finally {
      await staging.close();
    }
  }, 60_000);
});
