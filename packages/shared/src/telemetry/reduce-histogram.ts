/** One cumulative bucket: observations at or below `le`. */
export interface CumulativeBucket {
  le: number;
  count: number;
}

/**
 * A quantile of cumulative buckets, as Prometheus' histogram_quantile reads them: linear within
 * the bucket that holds the rank, the first bucket starting at 0 (when its bound is positive),
 * and a rank in the +Inf bucket answered with the highest finite bound. Undefined without
 * observations or without a +Inf bucket (the total is unknown then).
 */
export function bucketQuantile(q: number, buckets: readonly CumulativeBucket[]): number | undefined {
  if (buckets.length === 0 || !(q >= 0 && q <= 1)) return undefined;
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const last = sorted[sorted.length - 1] as CumulativeBucket;
  if (last.le !== Infinity) return undefined;
  // Float sums of several series can come out a hair non-monotonic: hold each count at least the previous.
  let running = 0;
  const counts = sorted.map((b) => (running = Math.max(running, b.count)));
  const total = counts[counts.length - 1] as number;
  if (!(total > 0)) return undefined;
  const rank = q * total;
  let i = counts.findIndex((count) => count >= rank);
  if (i < 0) i = counts.length - 1;
  const upper = (sorted[i] as CumulativeBucket).le;
  if (upper === Infinity) return sorted.length >= 2 ? (sorted[sorted.length - 2] as CumulativeBucket).le : undefined;
  const before = i === 0 ? 0 : (counts[i - 1] as number);
  const lower = i === 0 ? Math.min(0, upper) : (sorted[i - 1] as CumulativeBucket).le;
  if (i === 0 && upper <= 0) return upper;
  const inBucket = (counts[i] as number) - before;
  if (inBucket <= 0) return upper;
  return lower + (upper - lower) * ((rank - before) / inBucket);
}
