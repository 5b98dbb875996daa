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
  /** Each answer's delay, by path: the server's own truth of each phase's latency. */
  const delays = new Map<string, number[]>();

  beforeAll(async () => {
    stack = await startStack({ label: 'capacity' });
    const freeAt = Array.from({ length: WORKERS }, () => 0);
    server = await startLoopbackServer((req) => {
      const now = performance.now();
      const worker = freeAt.indexOf(Math.min(...freeAt));
      const start = Math.max(now, freeAt[worker]!);
      freeAt[worker] = start + SERVICE_MS;
      const path = req.url?.split('?')[0] ?? '/';
      delays.set(path, [...(delays.get(path) ?? []), freeAt[worker]! - now]);
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

  it('states capacity across the phases of a baseline → normal → peak plan, each judged on its own requests', async () => {
    const { client } = await stack.api.signup('phases');
    const target = await client.post<TargetView>('/targets', { name: 'queueing', baseUrl: server.url });
    // 4 workers: 2 and 4 VUs find one free (about 10 ms); 12 VUs queue (about 30 ms).
    const phases = [
      { name: 'baseline', vus: 2, startTime: '0s' },
      { name: 'normal', vus: 4, startTime: '3s' },
      { name: 'peak', vus: 12, startTime: '6s' },
    ];
    const plan = await client.post<PlanView>('/plans', {
      name: 'phased',
      targetId: target.body.id,
      scenarios: phases.map((phase) => ({
        name: phase.name,
        startTime: phase.startTime,
        load: { executor: 'constant-vus', vus: phase.vus, duration: '3s' },
        requests: [{ name: `Get ${phase.name}`, path: `/${phase.name}` }],
      })),
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 20 }],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const run = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 90_000);
    const capacity = run.capacity!;
    const truth = (path: string) => {
      const sorted = [...(delays.get(path) ?? [])].sort((a, b) => a - b);
      return sorted[Math.floor(0.95 * (sorted.length - 1))]!;
    };
    for (const phase of capacity.phases ?? []) {
      console.log(
        `${phase.name}: server p95 ${truth(`/${phase.name}`).toFixed(1)} ms of ${delays.get(`/${phase.name}`)?.length} requests; Loadline p95 ${phase.latency?.toFixed(1)} ms, ${phase.rps.toFixed(1)} req/s, holds ${phase.holds}`,
      );
    }
    console.log(capacity.statement);
    // The server's own p95 says which phases held 20 ms: the statement must agree with it.
    expect(truth('/normal')).toBeLessThan(20);
    expect(truth('/peak')).toBeGreaterThan(20);
    expect(capacity.phases!.map((phase) => [phase.name, phase.holds])).toEqual([
      ['baseline', true],
      ['normal', true],
      ['peak', false],
    ]);
    expect(capacity.phases!.find((phase) => phase.name === 'peak')!.requests).toBe(delays.get('/peak')!.length);
    expect(capacity.statement).toMatch(
      /^Holds p95 < 20 ms through normal \(4 VUs, [\d.,]+ req\/s\); breaks in peak \(12 VUs, [\d.,]+ req\/s\): p95 [\d.]+ ms\.$/,
    );
  });

  /** A server that turns slow (200 ms) while 6 or more requests are in flight and stays slow `slowFor` ms after. */
  async function spikeServer(slowFor: number) {
    const ends: number[] = [];
    const truth = { lastOverloadAt: 0, fastAgainAt: 0 };
    let overloadedUntil = 0;
    const spiky = await startLoopbackServer(() => {
      const now = Date.now();
      while (ends.length && ends[0]! <= now) ends.shift();
      if (ends.length >= 6) {
        truth.lastOverloadAt = now;
        overloadedUntil = now + slowFor;
      }
      const delayMs = now < overloadedUntil ? 200 : 5;
      if (delayMs === 5 && truth.lastOverloadAt > 0 && truth.fastAgainAt < truth.lastOverloadAt) truth.fastAgainAt = now;
      ends.push(now + delayMs);
      ends.sort((a, b) => a - b);
      return { status: 200, delayMs };
    });
    return { spiky, truth };
  }

  /** 2 VUs, a spike to 12 VUs, back to 2 VUs: as one ramping scenario, or as three phases. */
  async function runSpike(label: string, url: string, shape: 'ramp' | 'phases'): Promise<RunView> {
    const { client } = await stack.api.signup(label);
    const target = await client.post<TargetView>('/targets', { name: 'spiky', baseUrl: url });
    const load =
      shape === 'ramp'
        ? {
            load: {
              executor: 'ramping-vus',
              startVUs: 2,
              stages: [
                { duration: '3s', target: 2 },
                { duration: '1s', target: 12 },
                { duration: '2s', target: 12 },
                { duration: '1s', target: 2 },
                { duration: '5s', target: 2 },
              ],
            },
            requests: [{ name: 'Get', path: '/' }],
          }
        : {
            scenarios: [
              { name: 'baseline', load: { executor: 'constant-vus', vus: 2, duration: '3s' }, requests: [{ name: 'Before', path: '/' }] },
              { name: 'peak', startTime: '3s', load: { executor: 'constant-vus', vus: 12, duration: '3s' }, requests: [{ name: 'Peak', path: '/' }] },
              { name: 'after', startTime: '6s', load: { executor: 'constant-vus', vus: 2, duration: '6s' }, requests: [{ name: 'After', path: '/' }] },
            ],
          };
    const plan = await client.post<PlanView>('/plans', { name: 'spike', targetId: target.body.id, ...load });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    return client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 90_000);
  }

  it('measures recovery after a spike against the time the server stayed slow, on a ramp and on phases, and says when it did not recover', async () => {
    for (const shape of ['ramp', 'phases'] as const) {
      const { spiky, truth } = await spikeServer(2000);
      try {
        const run = await runSpike(`spike-${shape}`, spiky.url, shape);
        const recovery = run.recovery!;
        const serverRecovery = (truth.fastAgainAt - truth.lastOverloadAt) / 1000;
        console.log(`recovery (${shape}): server fast again ${serverRecovery.toFixed(2)} s after its load fell; Loadline: ${recovery.statement}`);
        expect(recovery.recoveredAfter).not.toBeNull();
        // The fall-back is the plan's own moment and recovery is placed within its second: within 1 s of the server's truth.
        expect(Math.abs(recovery.recoveredAfter! - serverRecovery)).toBeLessThanOrEqual(1);
      } finally {
        await spiky.close();
      }
    }
    const stuck = await spikeServer(60_000);
    try {
      const slow = await runSpike('spike-stuck', stuck.spiky.url, 'ramp');
      console.log(`no recovery: ${slow.recovery?.statement}`);
      expect(slow.recovery!.recoveredAfter).toBeNull();
      expect(slow.recovery!.statement).toMatch(/^Did not recover within the run: \d+ s after the load fell back/);
    } finally {
      await stuck.spiky.close();
    }
  });
});
