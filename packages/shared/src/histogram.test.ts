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

describe('quantile read between bucket edges', () => {
  it('reads a change smaller than a bucket that the bucket value cannot show', () => {
    // 10,000 values spread evenly from 40 to 60 ms, then the same 0.4 % higher: well under a
    // bucket (1 %), so the bucket values of p95 read the same or a whole bucket apart.
    const spread = Array.from({ length: 10_000 }, (_, i) => 40 + (20 * i) / 9_999);
    const [base, head] = [histogramOf(spread), histogramOf(spread.map((value) => value * 1.004))];
    const exact = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(0.95 * (values.length - 1))]!;
    const [b, h] = [quantile(base, 0.95, 'between')!, quantile(head, 0.95, 'between')!];
    expect(Math.abs(b / exact(spread) - 1)).toBeLessThan(0.001);
    expect(h / b - 1).toBeCloseTo(0.004, 3);
    const stepped = quantile(head, 0.95)! / quantile(base, 0.95)! - 1;
    expect([0, HISTOGRAM_RELATIVE_ACCURACY * 2].some((step) => Math.abs(stepped - step) < 0.0002)).toBe(true);
  });

  it("stays within the histogram's accuracy of the true value, and at its exact min and max", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, q) => {
          const sorted = [...values].sort((a, b) => a - b);
          const truth = q <= 0 ? sorted[0]! : q >= 1 ? sorted.at(-1)! : sorted[Math.floor(q * (values.length - 1))]!;
          const read = quantile(histogramOf(values), q, 'between')!;
          expect(Math.abs(read - truth)).toBeLessThanOrEqual(2 * HISTOGRAM_RELATIVE_ACCURACY * truth + 1e-9);
          expect(read).toBeGreaterThanOrEqual(sorted[0]!);
          expect(read).toBeLessThanOrEqual(sorted.at(-1)!);
        },
      ),
    );
    expect(quantile(emptyHistogram(), 0.5, 'between')).toBeNull();
  });
});
