import {
  evaluateThresholds,
  overallVerdict,
  summarizeSeconds,
  type PlanSpec,
  type SecondSample,
  type Verdict,
} from '@loadline/shared';
import type { FinalOutcome } from './runs.repository.js';

export interface SegmentState {
  index: number;
  status: 'QUEUED' | 'STARTING' | 'RUNNING' | 'COMPLETED' | 'ERRORED' | 'CANCELLED';
  error: { code: string; message: string } | null;
}

export interface OutcomeInput {
  spec: PlanSpec;
  segments: SegmentState[];
  seconds: SecondSample[];
  /** Some segment sent seconds that never arrived, or never finished at all. */
  dataMissing: boolean;
  /** Set when the watchdog gives up on the run (deadline passed, runner gone). */
  abandoned?: { code: string; message: string };
}

const STATUS_BY_VERDICT: Record<Verdict, FinalOutcome['status']> = {
  PASS: 'PASSED',
  FAIL: 'FAILED',
  INCONCLUSIVE: 'INCONCLUSIVE',
};

/**
 * Decides how a run ends from what its segments reported and what was measured. Pure, so
 * every rule is unit-tested: a failed segment or an abandoned run is ERRORED with the cause
 * (what was measured is still summarised and kept); a run that completed no request is
 * ERRORED, since no SLA can be judged; otherwise the thresholds decide.
 */
export function decideOutcome(input: OutcomeInput): FinalOutcome {
  const summary = input.seconds.length
    ? summarizeSeconds(input.seconds, input.spec.requests.map((request) => request.name))
    : null;
  const failedSegment = input.segments.find((segment) => segment.status === 'ERRORED');
  const partial = input.dataMissing || failedSegment !== undefined || input.abandoned !== undefined;

  const errored = (error: { code: string; message: string }): FinalOutcome => ({
    status: 'ERRORED',
    verdict: null,
    summary,
    error,
    partial,
    thresholds: [],
  });

  if (input.abandoned) return errored(input.abandoned);
  if (failedSegment) {
    return errored(
      failedSegment.error ?? { code: 'SEGMENT_FAILED', message: `segment ${failedSegment.index} failed without a message` },
    );
  }
  if (!summary || summary.overall.count === 0) {
    return errored({ code: 'NO_REQUESTS', message: 'k6 finished without completing a single request' });
  }
  const thresholds = evaluateThresholds(input.spec.thresholds, summary);
  const verdict = overallVerdict(thresholds);
  return { status: STATUS_BY_VERDICT[verdict], verdict, summary, error: null, partial, thresholds };
}
