import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareDifferenceInterval, type MetricDelta, type PlanView, type RunComparison, type RunView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * Comparisons on shaped loads, with real k6 against a loopback server whose behaviour the test
 * sets: its latency grows with the requests it has in flight (so the seconds of a ramp or of
 * phases differ because the load differs, as on a real service), each answer spread over ±20 %
 * in a fixed order, made `slower` at every load level, and failing every other request when
 * asked. The same server twice must read "unchanged" on every judged figure; the server 5 %
 * slower must be called on p50 and p95, each interval excluding 0 and no wider than ±3 % of the
 * base run's figure (issue 29). For VU plans the server's load is its requests in flight; for
 * the arrival-rate plan, the requests arrived in the last second (ServerMode.loadBy).
 *
 * How often that holds is the benchmark's to measure (`pnpm bench -- --only compare`, 21 pairs
 * of real runs per shape, docs/benchmarks.md); a test that runs once per CI run holds what
 * each comparison must do. 30 s plans: on 15 s ones the seconds' own noise makes intervals of
 * ±3.3-3.4 % (measured 27 Nov), on 30 s ones the run-to-run spread assumed for latencies
 * (history-noise.ts, ±2.9 % around a 5 % change) is the wider part.
 */
/** How long each ramping, arrival-rate and phased plan runs (the phases a third each). */
const SHAPED_SECONDS = 30;
/**
 * Each phase of the phased plan: 15 s. The whole run's p50 of three phases lies between two
 * phases' levels and moves with the mix of seconds each draw takes; with 10 s phases its
 * interval at +5 % was ±2.9 % on local runs and ±3.2 % on a CI run of 27 Nov.
 */
const PHASE_SECONDS = 15;
/** Three or four runs of a shaped plan, each waited for. */
const SHAPED_TEST_TIMEOUT_MS = 360_000;
/** How much slower the server is made (issue 29's 5 %). */
const SLOWER = 1.05;
/** The widest interval allowed around that change, as a share of the base run's figure (issue 29's ±3 %). */
const WIDEST = 0.03;
const SPREAD = Array.from({ length: 100 }, (_, i) => 0.8 + (0.4 * ((i * 37) % 100)) / 100);
const BASE_MS = 10;
const PER_REQUEST_IN_FLIGHT_MS = 1;
/** Per request arrived in the last second: 600 req/s add 6 ms. */
const PER_ARRIVAL_PER_SECOND_MS = 0.01;

interface ServerMode {
  slower: number;
  /** Fail every other request (exactly 50 %). */
  failHalf: boolean;
  /**
   * What the server's load is: the requests in flight (VU plans: a closed loop keeps about as
   * many in flight whatever the latency), or the requests arrived in the last second (an
   * arrival-rate plan sets that; measured in flight, a slower answer would keep more requests
   * in flight and read as more than `slower`, 5 % as +7.3 % at p50, and the change asked would
   * not be the change made).
   */
  loadBy?: 'in-flight' | 'arrivals';
}

