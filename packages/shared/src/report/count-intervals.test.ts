import { describe, expect, it } from 'vitest';
import { emptyHistogram, quantile, recordValue } from '../histogram.js';
import { percentileInterval } from '../percentile-interval.js';
import { differenceOfIntervals, rateDifferenceInterval, shareDifferenceInterval, widerInterval } from './count-intervals.js';

/** A seeded generator, so every case is the same on every machine. */
function uniform(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
}

const binomial = (n: number, p: number, next: () => number) => {
  let hits = 0;
  for (let i = 0; i < n; i++) if (next() < p) hits++;
  return hits;
};

describe('shareDifferenceInterval', () => {
  it('matches Newcombe 1998, table II, example (a): 56/70 vs 48/80', () => {
    // His interval for 56/70 - 48/80 by method 10 is 0.0524 to 0.3339.
    const interval = shareDifferenceInterval({ hits: 48, total: 80 }, { hits: 56, total: 70 })!;
    expect(interval.low).toBeCloseTo(0.0524, 3);
    expect(interval.high).toBeCloseTo(0.3339, 3);
  });

  it('bounds a fall from 50 % errors to none, and calls it', () => {
    const interval = shareDifferenceInterval({ hits: 500, total: 1000 }, { hits: 0, total: 900 })!;
    expect(interval.high).toBeLessThan(0);
    expect(interval.low).toBeGreaterThan(-0.55);
    expect(interval.high).toBeLessThan(-0.45);
  });

  it('covers the true difference of two equal shares about 95 % of the time', () => {
    const next = uniform(3);
    let covered = 0;
    for (let i = 0; i < 400; i++) {
      const interval = shareDifferenceInterval({ hits: binomial(500, 0.02, next), total: 500 }, { hits: binomial(500, 0.02, next), total: 500 })!;
      if (interval.low <= 0 && interval.high >= 0) covered++;
    }
    // 380 expected; 365 is far below only by chance (binomial, p < 0.01).
    expect(covered).toBeGreaterThanOrEqual(365);
  });

  it('has nothing to say without requests', () => {
    expect(shareDifferenceInterval({ hits: 0, total: 0 }, { hits: 1, total: 10 })).toBeNull();
  });
});

describe('rateDifferenceInterval', () => {
  it('calls 12 % fewer requests over 30 s at 300/s', () => {
    const interval = rateDifferenceInterval({ count: 9000, seconds: 30 }, { count: 7920, seconds: 30 })!;
    expect(interval.high).toBeLessThan(0);
    expect(interval.low).toBeLessThan(-36);
    expect(interval.high).toBeGreaterThan(-36);
  });

  it('covers equal Poisson rates about 95 % of the time', () => {
    const next = uniform(9);
    // Poisson draws by counting exponential gaps in 20 s at 50/s.
    const poisson = (rate: number, seconds: number) => {
      let count = 0;
      for (let t = -Math.log(next()) / rate; t < seconds; t += -Math.log(next()) / rate) count++;
      return count;
    };
    let covered = 0;
    for (let i = 0; i < 400; i++) {
      const interval = rateDifferenceInterval({ count: poisson(50, 20), seconds: 20 }, { count: poisson(50, 20), seconds: 20 })!;
      if (interval.low <= 0 && interval.high >= 0) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(365);
  });
});

describe('widerInterval', () => {
  it('takes the wider bound on each side', () => {
    expect(widerInterval({ low: -1, high: 2 }, { low: -3, high: 1 })).toEqual({ low: -3, high: 2 });
    expect(widerInterval(null, { low: -3, high: 1 })).toEqual({ low: -3, high: 1 });
  });
});

describe('differenceOfIntervals', () => {
  it('is the root of the sum of squares for symmetric intervals, and keeps each side its own', () => {
    const symmetric = differenceOfIntervals({ value: 10, low: 7, high: 13 }, { value: 14, low: 10, high: 18 });
    expect(symmetric.low).toBeCloseTo(4 - 5, 9);
    expect(symmetric.high).toBeCloseTo(4 + 5, 9);
    // Head's interval reaches 1 below and 2 above it, base's 1 either side.
    const skewed = differenceOfIntervals({ value: 5, low: 4, high: 6 }, { value: 10, low: 9, high: 12 });
    expect(skewed.low).toBeCloseTo(5 - Math.SQRT2, 9);
    expect(skewed.high).toBeCloseTo(5 + Math.sqrt(5), 9);
  });

  it('covers no change between two p99s of 400 requests each about 95 % of the time', () => {
    // Two runs of the same log-normal latencies; each p99 read between bucket edges, its
    // interval from the order statistics (percentile-interval.ts), as a comparison takes them.
    const next = uniform(7);
    const normal = () => Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
    const p99 = () => {
      const histogram = emptyHistogram();
      for (let i = 0; i < 400; i++) recordValue(histogram, 20 * Math.exp(0.5 * normal()));
      const interval = percentileInterval(histogram, 0.99)!;
      return { value: quantile(histogram, 0.99, 'between')!, low: interval.low, high: interval.high };
    };
    let covered = 0;
    const pairs = 400;
    for (let i = 0; i < pairs; i++) {
      const difference = differenceOfIntervals(p99(), p99());
      if (difference.low <= 0 && difference.high >= 0) covered++;
    }
    console.log(`p99 of 400 requests, same latencies twice: no change covered in ${covered} of ${pairs} pairs`);
    // Order-statistic intervals cover at least 95 % each; their MOVER difference about as often.
    expect(covered / pairs).toBeGreaterThanOrEqual(0.93);
  });
});
