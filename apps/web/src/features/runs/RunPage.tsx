import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { isTerminalRunStatus, type RunView, type SeriesPoint } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatCount, formatRelativeError } from '../../format/numbers';
import { formatDateTime } from '../../format/time';
import {
  CapacityCard,
  RecoveryCard,
  CustomMetricsCard,
  DiagnosticsPanel,
  KeyFacts,
  RunProvenance,
  RequestsTable,
  RunCharts,
  RunStatusBadge,
  SegmentsCard,
  complianceBands,
  type ComplianceBand,
  type ChartAnnotations,
  currentQueue,
  hasTelemetry,
  TelemetryCard,
  ThresholdsTable,
  VerdictBanner,
} from '../run-report';
import { LiveRunPanel } from './LiveRunPanel';
import { RunProgress } from './RunProgress';
import { TargetMetricsCard } from './TargetMetricsCard';
import { useLiveRun, type LiveRun } from './use-live-run';
import { useRunAnnotations } from './use-run-annotations';
import { LiveThresholds } from './LiveThresholds';
import { RunTargetNote } from './RunTargetNote';
import { usePlan, ScriptPreview } from '../plans';
import { RunReportActions, BaselineCard } from '../reports';
import { useCan } from '../../session';

const NO_POINTS: readonly SeriesPoint[] = [];

export function RunPage() {
  const { id } = useParams<{ id: string }>();
  // A new run id starts with a fresh stream and fresh live state.
  return <RunScreen key={id} id={id} />;
}

function RunScreen({ id }: { id: string | undefined }) {
  const live = useLiveRun(id);
  const { run } = live;

  if (run.isPending) return <LoadingState label="Loading run…" />;
  if (run.isError) return <ErrorState title="Could not load this run" error={run.error} onRetry={() => void run.refetch()} />;
  return <RunReport run={run.data} live={live} />;
}

