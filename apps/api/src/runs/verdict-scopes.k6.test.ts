import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackResponse, type LoopbackServer } from '@loadline/shared/testing';
import type http from 'node:http';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * Verdicts judged at their own scope, with real k6 against loopback servers whose answers the
 * test sets: a percentile's confidence interval, and diagnostics that touch only the
 * requirements made of the requests they are about.
 */
describe('verdicts at their own scope', () => {
  let stack: TestStack;
  let client: ApiClient;
  const servers: LoopbackServer[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'verdict-scopes' });
    client = (await stack.api.signup('verdict-scopes')).client;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await stack?.close();
  });

  async function run(
    respond: (req: http.IncomingMessage) => LoopbackResponse,
    plan: Record<string, unknown>,
  ): Promise<{ run: RunView; server: LoopbackServer }> {
    const server = await startLoopbackServer(respond);
    servers.push(server);
    const target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    const created = await client.post<PlanView>('/plans', { name: 'scoped', targetId: target.id, ...plan });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await client.post<{ run: RunView }>(`/plans/${created.body.id}/runs`);
    return { run: await client.waitForRun(started.body.run.id, 90_000), server };
  }

  it('reports each percentile with its 95 % interval and is INCONCLUSIVE when the limit lies inside it', async () => {
    // 9 in 10 requests take 5 ms; every 10th takes 20-194 ms, each of 30 tail delays once.
    // The server's own p95 is the middle of that tail, and 300 requests cannot place it
    // closer than several tail steps.
    const delays: number[] = [];
    const { run: result } = await run(
      () => {
        const k = delays.length;
        const delayMs = k % 10 === 9 ? 20 + (Math.floor(k / 10) % 30) * 6 : 5;
        delays.push(delayMs);
        return { status: 200, delayMs };
      },
      {
        load: { executor: 'constant-arrival-rate', rate: 100, timeUnit: '1s', duration: '3s', preAllocatedVUs: 30 },
        requests: [{ name: 'Mixed', path: '/mixed' }],
        thresholds: [
          { metric: 'latency', stat: 'p95', op: '<', value: 110 },
          { metric: 'latency', stat: 'p95', op: '<', value: 400 },
          { metric: 'latency', stat: 'p95', op: '<', value: 30 },
        ],
      },
    );
    const sorted = [...delays].sort((a, b) => a - b);
    const truth = sorted[Math.floor(0.95 * (sorted.length - 1))]!;
    const interval = result.summary!.requests[0]!.latency!.intervals!.p95;
    console.log(
      `p95: server ${truth} ms from ${delays.length} requests; Loadline ${result.summary!.requests[0]!.latency!.p95.toFixed(1)} ms in ${interval.low.toFixed(1)}-${interval.high.toFixed(1)} ms`,
    );
    expect(result.summary!.overall.count).toBe(delays.length);
    // The interval holds the server's p95 plus what the network and client add, read off the
    // fast requests: Loadline's median against the server's 5 ms.
    const overhead = Math.max(2, result.summary!.requests[0]!.latency!.p50 - sorted[Math.floor(0.5 * (sorted.length - 1))]!);
    expect(interval.low).toBeLessThanOrEqual(truth + overhead);
    expect(interval.high).toBeGreaterThanOrEqual(truth);
    const [inside, above, below] = result.thresholds;
    expect(inside!.verdict).toBe('INCONCLUSIVE');
    expect(inside!.explanation).toMatch(/^p95 in [\d.]+–[\d.]+ ms at 95 % confidence \([\d.]+ ms from [\d,]+ requests\); the limit 110 ms lies inside$/);
    expect(above!.verdict).toBe('PASS');
    expect(below!.verdict).toBe('FAIL');
    expect(result.status).toBe('FAILED');
  });

  it('judges each requirement only by diagnostics about its own requests: a rate-limited endpoint and an undelivered phase spoil no one else', async () => {
    let orders = 0;
    const { run: result, server } = await run(
      (req) => {
        const path = req.url?.split('?')[0];
        if (path === '/order') return { status: orders++ % 4 === 0 ? 201 : 429, delayMs: 1 };
        if (path === '/search') return { status: 200, delayMs: 30 };
        if (path === '/export') return { status: 200, delayMs: 400 };
        return { status: 200, delayMs: 2 };
      },
      {
        scenarios: [
          {
            name: 'browse',
            load: { executor: 'constant-arrival-rate', rate: 60, timeUnit: '1s', duration: '4s', preAllocatedVUs: 5 },
            requests: [{ name: 'Read', path: '/read' }],
          },
          {
            name: 'search',
            load: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '4s', preAllocatedVUs: 5 },
            requests: [{ name: 'Search', path: '/search' }],
          },
          {
            name: 'order',
            load: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '4s', preAllocatedVUs: 5 },
            requests: [{ name: 'Order', method: 'POST', path: '/order', expect: { status: [201] } }],
          },
          // One VU for 10 exports a second that take 400 ms each: most are dropped.
          {
            name: 'export',
            load: { executor: 'constant-arrival-rate', rate: 10, timeUnit: '1s', duration: '4s', preAllocatedVUs: 1, maxVUs: 1 },
            requests: [{ name: 'Export', path: '/export' }],
          },
        ],
        thresholds: [
          { metric: 'latency', stat: 'p95', op: '<', value: 100, request: 'Read' }, // true PASS
          { metric: 'latency', stat: 'p50', op: '<', value: 10, request: 'Search' }, // true FAIL
          { metric: 'rps', op: '>=', value: 15, request: 'Order' }, // "met" by 429s
          { metric: 'latency', stat: 'avg', op: '<', value: 1000, request: 'Export' }, // met by the few not dropped
          { metric: 'error_rate', op: '<', value: 0.5 },
        ],
      },
    );
    const limitedAtServer = orders - Math.ceil(orders / 4);
    const order = result.summary!.requests.find((request) => request.name === 'Order')!;
    expect(order.count).toBe(server.counts.get('POST /order'));
    expect(order.statusCounts['429']).toBe(limitedAtServer);
    const scoped = result.diagnostics.map((d) => `${d.code}:${d.severity}${d.request ? `@${d.request}` : d.scenario ? `@scenario ${d.scenario}` : ''}`);
    console.log(`${orders} orders, ${limitedAtServer} answered 429; diagnostics: ${scoped.join(', ')}`);
    // The whole run is rate limited too (429s are ~15 % of it), yet that says nothing about Read or Search.
    expect(scoped).toEqual(expect.arrayContaining(['RATE_LIMITED:critical', 'RATE_LIMITED:critical@Order', 'DROPPED_ITERATIONS:critical@scenario export']));
    expect(result.thresholds.map((threshold) => threshold.verdict)).toEqual(['PASS', 'FAIL', 'INCONCLUSIVE', 'INCONCLUSIVE', 'PASS']);
    expect(result.thresholds[2]!.explanation).toMatch(/rate limited on Order\)$/);
    expect(result.thresholds[3]!.explanation).toMatch(/dropped iterations in scenario export\)$/);
    expect(result.status).toBe('FAILED');
  });
});
