import {
  allSteps,
  dataDiagnostics,
  indexScopes,
  complianceJudge,
  decideVerdicts,
  diagnoseRun,
  evaluateThresholds,
  findCapacity,
  findPhaseCapacity,
  findRecovery,
  mergeSegmentsBySecond,
  overallVerdict,
  planDurationSeconds,
  relativeJudge,
  segmentHealth,
  startSkewDiagnostic,
  startSpreadMs,
  summarizeSeconds,
  windowSummaries,
  type BaselineEvidence,
  type HistorySpread,
  type PlanSpec,
  type RunDataUse,
  type StoredSecond,
  type TelemetryJudge,
  type ThresholdStop,
  type Verdict,
} from '@loadline/shared';
import type { FinalOutcome } from './runs.repository.js';

export interface SegmentState {
  index: number;
  status: 'QUEUED' | 'STARTING' | 'RUNNING' | 'COMPLETED' | 'ERRORED' | 'CANCELLED';
  error: { code: string; message: string } | null;
  /** When its k6 began the load; null if it never did. */
  startedAt: Date | null;
}

export interface OutcomeInput {
  runId: string;
  spec: PlanSpec;
  segments: SegmentState[];
  seconds: StoredSecond[];
  /** Some segment sent seconds that never arrived, or never finished at all. */
  dataMissing: boolean;
  /** Set when the watchdog gives up on the run (deadline passed, runner gone). */
  abandoned?: { code: string; message: string };
  /** A user asked to stop the run. */
  cancelRequested?: boolean;
  /** A threshold's stop rule stopped the run early (RunStopRules). */
  stop?: ThresholdStop | null;
  /** The run thresholds relative to a baseline are judged against; null when there is none. */
  baseline?: BaselineEvidence | null;
  /** The plan's run-to-run spread, which widens the relative thresholds' intervals. */
  history?: HistorySpread | null;
  /** Which run that is, as stored with the outcome (also when no threshold needed its figures). */
  chosenBaseline?: FinalOutcome['baseline'];
  /** Judges the plan's thresholds on the target's telemetry; without it they are INCONCLUSIVE (no telemetry was read). */
  telemetry?: TelemetryJudge;
  /** The run's data sets with every segment's rows used added up (a set that ran out is said in the report). */
  data?: readonly RunDataUse[];
}

const STATUS_BY_VERDICT: Record<Verdict, FinalOutcome['status']> = {
  PASS: 'PASSED',
  FAIL: 'FAILED',
  INCONCLUSIVE: 'INCONCLUSIVE',
};

/**
 * Decides how a run ends from what its segments reported and what was measured. Pure, so
 * every rule is unit-tested. Whatever the ending, what was measured is summarised and kept:
 * - abandoned (deadline, runner lost) or a failed segment: ERRORED with the cause;
 * - stopped by a threshold's stop rule: FAILED, that threshold failing with the stop's reason;
 * - cancelled: CANCELLED, no verdict;
 * - no request completed: ERRORED, since no SLA can be judged;
 * - otherwise the thresholds decide, after validity diagnostics had their say.
 */
export function decideOutcome(input: OutcomeInput): FinalOutcome {
  const merged = mergeSegmentsBySecond(input.seconds);
  const samples = merged.map((second) => second.sample);
  const requestOrder = allSteps(input.spec).map((request) => request.name);
  const summary = samples.length ? summarizeSeconds(samples, requestOrder) : null;
  const windows = windowSummaries(samples, requestOrder);
  const failedSegment = input.segments.find((segment) => segment.status === 'ERRORED');
  const cancelled = input.cancelRequested || input.segments.some((segment) => segment.status === 'CANCELLED');
  // Partial: something was measured, and some of it is missing. A run that never began is not.
  const partial = input.seconds.length > 0 && (input.dataMissing || failedSegment !== undefined || input.abandoned !== undefined);
  const spread = startSpreadMs(input.segments.map((segment) => segment.startedAt));
  const skew = startSkewDiagnostic(spread, planDurationSeconds(input.spec));
  const diagnostics = summary
    ? [...diagnoseRun({ spec: input.spec, summary, seconds: merged, partial, windows }), ...(skew ? [skew] : []), ...dataDiagnostics(input.data ?? [])]
    : [];
  const capacity = summary ? (findCapacity(input.spec, merged) ?? findPhaseCapacity(input.spec, summary)) : null;
  // The load's start (the first segment's k6 resuming) places the plan's fall-back in time.
  const starts = input.segments.flatMap((segment) => (segment.startedAt ? [segment.startedAt.getTime()] : []));
  const recovery = summary ? findRecovery(input.spec, merged, starts.length ? Math.min(...starts) : null) : null;
  const perSegment = {
    segmentHealth: input.seconds.length ? segmentHealth(input.spec, input.seconds, input.segments.length) : new Map(),
    startSpreadMs: spread,
  };

  const ended = (status: 'ERRORED' | 'CANCELLED', error: { code: string; message: string } | null): FinalOutcome => ({
    status,
    verdict: null,
    summary,
    error,
    partial,
    thresholds: [],
    diagnostics,
    capacity,
    recovery,
    ...perSegment,
    baseline: input.chosenBaseline ?? null,
  });

  if (input.abandoned) return ended('ERRORED', input.abandoned);
  // A stop rule's segments end the way cancelled ones do; a user's cancel after it changes nothing.
  if (cancelled && !failedSegment && !input.stop) return ended('CANCELLED', null);
  if (failedSegment) {
    return ended(
      'ERRORED',
      failedSegment.error ?? { code: 'SEGMENT_FAILED', message: `Segment ${failedSegment.index + 1} of ${input.segments.length} failed without a message` },
    );
  }
  if (!summary || summary.overall.count === 0) {
    return ended('ERRORED', { code: 'NO_REQUESTS', message: 'k6 finished without completing a single request' });
  }
  const decided = decideVerdicts({
    results: evaluateThresholds(
      input.spec.thresholds,
      summary,
      windows,
      relativeJudge({ runId: input.runId, summary, seconds: samples }, input.baseline ?? null, input.history ?? null),
      input.telemetry,
      complianceJudge(samples),
    ),
    diagnostics,
    scopes: indexScopes(samples),
    stop: input.stop,
  });
  const thresholds = decided.thresholds;
  const verdict = overallVerdict(thresholds);
  return {
    status: STATUS_BY_VERDICT[verdict],
    verdict,
    summary,
    error: input.stop ?? null,
    partial,
    thresholds,
    diagnostics: decided.diagnostics,
    capacity,
    recovery,
    ...perSegment,
    baseline: input.chosenBaseline ?? null,
  };
}
