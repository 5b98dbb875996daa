import type { ChangeInterval } from './noise.js';

/**
 * Intervals of a change in a share or a rate made from the counts it comes from, not from
 * per-second figures: an error rate is errors out of requests, a throughput is requests over
 * the seconds they took. These assume the requests are independent of each other; a run's
 * errors and rates come in bursts more than that, so a comparison takes the wider of these
 * and its bootstrap over seconds (noise.ts): counts bound how sure a change can be, seconds
 * how much more the run's own swings widen it.
 */

/** 95 %: the comparison's one confidence. */
export const Z95 = 1.959964;

/** Wilson's score interval of a share x / n: good near 0 and 1, where the normal one fails. */
function wilson(x: number, n: number, z: number): { low: number; high: number } {
  const p = x / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/**
 * Newcombe's hybrid score interval of headShare - baseShare (his method 10, Statistics in
 * Medicine 1998): from the two Wilson intervals, so 50 % -> 0 % errors gets an honest bound
 * where the normal approximation gives a zero width. Null without requests on either side.
 */
export function shareDifferenceInterval(base: { hits: number; total: number }, head: { hits: number; total: number }, z = Z95): ChangeInterval | null {
  if (base.total <= 0 || head.total <= 0) return null;
  const [p1, p2] = [base.hits / base.total, head.hits / head.total];
  const [w1, w2] = [wilson(base.hits, base.total, z), wilson(head.hits, head.total, z)];
  const d = p2 - p1;
  return {
    low: d - Math.sqrt((p2 - w2.low) ** 2 + (w1.high - p1) ** 2),
    high: d + Math.sqrt((w2.high - p2) ** 2 + (p1 - w1.low) ** 2),
  };
}

/**
 * The interval of headRate - baseRate for counts over seconds (requests per second), each
 * count read as Poisson: its variance is the count itself. Null without seconds on either side.
 */
export function rateDifferenceInterval(base: { count: number; seconds: number }, head: { count: number; seconds: number }, z = Z95): ChangeInterval | null {
  if (base.seconds <= 0 || head.seconds <= 0) return null;
  const d = head.count / head.seconds - base.count / base.seconds;
  // A count of 0 still has a variance: the upper bound of a Poisson 0 is about 3 (the rule of three).
  const variance = Math.max(base.count, 1) / base.seconds ** 2 + Math.max(head.count, 1) / head.seconds ** 2;
  const half = z * Math.sqrt(variance);
  return { low: d - half, high: d + half };
}

/**
 * The interval of headValue - baseValue from each run's own interval of its value (a
 * percentile's order-statistic interval, percentile-interval.ts): Zou and Donner's MOVER
 * (Computational Statistics & Data Analysis 2008), the method Newcombe's is an instance of,
 * for two independent estimates whose intervals need not be symmetric. What a percentile of
 * few samples (a p99 of a short phase) can be trusted to by its sample count alone.
 */
export function differenceOfIntervals(base: { value: number; low: number; high: number }, head: { value: number; low: number; high: number }): ChangeInterval {
  const d = head.value - base.value;
  const below = (estimate: { value: number; low: number }) => Math.max(0, estimate.value - estimate.low);
  const above = (estimate: { value: number; high: number }) => Math.max(0, estimate.high - estimate.value);
  return {
    low: d - Math.sqrt(below(head) ** 2 + above(base) ** 2),
    high: d + Math.sqrt(above(head) ** 2 + below(base) ** 2),
  };
}

/** The wider of two intervals of the same difference (either may be missing). */
export function widerInterval(a: ChangeInterval | null | undefined, b: ChangeInterval | null | undefined): ChangeInterval | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return { low: Math.min(a.low, b.low), high: Math.max(a.high, b.high) };
}
