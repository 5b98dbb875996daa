import { describe, expect, it } from 'vitest';
import { planSpecSchema, type PlanSpec } from '../plan.js';
import type { RequestSecond, SecondSample } from '../series.js';
import { summarizeSeconds } from '../summary.js';
import { emptyHistogram, recordValue } from '../histogram.js';
import { second } from '../test-fixtures.js';
import { compareRuns, type RunComparison } from './compare.js';
import { run } from './test-runs.js';

/** A seeded generator, so every case is the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

const ramp = planSpecSchema.parse({
  load: { executor: 'ramping-vus', startVUs: 1, stages: [{ duration: '30s', target: 40 }] },
  requests: [{ name: 'Get', path: '/' }],
});
const constant = planSpecSchema.parse({ load: { executor: 'constant-vus', vus: 10, duration: '30s' }, requests: [{ name: 'Get', path: '/' }] });

interface Shape {
  seconds?: number;
  /** Latency factor (1.05: 5 % slower at every level). */
  slower?: number;
  /** Share of requests that fail. */
  errors?: number;
  /** Share of the requests made (0.88: 12 % fewer). */
  throughput?: number;
  /** VUs at second i (a ramp 1 -> 40 by default). */
  vus?: (i: number, seconds: number) => number;
  scenario?: (i: number) => string;
}

/**
 * Seconds of a server whose latency grows with its load (20 ms at 1 VU, ~4x at 40), each
 * second's level drifting 2 %: where a second is on the profile decides its figures more than
 * anything else, as on a real ramp.
 */
function seconds(seed: number, shape: Shape = {}): SecondSample[] {
  const { normal, uniform } = generator(seed);
  const length = shape.seconds ?? 30;
  return Array.from({ length }, (_, i) => {
    const vus = shape.vus ? shape.vus(i, length) : 1 + Math.round((39 * i) / (length - 1));
    const median = 20 * (1 + vus / 13) * (shape.slower ?? 1) * (1 + 0.02 * normal());
    const count = Math.round(vus * 20 * (shape.throughput ?? 1));
    const [ok, failed] = [emptyHistogram(), emptyHistogram()];
    let errors = 0;
    for (let r = 0; r < count; r++) {
      const failedOne = uniform() < (shape.errors ?? 0);
      recordValue(failedOne ? failed : ok, median * Math.exp(0.3 * normal()));
      if (failedOne) errors++;
    }
    const scenario = shape.scenario?.(i) ?? 'default';
    const row = (status: number, expected: boolean, n: number, latency: typeof ok): RequestSecond => ({
      name: 'Get',
      method: 'GET',
      status,
      expected,
      errorCode: '',
      scenario,
      count: n,
      latency,
    });
    const rows = [row(200, true, count - errors, ok), ...(errors ? [row(500, false, errors, failed)] : [])];
    return second(1_000 + i, rows, { vus, vusMax: vus });
  });
}

/** A run whose summary is made from its seconds, as the API makes it. */
function measured(id: string, spec: PlanSpec, samples: SecondSample[], overrides = {}) {
  const summary = summarizeSeconds(
    samples,
    spec.scenarios.flatMap((scenario) => scenario.requests.map((request) => request.name)),
  );
  return { run: { ...run(id, '2026-11-01T00:00:00Z', 1), summary, plannedSeconds: samples.length, ...overrides }, spec, seconds: samples };
}

/**
 * A run timed request by request, as k6 runs one: `phases` one after another (their level's
 * latency, each answer spread over ±20 % in a fixed order), started `startFraction` of a second
 * into its first wall-clock second, bucketed into wall-clock seconds as the runner stores them.
 * Two runs started at different fractions see different mixes of two phases in the seconds
 * where the phases meet, and a ramp's paired seconds lie at different points of it.
 */
