import { interpolatedValue, type Histogram } from '../histogram.js';

/**
 * How sure a change between two runs is: a confidence interval for each difference, from the
 * two runs' own seconds.
 *
 * A run's figure (its p95, its rate) is one draw of a noisy process: identical runs differ by
 * several per cent. What varies within a run, second to second, is what a figure can be
 * trusted to. So each run's seconds are resampled with replacement (a moving-block bootstrap:
 * blocks of ~n^(1/3) consecutive seconds, so that slow drifts and bursts within a run stay
 * together), the figure is recomputed from the resampled seconds' merged histograms (merged,
 * never averaged), and the difference head - base over many such pairs gives the interval
 * (its 2.5th and 97.5th percentiles). An interval that excludes 0 is a change; one that
 * straddles 0 is within noise.
 *
 * Limits: the interval covers noise within the two runs, not every source of run-to-run
 * variation (a noisy neighbour for the whole of one run looks like a change). Seeded, so the
 * same two runs always give the same interval.
 */

export const NOISE_METRICS = ['rps', 'errorRate', 'avg', 'p50', 'p90', 'p95', 'p99', 'max'] as const;
export type NoiseMetric = (typeof NOISE_METRICS)[number];

/** One second of one scope (a request name, or the whole run) as the bootstrap reads it. */
export interface SecondFigures {
  count: number;
  errors: number;
  latency: Histogram | null;
  /**
   * How much of a second this is (1 when absent): a second split between two phases counts
   * each phase's rows as the share of the second's requests they made, so rates stay rates.
   */
  seconds?: number;
  /**
   * A run's first or last second: load starts or stops within it, so its count would read as
   * a lower rate. Its latencies and errors are drawn like any other second's; the rate leaves
   * it out.
   */
  partial?: boolean;
}

export interface ChangeInterval {
  low: number;
  high: number;
}

/**
 * An interval with the figure the resampled seconds give undrawn: the run's own figure may
 * differ (it also counts the partial first and last seconds, and paired seconds are up to a
 * second apart on the profile), so a caller centres the interval on the figure it shows.
 */
export interface EstimatedInterval extends ChangeInterval {
  estimate: number;
}

export interface NoiseOptions {
  resamples?: number;
  confidence?: number;
  seed?: number;
  /**
   * The two runs' seconds are paired by position (the same point of the same load profile:
   * offset, phase, VU or arrival level). Each draw then takes the same seconds of both runs,
   * so the mix of load levels is the same on both sides and only the runs' difference at
   * each level varies (see noise-paired.ts). Seconds beyond the shorter run are left out.
   */
  paired?: boolean;
}

/** Fewer seconds than this in either run: too few to tell a change from noise. */
export const MIN_SECONDS = 5;
/** Longer runs are resampled in this many stretches of consecutive seconds (cost stays flat). */
const MAX_UNITS = 300;
export const DEFAULT_RESAMPLES = 400;
const QUANTILES: ReadonlyArray<[NoiseMetric, number]> = [
  ['p50', 0.5],
  ['p90', 0.9],
  ['p95', 0.95],
  ['p99', 0.99],
];

/** A stretch of seconds, with its latency buckets as arrays: what one draw adds up. */
export interface Unit {
  /** Seconds and requests of the unit's whole seconds: what its rate is read from. */
  rateSeconds: number;
  rateCount: number;
  count: number;
  errors: number;
  sum: number;
  zeroCount: number;
  max: number;
  min: number;
  indexes: number[];
  counts: number[];
}

export function toUnits(seconds: readonly SecondFigures[]): Unit[] {
  const per = Math.ceil(seconds.length / MAX_UNITS);
  const units: Unit[] = [];
  for (let i = 0; i < seconds.length; i += per) {
    const bins = new Map<number, number>();
    const unit: Unit = { rateSeconds: 0, rateCount: 0, count: 0, errors: 0, sum: 0, zeroCount: 0, max: 0, min: Infinity, indexes: [], counts: [] };
    for (const second of seconds.slice(i, i + per)) {
      if (!second.partial) {
        unit.rateSeconds += second.seconds ?? 1;
        unit.rateCount += second.count;
      }
      unit.count += second.count;
      unit.errors += second.errors;
      const latency = second.latency;
      if (!latency || latency.count === 0) continue;
      unit.sum += latency.sum;
      unit.zeroCount += latency.zeroCount;
      unit.max = Math.max(unit.max, latency.max);
      unit.min = Math.min(unit.min, latency.min);
      for (const [key, count] of Object.entries(latency.bins)) bins.set(Number(key), (bins.get(Number(key)) ?? 0) + count);
    }
    for (const [index, count] of bins) {
      unit.indexes.push(index);
      unit.counts.push(count);
    }
    units.push(unit);
  }
  return units;
}

