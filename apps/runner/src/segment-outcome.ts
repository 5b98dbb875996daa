import { VU_LIMIT_EXCEEDED, exhaustedSetOf, type RunStopReason } from '@loadline/shared';
import type { K6Outcome } from './k6-process.js';
import { outOfMemoryMessage, ranOutOfMemory } from './sandbox.js';

export interface SegmentCounts {
  requests: number;
  /** Requests that got an answer (any HTTP or WebSocket status; for gRPC, any but UNAVAILABLE and DEADLINE_EXCEEDED). */
  responded: number;
}

export type SegmentVerdict = { outcome: 'completed'; error: null } | { outcome: 'errored' | 'cancelled'; error: { code: string; message: string } };

/** k6 exits 105 when it was interrupted by a signal (ExternalAbort). */
const K6_EXTERNAL_ABORT = 105;
/** k6 exits 108 when the script called exec.test.abort() (ScriptAborted). */
const K6_SCRIPT_ABORTED = 108;

/** Why the runner itself interrupted k6, if it did. */
export type StopReason = 'cancelled' | 'runner-stopped' | 'deadline' | 'threshold-breached' | 'vu-limit';

/**
 * A stop pushed to the run's segments, as this segment's own ending: past the deadline it
 * was overdue; a threshold's stop rule stopped it early; for anything else (a cancel, another
 * segment lost or failed) it was stopped while fine. The run's fate is decided by the API
 * from all its segments.
 */
export function stopReasonOf(reason: RunStopReason): StopReason {
  if (reason === 'deadline' || reason === 'threshold-breached' || reason === 'vu-limit') return reason;
  return 'cancelled';
}

/**
 * How a segment ended, in words the report can show. Pure: all the evidence is the k6 exit
 * and what the segment measured. A stop the runner asked for explains whatever exit code
 * the interrupt gave, so it wins over it.
 */
export function classifySegment(k6: K6Outcome, counts: SegmentCounts, k6Bin: string, stopped: StopReason | null = null, memoryMb?: number): SegmentVerdict {
  if (k6.spawnError) {
    const missing = k6.spawnError.code === 'ENOENT';
    return {
      outcome: 'errored',
      error: {
        code: missing ? 'K6_MISSING' : 'K6_NOT_STARTED',
        message: missing ? `k6 binary not found at ${k6Bin} (build it with: bash scripts/ensure-k6.sh)` : `k6 could not be started: ${k6.spawnError.message}`,
      },
    };
  }
  if (stopped === 'cancelled') return { outcome: 'cancelled', error: { code: 'CANCELLED', message: 'The run was cancelled' } };
  if (stopped === 'threshold-breached') {
    return {
      outcome: 'cancelled',
      error: { code: 'STOPPED_BY_THRESHOLD', message: "Stopped early: a threshold's stop rule was breached (the run says which)" },
    };
  }
  if (stopped === 'vu-limit') {
    // Told by the API, which saw the run's segments together above the run's VUs (this one
    // may have been within its own share); the run's error names the numbers.
    return {
      outcome: 'errored',
      error: { code: VU_LIMIT_EXCEEDED, message: "The run's segments together started more VUs than the run may use; every segment was stopped" },
    };
  }
  if (stopped === 'runner-stopped') {
    return { outcome: 'errored', error: { code: 'RUNNER_STOPPED', message: 'The runner was shut down while k6 was running; k6 was stopped' } };
  }
  if (k6.timedOut || stopped === 'deadline') {
    return {
      outcome: 'errored',
      error: { code: 'DEADLINE_EXCEEDED', message: 'k6 ran past the planned duration plus the grace period and was stopped' },
    };
  }
  // A `unique` data set ran out and the plan says stop: the generated script ended the test,
  // as asked. The segment completed; its data usage says the set ran out (run-data.ts).
  const exhausted = k6.exitCode === K6_SCRIPT_ABORTED ? exhaustedSetOf(k6.lastError ?? '') : null;
  if (exhausted !== null) {
    if (counts.requests > 0) return { outcome: 'completed', error: null };
    return {
      outcome: 'errored',
      error: {
        code: 'DATA_EXHAUSTED',
        message: `Data set ${exhausted} had no rows for this segment: no request was sent (the plan says stop when it runs out)`,
      },
    };
  }
  if (k6.exitCode !== 0 && memoryMb !== undefined && ranOutOfMemory(k6.stderrTail)) {
    return { outcome: 'errored', error: { code: 'K6_OUT_OF_MEMORY', message: outOfMemoryMessage(memoryMb) } };
  }
  if (k6.exitCode !== 0) {
    const how = k6.exitCode === null ? `was killed by ${k6.signal}` : `exited with code ${k6.exitCode}`;
    const reason = k6.lastError ?? (k6.exitCode === K6_EXTERNAL_ABORT ? 'interrupted' : k6.stderrTail.at(-1));
    return { outcome: 'errored', error: { code: 'K6_FAILED', message: reason ? `k6 ${how}: ${reason}` : `k6 ${how}` } };
  }
  if (counts.requests === 0) {
    // k6 exits 0 when every iteration throws; its logged error is the only evidence.
    return {
      outcome: 'errored',
      error: k6.lastError
        ? { code: 'SCRIPT_ERROR', message: `No request was sent: ${k6.lastError}` }
        : { code: 'NO_REQUESTS', message: 'k6 finished without sending a single request' },
    };
  }
  if (counts.responded === 0) {
    return {
      outcome: 'errored',
      error: {
        code: 'TARGET_UNREACHABLE',
        message: `No request got a response: ${k6.firstRequestFailure ?? 'every request failed before a response arrived'}`,
      },
    };
  }
  return { outcome: 'completed', error: null };
}
