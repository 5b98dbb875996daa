import { isTerminalRunStatus, type RunView } from '@loadline/shared';
import { elapsedSeconds, formatSeconds } from '../../format/time';
import { STATUS_TONE, outcomeHeadline } from './status';
import { useNow } from './use-now';

/** The outcome of a finished run, or what it is doing while it is not finished. */
export function VerdictBanner({ run }: { run: RunView }) {
  const pending = !isTerminalRunStatus(run.status);
  const now = useNow(1_000, pending);
  if (pending) {
    const elapsed = elapsedSeconds(run.startedAt ?? run.createdAt, null, now);
    return (
      <div className="banner banner--info" role="status" data-testid="run-pending">
        <p className="banner__title" aria-live="polite">
          {pendingText(run)}
        </p>
        <p className="banner__text">
          {elapsed !== null ? `${run.startedAt ? 'Running for' : 'Waiting for'} ${formatSeconds(elapsed)}. ` : ''}
          This page updates every second until the verdict is in.
        </p>
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
      {run.status === 'ERRORED' && run.error ? (
        <p className="banner__text" data-testid="run-error">
          <code>{run.error.code}</code> {run.error.message}
        </p>
      ) : null}
      {run.status === 'ERRORED' && run.summary ? (
        <p className="banner__text">What was measured before the error is kept below and may be partial.</p>
      ) : null}
    </div>
  );
}

function pendingText(run: RunView): string {
  switch (run.status) {
    case 'QUEUED':
      return 'Queued: waiting for a free runner…';
    case 'STARTING':
      return run.segments > 1 ? `Starting ${run.segments} runners…` : 'Starting the load generator…';
    case 'RUNNING':
      return 'Running: load is being applied to the target.';
    case 'FINISHING':
      return 'Finishing: merging results and evaluating thresholds…';
    default:
      return run.status;
  }
}
