import { describe, expect, it } from 'vitest';
import { emptyHistogram, quantile, recordValue } from '../histogram.js';
import { changeIntervals, pairSeed, type SecondFigures } from './noise.js';

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

/**
 * A run of `seconds` seconds at `rps`, latencies log-normal around `medianMs` (p95 about 1.9x
 * the median), each second's level drifting by `drift` (how real seconds differ), a share
 * `errorShare` of requests failed.
 */
function run(seed: number, { seconds = 60, rps = 100, medianMs = 50, drift = 0.05, errorShare = 0 } = {}): SecondFigures[] {
  const { uniform, normal } = generator(seed);
  return Array.from({ length: seconds }, () => {
    const latency = emptyHistogram();
    const level = medianMs * (1 + drift * normal());
    let errors = 0;
    for (let i = 0; i < rps; i++) {
      recordValue(latency, level * Math.exp(0.4 * normal()));
      if (uniform() < errorShare) errors++;
    }
    return { count: rps, errors, latency };
  });
}

const p95 = (seconds: SecondFigures[]) => {
  const all = emptyHistogram();
  for (const second of seconds) for (const [key, count] of Object.entries(second.latency!.bins)) all.bins[key] = (all.bins[key] ?? 0) + count;
  Object.assign(all, { count: seconds.reduce((n, s) => n + s.latency!.count, 0), min: 0, max: Infinity });
  return quantile(all, 0.95)!;
};

describe('changeIntervals', () => {
  it('says "within noise" for two runs of the same system, about 95 % of the time', () => {
    let straddles = 0;
    const pairs = 40;
    for (let i = 0; i < pairs; i++) {
      const intervals = changeIntervals(run(1000 + i), run(2000 + i), { seed: i + 1 });
      if (intervals!.p95!.low <= 0 && intervals!.p95!.high >= 0) straddles++;
    }
    console.log(`same system: ${straddles} of ${pairs} pairs within noise`);
    // A 95 % interval: 38 of 40 expected; 34 leaves room for chance (binomial, p < 0.01).
    expect(straddles).toBeGreaterThanOrEqual(34);
  });

  it('finds a 20 % latency shift, with an interval around the true difference', () => {
    const base = run(11);
    const head = run(12, { medianMs: 60 });
    const intervals = changeIntervals(base, head, { seed: 7 })!;
    const truth = p95(head) - p95(base);
    expect(intervals.p95!.low).toBeGreaterThan(0);
    expect(intervals.p95!.low).toBeLessThanOrEqual(truth);
    expect(intervals.p95!.high).toBeGreaterThanOrEqual(truth);
    expect(intervals.p50!.low).toBeGreaterThan(0);
    expect(intervals.avg!.low).toBeGreaterThan(0);
  });

  it('covers a true 2 % shift as often as it says, and calls it only when the shift stands out', () => {
    // The head's latencies are the base's times 1.02 in distribution (the same per-second
    // drift and spread around a median 2 % higher): the true change of p95 is 2 % of the p95
    // of that distribution, read here from a long run of it.
    const truth = 0.02 * p95(run(99, { seconds: 2000 }));
    let covered = 0;
    let called = 0;
    const pairs = 40;
    for (let i = 0; i < pairs; i++) {
      const interval = changeIntervals(run(3000 + i), run(4000 + i, { medianMs: 51 }), { seed: i + 1 })!.p95!;
      if (interval.low <= truth && interval.high >= truth) covered++;
      if (interval.low > 0) called++;
    }
    console.log(`2 % shift: covered in ${covered} of ${pairs} pairs, called in ${called}`);
    expect(covered).toBeGreaterThanOrEqual(34);
    // 2 % is within the noise of these runs (each second's level drifts 5 %): called in a
    // minority of pairs, never the rule.
    expect(called).toBeLessThan(pairs / 2);
  });

  it('judges throughput and error rate in their own units', () => {
    const intervals = changeIntervals(run(31, { rps: 100 }), run(32, { rps: 90, errorShare: 0.05 }), { seed: 5 })!;
    // Every second has exactly its rate: the interval is the difference itself.
    expect(intervals.rps).toMatchObject({ low: -10, high: -10 });
    expect(intervals.errorRate!.low).toBeGreaterThan(0.03);
    expect(intervals.errorRate!.high).toBeLessThan(0.07);
  });

  it('says nothing with fewer than 5 seconds on a side, and the same thing every time', () => {
    expect(changeIntervals(run(41, { seconds: 4 }), run(42))).toBeNull();
    const once = changeIntervals(run(43), run(44), { seed: pairSeed('a', 'b') });
    expect(changeIntervals(run(43), run(44), { seed: pairSeed('a', 'b') })).toEqual(once);
  });

  it('resamples an hour-long run in stretches, at the cost of a short one', () => {
    const started = performance.now();
    const intervals = changeIntervals(run(51, { seconds: 3600, rps: 5 }), run(52, { seconds: 3600, rps: 5, medianMs: 60 }), { seed: 9 })!;
    expect(intervals.p95!.low).toBeGreaterThan(0);
    // Not a timing assertion: shows what an hour costs when the test is run by hand.
    console.log(`hour-long pair: ${(performance.now() - started).toFixed(0)} ms`);
  });
});