describe('comparisons on ramping, phased and arrival-rate plans', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;
  let mode: ServerMode = { slower: 1, failHalf: false };
  let served = 0;
  /** When each answer in flight is sent: their number is the server's load. */
  let finishing: number[] = [];
  /** When each request of the last second arrived. */
  let arrivals: number[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'compare-shapes' });
    client = (await stack.api.signup('compare-shapes')).client;
    server = await startLoopbackServer(() => {
      const now = performance.now();
      finishing = finishing.filter((at) => at > now);
      arrivals = arrivals.filter((at) => at > now - 1000);
      arrivals.push(now);
      const load = mode.loadBy === 'arrivals' ? PER_ARRIVAL_PER_SECOND_MS * arrivals.length : PER_REQUEST_IN_FLIGHT_MS * finishing.length;
      const delayMs = (BASE_MS + load) * SPREAD[served % SPREAD.length]! * mode.slower;
      finishing.push(now + delayMs);
      const failed = mode.failHalf && served % 2 === 1;
      served++;
      return { status: failed ? 500 : 200, delayMs };
    });
    target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    // The stack's first run is colder than the rest (k6 and the server's code not yet warm), a
    // real difference a comparison rightly reports: it is run first and compared with nothing.
    const warmUp = await createPlan('warm-up', { load: { executor: 'constant-vus', vus: 4, duration: '4s' }, requests: [{ name: 'Get', path: '/' }] });
    await runWith(warmUp, { slower: 1, failHalf: false });
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  async function createPlan(name: string, body: Record<string, unknown>): Promise<PlanView> {
    const created = await client.post<PlanView>('/plans', { name, targetId: target.id, ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  /** A run against the server in `next` mode, with the requests the server counted. */
  async function runWith(plan: PlanView, next: ServerMode): Promise<{ run: RunView; served: number }> {
    mode = next;
    served = 0;
    finishing = [];
    arrivals = [];
    const started = (await client.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const run = await client.waitForRun(started.id, 120_000);
    expect(run.status, JSON.stringify({ error: run.error, diagnostics: run.diagnostics })).toBe('PASSED');
    return { run, served };
  }

  const compare = async (base: RunView, head: RunView) => (await client.get<RunComparison>(`/comparisons?base=${base.id}&head=${head.id}`)).body;
  const figure = (deltas: MetricDelta[], metric: string) => deltas.find((delta) => delta.metric === metric)!;
  const words = (delta: MetricDelta) =>
    `${delta.metric} ${delta.base?.toFixed(2)} -> ${delta.head?.toFixed(2)} (${((delta.deltaPct ?? 0) * 100).toFixed(1)} %, 95 % CI ${delta.interval?.low.toFixed(2)} to ${delta.interval?.high.toFixed(2)}): ${delta.change}`;

  /**
   * The figures the comparison judged read "unchanged", but for at most one. Each figure is
   * allowed a false call in 20 pairs (issue 29), and one pair judges eight: the benchmark
   * measures the rate on 21 pairs per shape (no false call on three shapes at 40 s, p99 in 2 of
   * 21 on the arrival-rate ramp); one pair here cannot, so it allows one call and logs it.
   */
  function expectUnchanged(deltas: MetricDelta[], what: string) {
    const judged = deltas.filter((delta) => delta.change !== null);
    console.log(`${what}, same server twice: ${judged.map(words).join('; ')}`);
    expect(judged.map((delta) => delta.metric)).toEqual(expect.arrayContaining(['p50', 'p95', 'errorRate']));
    const called = judged.filter((delta) => delta.change !== 'unchanged');
    expect(called.length, called.map(words).join('; ')).toBeLessThanOrEqual(1);
  }

  /**
   * The plan run twice against the same server and once against it SLOWER; the two alike
   * compared (paired, as every shape here is), and the second with the slower one.
   */
  async function sameTwiceThenSlower(plan: PlanView, loadBy: ServerMode['loadBy'] = 'in-flight') {
    const first = (await runWith(plan, { slower: 1, failHalf: false, loadBy })).run;
    const again = (await runWith(plan, { slower: 1, failHalf: false, loadBy })).run;
    const slower = (await runWith(plan, { slower: SLOWER, failHalf: false, loadBy })).run;
    const same = await compare(first, again);
    expect(same.noise?.method).toBe('paired moving-block bootstrap over the same points of the load profile');
    return { first, again, same, changed: await compare(again, slower) };
  }

  /** How many of the phases' judged figures were called a change (each logged), for runs of the same server. */
  function phaseCalls(phases: RunComparison['phases'], what: string): number {
    let calls = 0;
    for (const phase of phases) {
      const judged = phase.metrics.filter((delta) => delta.change !== null);
      console.log(`${what} ${phase.name}, same server: ${judged.map(words).join('; ')}`);
      calls += judged.filter((delta) => delta.change !== 'unchanged').length;
    }
    return calls;
  }

  /** p50 and p95 called regressions, each interval excluding 0 and no wider than ±WIDEST of the base run's figure. */
  function expectCalledSlower(deltas: MetricDelta[], what: string) {
    for (const metric of ['p50', 'p95']) {
      const delta = figure(deltas, metric);
      console.log(`${what}, server ${Math.round((SLOWER - 1) * 100)} % slower: ${words(delta)}`);
      expect(delta.change, words(delta)).toBe('regression');
      expect(delta.interval!.low, words(delta)).toBeGreaterThan(0);
      expect((delta.interval!.high - delta.interval!.low) / 2, words(delta)).toBeLessThanOrEqual(WIDEST * delta.base!);
    }
  }

  it(
    `ramping VUs (1 → 20 over ${SHAPED_SECONDS} s): the same server is unchanged, 5 % slower is a regression`,
    { timeout: SHAPED_TEST_TIMEOUT_MS },
    async () => {
      const plan = await createPlan('ramp', {
        load: { executor: 'ramping-vus', startVUs: 1, stages: [{ duration: `${SHAPED_SECONDS}s`, target: 20 }], gracefulRampDown: '0s' },
        requests: [{ name: 'Get', path: '/' }],
      });

      const { same, changed } = await sameTwiceThenSlower(plan);
      expect(same.warnings).toEqual([]);
      expectUnchanged(same.overall, 'ramp');
      expectCalledSlower(changed.overall, 'ramp');
    },
  );

  it(
    `ramping arrival rate (40 → 600 req/s over ${SHAPED_SECONDS} s): the same server is unchanged, 5 % slower is a regression`,
    { timeout: SHAPED_TEST_TIMEOUT_MS },
    async () => {
      const plan = await createPlan('arrivals', {
        load: {
          executor: 'ramping-arrival-rate',
          startRate: 40,
          timeUnit: '1s',
          stages: [{ duration: `${SHAPED_SECONDS}s`, target: 600 }],
          preAllocatedVUs: 20,
          maxVUs: 60,
        },
        requests: [{ name: 'Get', path: '/' }],
      });

      const { same, changed } = await sameTwiceThenSlower(plan, 'arrivals');
      expectUnchanged(same.overall, 'arrival-rate ramp');
      expectCalledSlower(changed.overall, 'arrival-rate ramp');
      // The plan sets the arrivals: a slower server gets as many requests.
      expect(figure(changed.overall, 'rps').change, words(figure(changed.overall, 'rps'))).toBe('unchanged');
    },
  );

  it(
    'phases (baseline → normal → peak): compared whole and per phase; another plan version per phase, naming the change',
    { timeout: SHAPED_TEST_TIMEOUT_MS },
    async () => {
      const phases = (peakVus: number) =>
        [
          { name: 'baseline', vus: 2, startTime: '0s' },
          { name: 'normal', vus: 6, startTime: `${PHASE_SECONDS}s` },
          { name: 'peak', vus: peakVus, startTime: `${2 * PHASE_SECONDS}s` },
        ].map((phase) => ({
          name: phase.name,
          startTime: phase.startTime,
          load: { executor: 'constant-vus', vus: phase.vus, duration: `${PHASE_SECONDS}s` },
          requests: [{ name: `Get ${phase.name}`, path: `/${phase.name}` }],
        }));
      const plan = await createPlan('phased', { scenarios: phases(16) });
      const { first, again, same, changed } = await sameTwiceThenSlower(plan);
      expectUnchanged(same.overall, 'phases');
      expect(same.phases.map((phase) => [phase.name, phase.sameLoad, phase.paired])).toEqual([
        ['baseline', true, true],
        ['normal', true, true],
        ['peak', true, true],
      ]);
      // A phase's own figures are judged on a third of the seconds: the benchmark measures a false
      // call in up to 1 of 10 identical pairs per phase figure on short phases (docs/benchmarks.md),
      // so one among the 18 is allowed here and logged; the whole run's figures above allow none.
      expect(phaseCalls(same.phases, 'phase'), 'false calls among the phases’ figures').toBeLessThanOrEqual(1);
      expectCalledSlower(changed.overall, 'phases');

      // Version 2 peaks at 24 VUs: the whole run is shown, not judged; each phase is compared on
      // its own, the unchanged ones paired and judged, the changed one on its latency only.
      const edited = await client.patch<PlanView>(`/plans/${plan.id}`, { scenarios: phases(24) });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const version2 = (await runWith(edited.body, { slower: 1, failHalf: false })).run;
      expect(version2.planVersion).toBe(first.planVersion + 1);
      const across = await compare(again, version2);
      const load = across.warnings.find((warning) => warning.code === 'DIFFERENT_LOAD');
      expect(load?.message, JSON.stringify(across.warnings)).toContain('scenario peak vus 16 → 24');
      expect(across.overall.every((delta) => delta.change === null)).toBe(true);
      const byName = new Map(across.phases.map((phase) => [phase.name, phase]));
      for (const name of ['baseline', 'normal']) expect(byName.get(name)).toMatchObject({ sameLoad: true, paired: true });
      expect(
        phaseCalls(
          across.phases.filter((phase) => phase.name !== 'peak'),
          'version 2, phase',
        ),
        'false calls among the unchanged phases’ figures',
      ).toBeLessThanOrEqual(1);
      const peak = byName.get('peak')!;
      expect(peak).toMatchObject({ sameLoad: false, paired: false });
      expect(figure(peak.metrics, 'rps').change).toBeNull();
      expect(figure(peak.metrics, 'p95').change).not.toBeNull();
    },
  );

  it('errors 50 % → 0 % and 12 % fewer requests on a ramp: both called, on their counts', async () => {
    const plan = await createPlan('errors', {
      load: { executor: 'ramping-vus', startVUs: 1, stages: [{ duration: '15s', target: 20 }], gracefulRampDown: '0s' },
      requests: [{ name: 'Get', path: '/' }],
    });
    // Every other answer a 500; then none, each answer 1/0.88 as slow: a closed loop of VUs
    // sends about 12 % fewer requests.
    const failing = await runWith(plan, { slower: 1, failHalf: true });
    const fixed = await runWith(plan, { slower: 1 / 0.88, failHalf: false });
    const truth = fixed.served / failing.served - 1;
    console.log(`server counted ${failing.served} then ${fixed.served} requests (${(truth * 100).toFixed(1)} %)`);
    expect(truth).toBeLessThan(-0.08);
    expect(truth).toBeGreaterThan(-0.16);

    const comparison = await compare(failing.run, fixed.run);
    const errorRate = figure(comparison.overall, 'errorRate');
    const count = figure(comparison.overall, 'count');
    console.log(`errors 50 % -> 0 %: ${words(errorRate)}; requests: ${words(count)}`);
    expect(failing.run.summary!.overall.errorRate).toBeCloseTo(0.5, 2);
    expect(errorRate.change).toBe('improvement');
    expect(errorRate.interval!.high).toBeLessThan(0);
    // The interval holds at least what the counts alone allow (Newcombe's, of two shares).
    const [b, h] = [failing.run.summary!.overall, fixed.run.summary!.overall];
    const fromCounts = shareDifferenceInterval({ hits: b.errors, total: b.count }, { hits: h.errors, total: h.count })!;
    expect(errorRate.interval!.low).toBeLessThanOrEqual(fromCounts.low + 1e-9);
    expect(errorRate.interval!.high).toBeGreaterThanOrEqual(fromCounts.high - 1e-9);
    // The requests k6 reported are those the server counted; their drop is called.
    expect(count.delta).toBe(h.count - b.count);
    expect(count.change, words(count)).toBe('regression');
    expect(count.interval!.high).toBeLessThan(0);
    expect(figure(comparison.overall, 'rps').change).toBe('regression');
  });
});