function timed(
  startFraction: number,
  phases: { name: string; seconds: number; rate: (t: number) => number; latencyMs: (t: number) => number }[],
  slower = 1,
): SecondSample[] {
  const buckets = new Map<number, Map<string, { latency: ReturnType<typeof emptyHistogram>; count: number }>>();
  let served = 0;
  let start = 0;
  for (const phase of phases) {
    for (let t = 0; t < phase.seconds; t += 1 / phase.rate(t)) {
      const wall = Math.floor(start + t + startFraction);
      const rows = buckets.get(wall) ?? new Map();
      buckets.set(wall, rows);
      const row = rows.get(phase.name) ?? { latency: emptyHistogram(), count: 0 };
      rows.set(phase.name, row);
      row.count++;
      recordValue(row.latency, phase.latencyMs(t) * slower * (0.8 + (0.4 * ((served++ * 37) % 100)) / 100));
    }
    start += phase.seconds;
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([wall, rows]) =>
      second(
        1_000 + wall,
        [...rows.entries()].map(([scenario, row]) => ({
          name: scenario === 'default' ? 'Get' : `Get ${scenario}`,
          method: 'GET',
          status: 200,
          expected: true,
          errorCode: '',
          scenario,
          ...row,
        })),
      ),
    );
}

const figure = (comparison: RunComparison, metric: string) => comparison.overall.find((delta) => delta.metric === metric)!;

