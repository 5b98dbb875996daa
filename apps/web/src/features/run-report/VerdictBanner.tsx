import { isTerminalRunStatus, THRESHOLD_STOP_CODE, type RunQueueView, type RunView } from '@loadline/shared';
import { elapsedSeconds, formatSeconds } from '../../format/time';
import { RunErrorText } from './RunErrorText';
import { RunQueueStatus } from './RunQueueStatus';
import { STATUS_TONE, outcomeHeadline } from './status';
import { useNow } from './use-now';

interface VerdictBannerProps {
  run: RunView;
  /** Where the run stands while it waits for runners (see currentQueue); the run's own when omitted. */
  queue?: RunQueueView | null;
}

/** The outcome of a finished run, or what it is doing while it is not finished. */
export function VerdictBanner({ run, queue = run.queue }: VerdictBannerProps) {
  const pending = !isTerminalRunStatus(run.status);
  const now = useNow(1_000, pending);
  if (pending) {
    const elapsed = elapsedSeconds(run.startedAt ?? run.createdAt, null, now);
    // Only the title is announced: the rest ticks every second.
    return (
      <div className="banner banner--info" data-testid="run-pending">
        <p className="banner__title" role="status" aria-live="polite">
          {pendingText(run, queue)}
        </p>
        {queue ? <RunQueueStatus queue={queue} now={now} /> : null}
        <p className="banner__text">{pendingDetail(run, elapsed)}</p>
      </div>
    );
  }
  const failed = run.thresholds.filter((result) => result.verdict === 'FAIL').length;
  return (
    <div
      className={`banner banner--${STATUS_TONE[run.status]}`}
      role="status"
      aria-live="polite"
      data-testid="run-verdict"
      data-status={run.status}
      data-verdict={run.verdict ?? ''}
    >
      <p className="banner__title">{outcomeHeadline(run.status, run.thresholds.length, failed)}</p>
      {run.status === 'ERRORED' && run.error ? <RunErrorText error={run.error} /> : null}
      {stoppedEarly(run) ? (
        <p className="banner__text" data-testid="run-stopped-early" data-code={THRESHOLD_STOP_CODE}>
          <strong>Stopped early by a stop rule: </strong>
          {stoppedEarlyText(run)}
        </p>
      ) : null}
      {run.status === 'ERRORED' && run.summary ? <p className="banner__text">What was measured before the error is kept below and may be partial.</p> : null}
      {run.status === 'CANCELLED' ? (
        <p className="banner__text" data-testid="cancelled-note">
          {cancelledText(run)}
        </p>
      ) : null}
    </div>
  );
}

/** Whether a threshold's stop rule stopped (or is stopping) the run. */
export function stoppedEarly(run: RunView): boolean {
  return run.error?.code === THRESHOLD_STOP_CODE;
}

/**
 * "stopped at 42 s: p95 of Checkout 1,210 ms > 500 ms for 10 s (of the planned 60 s). What was
 * measured until then is shown below; the other requirements are judged on it."
 */
export function stoppedEarlyText(run: RunView): string {
  return `${run.error!.message} (of the planned ${formatSeconds(run.plannedSeconds)}). What was measured until then is shown below; the other requirements are judged on it.`;
}

/** "Stopped on request after 12 s of the planned 30 s. What was measured until then is shown below." */
export function cancelledText(run: RunView): string {
  const stoppedAt = run.cancelRequestedAt ?? run.finishedAt;
  const ran = run.summary?.durationSeconds ?? (run.startedAt ? elapsedSeconds(run.startedAt, stoppedAt) : null);
  const how = run.cancelRequestedAt ? 'Stopped on request' : 'Stopped';
  const when =
    ran !== null && ran !== undefined && run.startedAt
      ? ` after ${formatSeconds(ran)} of the planned ${formatSeconds(run.plannedSeconds)}`
      : ' before the load started';
  const kept = run.summary && run.summary.overall.count > 0 ? 'What was measured until then is shown below.' : 'No request was measured.';
  return `${how}${when}. ${kept}`;
}

function pendingDetail(run: RunView, elapsed: number | null): string {
  if (stoppedEarly(run)) return `${run.error!.message}. What was measured so far is kept; the report appears when every segment has stopped.`;
  if (run.cancelRequestedAt) return 'What was measured so far is kept; the report appears when the run has stopped.';
  switch (run.status) {
    case 'QUEUED':
    case 'STARTING':
      return `${elapsed !== null ? `Waiting for ${formatSeconds(elapsed)}. ` : ''}The live view starts with the load.`;
    case 'FINISHING':
      return 'The report appears here in a moment.';
    default:
      return 'The figures and charts below update every second until the verdict is in.';
  }
}

function pendingText(run: RunView, queue: RunQueueView | null): string {
  switch (run.status) {
    case 'QUEUED': {
      const needed = queue?.runnersNeeded ?? run.segments;
      return needed > 1 ? `Queued: waiting for ${needed} free runners at once…` : 'Queued: waiting for a free runner…';
    }
    case 'STARTING':
      return run.segments > 1 ? `Starting ${run.segments} runners…` : 'Starting the load generator…';
    case 'RUNNING':
      if (stoppedEarly(run)) return 'Stopping: a requirement stayed breached for its stop rule’s time…';
      return run.cancelRequestedAt ? 'Cancelling: stopping the load…' : 'Running: load is being applied to the target.';
    case 'FINISHING':
      return 'Finishing: merging results and evaluating thresholds…';
    default:
      return run.status;
  }
}