function RunReport({ run, live }: { run: RunView; live: LiveRun }) {
  const terminal = isTerminalRunStatus(run.status);
  const canPinBaseline = useCan('plans:write');
  const points = live.series.data?.points ?? NO_POINTS;
  // While live there is no summary yet: the plan gives the order of the request toggles.
  const plan = usePlan(terminal ? undefined : run.planId);
  const bands = useMemo(() => complianceBands(run.thresholds), [run.thresholds]);
  const annotations = useRunAnnotations(run, live.progress);
  const requestOrder = useMemo(
    () =>
      run.summary?.requests.map((request) => request.name) ??
      plan.data?.spec.scenarios.flatMap((scenario) => scenario.requests.map((request) => request.name)) ??
      [],
    [run.summary, plan.data],
  );
  return (
    <>
      <PageHeader
        documentTitle={`${run.status} · ${run.planName}`}
        eyebrow={
          <>
            <Link to={`/plans/${run.planId}`}>{run.planName}</Link>{' '}
            <Link
              className="muted"
              to={`/plans/${run.planId}?version=${run.planVersion}`}
              data-testid="run-plan-version"
              title={`See version ${run.planVersion} of the plan`}
            >
              v{run.planVersion}
            </Link>
          </>
        }
        title={
          <span className="title-with-badge">
            Run report <RunStatusBadge status={run.status} testId="run-status" />
          </span>
        }
        description={
          <>
            {triggerText(run)} · created {formatDateTime(run.createdAt)}
            {run.segments > 1 ? ` · ${run.segments} segments` : ''}
            <RunTargetNote run={run} />
          </>
        }
      />
      <div className="stack">
        <RunReportActions run={run} />
        <RunProgress status={run.status} />
        <VerdictBanner run={run} queue={currentQueue(run, live.progress)} />
        {run.partial ? (
          <div className="alert alert--warning" role="note" data-testid="partial-notice">
            <p className="alert__title">Partial data</p>
            <p>
              Some measurements are missing{run.status === 'CANCELLED' ? ': the run was cut short' : ' (a runner stopped or the run was cut short)'}. The
              figures below cover only what was measured.
            </p>
          </div>
        ) : null}
        {/* What matters first: the verdict above, then the SLA thresholds and the key figures (visible without scrolling), then capacity and diagnostics. */}
        <Card title={terminal ? 'SLA thresholds' : 'SLA thresholds so far'}>
          {run.thresholds.length > 0 ? (
            <ThresholdsTable results={run.thresholds} />
          ) : run.status === 'ERRORED' || run.status === 'CANCELLED' ? (
            <p className="muted">Not evaluated: the run did not complete.</p>
          ) : terminal ? (
            <EmptyState title="No thresholds">This plan has no SLA requirements, so the run has no verdict to give.</EmptyState>
          ) : (
            <LiveThresholds statuses={live.progress?.thresholds ?? null} streaming={live.mode === 'streaming' || live.mode === 'reconnecting'} />
          )}
        </Card>
        {run.summary ? <KeyFacts run={run} /> : null}
        {!terminal ? (
          <LiveRunPanel run={run} progress={live.progress} mode={live.mode} points={points} requestOrder={requestOrder} annotations={annotations} />
        ) : null}
        {!terminal ? (
          <TargetMetricsCard
            run={run}
            points={points}
            plannedSeconds={live.progress?.plannedSeconds || run.plannedSeconds}
            pushed={live.mode === 'streaming'}
          />
        ) : null}
        {run.capacity ? <CapacityCard capacity={run.capacity} /> : null}
        {run.recovery ? <RecoveryCard recovery={run.recovery} /> : null}
        {terminal && (run.summary || run.diagnostics.length > 0) ? <DiagnosticsPanel run={run} /> : null}
        {terminal ? (
          <Card title="Over time">
            <ReportCharts live={live} points={points} requestOrder={requestOrder} bands={bands} annotations={annotations} />
          </Card>
        ) : null}
        {showSegments(run) ? <SegmentsCard run={run} /> : null}
        {terminal ? <RunProvenance run={run} /> : null}
        {terminal && hasTelemetry(run.telemetry) ? <TelemetryCard report={run.telemetry} /> : null}
        {terminal && run.summary ? <BaselineCard runId={run.id} planId={run.planId} canPin={canPinBaseline} verdict={run.verdict} /> : null}
        {terminal ? <TargetMetricsCard run={run} points={points} /> : null}
        <Card title="Requests">
          {run.summary && run.summary.requests.length > 0 ? (
            <>
              <RequestsTable summary={run.summary} />
              <p className="footnote" data-testid="percentile-note">
                Latencies in milliseconds. Percentiles within {formatRelativeError(run.summary.percentileRelativeError)} of the exact value (merged histograms,
                never averaged).
              </p>
            </>
          ) : terminal ? (
            <EmptyState title="No requests were measured">
              {run.status !== 'ERRORED'
                ? 'Nothing was recorded for this run.'
                : run.startedAt
                  ? 'The run stopped before any request completed.'
                  : 'The run ended before its load began: no request was sent.'}
            </EmptyState>
          ) : (
            <p className="muted">Per-request results appear when the run finishes.</p>
          )}
        </Card>
        {run.summary ? <CustomMetricsCard metrics={run.summary.customMetrics} /> : null}
        {run.summary && run.summary.checks.length > 0 ? (
          <Card title="Checks">
            <ul className="item-list">
              {run.summary.checks.map((check) => (
                <li key={check.name} className="item-list__item">
                  <span className="item-list__title">{check.name}</span>
                  <span className="muted">
                    {formatCount(check.passes)} passed · {formatCount(check.fails)} failed
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
        <div className="no-print stack-item" data-testid="run-script">
          <ScriptPreview planId={run.planId} version={run.planVersion} current={run.planVersion} />
        </div>
      </div>
    </>
  );
}

function ReportCharts({
  live,
  points,
  requestOrder,
  bands,
  annotations,
}: {
  live: LiveRun;
  points: readonly SeriesPoint[];
  requestOrder: readonly string[];
  bands: readonly ComplianceBand[];
  annotations: ChartAnnotations;
}) {
  const { series } = live;
  if (series.isPending && points.length === 0) return <LoadingState label="Loading per-second data…" />;
  if (series.isError && points.length === 0) {
    if (isApiError(series.error) && series.error.isNotFound) {
      return <EmptyState title="No per-second data">This run has no stored series to chart.</EmptyState>;
    }
    return <ErrorState title="Could not load the per-second data" error={series.error} onRetry={() => void series.refetch()} />;
  }
  if (points.length === 0) {
    return <EmptyState title="Nothing to chart">No second of this run was measured.</EmptyState>;
  }
  const error = series.data?.percentileRelativeError;
  return (
    <>
      <RunCharts points={points} requestOrder={requestOrder} bands={bands} annotations={annotations} />
      <p className="footnote" data-testid="series-error-bound">
        One point per second, all segments merged.
        {error !== undefined ? ` Percentiles within ${formatRelativeError(error)} of the exact value.` : ''} Drag across a chart to zoom in, double-click to
        zoom out; click a legend entry to hide or show its line.
      </p>
    </>
  );
}

/** Split runs, once runners were reserved for them (before that every row would be empty). */
function showSegments(run: RunView): boolean {
  return run.segments > 1 && run.segmentDetails.length > 0 && run.status !== 'QUEUED';
}

function triggerText(run: RunView): string {
  switch (run.trigger) {
    case 'MANUAL':
      return 'Started by hand';
    case 'API':
      return 'Started through the API';
    case 'SCHEDULE':
      return 'Scheduled run';
    case 'WEBHOOK':
      return 'Started by a webhook';
  }
}
