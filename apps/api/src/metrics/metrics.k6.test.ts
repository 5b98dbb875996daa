import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import { eventually } from '../test/eventually.js';
import { freePort } from '../test/free-port.js';

/** Sum of the samples of `name` whose labels include every one of `labels` (Prometheus text). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

describe('metrics of the platform, after one real run', () => {
  let stack: TestStack;
  let server: LoopbackServer;
  let apiMetrics: string;
  let runnerHttp: string;

  beforeAll(async () => {
    const [metricsPort, runnerPort] = [await freePort(), await freePort()];
    stack = await startStack({
      label: 'metrics',
      env: { LOADLINE_METRICS_PORT: String(metricsPort), LOADLINE_METRICS_HOST: '127.0.0.1' },
      runnerEnv: { LOADLINE_RUNNER_HTTP_PORT: String(runnerPort) },
    });
    apiMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
    runnerHttp = stack.runner!.httpUrl!;
    server = await startLoopbackServer();
  });
  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  it('counts the run, its queue wait, its ingested seconds, its segment and the requests on both /metrics', async () => {
    const { client } = await stack.api.signup('metrics');
    const target = await client.post<TargetView>('/targets', { name: 't', baseUrl: server.url });
    const plan = await client.post<PlanView>('/plans', {
      name: 'p',
      targetId: target.body.id,
      load: { executor: 'constant-vus', vus: 1, duration: '2s' },
      requests: [{ name: 'Get', path: '/m' }],
      thresholds: [{ metric: 'error_rate', op: '<', value: 0.5 }],
    });
    const before = await scrape(apiMetrics);
    const runnerBefore = await scrape(`${runnerHttp}/metrics`);
    const startRoute = { method: 'POST', route: '/api/v1/plans/:id/runs', status: '202' };

    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    expect(started.status).toBe(202);
    const run = await client.waitForRun(started.body.run.id);
    expect(run.status).toBe('PASSED');
    expect(server.total()).toBeGreaterThan(0);
    // run.ended is announced just after the status is stored: wait for the announcement.
    const after = await eventually(
      () => scrape(apiMetrics),
      (text) => sample(text, 'loadline_runs_ended_total', { status: 'PASSED' }) > 0,
    );
    const runner = await scrape(`${runnerHttp}/metrics`);

    // API: the run ended PASSED once; it waited in line once; each stored second was observed.
    expect(sample(before, 'loadline_runs_ended_total', { status: 'PASSED' })).toBe(0);
    expect(sample(after, 'loadline_runs_ended_total', { status: 'PASSED' })).toBe(1);
    expect(sample(after, 'loadline_run_queue_wait_seconds_count') - sample(before, 'loadline_run_queue_wait_seconds_count')).toBe(1);
    const [stored] = await stack.db.query<{ n: string }>('SELECT coalesce(sum("heldSeconds"), 0)::text AS n FROM "RunSecond" WHERE "runId" = $1', [run.id]);
    const secondsStored = Number(stored!.n);
    expect(secondsStored).toBeGreaterThan(0);
    // At least once per stored second (a redelivered second is observed again, stored once).
    expect(sample(after, 'loadline_ingest_lag_seconds_count')).toBeGreaterThanOrEqual(secondsStored);
    expect(sample(after, 'loadline_segments_finished_total', { outcome: 'completed', code: 'none' })).toBe(1);
    expect(sample(after, 'loadline_k6_exits_total', { exit_code: '0' })).toBe(1);
    expect(
      sample(after, 'loadline_http_request_duration_seconds_count', startRoute) - sample(before, 'loadline_http_request_duration_seconds_count', startRoute),
    ).toBe(1);
    // Scrape-time gauges: nothing in flight any more; the one runner is online and idle.
    expect(sample(after, 'loadline_runs', { status: 'RUNNING' })).toBe(0);
    expect(sample(after, 'loadline_runners', { state: 'online' })).toBe(1);
    expect(sample(after, 'loadline_runners', { state: 'busy' })).toBe(0);

    // Runner: one segment completed, k6 exited 0, every second it sent counted, idle again.
    expect(sample(runnerBefore, 'loadline_runner_segments_total', { outcome: 'completed' })).toBe(0);
    expect(sample(runner, 'loadline_runner_segments_total', { outcome: 'completed', code: 'none' })).toBe(1);
    expect(sample(runner, 'loadline_runner_k6_exits_total', { exit_code: '0' })).toBe(1);
    expect(sample(runner, 'loadline_runner_seconds_sent_total')).toBe(secondsStored);
    expect(sample(runner, 'loadline_runner_busy')).toBe(0);
  });

  it('serves /metrics only on its own port, never on the API port', async () => {
    expect((await fetch(`${stack.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/api/v1/metrics`)).status).toBe(404);
  });

  it('answers the runner probes: /livez and /readyz 200 while Redis and k6 are there', async () => {
    const live = await fetch(`${runnerHttp}/livez`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${runnerHttp}/readyz`);
    expect(await ready.text()).toBe('ready\n');
    expect(ready.status).toBe(200);
  });

  it('returns the caller’s X-Request-Id, puts it in error answers, and replaces an unusable one', async () => {
    const { client } = await stack.api.signup('reqid');
    const given = await client.raw('/runs/does-not-exist', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(given.status).toBe(404);
    expect(given.headers.get('x-request-id')).toBe('trace-abc.123');
    expect(((await given.json()) as { error: { requestId: string } }).error.requestId).toBe('trace-abc.123');

    const unusable = await client.raw('/runs/does-not-exist', { headers: { 'x-request-id': 'a b "c"' } });
    const replaced = unusable.headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await unusable.json()) as { error: { requestId: string } }).error.requestId).toBe(replaced);

    const ok = await client.raw('/auth/me');
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
