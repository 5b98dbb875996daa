import type { RunSummary } from '../summary.js';
import type { SecondSample } from '../series.js';
import { describeThreshold } from '../threshold-text.js';
import { isRelative, thresholdFigure, withoutBaseline, type RelativeJudge, type Threshold, type ThresholdResult } from '../threshold.js';
import { scopeFigures } from './compare-scope.js';
import { pairSeed, ratioIntervals, type NoiseMetric } from './noise.js';
import { historyFigure, runToRunSpread, widenRatio, type HistorySpread } from './history-noise.js';

/**
 * Thresholds relative to a baseline: "p95 of Checkout at most 110 % of baseline", "RPS at
 * least 95 % of baseline". The figure's ratio head / base gets a 95 % interval from the two
 * runs' own seconds (the moving-block bootstrap of noise.ts), and the verdict follows the
 * interval, not the point: PASS when all of it is within the limit, FAIL when none of it is,
 * INCONCLUSIVE when the limit lies inside (the runs cannot tell which side the change is on).
 */

/** The run a threshold is judged against, as the finaliser found it. */
export interface BaselineEvidence {
  runId: string;
  summary: RunSummary;
  /** Its seconds, segments merged, oldest first. */
  seconds: readonly SecondSample[];
  /** Why it does not compare like for like (another load profile); null when it does. */
  unlike: string | null;
  /**
   * The same shaped load (a ramp, phases) as the judged run: seconds are then paired at the
   * same point of the profile, each phase at its own start (`phases`), as a comparison pairs
   * them. Absent or null: each run's seconds on their own (a constant load).
   */
  paired?: { phases: string[] } | null;
}

export interface JudgedRun {
  runId: string;
  summary: RunSummary;
  seconds: readonly SecondSample[];
}

function noiseMetric(threshold: Threshold): NoiseMetric | null {
  if (threshold.metric === 'rps') return 'rps';
  if (threshold.metric === 'latency' && threshold.stat !== 'min' && threshold.stat !== 'max') return threshold.stat;
  return null;
}

const percent = (ratio: number) => `${(ratio * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

function figureText(threshold: Threshold, value: number): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${threshold.metric === 'rps' ? 'req/s' : 'ms'}`;
}

/** Whether every ratio in [low, high] keeps the limit, none does, or some do. */
function judge(op: Threshold['op'], limit: number, low: number, high: number): ThresholdResult['verdict'] {
  const within = (ratio: number) => (op === '<' ? ratio < limit : op === '<=' ? ratio <= limit : op === '>' ? ratio > limit : ratio >= limit);
  if (within(low) && within(high)) return 'PASS';
  if (!within(low) && !within(high)) return 'FAIL';
  return 'INCONCLUSIVE';
}

/**
 * Judges one relative threshold of `head` against `baseline`; `history` (the plan's run-to-run
 * spread, when it has enough runs) widens the interval as it does a comparison's. Pure.
 */
export function judgeRelative(threshold: Threshold, head: JudgedRun, baseline: BaselineEvidence | null, history: HistorySpread | null = null): ThresholdResult {
  if (!baseline) return withoutBaseline(threshold);
  const label = describeThreshold(threshold);
  const [base, measured] = [thresholdFigure(threshold, baseline.summary), thresholdFigure(threshold, head.summary)];
  const judgement = (ratio: number | null, interval: { low: number; high: number } | null) => ({
    v: 1 as const,
    baselineRunId: baseline.runId,
    base,
    head: measured,
    ratio,
    interval,
  });
  const inconclusive = (why: string, ratio: number | null = null, interval: { low: number; high: number } | null = null): ThresholdResult => ({
    threshold,
    verdict: 'INCONCLUSIVE',
    measured: ratio,
    explanation: `${label}: ${why}`,
    relative: judgement(ratio, interval),
  });
  if (baseline.unlike) return inconclusive(`the baseline is not like for like (${baseline.unlike})`);
  if (base === null || measured === null) {
    const missing = base === null ? 'the baseline' : 'this run';
    const scope = threshold.request ?? 'any request';
    return inconclusive(`${missing} has no figure to compare (no ${scope} completed)`);
  }
  if (base === 0) return inconclusive(`the baseline's figure is 0, which no share of can be a limit`);
  const ratio = measured / base;
  const metric = noiseMetric(threshold);
  const name = threshold.request ?? null;
  const paired = baseline.paired ?? null;
  const drawn = metric
    ? (ratioIntervals(...scopeFigures(baseline.seconds, head.seconds, name === null ? {} : { request: name }, paired !== null, paired?.phases), {
        seed: pairSeed(baseline.runId, head.runId),
        paired: paired !== null,
      })?.[metric] ?? null)
    : null;
  // Centred on the ratio judged: the drawn seconds leave out the partial first and last, and
  // paired seconds lie up to a second apart on a ramp (compare-scope.ts, centred).
  const own = drawn ? { low: drawn.low + ratio - drawn.estimate, high: drawn.high + ratio - drawn.estimate } : null;
  const figure = metric ? historyFigure(metric) : null;
  const spread = history ? (name === null ? history.overall : history.requests[name]) : undefined;
  const interval = own && figure && figure !== 'errorRate' ? widenRatio(own, ratio, figure, runToRunSpread(figure, spread)) : own;
  const fromHistory = figure !== null && spread?.[figure] !== undefined;
  const widened =
    interval && own && (interval.low < own.low || interval.high > own.high)
      ? fromHistory
        ? `, widened to the plan's run-to-run spread over ${history!.runs} runs`
        : ', widened to the run-to-run spread assumed until the plan has a history'
      : '';
  const figures = `${figureText(threshold, measured)} against the baseline's ${figureText(threshold, base)}`;
  if (!interval) {
    return inconclusive(`${figures} = ${percent(ratio)}, but too few seconds (or requests) in a run to tell a change from noise`, ratio);
  }
  const verdict = judge(threshold.op, threshold.value, interval.low, interval.high);
  const ci = `95 % CI ${percent(interval.low)} to ${percent(interval.high)}${widened}`;
  const why =
    verdict === 'INCONCLUSIVE'
      ? `the limit ${percent(threshold.value)} lies inside the interval: the two runs cannot tell which side of it the change is`
      : verdict === 'PASS'
        ? 'within the limit, noise included'
        : 'beyond the limit, noise included';
  return {
    threshold,
    verdict,
    measured: ratio,
    explanation: `${statsText(threshold)} ${percent(ratio)} of baseline (${ci}; ${figures}) against ${threshold.op} ${percent(threshold.value)}: ${why}`,
    relative: judgement(ratio, interval),
  };
}

function statsText(threshold: Threshold): string {
  const what = threshold.metric === 'rps' ? 'RPS' : threshold.metric === 'latency' ? threshold.stat : threshold.metric;
  return threshold.request ? `${what} of ${threshold.request}` : what;
}

/** The judge evaluateThresholds hands relative thresholds to, bound to one run, its baseline and its plan's history. */
export function relativeJudge(head: JudgedRun, baseline: BaselineEvidence | null, history: HistorySpread | null = null): RelativeJudge {
  return (threshold) => judgeRelative(threshold, head, baseline, history);
}

/** Whether a plan's thresholds need a baseline to be judged (then the finaliser looks one up). */
export function needsBaseline(thresholds: readonly Threshold[]): boolean {
  return thresholds.some(isRelative);
}
