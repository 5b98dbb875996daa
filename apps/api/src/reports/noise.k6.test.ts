import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricDelta, PlanView, RunComparison, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/** The server's delays: 100 values spread evenly over ±20 % of `base`, handed out in turn. */
const spread = (base: number) => Array.from({ length: 100 }, (_, i) => base * (0.8 + (0.4 * ((i * 37) % 100)) / 100));

/**
 * Regressions told apart from noise, with real k6 against a loopback server whose latency the
 * test sets: the same server twice reads "within noise"; the server made 20 % slower reads
 * "regression" with an interval that excludes 0 and holds the true change.
 */
describe('comparisons judged against noise', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let plan: PlanView;
  let delays = spread(40);
  let served = 0;

  beforeAll(async () => {
    stack = await startStack({ label: 'noise' });
    client = (await stack.api.signup('noise')).client;
    server = await startLoopbackServer(() => ({ status: 200, delayMs: delays[served++ % delays.length]! }));
    const target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    plan = (
      await client.post<PlanView>('/plans', {
        name: 'noise',
        targetId: target.id,
        load: { executor: 'constant-arrival-rate', rate: 40, timeUnit: '1s', duration: '10s', preAllocatedVUs: 5, maxVUs: 20 },
        requests: [{ name: 'Get', path: '/' }],
        thresholds: [
          { metric: 'latency', stat: 'p95', request: 'Get', op: '<=', value: 1.1, relativeTo: 'baseline' },
          { metric: 'rps', op: '>=', value: 0.95, relativeTo: 'baseline' },
        ],
      })
    ).body;
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  async function runWith(baseMs: number, status: RunView['status'] = 'PASSED'): Promise<RunView> {
    delays = spread(baseMs);
    served = 0;
    const started = (await client.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const run = await client.waitForRun(started.id);
    expect(run.status, JSON.stringify(run.thresholds)).toBe(status);
    return run;
  }
  const p95Of = (comparison: RunComparison): MetricDelta => comparison.overall.find((delta) => delta.metric === 'p95')!;
  const describeDelta = (delta: MetricDelta) =>
    `p95 ${delta.base!.toFixed(1)} -> ${delta.head!.toFixed(1)} ms (${(delta.deltaPct! * 100).toFixed(1)} %, 95 % CI ${delta.interval!.low.toFixed(1)} to ${delta.interval!.high.toFixed(1)} ms): ${delta.change}`;

  it('calls the same server twice within noise, and the server made 20 % slower a regression', async () => {
    // The plan's first run has no baseline: its relative thresholds are not judged, and it passes.
    // It also warms the stack up (k6, the server's timers): a cold first run reads a few per cent
    // slower, a real difference the comparison rightly reports, so the same-server pair is the next two.
    const warmUp = await runWith(40);
    expect(warmUp.baseline).toBeNull();
    expect(warmUp.thresholds.map((result) => result.relative?.baselineRunId)).toEqual([null, null]);
    const first = await runWith(40);
    expect(first.baseline).toEqual({ runId: warmUp.id, rule: 'last-passed' });
    // The same server against it: p95 within 110 % of the baseline, noise included.
    const again = await runWith(40);
    expect(again.baseline).toEqual({ runId: first.id, rule: 'last-passed' });
    expect(again.thresholds.map((result) => result.verdict)).toEqual(['PASS', 'PASS']);
    console.log(`unchanged server against its baseline: ${again.thresholds[0]!.explanation}`);
    // 20 % slower: p95 beyond 110 % of the baseline (the last passed run), the run fails.
    const slower = await runWith(48, 'FAILED');
    expect(slower.baseline).toEqual({ runId: again.id, rule: 'last-passed' });
    expect(slower.thresholds.map((result) => result.verdict)).toEqual(['FAIL', 'PASS']);
    const judged = slower.thresholds[0]!.relative!;
    console.log(`server 20 % slower against its baseline: ${slower.thresholds[0]!.explanation}`);
    expect(judged.interval!.low).toBeGreaterThan(1.1);
    expect(judged.ratio).toBeCloseTo(judged.head! / judged.base!, 10);

    const same = (await client.get<RunComparison>(`/comparisons?base=${first.id}&head=${again.id}`)).body;
    console.log(`unchanged server: ${describeDelta(p95Of(same))}`);
    expect(same.noise).toMatchObject({ confidence: 0.95, seconds: { base: expect.any(Number), head: expect.any(Number) } });
    expect(p95Of(same).change, JSON.stringify(p95Of(same))).toBe('unchanged');
    expect(p95Of(same).interval!.low).toBeLessThanOrEqual(p95Of(same).interval!.high);

    const changed = (await client.get<RunComparison>(`/comparisons?base=${first.id}&head=${slower.id}`)).body;
    const p95 = p95Of(changed);
    console.log(`server 20 % slower: ${describeDelta(p95)}`);
    expect(p95.change).toBe('regression');
    expect(p95.interval!.low).toBeGreaterThan(0);
    // The server's own change at its p95: 20 % of its p95 delay; k6 adds the same loopback time to both.
    const truth = p95.base! * 0.2;
    expect(p95.interval!.low).toBeLessThanOrEqual(truth * 1.1);
    expect(p95.interval!.high).toBeGreaterThanOrEqual(truth * 0.9);
    // The rate is the plan's on both sides: unchanged.
    const rps = changed.overall.find((delta) => delta.metric === 'rps')!;
    expect(rps.change, JSON.stringify(rps)).toBe('unchanged');

    // Back to the old speed: judged against the last run that passed (the slower one failed,
    // so it did not become the baseline), and it passes again.
    const fixed = await runWith(40);
    expect(fixed.baseline).toEqual({ runId: again.id, rule: 'last-passed' });
    expect(fixed.thresholds.map((result) => result.verdict)).toEqual(['PASS', 'PASS']);
  });
});
