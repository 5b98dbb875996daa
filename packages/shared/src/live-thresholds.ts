import { z } from 'zod';
import { sampleShortfall } from './diagnostics.js';
import { durationToSeconds } from './duration.js';
import type { SecondSample } from './series.js';
import type { ThresholdStop } from './stop-rule.js';
import { summarizeSeconds } from './summary.js';
import { complianceJudge } from './threshold-compliance.js';
import { describeThreshold, formatValue } from './threshold-text.js';
import { inWindow, windowSummaries } from './threshold-time.js';
import { evaluateThresholds, meets, thresholdFigure, thresholdSchema, type Threshold, type ThresholdResult } from './threshold.js';

/**
 * Each threshold's standing while a run goes, judged on the merged seconds measured so far
 * with the rules of the final verdict (evaluateThresholds, the percentile interval, the
 * TOO_FEW_SAMPLES sample rule, compliance over seconds, the stop rule's breach), so "PASS so
 * far" means "this would PASS if the run ended now". Provisional all the same: later seconds
 * change the figures, and the diagnostics read at the end (a saturated generator, dropped
 * iterations...) may still make a verdict INCONCLUSIVE. Pure: the API's live hub calls it
 * for each second that completes and sends the answer with the progress event.
 */

/**
 * - `pass` / `fail`: the figure so far is judged, with the final verdict's rules;
 * - `waiting`: not enough samples yet (nothing measured, fewer requests than the percentile
 *   needs, the limit inside the interval, too few seconds for a share of seconds);
 * - `at-end`: judged only when the run ends (against the baseline, on the target's telemetry).
 */
export const LIVE_THRESHOLD_STATES = ['pass', 'fail', 'waiting', 'at-end'] as const;
export type LiveThresholdState = (typeof LIVE_THRESHOLD_STATES)[number];

export const liveThresholdSchema = z.object({
  /** The threshold's position in the plan. */
  index: z.number().int().nonnegative(),
  threshold: thresholdSchema,
  /** "p95 of Checkout < 500 ms (stops the run after 10 s in breach)" */
  label: z.string(),
  state: z.enum(LIVE_THRESHOLD_STATES),
  /** The figure so far in the threshold's unit; null when there is none yet. */
  measured: z.number().nullable(),
  /** Why, in words: the final verdict's explanation of the figure so far. */
  explanation: z.string(),
  /** A percentile short of samples: how many it has and how many the sample rule asks. */
  samples: z.object({ have: z.number().int().nonnegative(), needed: z.number().int().positive() }).nullable(),
  /** Thresholds with a stop rule: how long the breach has lasted (of `afterSeconds`), or when it stopped the run. */
  stop: z
    .object({
      afterSeconds: z.number().int().positive(),
      /** Consecutive seconds, up to the last measured one, each in breach on its own. */
      breachingSeconds: z.number().int().nonnegative(),
      /** Seconds from the load's start at which the rule stopped the run; null: it has not. */
      stoppedAtSeconds: z.number().int().nonnegative().nullable(),
    })
    .nullable(),
});
export type LiveThreshold = z.infer<typeof liveThresholdSchema>;

export interface LiveThresholdOptions {
  /** The plan's request names in order (as the final summary orders them). */
  requestOrder?: readonly string[];
  /** The stop rule that has stopped the run, when one has (the run's recorded stop). */
  stop?: ThresholdStop | null;
}

const atEnd =
  (why: string) =>
  (threshold: Threshold): ThresholdResult => ({
    threshold,
    verdict: 'INCONCLUSIVE',
    measured: null,
    explanation: `${describeThreshold(threshold)}: judged when the run ends, ${why}`,
  });

/** Consecutive seconds at the end of `seconds` each in breach on its own figure, up to `cap`. */
function breachStreak(threshold: Threshold, seconds: readonly SecondSample[], firstT: number, cap: number): number {
  let streak = 0;
  for (let index = seconds.length - 1; index >= 0 && streak < cap; index--) {
    const second = seconds[index]!;
    const next = seconds[index + 1];
    // A missing second breaks a streak, as it does for the stop rule.
    if (next && next.t !== second.t + 1) break;
    if (!inWindow(threshold.window, second.t - firstT)) break;
    const figure = thresholdFigure(threshold, summarizeSeconds([second]));
    if (figure === null || meets(threshold, figure)) break;
    streak++;
  }
  return streak;
}

/**
 * The standing of each threshold on the merged seconds so far (every segment's, added up; time
 * order), in plan order.
 */
export function liveThresholds(thresholds: readonly Threshold[], seconds: readonly SecondSample[], options: LiveThresholdOptions = {}): LiveThreshold[] {
  const requestOrder = options.requestOrder ?? [];
  const firstT = seconds[0]?.t ?? 0;
  const summary = seconds.length ? summarizeSeconds(seconds, requestOrder) : null;
  const windows = windowSummaries(seconds, requestOrder);
  const results = summary
    ? evaluateThresholds(thresholds, summary, windows, atEnd('against the baseline'), atEnd("on the target's telemetry"), complianceJudge(seconds))
    : thresholds.map((threshold) =>
        threshold.metric === 'telemetry' || threshold.relativeTo === 'baseline'
          ? atEnd(threshold.metric === 'telemetry' ? "on the target's telemetry" : 'against the baseline')(threshold)
          : { threshold, verdict: 'INCONCLUSIVE' as const, measured: null, explanation: `${describeThreshold(threshold)}: no second measured yet` },
      );

  return results.map((result, index): LiveThreshold => {
    const threshold = thresholds[index]!;
    const label = describeThreshold(threshold);
    const afterSeconds = threshold.stop ? durationToSeconds(threshold.stop.after) : null;
    const stoppedHere = options.stop && options.stop.thresholdIndex === index ? options.stop : null;
    const stop =
      afterSeconds === null
        ? null
        : {
            afterSeconds,
            breachingSeconds: stoppedHere ? stoppedHere.breachSeconds : breachStreak(threshold, seconds, firstT, afterSeconds),
            stoppedAtSeconds: stoppedHere ? stoppedHere.atSeconds : null,
          };
    const base = { index, threshold, label, stop };
    // The stop is the verdict of its threshold, as decideVerdicts makes it at the end.
    if (stoppedHere) return { ...base, state: 'fail', measured: stoppedHere.measured, explanation: stoppedHere.message, samples: null };
    const atTheEnd = threshold.metric === 'telemetry' || threshold.relativeTo === 'baseline';
    if (atTheEnd) return { ...base, state: 'at-end', measured: null, explanation: result.explanation, samples: null };
    const shortfall = summary ? sampleShortfall(threshold, summary, windows) : null;
    if (shortfall) {
      const figure = result.measured === null ? '' : ` (${formatValue(threshold, result.measured)} so far)`;
      return {
        ...base,
        state: 'waiting',
        measured: result.measured,
        explanation: `${label}: ${shortfall.samples.toLocaleString('en-US')} of the ${shortfall.needed.toLocaleString('en-US')} requests a ${threshold.metric === 'latency' ? threshold.stat : 'figure'} needs${figure}`,
        samples: { have: shortfall.samples, needed: shortfall.needed },
      };
    }
    const state = result.verdict === 'PASS' ? 'pass' : result.verdict === 'FAIL' ? 'fail' : 'waiting';
    return { ...base, state, measured: result.measured, explanation: result.explanation, samples: null };
  });
}
