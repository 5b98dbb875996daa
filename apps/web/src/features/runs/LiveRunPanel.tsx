import { useState } from 'react';
import type { LiveProgress, RunView, SeriesPoint } from '@loadline/shared';
import { errorMessage } from '../../components/States';
import { formatClock } from '../../components/charts/chart-model';
import { formatCount, formatMs, formatPercent, formatRps } from '../../format/numbers';
import { elapsedSeconds } from '../../format/time';
import { RunCharts, useNow, type ChartAnnotations } from '../run-report';
import { useCan } from '../../session';
import { useCancelRun } from './hooks';
import type { LiveMode } from './run-events';

interface LiveRunPanelProps {
  run: RunView;
  progress: LiveProgress | null;
  mode: LiveMode;
  points: readonly SeriesPoint[];
  requestOrder: readonly string[];
  annotations: ChartAnnotations;
}

export interface LiveFigures {
  elapsed: number;
  planned: number;
  remaining: number | null;
  vus: number | null;
  rps: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  /** Errors and error rate of the last measured second (as the progress event sends them). */
  errors: number | null;
  errorRate: number | null;
  /** Requests so far. */
  requests: number | null;
}

/**
 * What the live view shows: the progress event when there is one, else what the run and the
 * last measured second say (polling fallback, no totals then).
 */
export function liveFigures(run: RunView, progress: LiveProgress | null, points: readonly SeriesPoint[], now: Date): LiveFigures {
  if (progress) {
    return {
      elapsed: progress.elapsedSeconds,
      planned: progress.plannedSeconds || run.plannedSeconds,
      remaining: progress.remainingSeconds,
      vus: progress.vus,
      rps: progress.rps,
      p50: progress.p50,
      p95: progress.p95,
      p99: progress.p99,
      errors: progress.errors,
      errorRate: progress.errorRate,
      requests: progress.requests,
    };
  }
  const last = points.at(-1) ?? null;
  const elapsed = run.startedAt ? (elapsedSeconds(run.startedAt, null, now) ?? 0) : 0;
  return {
    elapsed,
    planned: run.plannedSeconds,
    remaining: run.startedAt ? Math.max(0, run.plannedSeconds - elapsed) : null,
    vus: last?.vus ?? null,
    rps: last?.rps ?? null,
    p50: last?.p50 ?? null,
    p95: last?.p95 ?? null,
    p99: last?.p99 ?? null,
    errors: last?.errors ?? null,
    errorRate: last?.errorRate ?? null,
    requests: points.length ? points.reduce((sum, point) => sum + Object.values(point.requests).reduce((n, request) => n + request.count, 0), 0) : null,
  };
}

const MODE_TEXT: Record<LiveMode, string> = {
  connecting: 'Connecting…',
  streaming: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Updating every second',
};

