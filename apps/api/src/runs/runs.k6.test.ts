import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { refusedLoopbackUrl, startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import type { ApiClient } from '../test/api-client.js';
import { execFileSync } from 'node:child_process';
import { DEFAULT_K6_BIN } from '@loadline/runner';

const DELAY_MS = 25;
/** The k6 the test stack's runner uses (apps/runner's default). */
const K6_BIN = DEFAULT_K6_BIN;

describe('a plan run end to end (real PostgreSQL, Redis and k6)', () => {
  let stack: TestStack;
  let server: LoopbackServer;
  let owner: ApiClient;

  beforeAll(async () => {
    stack = await startStack({ label: 'runs' });
    server = await startLoopbackServer((req) => (req.url?.startsWith('/missing') ? { status: 404, delayMs: 0 } : { status: 200, delayMs: DELAY_MS }));
    owner = (await stack.api.signup('runs')).client;
  });

  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  async function createPlan(baseUrl: string, body: Record<string, unknown>): Promise<PlanView> {
    const target = await owner.post<TargetView>('/targets', { name: 'loopback', baseUrl });
    expect(target.status).toBe(201);
    const plan = await owner.post<PlanView>('/plans', { name: 'e2e plan', targetId: target.body.id, ...body });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    return plan.body;
  }

  it('counts the live runner in health (which one is for the operator: health.integration.test.ts)', async () => {
    const health = await stack.api.get('/health');
    expect(health.body.runners).toEqual({ live: 1 });
  });

  it('counts every request the server saw, per request name, with latencies matching the injected delay', async () => {
    const plan = await createPlan(server.url, {
      load: { executor: 'constant-vus', vus: 4, duration: '3s' },
      requests: [
        { name: 'GetItem', method: 'GET', path: '/items/1', weight: 3 },
        { name: 'Search', method: 'POST', path: '/search', body: '{"q":"x"}', headers: { 'content-type': 'application/json' } },
        { name: 'Missing', method: 'GET', path: '/missing', expect: { status: [404] } },
      ],
      thresholds: [
        { metric: 'latency', stat: 'p95', request: 'GetItem', op: '<', value: 1000 },
        { metric: 'error_rate', op: '<', value: 0.01 },
        // The server waits 25 ms, so this one must fail.
        { metric: 'latency', stat: 'p50', request: 'Search', op: '<', value: 5 },
      ],
    });

    const started = await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`);
    expect(started.status).toBe(202);
    expect(started.body.run.status).toBe('QUEUED');

    const statuses = new Set<string>();
    const run = await owner.waitForRun(started.body.run.id, 90_000, statuses);
    expect(run.error).toBeNull();
    expect(run.status).toBe('FAILED');
    expect(run.verdict).toBe('FAIL');
    expect(statuses.has('RUNNING') || statuses.has('FINISHING')).toBe(true);

    const summary = run.summary!;
    const byName = Object.fromEntries(summary.requests.map((request) => [request.name, request]));
    expect(byName.GetItem!.count).toBe(server.counts.get('GET /items/1'));
    expect(byName.Search!.count).toBe(server.counts.get('POST /search'));
    expect(byName.Missing!.count).toBe(server.counts.get('GET /missing'));
    expect(summary.overall.count).toBe(server.total());
    // Weights 3:1:1 are honoured exactly by the rotation, up to the last partial turn per VU.
    expect(Math.abs(byName.GetItem!.count - 3 * byName.Search!.count)).toBeLessThanOrEqual(12);

    // An expected 404 is not an error; nothing else failed.
    expect(byName.Missing!.errors).toBe(0);
    expect(byName.Missing!.statusCounts).toEqual({ '404': byName.Missing!.count });
    expect(summary.overall.errors).toBe(0);

    for (const name of ['GetItem', 'Search'] as const) {
      const latency = byName[name]!.latency!;
      // Node timers may fire up to 1 ms early.
      expect(latency.min).toBeGreaterThanOrEqual(DELAY_MS - 1);
      expect(latency.p50).toBeGreaterThanOrEqual(DELAY_MS * 0.99);
      expect(latency.p50).toBeLessThan(DELAY_MS * 3);
      expect(latency.p50).toBeLessThanOrEqual(latency.p90);
      expect(latency.p90).toBeLessThanOrEqual(latency.p95);
      expect(latency.p95).toBeLessThanOrEqual(latency.p99);
      expect(latency.p99).toBeLessThanOrEqual(latency.max);
    }
    expect(byName.Missing!.latency!.p50).toBeLessThan(DELAY_MS);
    expect(summary.overall.rps).toBeGreaterThan(0);

    expect(run.thresholds.map((result) => result.verdict)).toEqual(['PASS', 'PASS', 'FAIL']);
    expect(run.thresholds[2]!.measured).toBeGreaterThanOrEqual(DELAY_MS * 0.99);
    expect(run.thresholds[2]!.explanation).toMatch(/^p50 .* ms against < 5 ms: over by/);
    expect(run.thresholds[0]!.explanation).toMatch(/headroom/);

    // The manifest names the build that generated the load: the runner's k6, as the binary says.
    const k6Version = /k6 (v[\d.]+)/.exec(execFileSync(K6_BIN, ['version'], { encoding: 'utf8' }))![1];
    expect(run.manifest!.runners).toEqual([{ segment: 0, k6: k6Version, loadline: expect.stringMatching(/^\d+\.\d+\.\d+/), image: null }]);
  });

  it('ends ERRORED with k6’s own message when the target refuses connections', async () => {
    const plan = await createPlan(await refusedLoopbackUrl(), {
      load: { executor: 'constant-vus', vus: 1, duration: '1s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'error_rate', op: '<', value: 0.01 }],
    });
    const started = await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`);
    const run = await owner.waitForRun(started.body.run.id);
    expect(run.status).toBe('ERRORED');
    expect(run.error?.code).toBe('TARGET_UNREACHABLE');
    expect(run.error?.message).toMatch(/connection refused/);
  });

  it('refuses, before queueing, a load profile k6 would reject', async () => {
    const target = await owner.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url });
    const response = await owner.post('/plans', {
      name: 'zero',
      targetId: target.body.id,
      load: { executor: 'ramping-vus', startVUs: 0, stages: [{ duration: '1s', target: 0 }] },
      requests: [{ name: 'Get', path: '/' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([{ path: 'load.stages', message: 'startVUs or at least one stage target must be above 0' }]);
  });
});
