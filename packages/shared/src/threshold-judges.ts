import { describeThreshold } from './threshold-text.js';
import type { Threshold, ThresholdResult } from './threshold.js';
import type { TelemetryThreshold } from './telemetry/threshold.js';

/**
 * The judges evaluateThresholds hands thresholds to when the summary alone cannot judge them,
 * and what each says when its evidence is not at hand.
 */

/** Judges a threshold relative to the baseline (report/relative-threshold.ts binds it to a baseline run). */
export type RelativeJudge = (threshold: Threshold) => ThresholdResult;

/** A threshold relative to a baseline when there is none: not judged, and left out of the run's verdict. */
export function withoutBaseline(threshold: Threshold, why = 'no run of this load has passed yet and none is pinned'): ThresholdResult {
  return {
    threshold,
    verdict: 'INCONCLUSIVE',
    measured: null,
    explanation: `${describeThreshold(threshold)}: not judged, there is no baseline (${why}); a run that passes becomes it`,
    relative: { v: 1, baselineRunId: null, base: null, head: null, ratio: null, interval: null },
  };
}

/** Judges a threshold on the target's telemetry (telemetry/threshold-judge.ts binds it to the run's). */
export type TelemetryJudge = (threshold: TelemetryThreshold) => ThresholdResult;

/** A telemetry threshold of a run whose telemetry is not at hand: not judged. */
export function withoutTelemetry(threshold: TelemetryThreshold, why = 'no telemetry was read'): ThresholdResult {
  return { threshold, verdict: 'INCONCLUSIVE', measured: null, explanation: `${describeThreshold(threshold)}: not judged, ${why}` };
}

/** A threshold on a share of seconds, judged on the run's seconds (threshold-compliance.ts binds them). */
export type SecondsJudge = (threshold: Threshold) => ThresholdResult;

export const withoutSeconds: SecondsJudge = (threshold) => ({
  threshold,
  verdict: 'INCONCLUSIVE',
  measured: null,
  explanation: `${describeThreshold(threshold)}: the run's seconds were not read, nothing to judge`,
});
