/**
 * Change points in a plan's history: where a figure (p95, error rate, rate) stepped to a new
 * level and stayed there, told apart from run-to-run noise.
 *
 * The method is E-divisive means (Matteson & James, "A Nonparametric Approach for Multiple
 * Change Point Analysis of Multivariate Data", JASA 2014), as used for performance CI by
 * MongoDB (Daly et al., ICPE 2020) and Apache Otava (formerly Hunter): the split of a series
 * that maximises the energy distance between the two sides is the candidate; it is kept when
 * the two sides differ significantly, and each side is searched again. As in Otava, the
 * significance test is a t-test between the two sides (the permutation test of the paper is
 * far slower for the same answer on level shifts), here with the variance pooled (see
 * pooledPValue), at `significance` (default 0.003: a plan checked after every run must not
 * cry wolf; see the regressions benchmark for what that costs in runs to find a step). A step
 * among the newest runs must also be seen in each of them (confirmedByEveryRun). Pure.
 */

export interface ChangePointOptions {
  /** Fewest points each side of a change (and between two changes). */
  minSize?: number;
  /** Largest p-value a change may have. */
  significance?: number;
}

export interface ChangePoint {
  /** Index of the first point at the new level. */
  index: number;
  pValue: number;
  /** Means of the stretch before and after (up to the neighbouring change points). */
  before: number;
  after: number;
  /** after / before - 1 (null when before is 0). */
  step: number | null;
}

const DEFAULTS = { minSize: 3, significance: 0.003 };
/** Fewest runs (not doubtful) a step can be found in: minSize on each side of it. */
export const CHANGE_POINT_MIN_RUNS = DEFAULTS.minSize * 2;

/** Energy statistic Q of splitting x[from, to) at each t; returns the best t and its Q. */
export function bestSplit(x: readonly number[], from: number, to: number, minSize: number): { at: number; q: number } | null {
  const n = to - from;
  if (n < 2 * minSize) return null;
  // d[i][j] = |x_i - x_j| within the segment; row prefix sums make each split O(n).
  const values = x.slice(from, to);
  let best: { at: number; q: number } | null = null;
  // within[k]: sum of |xi - xj| for i < j < k (left part [0, k)); rightWithin likewise for [k, n).
  const within = new Float64Array(n + 1);
  for (let k = 1; k <= n; k++) {
    let add = 0;
    for (let i = 0; i < k - 1; i++) add += Math.abs(values[i]! - values[k - 1]!);
    within[k] = within[k - 1]! + add;
  }
  const total = within[n]!;
  // between(k) = sum of |xi - xj| for i < k <= j, moved one point at a time: O(n) per split.
  let between = 0;
  for (let i = 0; i < minSize; i++) for (let j = minSize; j < n; j++) between += Math.abs(values[i]! - values[j]!);
  for (let k = minSize; k <= n - minSize; k++) {
    if (k > minSize) {
      const moved = values[k - 1]!;
      // It leaves the right side (its pairs with the left are no longer across) and joins the left.
      for (let i = 0; i < k - 1; i++) between -= Math.abs(values[i]! - moved);
      for (let j = k; j < n; j++) between += Math.abs(moved - values[j]!);
    }
    const m = k;
    const r = n - k;
    const left = within[k]!;
    const right = total - left - between;
    const e = (2 * between) / (m * r) - (m > 1 ? left / ((m * (m - 1)) / 2) : 0) - (r > 1 ? right / ((r * (r - 1)) / 2) : 0);
    const q = ((m * r) / n) * e;
    if (!best || q > best.q) best = { at: from + k, q };
  }
  return best;
}

function meanAndVariance(values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.length > 1 ? values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1) : 0;
  return { mean, variance };
}

/**
 * Two-sided p-value of Student's t-test with the variance pooled over both sides: a plan's
 * run-to-run spread is one property of the plan, so the few runs after a step borrow the
 * many before (Welch's test would judge a 3-run side by its own, very uncertain, spread).
 */
export function pooledPValue(a: readonly number[], b: readonly number[]): number {
  const [x, y] = [meanAndVariance(a), meanAndVariance(b)];
  const df = a.length + b.length - 2;
  const pooled = ((a.length - 1) * x.variance + (b.length - 1) * y.variance) / df;
  const se = Math.sqrt(pooled * (1 / a.length + 1 / b.length));
  if (se === 0) return x.mean === y.mean ? 1 : 0;
  return studentTwoSided(Math.abs(x.mean - y.mean) / se, df);
}

/** P(|T| > t) for Student's t with df degrees of freedom: I_{df/(df+t²)}(df/2, 1/2). */
function studentTwoSided(t: number, df: number): number {
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/** Regularized incomplete beta I_x(a, b) by its continued fraction (Numerical Recipes §6.4). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    for (const aa of [(m * (b - m) * x) / ((a + m2 - 1) * (a + m2)), (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1))]) {
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      if (Math.abs(c) < tiny) c = tiny;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-12) break;
  }
  return h;
}

/** ln Γ(x) (Lanczos, g = 7, n = 9; |error| < 1e-13 for x > 0). */
function logGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = g[0]!;
  for (let i = 1; i < 9; i++) sum += g[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * A step among the newest runs is taken only when each of its runs (while they are few) is
 * nearer the new level than the old: one wild run among normal ones is not a new level.
 */
function confirmedByEveryRun(before: readonly number[], after: readonly number[], minSize: number): boolean {
  if (after.length >= 2 * minSize) return true;
  const midway = (meanAndVariance(before).mean + meanAndVariance(after).mean) / 2;
  const up = meanAndVariance(after).mean > midway;
  return after.every((value) => (up ? value > midway : value < midway));
}

/**
 * The change points of a series, in order. Each is where the split with the largest energy
 * distance fell within its stretch, kept when the stretches either side differ at the
 * significance level (Welch's t-test), found again within each side until none is left.
 */
export function changePoints(series: readonly number[], options: ChangePointOptions = {}): ChangePoint[] {
  const { minSize, significance } = { ...DEFAULTS, ...options };
  const cuts: number[] = [];
  const stretches: Array<[number, number]> = [[0, series.length]];
  while (stretches.length) {
    const [from, to] = stretches.pop()!;
    const split = bestSplit(series, from, to, minSize);
    if (!split) continue;
    const [before, after] = [series.slice(from, split.at), series.slice(split.at, to)];
    if (pooledPValue(before, after) > significance) continue;
    if (to === series.length && !confirmedByEveryRun(before, after, minSize)) {
      // Not a step (yet): the stretch before it may still hold one.
      stretches.push([from, split.at]);
      continue;
    }
    cuts.push(split.at);
    stretches.push([from, split.at], [split.at, to]);
  }
  cuts.sort((a, b) => a - b);
  return cuts.map((index, i) => {
    const before = series.slice(cuts[i - 1] ?? 0, index);
    const after = series.slice(index, cuts[i + 1] ?? series.length);
    const [b, a] = [meanAndVariance(before).mean, meanAndVariance(after).mean];
    return { index, pValue: pooledPValue(before, after), before: b, after: a, step: b !== 0 ? a / b - 1 : null };
  });
}
