import { describe, expect, it } from 'vitest';
import { bucketQuantile } from './reduce-histogram.js';

describe('bucketQuantile', () => {
  it('interpolates linearly within the bucket holding the rank', () => {
    // 100 observations: 50 <= 0.1, 40 in (0.1, 0.5], 10 in (0.5, 1].
    const buckets = [
      { le: 0.1, count: 50 },
      { le: 0.5, count: 90 },
      { le: 1, count: 100 },
      { le: Infinity, count: 100 },
    ];
    expect(bucketQuantile(0.95, buckets)).toBeCloseTo(0.5 + 0.5 * (5 / 10), 12);
    expect(bucketQuantile(0.5, buckets)).toBeCloseTo(0.1, 12);
    expect(bucketQuantile(0.25, buckets)).toBeCloseTo(0.05, 12); // the first bucket starts at 0
  });

  it('answers the highest finite bound for a rank in +Inf, and nothing without observations or +Inf', () => {
    expect(
      bucketQuantile(0.95, [
        { le: 1, count: 1 },
        { le: Infinity, count: 10 },
      ]),
    ).toBe(1);
    expect(
      bucketQuantile(0.95, [
        { le: 1, count: 0 },
        { le: Infinity, count: 0 },
      ]),
    ).toBeUndefined();
    expect(bucketQuantile(0.95, [{ le: 1, count: 5 }])).toBeUndefined();
  });

  it('reads unsorted and slightly non-monotonic buckets (float sums) as cumulative', () => {
    const buckets = [
      { le: Infinity, count: 10 },
      { le: 2, count: 9.999999 },
      { le: 1, count: 10 },
    ];
    expect(bucketQuantile(0.95, buckets)).toBeCloseTo(0.95, 6);
  });
});
