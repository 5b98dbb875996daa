import { z } from 'zod';

/**
 * Mergeable latency histogram with a relative-error guarantee (the DDSketch mapping).
 *
 * A positive value v lands in bucket i = ceil(log(v) / log(GAMMA)), which covers
 * (GAMMA^(i-1), GAMMA^i]. Reading a bucket back as 2·GAMMA^i / (GAMMA + 1) is within
 * RELATIVE_ACCURACY of every value in it, so every quantile read from a merged histogram is
 * within that bound of a true sample value of the same rank. Histograms merge by adding
 * bucket counts: merging per-second, per-segment parts gives exactly the histogram of the
 * whole, which is why percentiles are merged and never averaged.
 *
 * The k6 output extension (apps/runner/k6-extension) computes the bucket indexes with the
 * same constants; `relativeAccuracy` travels with every histogram so a mismatch is caught.
 */
export const HISTOGRAM_RELATIVE_ACCURACY = 0.005;
export const HISTOGRAM_GAMMA = (1 + HISTOGRAM_RELATIVE_ACCURACY) / (1 - HISTOGRAM_RELATIVE_ACCURACY);
/** Values at or below this (ms) go to the zero bucket; 1 ns is below any latency k6 measures. */
export const HISTOGRAM_MIN_INDEXABLE = 1e-6;

const LOG_GAMMA = Math.log(HISTOGRAM_GAMMA);

export const histogramSchema = z.object({
  relativeAccuracy: z.literal(HISTOGRAM_RELATIVE_ACCURACY),
  count: z.number().int().nonnegative(),
  sum: z.number().nonnegative(),
  min: z.number().nonnegative(),
  max: z.number().nonnegative(),
  zeroCount: z.number().int().nonnegative(),
  /** Bucket index (as a decimal string, JSON keys are strings) -> count. Sparse. */
  bins: z.record(z.string().regex(/^-?\d+$/), z.number().int().positive()),
});
export type Histogram = z.infer<typeof histogramSchema>;

export function emptyHistogram(): Histogram {
  return {
    relativeAccuracy: HISTOGRAM_RELATIVE_ACCURACY,
    count: 0,
    sum: 0,
    min: 0,
    max: 0,
    zeroCount: 0,
    bins: {},
  };
}

export function bucketIndex(value: number): number {
  return Math.ceil(Math.log(value) / LOG_GAMMA);
}

export function bucketValue(index: number): number {
  return (2 * Math.pow(HISTOGRAM_GAMMA, index)) / (HISTOGRAM_GAMMA + 1);
}

/** Adds one value; used by tests and by anything that measures in-process. */
export function recordValue(histogram: Histogram, value: number, times = 1): void {
  if (!(value >= 0) || times <= 0) return;
  histogram.min = histogram.count === 0 ? value : Math.min(histogram.min, value);
  histogram.max = histogram.count === 0 ? value : Math.max(histogram.max, value);
  histogram.count += times;
  histogram.sum += value * times;
  if (value <= HISTOGRAM_MIN_INDEXABLE) {
    histogram.zeroCount += times;
    return;
  }
  const key = String(bucketIndex(value));
  histogram.bins[key] = (histogram.bins[key] ?? 0) + times;
}

/** Adds `source` into `target` in place and returns `target`. */
export function mergeHistogramInto(target: Histogram, source: Histogram): Histogram {
  if (source.count === 0) return target;
  target.min = target.count === 0 ? source.min : Math.min(target.min, source.min);
  target.max = target.count === 0 ? source.max : Math.max(target.max, source.max);
  target.count += source.count;
  target.sum += source.sum;
  target.zeroCount += source.zeroCount;
  for (const [key, count] of Object.entries(source.bins)) {
    target.bins[key] = (target.bins[key] ?? 0) + count;
  }
  return target;
}

export function mergeHistograms(histograms: Iterable<Histogram>): Histogram {
  const merged = emptyHistogram();
  for (const histogram of histograms) mergeHistogramInto(merged, histogram);
  return merged;
}

