import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';

const WORKERS = 4;
const SERVICE_MS = 10;

/**
 * A target with 4 workers that each take 10 ms per request: up to 4 VUs a request waits for
 * nobody (~10 ms); beyond that requests queue and latency grows with the load. A ramp from 1
 * to 16 VUs must find the knee.
 */
describe('capacity of a ramping run', () => {
  let stack: TestStack;
  let server: LoopbackServer;

  beforeAll(async () => {
    stack = await startStack({ label: 'capacity' });
    const freeAt = Array.from({ length: WORKERS }, () => 0);
    server = await startLoopbackServer(() => {
      const now = performance.now();
      const worker = freeAt.indexOf(Math.min(...freeAt));
      const start = Math.max(now, freeAt[worker]!);
      freeAt[worker] = start + SERVICE_MS;
      return { status: 200, delayMs: freeAt[worker]! - now };
    });
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  it('states the load up to which p95 held and where it degraded', async () => {
    const { client } = await stack.api.signup('capacity');
    const target = await client.post<TargetView>('/targets', { name: 'queueing', baseUrl: server.url });
    const plan = await client.post<PlanView>('/plans', {
      name: 'ramp',
      targetId: target.body.id,
      load: { executor: 'ramping-vus', startVUs: 1, stages: [{ duration: '10s', target: 16 }], gracefulRampDown: '0s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 30 }],
    });
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    const run = await client.waitForRun(started.body.run.id, 90_000);

    expect(run.capacity, JSON.stringify(run)).not.toBeNull();
    const capacity = run.capacity!;
    expect(capacity.criterion).toBe('p95 < 30 ms');
    // With 4 workers at 10 ms, p95 passes 30 ms once about 12 requests are in flight.
    expect(capacity.heldUpTo!.vus).toBeGreaterThanOrEqual(4);
    expect(capacity.heldUpTo!.vus).toBeLessThan(14);
    expect(capacity.brokeAt!.vus).toBeGreaterThan(capacity.heldUpTo!.vus);
    expect(capacity.statement).toMatch(/^Holds p95 < 30 ms up to \d+ VUs \/ [\d,]+ RPS; degrades beyond \(p95 [\d.]+ ms at \d+ VUs/);
  });
});