/** The run page while the run is not over: progress, live figures, charts, cancel. */
export function LiveRunPanel({ run, progress, mode, points, requestOrder, annotations }: LiveRunPanelProps) {
  const canCancel = useCan('runs:cancel');
  const now = useNow(1_000, !progress);
  const figures = liveFigures(run, progress, points, now);
  const running = run.status === 'RUNNING' || (run.status === 'STARTING' && figures.elapsed > 0);
  const finishing = run.status === 'FINISHING';
  const share = finishing ? 1 : figures.planned > 0 ? Math.min(1, figures.elapsed / figures.planned) : 0;
  const overtime = running && figures.elapsed > figures.planned;

  return (
    <section className="card live" aria-labelledby="live-title" data-testid="live-panel">
      <div className="card__header">
        <h2 className="card__title" id="live-title">
          Live
        </h2>
        <span className={`live-mode live-mode--${mode}`} data-testid="live-mode" data-mode={mode}>
          <span className="live-mode__dot" aria-hidden="true" />
          {MODE_TEXT[mode]}
        </span>
      </div>
      <div className="card__body live__body">
        <div className="live__progress">
          <div
            className={`meter${finishing || overtime ? ' meter--busy' : ''}`}
            role="progressbar"
            aria-label="Run progress"
            aria-valuemin={0}
            aria-valuemax={Math.round(figures.planned)}
            aria-valuenow={Math.round(Math.min(figures.elapsed, figures.planned))}
            aria-valuetext={`${formatClock(figures.elapsed)} of ${formatClock(figures.planned)}`}
            data-testid="live-progress"
            data-elapsed={Math.round(figures.elapsed)}
          >
            <div className="meter__fill" style={{ width: `${(share * 100).toFixed(2)}%` }} />
          </div>
          <p className="live__times">
            <span>
              <strong data-testid="live-elapsed">{formatClock(figures.elapsed)}</strong> elapsed
            </span>
            <span className="live__times-right">
              {finishing ? (
                'merging results…'
              ) : overtime ? (
                'stopping gracefully…'
              ) : running || figures.elapsed > 0 ? (
                <>
                  <strong data-testid="live-remaining">{formatClock(figures.remaining ?? Math.max(0, figures.planned - figures.elapsed))}</strong> remaining of{' '}
                  {formatClock(figures.planned)}
                </>
              ) : (
                <>{formatClock(figures.planned)} planned</>
              )}
            </span>
          </p>
        </div>

        <dl className="live-figures" data-testid="live-figures" aria-live="off">
          <Figure label="p50" value={formatMs(figures.p50)} unit="ms" testId="live-p50" />
          <Figure label="p95" value={formatMs(figures.p95)} unit="ms" testId="live-p95" />
          <Figure label="p99" value={formatMs(figures.p99)} unit="ms" testId="live-p99" />
          <Figure label="Requests/s" value={formatRps(figures.rps)} testId="live-rps" />
          <Figure label="VUs" value={formatCount(figures.vus)} testId="live-vus" />
          <Figure
            label="Errors/s"
            value={formatCount(figures.errors)}
            unit={figures.errorRate !== null && (figures.errors ?? 0) > 0 ? formatPercent(figures.errorRate) : undefined}
            danger={(figures.errors ?? 0) > 0}
            testId="live-errors"
          />
          <Figure label="Requests" value={formatCount(figures.requests)} testId="live-requests" />
        </dl>
        <p className="live__note muted small">Latency, requests/s and errors are for the last measured second; Requests is the total so far.</p>

        {canCancel ? <CancelControl run={run} /> : null}

        {run.status === 'QUEUED' ? null : (
          <RunCharts points={points} requestOrder={requestOrder} live plannedSeconds={figures.planned} annotations={annotations} />
        )}
      </div>
    </section>
  );
}

function Figure({ label, value, unit, danger, testId }: { label: string; value: string; unit?: string; danger?: boolean; testId: string }) {
  return (
    <div className={`live-figures__item${danger ? ' live-figures__item--danger' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value}
        {unit && value !== '—' ? <span className="live-figures__unit"> {unit}</span> : null}
      </dd>
    </div>
  );
}

/** Cancel with a confirmation step; once requested it stays disabled with "Cancelling…". */
function CancelControl({ run }: { run: RunView }) {
  const cancel = useCancelRun(run.id);
  const [confirming, setConfirming] = useState(false);
  const requested = Boolean(run.cancelRequestedAt) || cancel.isPending || cancel.isSuccess;

  if (requested) {
    return (
      <div className="live__cancel">
        <button type="button" className="button button--pending" disabled data-testid="cancel-run" aria-describedby="cancel-note">
          <span className="spinner spinner--small" aria-hidden="true" />
          Cancelling…
        </button>
        <span className="muted small" id="cancel-note">
          The run stops shortly; what was measured so far is kept.
        </span>
      </div>
    );
  }
  if (confirming) {
    return (
      <div className="live__cancel live__cancel--confirm" role="group" aria-labelledby="cancel-question" data-testid="cancel-confirm">
        <p id="cancel-question" className="live__cancel-question">
          Stop this run now? What was measured so far is kept, but the run ends CANCELLED.
        </p>
        <div
          className="live__cancel-actions"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setConfirming(false);
          }}
        >
          <button
            type="button"
            className="button button--danger"
            autoFocus
            onClick={() => {
              setConfirming(false);
              cancel.mutate();
            }}
            data-testid="cancel-run-confirm"
          >
            Stop the run
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Keep running
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="live__cancel">
      <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)} data-testid="cancel-run">
        Cancel run
      </button>
      {cancel.isError ? (
        <span className="text-danger small" role="alert" data-testid="cancel-error">
          {errorMessage(cancel.error)}
        </span>
      ) : null}
    </div>
  );
}