/** mulberry32: small, fast, and seeded, so a comparison reads the same every time. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The figures of one resample of a run's units, each metric null when it has no value. */
/** Where each block of a moving-block draw of `units` units starts: enough blocks to take `units` in all. */
export function blockStarts(units: number, block: number, next: () => number): number[] {
  const starts: number[] = [];
  for (let taken = 0; taken < units; taken += block) starts.push(Math.floor(next() * (units - block + 1)));
  return starts;
}

export class Resampler {
  private readonly offset: number;
  private readonly dense: Float64Array;
  readonly block: number;

  constructor(readonly units: Unit[]) {
    let low = Infinity;
    let high = -Infinity;
    for (const unit of units) for (const index of unit.indexes) [low, high] = [Math.min(low, index), Math.max(high, index)];
    this.offset = Number.isFinite(low) ? low : 0;
    this.dense = new Float64Array(Number.isFinite(high) ? high - low + 1 : 0);
    this.block = Math.max(1, Math.round(Math.cbrt(units.length)));
  }

  draw(next: () => number): Record<NoiseMetric, number | null> {
    return this.drawAt(blockStarts(this.units.length, this.block, next));
  }

  /** The figures of the units taken `block` at a time from each of `starts` (a paired draw gives both runs the same starts). */
  drawAt(starts: readonly number[]): Record<NoiseMetric, number | null> {
    const { units, dense, block } = this;
    dense.fill(0);
    let [seconds, rateCount, count, errors, sum, zeroCount, max, min] = [0, 0, 0, 0, 0, 0, 0, Infinity];
    let taken = 0;
    for (const start of starts) {
      for (let i = start; i < start + block && taken < units.length; i++, taken++) {
        const unit = units[i]!;
        seconds += unit.rateSeconds;
        rateCount += unit.rateCount;
        count += unit.count;
        errors += unit.errors;
        sum += unit.sum;
        zeroCount += unit.zeroCount;
        if (unit.min < min) min = unit.min;
        if (unit.max > max) max = unit.max;
        for (let j = 0; j < unit.indexes.length; j++) dense[unit.indexes[j]! - this.offset]! += unit.counts[j]!;
      }
    }
    const latencyCount = zeroCount + dense.reduce((total, value) => total + value, 0);
    const figures: Record<NoiseMetric, number | null> = {
      rps: seconds > 0 ? rateCount / seconds : null,
      errorRate: count > 0 ? errors / count : null,
      avg: latencyCount > 0 ? sum / latencyCount : null,
      p50: null,
      p90: null,
      p95: null,
      p99: null,
      max: latencyCount > 0 ? max : null,
    };
    if (latencyCount === 0) return figures;
    // The same rank rule as quantile() in histogram.ts, read between bucket edges (interpolatedValue).
    let q = 0;
    let seen = zeroCount;
    const ranks = QUANTILES.map(([, p]) => Math.floor(p * (latencyCount - 1)));
    while (q < QUANTILES.length && ranks[q]! < zeroCount) figures[QUANTILES[q++]![0]] = min;
    for (let i = 0; i < dense.length && q < QUANTILES.length; i++) {
      const inBucket = dense[i]!;
      for (; q < QUANTILES.length && seen + inBucket > ranks[q]!; q++) {
        figures[QUANTILES[q]![0]] = Math.min(max, Math.max(min, interpolatedValue(i + this.offset, ranks[q]! - seen, inBucket)));
      }
      seen += inBucket;
    }
    return figures;
  }
}

export function percentile(sorted: number[], p: number): number {
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * Intervals for head - base of each metric, in the metric's own unit (ms, requests per
 * second, a share), from the two runs' seconds. Null when either run has fewer than
 * MIN_SECONDS seconds; a metric is missing when a run has no value for it. Pure.
 */
export function changeIntervals(
  base: readonly SecondFigures[],
  head: readonly SecondFigures[],
  options: NoiseOptions = {},
): Partial<Record<NoiseMetric, EstimatedInterval>> | null {
  return bootstrap(base, head, options, (x, y) => y - x);
}

