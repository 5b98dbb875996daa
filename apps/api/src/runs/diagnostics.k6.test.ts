import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { startLoopbackServer, type LoopbackResponse, type LoopbackServer } from '@loadline/shared/testing';
import type { ApiClient } from '../test/api-client.js';
import type http from 'node:http';

/**
 * Each validity diagnostic on a real run (real k6) against a loopback server built to cause
 * it, and what it does to the verdict.
 */
describe('validity diagnostics on real runs', () => {
  let stack: TestStack;
  let client: ApiClient;
  const servers: LoopbackServer[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'diag' });
    client = (await stack.api.signup('diag')).client;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await stack?.close();
  });

  async function runAgainst(respond: (req: http.IncomingMessage) => LoopbackResponse, plan: Record<string, unknown>): Promise<RunView> {
    const server = await startLoopbackServer(respond);
    servers.push(server);
    const target = await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url });
    const created = await client.post<PlanView>('/plans', {
      name: 'diagnostic',
      targetId: target.body.id,
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 1000 },
        { metric: 'error_rate', op: '<', value: 0.01 },
      ],
      ...plan,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await client.post<{ run: RunView }>(`/plans/${created.body.id}/runs`);
    return client.waitForRun(started.body.run.id, 90_000);
  }

  const codes = (run: RunView) => run.diagnostics.map((diagnostic) => `${diagnostic.code}:${diagnostic.severity}`);

  it('flags a rate-limited target: throughput was not measured', async () => {
    let n = 0;
    const run = await runAgainst(() => ({ status: n++ % 2 ? 429 : 200, delayMs: 1 }), {
      load: { executor: 'constant-vus', vus: 4, duration: '2s' },
    });
    expect(codes(run)).toContain('RATE_LIMITED:critical');
    const limited = run.diagnostics.find((diagnostic) => diagnostic.code === 'RATE_LIMITED')!;
    expect(Number(limited.evidence.share)).toBeCloseTo(0.5, 1);
    // Latency is in doubt; the 429s are still real errors, so the error-rate requirement fails.
    expect(run.thresholds.map((result) => result.verdict)).toEqual(['INCONCLUSIVE', 'FAIL']);
    expect(run.status).toBe('FAILED');
  });

  it('flags a run that only measured 401s as a misconfiguration, INCONCLUSIVE', async () => {
    const run = await runAgainst(() => ({ status: 401, delayMs: 0 }), { load: { executor: 'constant-vus', vus: 2, duration: '2s' } });
    expect(codes(run)).toEqual(['CONFIGURATION_ERRORS:critical']);
    expect(run.diagnostics[0]!.evidence).toMatchObject({ status401: run.summary!.overall.count, share: 1 });
    expect(run.status).toBe('INCONCLUSIVE');
    expect(run.verdict).toBe('INCONCLUSIVE');
  });

  it('flags dropped iterations when a slow target exhausts a small VU pool', async () => {
    const run = await runAgainst(() => ({ status: 200, delayMs: 200 }), {
      load: { executor: 'constant-arrival-rate', rate: 40, timeUnit: '1s', duration: '3s', preAllocatedVUs: 2, maxVUs: 2 },
      thresholds: [{ metric: 'rps', op: '>=', value: 30 }],
    });
    expect(codes(run)).toContain('DROPPED_ITERATIONS:critical');
    const dropped = run.diagnostics.find((diagnostic) => diagnostic.code === 'DROPPED_ITERATIONS')!;
    expect(Number(dropped.evidence.dropped)).toBeGreaterThan(60);
    expect(run.summary!.droppedIterations).toBe(Number(dropped.evidence.dropped));
    expect(run.thresholds[0]!.verdict).toBe('INCONCLUSIVE');
  });

  it('flags connection errors when most requests get no response', async () => {
    let n = 0;
    // Reset 3 of 4 connections before answering: no response at all, as k6 sees it.
    const run = await runAgainst(
      (req) => {
        if (n++ % 4 !== 0) req.socket.destroy();
        return { status: 200, delayMs: 0 };
      },
      { load: { executor: 'constant-vus', vus: 2, duration: '2s' } },
    );
    expect(codes(run)).toContain('CONNECTION_ERRORS:critical');
    expect(run.summary!.overall.statusCounts['0']).toBeGreaterThan(run.summary!.overall.count / 2);
  });

  it('refuses to judge a p99 from a few dozen requests', async () => {
    const run = await runAgainst(() => ({ status: 200, delayMs: 50 }), {
      load: { executor: 'constant-vus', vus: 1, duration: '2s' },
      thresholds: [
        { metric: 'latency', stat: 'p99', op: '<', value: 1000 },
        { metric: 'latency', stat: 'max', op: '<', value: 1000 },
      ],
    });
    expect(run.summary!.overall.count).toBeLessThan(100);
    expect(codes(run)).toEqual(['TOO_FEW_SAMPLES:critical']);
    expect(run.diagnostics[0]!.evidence).toMatchObject({ needed: 1000 });
    expect(run.thresholds.map((result) => result.verdict)).toEqual(['INCONCLUSIVE', 'PASS']);
    expect(run.status).toBe('INCONCLUSIVE');
  });
});
