import { HISTOGRAM_GAMMA, HISTOGRAM_MIN_INDEXABLE, type Histogram } from './histogram.js';

/**
 * Distribution-free confidence intervals for percentiles, read from a merged histogram.
 *
 * Of n independent samples, the number B that fall below the true q-quantile ξ is
 * Binomial(n, q). So the order statistics X(j) ≤ ξ < X(k) (1-based) hold exactly when
 * j ≤ B ≤ k−1, and choosing j and k from B's quantiles gives an interval that covers ξ with
 * at least the asked confidence, whatever the latency distribution (Conover, Practical
 * Nonparametric Statistics, §3.2). The interval describes sampling error only: it says how
 * far the p95 of these requests could be from the p95 of the process that produced them,
 * not how much another run would differ (that is run-to-run noise, judged across runs).
 *
 * The order statistics are read as the outer edges of their histogram buckets, so the
 * histogram's own ±0.5 % is inside the interval, never on top of it.
 */

export const PERCENTILE_CONFIDENCE = 0.95;

export interface PercentileInterval {
  low: number;
  high: number;
}

/**
 * Binomial tails are summed exactly up to this n (O(n), checked against @stdlib's binomial
 * quantile, which would bring 219 packages into every client of this package); beyond it the
 * normal approximation is used, widened by half a rank on each side so it is never narrower
 * than the exact interval (at most one rank wider, at n > 20,000).
 */
const EXACT_UP_TO = 20_000;

/** Standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const tail = 0.02425;
  if (p < tail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - tail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * The 1-based ranks [j, k] of the order statistics that bound the q-quantile of n samples
 * with the given confidence: j the largest with P(B < j) ≤ α/2, k the smallest with
 * P(B ≥ k) ≤ α/2. j = 0 means no lower bound below the smallest sample, k = n + 1 none
 * above the largest.
 */
export function orderStatisticRanks(n: number, q: number, confidence = PERCENTILE_CONFIDENCE): Ranks {
  return n > EXACT_UP_TO ? approximateRanks(n, q, confidence) : exactRanks(n, q, confidence);
}

export interface Ranks {
  j: number;
  k: number;
}

/** Normal approximation with continuity correction, widened by half a rank on each side. */
export function approximateRanks(n: number, q: number, confidence = PERCENTILE_CONFIDENCE): Ranks {
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const sd = Math.sqrt(n * q * (1 - q));
  return { j: Math.max(0, Math.floor(n * q - z * sd - 0.5)), k: Math.min(n + 1, Math.ceil(n * q + z * sd + 0.5)) };
}

/** Sums the binomial tails term by term. */
export function exactRanks(n: number, q: number, confidence = PERCENTILE_CONFIDENCE): Ranks {
  const tail = (1 - confidence) / 2;
  // P(B = i) by the recurrence from i = 0, in logs so that large n does not underflow.
  const logRatio = Math.log(q) - Math.log1p(-q);
  let logPmf = n * Math.log1p(-q);
  let maxLog = logPmf;
  const logs: number[] = [logPmf];
  for (let i = 0; i < n; i++) {
    logPmf += Math.log(n - i) - Math.log(i + 1) + logRatio;
    logs.push(logPmf);
    if (logPmf > maxLog) maxLog = logPmf;
  }
  const weights = logs.map((value) => Math.exp(value - maxLog));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let j = 0;
  let below = 0; // P(B < i) as i grows
  for (let i = 0; i <= n; i++) {
    if (below > tail) break;
    j = i;
    below += weights[i]! / total;
  }
  let k = n + 1;
  let above = 0; // P(B ≥ i) as i falls
  for (let i = n; i >= 0; i--) {
    above += weights[i]! / total;
    if (above > tail) break;
    k = i;
  }
  return { j, k };
}

/** The lower (or upper) edge of the bucket holding the sample of this 0-based rank. */
function edgeAtRank(histogram: Histogram, rank: number, edge: 'low' | 'high', sortedIndexes: readonly number[]): number {
  if (rank < histogram.zeroCount) return edge === 'low' ? histogram.min : Math.min(histogram.max, HISTOGRAM_MIN_INDEXABLE);
  let seen = histogram.zeroCount;
  for (const index of sortedIndexes) {
    seen += histogram.bins[String(index)]!;
    if (seen > rank) {
      const value = edge === 'low' ? Math.pow(HISTOGRAM_GAMMA, index - 1) : Math.pow(HISTOGRAM_GAMMA, index);
      return Math.min(histogram.max, Math.max(histogram.min, value));
    }
  }
  return histogram.max;
}

/**
 * The 95 % interval of the q-quantile of the histogram's samples. Where the sample is too
 * small to bound a side (p99 of 200 requests has no order statistic above it with 97.5 %
 * confidence), that side is the observed extreme: the interval is then narrower than 95 %
 * on that side, which TOO_FEW_SAMPLES already flags.
 */
export function percentileInterval(histogram: Histogram, q: number, confidence = PERCENTILE_CONFIDENCE): PercentileInterval | null {
  if (histogram.count === 0) return null;
  const { j, k } = orderStatisticRanks(histogram.count, q, confidence);
  const sortedIndexes = Object.keys(histogram.bins)
    .map(Number)
    .sort((a, b) => a - b);
  return {
    low: j <= 0 ? histogram.min : edgeAtRank(histogram, j - 1, 'low', sortedIndexes),
    high: k > histogram.count ? histogram.max : edgeAtRank(histogram, k - 1, 'high', sortedIndexes),
  };
}
