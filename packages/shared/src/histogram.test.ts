import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HISTOGRAM_RELATIVE_ACCURACY, countAbove, emptyHistogram, mergeHistograms, quantile, recordValue, type Histogram } from './histogram.js';

function histogramOf(values: number[]): Histogram {
  const histogram = emptyHistogram();
  for (const value of values) recordValue(histogram, value);
  return histogram;
}

function exactQuantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))]!;
}

const latency = fc.double({ min: 0.01, max: 60_000, noNaN: true });

describe('histogram', () => {
  it('merging the parts gives exactly the histogram of the whole', () => {
    fc.assert(
      fc.property(fc.array(fc.array(latency, { maxLength: 200 }), { maxLength: 8 }), (parts) => {
        const whole = histogramOf(parts.flat());
        const merged = mergeHistograms(parts.map(histogramOf));
        expect(merged.count).toBe(whole.count);
        expect(merged.bins).toEqual(whole.bins);
        expect(merged.zeroCount).toBe(whole.zeroCount);
        expect(merged.min).toBe(whole.min);
        expect(merged.max).toBe(whole.max);
        expect(merged.sum).toBeCloseTo(whole.sum, 6);
      }),
    );
  });

  it('reads every quantile within the relative accuracy of the exact sample of that rank', () => {
    fc.assert(
      fc.property(fc.array(latency, { minLength: 1, maxLength: 500 }), fc.double({ min: 0, max: 1, noNaN: true }), (values, q) => {
        const estimate = quantile(histogramOf(values), q)!;
        const exact = exactQuantile(values, q);
        expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(exact * HISTOGRAM_RELATIVE_ACCURACY * 1.000001);
      }),
    );
  });

  it('keeps exact min and max and counts zeros', () => {
    const histogram = histogramOf([0, 0, 3, 7.5]);
    expect(histogram.zeroCount).toBe(2);
    expect(quantile(histogram, 0)).toBe(0);
    expect(quantile(histogram, 1)).toBe(7.5);
    expect(quantile(emptyHistogram(), 0.5)).toBeNull();
  });

  it('shows why percentiles must not be averaged', () => {
    const fast = Array.from({ length: 990 }, () => 1);
    const slow = Array.from({ length: 10 }, () => 1000);
    const averagedP99 = (quantile(histogramOf(fast), 0.99)! + quantile(histogramOf(slow), 0.99)!) / 2;
    const mergedP99 = quantile(mergeHistograms([histogramOf(fast), histogramOf(slow)]), 0.99)!;
    expect(mergedP99).toBeCloseTo(1, 1);
    expect(averagedP99).toBeGreaterThan(400);
  });
});

describe('countAbove', () => {
  it('counts values beyond a limit: exact away from it, exact past the min and max', () => {
    const histogram = emptyHistogram();
    [0, 10, 200, 480, 520, 900, 900].forEach((value) => recordValue(histogram, value));
    expect(countAbove(histogram, 500)).toBe(3);
    expect(countAbove(histogram, 900)).toBe(0);
    expect(countAbove(histogram, 900, true)).toBe(2);
    expect(countAbove(histogram, 0)).toBe(6);
    expect(countAbove(histogram, 0, true)).toBe(7);
    expect(countAbove(emptyHistogram(), 1)).toBe(0);
  });
});