/**
 * How a rank is read back from its bucket: as the bucket's value (within the relative
 * accuracy of every value in it: what reports state), or `between` its edges, the bucket's
 * c values taken as spread evenly in log space over (GAMMA^(i-1), GAMMA^i], the k-th at
 * GAMMA^(i-1+(k+0.5)/c). A comparison reads between edges (noise.ts, compare-scope.ts): two
 * bucket values move in whole ~1 % steps, so a change under a bucket reads as 0 or 1 % and an
 * interval made of such readings widens to the next whole step.
 */
export type BucketReading = 'bucket' | 'between';

/** The `between` reading of the value `withinBucket` (0-based) of the `inBucket` values of bucket `index`. */
export function interpolatedValue(index: number, withinBucket: number, inBucket: number): number {
  return Math.exp((index - 1 + (withinBucket + 0.5) / inBucket) * LOG_GAMMA);
}

/**
 * The value at quantile q (0..1): the sample of rank floor(q·(count-1)) in sorted order,
 * read back from its bucket (as `reading` says) and clamped to the exact min and max. Null
 * when empty.
 */
export function quantile(histogram: Histogram, q: number, reading: BucketReading = 'bucket'): number | null {
  if (histogram.count === 0) return null;
  if (q <= 0) return histogram.min;
  if (q >= 1) return histogram.max;
  return valueAtRank(histogram, Math.floor(q * (histogram.count - 1)), reading);
}

/**
 * The sample of a rank (0: the smallest) read back from its bucket, clamped to the exact min
 * and max. For readers that combine histograms (a trend's values below zero are kept apart).
 */
export function valueAtRank(histogram: Histogram, rank: number, reading: BucketReading = 'bucket'): number {
  return valuesAtRanks(histogram, [rank], reading)[0]!;
}

/** valueAtRank for several ranks (in any order) in one walk of the buckets. */
export function valuesAtRanks(histogram: Histogram, ranks: readonly number[], reading: BucketReading = 'bucket'): number[] {
  const values = new Array<number>(ranks.length).fill(histogram.max);
  const order = ranks.map((_, i) => i).sort((a, b) => ranks[a]! - ranks[b]!);
  let next = 0;
  for (; next < order.length && ranks[order[next]!]! < histogram.zeroCount; next++) values[order[next]!] = histogram.min;
  let seen = histogram.zeroCount;
  const indexes = Object.keys(histogram.bins)
    .map(Number)
    .sort((a, b) => a - b);
  for (const index of indexes) {
    if (next === order.length) break;
    const count = histogram.bins[String(index)]!;
    for (; next < order.length && seen + count > ranks[order[next]!]!; next++) {
      const value = reading === 'bucket' ? bucketValue(index) : interpolatedValue(index, ranks[order[next]!]! - seen, count);
      values[order[next]!] = Math.min(histogram.max, Math.max(histogram.min, value));
    }
    seen += count;
  }
  return values;
}

/**
 * How many values lie above `limit` (at or above it with `inclusive`), read from the buckets
 * (within the histogram's relative accuracy of the limit) and exact beyond the min and max.
 */
export function countAbove(histogram: Histogram, limit: number, inclusive = false): number {
  if (histogram.count === 0) return 0;
  const beyond = (value: number) => (inclusive ? value >= limit : value > limit);
  if (!beyond(histogram.max)) return 0;
  if (beyond(histogram.min)) return histogram.count;
  let above = beyond(0) ? histogram.zeroCount : 0;
  for (const [key, count] of Object.entries(histogram.bins)) if (beyond(bucketValue(Number(key)))) above += count;
  return above;
}

export interface LatencyStats {
  /** How many latencies the figures are read from. */
  samples: number;
  avg: number;
  min: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencyStats(histogram: Histogram): LatencyStats | null {
  if (histogram.count === 0) return null;
  return {
    samples: histogram.count,
    avg: histogram.sum / histogram.count,
    min: histogram.min,
    p50: quantile(histogram, 0.5)!,
    p90: quantile(histogram, 0.9)!,
    p95: quantile(histogram, 0.95)!,
    p99: quantile(histogram, 0.99)!,
    max: histogram.max,
  };
}
