import { describe, expect, it } from 'vitest';
import { diagnoseRun } from './diagnostics.js';
import { applyDiagnostics } from './verdicts.js';
import { canonicalScope, indexScopes } from './diagnostic-scopes.js';
import { evaluateThresholds } from './threshold.js';
import { planSpecSchema, type PlanSpecInput } from './plan.js';
import { mergeSegmentsBySecond } from './series-merge.js';
import { summarizeSeconds } from './summary.js';
import { repeat, requestSecond, second } from './test-fixtures.js';
import type { SecondSample } from './series.js';

const arrival = (rate: number) => ({ executor: 'constant-arrival-rate' as const, rate, timeUnit: '1s', duration: '2s', preAllocatedVUs: 20 });

/** A shop: reads dominate, orders go through a rate limiter, a report export is slow. */
const vus = { executor: 'constant-vus' as const, vus: 10, duration: '2s' };
const shop = (thresholds: PlanSpecInput['thresholds'], rates?: { browse: number; search: number; order: number }) =>
  planSpecSchema.parse({
    scenarios: [
      { name: 'browse', load: rates ? arrival(rates.browse) : vus, requests: [{ name: 'Read', path: '/read' }] },
      { name: 'search', load: rates ? arrival(rates.search) : vus, requests: [{ name: 'Search', path: '/search' }] },
      { name: 'order', load: rates ? arrival(rates.order) : vus, requests: [{ name: 'Order', method: 'POST', path: '/order' }] },
    ],
    thresholds,
  });

const row = (name: string, scenario: string, status: number, latencies: number[], expected?: boolean) => ({
  ...requestSecond(name, status, latencies, expected),
  scenario,
});

function judge(samples: SecondSample[], spec: ReturnType<typeof shop>) {
  const merged = mergeSegmentsBySecond(samples.map((sample) => ({ segmentIndex: 0, sample, generator: null })));
  const summary = summarizeSeconds(samples);
  const diagnostics = diagnoseRun({ spec, summary, seconds: merged, partial: false });
  const verdicts = applyDiagnostics(evaluateThresholds(spec.thresholds, summary), diagnostics, indexScopes(samples));
  return {
    diagnostics,
    verdicts,
    codes: diagnostics.map((d) => `${d.code}:${d.severity}${d.request ? `@${d.request}` : d.scenario ? `@scenario ${d.scenario}` : ''}`),
  };
}

const thresholds: PlanSpecInput['thresholds'] = [
  { metric: 'latency', stat: 'p95', op: '<', value: 50, request: 'Read' }, // true PASS: 5 ms
  { metric: 'latency', stat: 'p95', op: '<', value: 20, request: 'Search' }, // true FAIL: 40 ms
  { metric: 'rps', op: '>=', value: 25, request: 'Order' }, // "passes" on 429s
];