/**
 * Intervals for head / base of each metric (1.12: head 12 % above base), made as
 * changeIntervals makes differences; a metric whose base is 0 in some draw has none. Pure.
 */
export function ratioIntervals(
  base: readonly SecondFigures[],
  head: readonly SecondFigures[],
  options: NoiseOptions = {},
): Partial<Record<NoiseMetric, EstimatedInterval>> | null {
  return bootstrap(base, head, options, (x, y) => (x > 0 ? y / x : null));
}

/** Student's t at 97.5 % for 1..30 degrees of freedom. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069,
  2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
const Z975 = 1.959964;

/**
 * How much a 95 % percentile interval from n drawn units is widened: a bootstrap from few
 * units is too narrow (its spread is the sample's, shrunk by (n-1)/n, and its tails come from
 * few distinct draws), so the interval is stretched about its estimate by t(n-1)·√(n/(n-1)) / z,
 * Hesterberg's "expanded percentile" (1.58 for a 5-second phase, 1.13 for 15 s, 1.01 for 300).
 */
export function smallSampleFactor(n: number): number {
  if (n < 2) return 1;
  const df = n - 1;
  const t = df <= T975.length ? T975[df - 1]! : Z975 + (Z975 ** 3 + Z975) / (4 * df);
  return (t / Z975) * Math.sqrt(n / df);
}

function bootstrap(
  base: readonly SecondFigures[],
  head: readonly SecondFigures[],
  options: NoiseOptions,
  combine: (base: number, head: number) => number | null,
): Partial<Record<NoiseMetric, EstimatedInterval>> | null {
  if (options.paired) [base, head] = [base.slice(0, Math.min(base.length, head.length)), head.slice(0, Math.min(base.length, head.length))];
  if (base.length < MIN_SECONDS || head.length < MIN_SECONDS) return null;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const alpha = 1 - (options.confidence ?? 0.95);
  const next = random(options.seed ?? 1);
  const [b, h] = [new Resampler(toUnits(base)), new Resampler(toUnits(head))];
  const draws = new Map<NoiseMetric, number[]>(NOISE_METRICS.map((metric) => [metric, []]));
  const drawPair = (): [Record<NoiseMetric, number | null>, Record<NoiseMetric, number | null>] => {
    if (!options.paired) return [b.draw(next), h.draw(next)];
    // Equal lengths make equal units and blocks: one set of starts fits both runs.
    const starts = blockStarts(b.units.length, b.block, next);
    return [b.drawAt(starts), h.drawAt(starts)];
  };
  for (let i = 0; i < resamples; i++) {
    const [fb, fh] = drawPair();
    for (const metric of NOISE_METRICS) {
      const [x, y] = [fb[metric], fh[metric]];
      const combined = x !== null && y !== null ? combine(x, y) : null;
      if (combined !== null) draws.get(metric)!.push(combined);
    }
  }
  // Every unit once, in order: the figures the seconds give undrawn.
  const all = (resampler: Resampler) =>
    resampler.drawAt(Array.from({ length: Math.ceil(resampler.units.length / resampler.block) }, (_, i) => i * resampler.block));
  const [ab, ah] = [all(b), all(h)];
  const widen = (options.confidence ?? 0.95) === 0.95 ? smallSampleFactor(Math.min(b.units.length, h.units.length)) : 1;
  const intervals: Partial<Record<NoiseMetric, EstimatedInterval>> = {};
  for (const [metric, values] of draws) {
    // Most draws must have the figure on both sides, or there is nothing to say about it.
    if (values.length < resamples * 0.9) continue;
    const [x, y] = [ab[metric], ah[metric]];
    const estimate = x !== null && y !== null ? combine(x, y) : null;
    if (estimate === null) continue;
    values.sort((x, y) => x - y);
    const [low, high] = [percentile(values, alpha / 2), percentile(values, 1 - alpha / 2)];
    intervals[metric] = {
      low: Math.min(low, estimate - widen * (estimate - low)),
      high: Math.max(high, estimate + widen * (high - estimate)),
      estimate,
    };
  }
  return intervals;
}

/** A stable seed for a pair of runs, so that their comparison reads the same every time. */
export function pairSeed(baseId: string, headId: string): number {
  let hash = 2166136261;
  for (const char of `${baseId}|${headId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}
