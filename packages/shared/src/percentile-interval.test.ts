import { describe, expect, it } from 'vitest';
import { emptyHistogram, quantile, recordValue } from './histogram.js';
import { approximateRanks, exactRanks, orderStatisticRanks, percentileInterval } from './percentile-interval.js';

/** A seeded generator (mulberry32), so the coverage check is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('order statistic ranks', () => {
  it('matches the published table: the median of 20 samples lies between the 6th and 15th', () => {
    // Conover, Table A3 / any nonparametrics text: n = 20, 95 % → (X(6), X(15)).
    expect(orderStatisticRanks(20, 0.5)).toEqual({ j: 6, k: 15 });
  });

  it('has no upper bound for a p99 of 200 samples: nothing above it is rare enough', () => {
    expect(orderStatisticRanks(200, 0.99).k).toBe(201);
  });

  it('beyond the exact range the approximation is never narrower than the exact interval', () => {
    for (const n of [20_001, 100_000]) {
      for (const q of [0.5, 0.9, 0.95, 0.99]) {
        const exact = exactRanks(n, q);
        const approx = approximateRanks(n, q);
        expect(approx.j).toBeLessThanOrEqual(exact.j);
        expect(approx.j).toBeGreaterThanOrEqual(exact.j - 1);
        expect(approx.k).toBeGreaterThanOrEqual(exact.k);
        expect(approx.k).toBeLessThanOrEqual(exact.k + 1);
      }
    }
  });
});

describe('percentile interval from a histogram', () => {
  it('contains the reported percentile and narrows as the sample grows', () => {
    const next = random(7);
    const widths: number[] = [];
    for (const n of [500, 5_000, 50_000]) {
      const histogram = emptyHistogram();
      for (let i = 0; i < n; i++) recordValue(histogram, 100 - 50 * Math.log(1 - next()));
      const interval = percentileInterval(histogram, 0.95)!;
      const p95 = quantile(histogram, 0.95)!;
      expect(interval.low).toBeLessThanOrEqual(p95);
      expect(interval.high).toBeGreaterThanOrEqual(p95);
      widths.push(interval.high - interval.low);
    }
    expect(widths[1]).toBeLessThan(widths[0]!);
    expect(widths[2]).toBeLessThan(widths[1]!);
  });

  it('covers the true p95 in at least 95 % of repeated samples (exponential latencies)', () => {
    // True p95 of 100 ms + Exp(mean 50 ms): 100 + 50·ln 20.
    const truth = 100 + 50 * Math.log(20);
    const next = random(42);
    let covered = 0;
    const trials = 400;
    for (let trial = 0; trial < trials; trial++) {
      const histogram = emptyHistogram();
      for (let i = 0; i < 400; i++) recordValue(histogram, 100 - 50 * Math.log(1 - next()));
      const interval = percentileInterval(histogram, 0.95)!;
      if (interval.low <= truth && truth <= interval.high) covered++;
    }
    // Binomial(400, ≥0.95): below 0.92 would happen by chance less than once in a thousand.
    expect(covered / trials).toBeGreaterThanOrEqual(0.92);
  });

  it('is null for an empty histogram', () => {
    expect(percentileInterval(emptyHistogram(), 0.95)).toBeNull();
  });
});