describe('comparisons on any load shape', () => {
  it('calls a server 5 % slower at every level of a ramp, with an interval within ±3 % of the base', () => {
    const comparison = compareRuns(measured('a', ramp, seconds(5)), measured('b', ramp, seconds(6, { slower: 1.05 })));
    expect(comparison.noise?.method).toBe('paired moving-block bootstrap over the same points of the load profile');
    for (const metric of ['p50', 'p95']) {
      const delta = figure(comparison, metric);
      expect(delta.change, metric).toBe('regression');
      expect(delta.interval!.low).toBeGreaterThan(0);
      expect(delta.interval!.high - delta.interval!.low).toBeLessThan(0.06 * delta.base!);
    }
  });

  it('calls every judged figure of 20 pairs of identical ramps "unchanged", but for at most one per figure', () => {
    const calls = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      const comparison = compareRuns(measured(`a${i}`, ramp, seconds(100 + i)), measured(`b${i}`, ramp, seconds(200 + i)));
      for (const delta of comparison.overall)
        if (delta.change === 'regression' || delta.change === 'improvement') calls.set(delta.metric, (calls.get(delta.metric) ?? 0) + 1);
    }
    for (const [metric, count] of calls) expect(count, metric).toBeLessThanOrEqual(1);
  });

  it('calls errors 50 % -> 0 % and 12 % fewer requests on their counts', () => {
    const flat = () => 10;
    const comparison = compareRuns(
      measured('a', constant, seconds(5, { vus: flat, errors: 0.5 })),
      measured('b', constant, seconds(6, { vus: flat, throughput: 0.88 })),
    );
    const errorRate = figure(comparison, 'errorRate');
    expect(errorRate.change).toBe('improvement');
    expect(errorRate.interval!.high).toBeLessThan(-0.4);
    expect(figure(comparison, 'count').change).toBe('regression');
    expect(figure(comparison, 'rps').change).toBe('regression');
  });

  it('compares two plan versions phase by phase, naming the change, and judges no whole-run figure', () => {
    const phases = (peakVus: number) =>
      planSpecSchema.parse({
        scenarios: [
          { name: 'baseline', load: { executor: 'constant-vus', vus: 5, duration: '10s' }, requests: [{ name: 'Get', path: '/' }] },
          { name: 'peak', startTime: '10s', load: { executor: 'constant-vus', vus: peakVus, duration: '10s' }, requests: [{ name: 'Peak', path: '/' }] },
        ],
      });
    const shape = (peakVus: number): Shape => ({ seconds: 20, vus: (i) => (i < 10 ? 5 : peakVus), scenario: (i) => (i < 10 ? 'baseline' : 'peak') });
    const comparison = compareRuns(measured('a', phases(20), seconds(7, shape(20))), measured('b', phases(30), seconds(8, { ...shape(30), slower: 1.2 })));
    expect(comparison.warnings.find((warning) => warning.code === 'DIFFERENT_LOAD')!.message).toBe(
      'The load profiles differ (scenario peak vus 20 → 30): the whole run and each request are shown, not judged; the phases both runs have (baseline, peak) are compared on their own.',
    );
    expect(comparison.overall.every((delta) => delta.change === null)).toBe(true);
    const [baseline, peak] = comparison.phases;
    expect(baseline).toMatchObject({ name: 'baseline', sameLoad: true, paired: true });
    expect(baseline!.metrics.find((delta) => delta.metric === 'p95')!.change).toBe('regression');
    expect(peak).toMatchObject({ name: 'peak', sameLoad: false, paired: false });
    // Another load in that phase: its latency is compared, its throughput only shown.
    expect(peak!.metrics.find((delta) => delta.metric === 'rps')!.change).toBeNull();
  });

  it('shows, without judging, the throughput of a run a stop rule ended early', () => {
    const stopped = { status: 'FAILED', error: { code: 'STOPPED_BY_THRESHOLD', message: 'stopped at 12 s' } };
    const comparison = compareRuns(measured('a', ramp, seconds(9)), measured('b', ramp, seconds(10).slice(0, 12), stopped));
    expect(figure(comparison, 'rps').change).toBeNull();
    expect(figure(comparison, 'count').change).toBeNull();
    expect(comparison.warnings.map((warning) => warning.code)).toContain('STOPPED_EARLY');
    // The seconds both runs have are still compared for latency, at the same points of the ramp.
    expect(figure(comparison, 'p95').change).toBe('unchanged');
  });

  describe('runs started at different fractions of a second', () => {
    const phased = planSpecSchema.parse({
      scenarios: ['baseline', 'normal', 'peak'].map((name, i) => ({
        name,
        startTime: `${5 * i}s`,
        load: { executor: 'constant-vus', vus: [2, 6, 16][i], duration: '5s' },
        requests: [{ name: `Get ${name}`, path: '/' }],
      })),
    });
    const levels = [
      { name: 'baseline', seconds: 5, rate: () => 175, latencyMs: () => 11.4 },
      { name: 'normal', seconds: 5, rate: () => 390, latencyMs: () => 15.4 },
      { name: 'peak', seconds: 5, rate: () => 630, latencyMs: () => 25.4 },
    ];
    const rampLevels = [{ name: 'default', seconds: 15, rate: (t: number) => 50 + 30 * t, latencyMs: (t: number) => 10 + t }];

    it('phases: the same server is unchanged, 5 % slower a regression within ±3 %, each phase aligned at its own start', () => {
      const [base, again, slower] = [timed(0.1, levels), timed(0.8, levels), timed(0.8, levels, 1.05)];
      const same = compareRuns(measured('a', phased, base), measured('b', phased, again));
      for (const delta of same.overall.filter((d) => d.change !== null)) expect(delta.change, delta.metric).toBe('unchanged');
      // The assumed run-to-run spread (±2.7 %) and the draws, not a mix of phases (±20 % before phases were aligned).
      expect(figure(same, 'p50').interval!.high - figure(same, 'p50').interval!.low).toBeLessThan(0.06 * figure(same, 'p50').base!);
      const changed = compareRuns(measured('a', phased, base), measured('c', phased, slower));
      for (const metric of ['p50', 'p95']) {
        const delta = figure(changed, metric);
        expect(delta.change, metric).toBe('regression');
        expect((delta.interval!.high - delta.interval!.low) / 2, metric).toBeLessThanOrEqual(0.03 * delta.base!);
      }
    });

    it('a ramp: the interval is centred on the change the runs show, not on where paired seconds lie', () => {
      // 0.7 s apart, each paired second of one run is 0.7 s further up the ramp than the other's.
      const comparison = compareRuns(measured('a', ramp, timed(0.1, rampLevels)), measured('b', ramp, timed(0.8, rampLevels)));
      for (const metric of ['avg', 'p50', 'p95']) {
        const delta = figure(comparison, metric);
        expect(delta.change, metric).toBe('unchanged');
        expect(delta.interval!.low).toBeLessThanOrEqual(delta.delta!);
        expect(delta.interval!.high).toBeGreaterThanOrEqual(delta.delta!);
      }
    });
  });
});