describe('diagnostics per request name and per scenario', () => {
  it('a minority endpoint answered 73 % 429 is rate limited however small its share of the run; its throughput is not judged', () => {
    // Orders: 30 a second, 22 of them 429 (73 %); 4.5 % of the run's requests are 429s.
    const samples = [1, 2].map((t) =>
      second(t, [
        row('Read', 'browse', 200, repeat(5, 360)),
        row('Search', 'search', 200, repeat(40, 100)),
        row('Order', 'order', 200, repeat(8, 8)),
        row('Order', 'order', 429, repeat(1, 22)),
      ]),
    );
    const { codes, verdicts, diagnostics } = judge(samples, shop(thresholds));
    expect(codes).toEqual(['RATE_LIMITED:warning', 'RATE_LIMITED:critical@Order']);
    expect(diagnostics[1]!.message).toBe(
      "Order: 73.3 % of its 60 requests were answered 429 Too Many Requests: the target's rate limiter, not its capacity, set the throughput.",
    );
    expect(verdicts.map((v) => v.verdict)).toEqual(['PASS', 'FAIL', 'INCONCLUSIVE']);
    expect(verdicts[2]!.explanation).toMatch(/would be PASS, but rate limited on Order\)$/);
  });

  it('a rate limiter on one endpoint leaves unrelated endpoints their true PASS and FAIL, even when the run is rate limited as a whole', () => {
    // Orders are now 40 % of the run and 75 % of them 429: 30 % of the run.
    const samples = [1, 2].map((t) =>
      second(t, [
        row('Read', 'browse', 200, repeat(5, 200)),
        row('Search', 'search', 200, repeat(40, 100)),
        row('Order', 'order', 200, repeat(8, 50)),
        row('Order', 'order', 429, repeat(1, 150)),
      ]),
    );
    const spec = shop([...thresholds, { metric: 'latency', stat: 'p95', op: '<', value: 100 }]);
    const { codes, verdicts } = judge(samples, spec);
    expect(codes).toEqual(['RATE_LIMITED:critical', 'RATE_LIMITED:critical@Order']);
    // Read and Search keep their verdicts; Order and the run-wide p95 are made of 429s.
    expect(verdicts.map((v) => v.verdict)).toEqual(['PASS', 'FAIL', 'INCONCLUSIVE', 'INCONCLUSIVE']);
  });

  it('never raises diagnostics for statuses the plan expects', () => {
    const samples = [1, 2].map((t) => second(t, [row('Read', 'browse', 200, repeat(5, 100)), row('Order', 'order', 429, repeat(1, 100), true)]));
    expect(judge(samples, shop(thresholds)).codes).toEqual([]);
  });

  it('names the scenario whose arrival rate was not delivered, and doubts only the figures made of its requests', () => {
    const samples = [1, 2].map((t) =>
      second(t, [row('Read', 'browse', 200, repeat(5, 400)), row('Search', 'search', 200, repeat(40, 100)), row('Order', 'order', 200, repeat(8, 10))], {
        iterations: 510,
        droppedIterations: 20,
        scenarioIterations: [
          { name: 'browse', iterations: 400, droppedIterations: 0 },
          { name: 'search', iterations: 100, droppedIterations: 0 },
          { name: 'order', iterations: 10, droppedIterations: 20 },
        ],
      }),
    );
    // Orders were asked at 50 a second: 100 over the run, 60 attempted, 40 of them dropped.
    const spec = shop(
      [...thresholds.slice(0, 2), { metric: 'latency', stat: 'p50', op: '<', value: 50, request: 'Order' }, { metric: 'rps', op: '>=', value: 10 }],
      {
        browse: 400,
        search: 100,
        order: 50,
      },
    );
    const { codes, verdicts, diagnostics } = judge(samples, spec);
    expect(codes).toEqual([
      'DROPPED_ITERATIONS:critical', // 40 of 1,060 attempted in the run: 3.8 %
      'DROPPED_ITERATIONS:critical@scenario order',
      'ARRIVAL_RATE_SHORTFALL:critical@scenario order',
    ]);
    expect(diagnostics[1]!.message).toMatch(/^Scenario order: k6 dropped 40 iterations \(66.7 %\)/);
    expect(verdicts.map((v) => v.verdict)).toEqual(['PASS', 'FAIL', 'INCONCLUSIVE', 'INCONCLUSIVE']);
    expect(verdicts[2]!.explanation).toMatch(/but dropped iterations in scenario order\)$/);
  });

  it('raises one diagnostic per set of requests: a one-request run is judged once, as the run', () => {
    const samples = [second(1, [row('Order', 'order', 429, repeat(1, 50)), row('Order', 'order', 200, repeat(1, 50))])];
    const index = indexScopes(samples);
    expect(canonicalScope(index, { request: 'Order' })).toEqual({});
    expect(canonicalScope(index, { scenario: 'order' })).toEqual({});
    const spec = shop([{ metric: 'rps', op: '>=', value: 1, request: 'Order' }]);
    const { codes, verdicts } = judge(samples, spec);
    expect(codes).toEqual(['RATE_LIMITED:critical']);
    expect(verdicts[0]!.verdict).toBe('INCONCLUSIVE');
  });

  it('treats a scenario of one request name as that request', () => {
    const index = indexScopes([second(1, [row('Read', 'browse', 200, [1]), row('Order', 'order', 200, [1])])]);
    expect(canonicalScope(index, { scenario: 'order' })).toEqual({ request: 'Order' });
  });
});
