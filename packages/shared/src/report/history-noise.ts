import type { ChangeInterval } from './noise.js';
import type { TrendFigures, TrendPoint } from './trend.js';

/**
 * Run-to-run variation from a plan's history. The bootstrap of noise.ts sees only the noise
 * inside the two runs compared; whole runs also differ (a cold cache, a noisy neighbour, the
 * time of day). Where the plan has enough runs, each figure's spread between consecutive runs
 * bounds what a change between two runs can be trusted to, and a comparison's interval is
 * widened to it.
 *
 * Spread: the differences between consecutive runs (of the log for latencies and rate, so
 * that it is relative; plain for the error rate, which is often 0), scaled by 1.4826 x their
 * median absolute deviation, a standard deviation that one step in the history (one large
 * difference) does not inflate. The difference of two runs has that spread, so the history's
 * band around an observed change is ±1.96 of it.
 */

/** Fewer measured, undoubted runs than this: no history to speak of. */
export const MIN_HISTORY_RUNS = 8;
/** The newest runs the spread is read from. */
export const HISTORY_RUNS = 30;
const Z95 = 1.959964;

export const HISTORY_FIGURES = ['rps', 'errorRate', 'p50', 'p95', 'p99'] as const;
export type HistoryFigure = (typeof HISTORY_FIGURES)[number];

/** Per figure: the standard deviation of a difference between two runs (of the log, or plain for errorRate). */
export type Spread = Partial<Record<HistoryFigure, number>>;

export interface HistorySpread {
  /** How many runs it was read from. */
  runs: number;
  overall: Spread;
  requests: Record<string, Spread>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The robust standard deviation of consecutive differences; null with too few values. */
export function consecutiveSpread(values: readonly number[], relative: boolean): number | null {
  const usable = relative ? values.filter((value) => value > 0) : values;
  if (usable.length < MIN_HISTORY_RUNS) return null;
  const differences = usable.slice(1).map((value, i) => (relative ? Math.log(value / usable[i]!) : value - usable[i]!));
  const center = median(differences);
  return 1.4826 * median(differences.map((difference) => Math.abs(difference - center)));
}

function spreadOf(figures: ReadonlyArray<TrendFigures | undefined>): Spread {
  const spread: Spread = {};
  for (const figure of HISTORY_FIGURES) {
    const values = figures.flatMap((scope) => {
      const value = scope?.[figure];
      return value === null || value === undefined ? [] : [value];
    });
    const sd = consecutiveSpread(values, figure !== 'errorRate');
    if (sd !== null) spread[figure] = sd;
  }
  return spread;
}

/**
 * The spread of each figure over a plan's newest runs (oldest first, as trends give them),
 * leaving out doubtful runs and `exclude` (the runs being compared). Null when fewer than
 * MIN_HISTORY_RUNS runs remain. Pure.
 */
export function historySpread(points: readonly TrendPoint[], exclude: readonly string[] = []): HistorySpread | null {
  const usable = points.filter((point) => !point.doubtful && !exclude.includes(point.runId)).slice(-HISTORY_RUNS);
  if (usable.length < MIN_HISTORY_RUNS) return null;
  const names = [...new Set(usable.flatMap((point) => Object.keys(point.requests)))];
  return {
    runs: usable.length,
    overall: spreadOf(usable.map((point) => point.overall)),
    requests: Object.fromEntries(names.map((name) => [name, spreadOf(usable.map((point) => point.requests[name]))])),
  };
}

/**
 * The run-to-run spread assumed for a latency figure (the standard deviation of the log of
 * the ratio of two runs' figures) until a plan's history gives its own. Two runs of the same
 * server are never alike to the last bucket (the machine, its timers, its caches differ from
 * run to run, and nothing inside one run shows it): identical loopback runs of one plan
 * differed by σ ≈ 1.2 % at p50 and p95 (compare-shapes.k6.test.ts, 14 pairs), and two runs
 * that each wander 1 % differ by 1.4 %. With 1.4 %, a 95 % interval is at least ±2.7 %: two
 * runs 2 % apart read "unchanged", a 5 % change is called (pnpm bench -- --only compare
 * measures how often, per load shape).
 */
export const ASSUMED_LATENCY_SPREAD = 0.014;
const LATENCY_FIGURES = new Set<HistoryFigure>(['p50', 'p95', 'p99']);

/** The spread a figure is widened to: the history's, or for a latency it lacks, the assumed one. */
export function runToRunSpread(figure: HistoryFigure, spread: Spread | undefined): Spread {
  if (spread?.[figure] !== undefined || !LATENCY_FIGURES.has(figure)) return spread ?? {};
  return { ...spread, [figure]: ASSUMED_LATENCY_SPREAD };
}

/**
 * The interval of head - base, widened to what the history says two runs differ by: the
 * union of the bootstrap's interval and the history's band around the observed change.
 */
export function widenDifference(interval: ChangeInterval, base: number, head: number, figure: HistoryFigure, spread: Spread): ChangeInterval {
  const sd = spread[figure];
  if (sd === undefined || sd === 0) return interval;
  const band =
    figure === 'errorRate'
      ? { low: head - base - Z95 * sd, high: head - base + Z95 * sd }
      : { low: head * Math.exp(-Z95 * sd) - base, high: head * Math.exp(Z95 * sd) - base };
  return { low: Math.min(interval.low, band.low), high: Math.max(interval.high, band.high) };
}

/** The same for a ratio head / base (thresholds relative to the baseline; not for errorRate). */
export function widenRatio(interval: ChangeInterval, ratio: number, figure: Exclude<HistoryFigure, 'errorRate'>, spread: Spread): ChangeInterval {
  const sd = spread[figure];
  if (sd === undefined || sd === 0) return interval;
  return { low: Math.min(interval.low, ratio * Math.exp(-Z95 * sd)), high: Math.max(interval.high, ratio * Math.exp(Z95 * sd)) };
}

/**
 * The figure of the history a comparison's metric is widened by: itself when the history keeps
 * it; for those it does not, the nearest one it does (avg and p50, p90 and p95 move together
 * from run to run); null for the rest (counts, sizes, max, which is not judged).
 */
export function historyFigure(metric: string): HistoryFigure | null {
  if ((HISTORY_FIGURES as readonly string[]).includes(metric)) return metric as HistoryFigure;
  return ({ avg: 'p50', p90: 'p95' } as Record<string, HistoryFigure>)[metric] ?? null;
}
