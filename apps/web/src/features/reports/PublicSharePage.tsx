import { useEffect } from 'react';
import { useParams } from 'react-router';
import { stoppedAtSeconds, type PublicShare, type RunPhase, type RunView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { Logo } from '../../components/Logo';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatRelativeError } from '../../format/numbers';
import { formatDateTime } from '../../format/time';
import {
  CapacityCard,
  RecoveryCard,
  CustomMetricsCard,
  RequestsTable,
  RunCharts,
  SegmentsCard,
  KeyFacts,
  TelemetryCard,
  TelemetryCharts,
  ThresholdsTable,
  VerdictBanner,
  hasTelemetry,
  complianceBands,
  DiagnosticsPanel,
  bandsOfPhases,
  limitLines,
  stopMarks,
  type ChartAnnotations,
} from '../run-report';
import { usePublicShare } from './hooks';
import { expiryLabel } from './report-format';
import { TrendCharts } from './TrendCharts';

/** Crawlers must not index shared reports (the API also sends X-Robots-Tag on the data). */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** `/r/:token`: a shared run report or trend, read-only, without login and without the app's navigation. */
export function PublicSharePage() {
  const { token } = useParams<{ token: string }>();
  useNoIndex();
  const share = usePublicShare(token);
  useEffect(() => {
    document.title = share.data
      ? `${share.data.kind === 'run' ? share.data.run.planName : share.data.trend.planName} · shared report · Loadline`
      : 'Shared report · Loadline';
  }, [share.data]);

  return (
    <div className="public-shell">
      <header className="public-shell__bar">
        <Logo />
        <span className="public-shell__tag">Shared report · read-only</span>
      </header>
      <main id="main" className="main public-shell__main" tabIndex={-1}>
        {share.isPending ? (
          <LoadingState label="Loading the shared report…" />
        ) : share.isError ? (
          isApiError(share.error) && share.error.isNotFound ? (
            <div data-testid="share-not-found">
              <EmptyState title="This link does not exist, has expired or was revoked">Ask whoever sent it for a new one.</EmptyState>
            </div>
          ) : (
            <ErrorState title="Could not load the shared report" error={share.error} onRetry={() => void share.refetch()} />
          )
        ) : (
          <SharedContent share={share.data} />
        )}
      </main>
    </div>
  );
}

function SharedContent({ share }: { share: PublicShare }) {
  const expiry = (
    <p className="muted small" data-testid="share-expiry-note">
      {expiryLabel(share.expiresAt)}
      {share.expiresAt ? ` (${formatDateTime(share.expiresAt)})` : ''}.
    </p>
  );
  if (share.kind === 'trend') {
    return (
      <div className="stack" data-testid="public-trend">
        <header className="page-header">
          <div className="page-header__text">
            <div className="page-header__eyebrow">Trend</div>
            <h1 className="page-header__title">{share.trend.planName}</h1>
            {expiry}
          </div>
        </header>
        {share.trend.points.length ? (
          <Card title={`${share.trend.points.length} runs`}>
            <TrendCharts trend={share.trend} />
          </Card>
        ) : (
          <EmptyState title="No measured runs yet" />
        )}
      </div>
    );
  }
  // The public run has no ids; the shared components only read what it has. Its phases (the
  // manifest's, which it has not) go to the charts.
  const { phases, ...shown } = share.run;
  const run = { ...shown, id: '', planId: '', targetId: '', cancelRequestedAt: null } as RunView;
  const requestOrder = run.summary?.requests.map((request) => request.name) ?? [];
  return (
    <div className="stack" data-testid="public-run">
      <header className="page-header">
        <div className="page-header__text">
          <div className="page-header__eyebrow">
            {run.planName} <span className="muted">v{run.planVersion}</span>
          </div>
          <h1 className="page-header__title">Run report</h1>
          <p className="page-header__description">Run of {formatDateTime(run.createdAt)}</p>
          {expiry}
        </div>
      </header>
      {/* The report's order: the verdict, the thresholds and key figures, then capacity and diagnostics (the why of an INCONCLUSIVE). */}
      <VerdictBanner run={run} />
      <Card title="SLA thresholds">
        {run.thresholds.length ? (
          <ThresholdsTable results={run.thresholds} linkBaselines={false} />
        ) : (
          <p className="muted">This run had no thresholds to judge.</p>
        )}
      </Card>
      {run.summary ? <KeyFacts run={run} /> : null}
      {run.capacity ? <CapacityCard capacity={run.capacity} /> : null}
      {run.recovery ? <RecoveryCard recovery={run.recovery} /> : null}
      {run.summary || run.diagnostics.length > 0 ? <DiagnosticsPanel run={run} /> : null}
      {/* Runner ids are the installation's business, not the reader's of a public link. */}
      {run.segments > 1 && run.segmentDetails.length > 0 ? <SegmentsCard run={run} showRunner={false} /> : null}
      {hasTelemetry(run.telemetry) ? <TelemetryCard report={run.telemetry} /> : null}
      <Card title="Over time">
        {share.series.points.length ? (
          <>
            <RunCharts
              points={share.series.points}
              requestOrder={requestOrder}
              bands={complianceBands(run.thresholds)}
              annotations={publicAnnotations(run, phases)}
            />
            <p className="footnote">One point per second. Percentiles within {formatRelativeError(share.series.percentileRelativeError)} of the exact value.</p>
          </>
        ) : (
          <EmptyState title="Nothing to chart">No second of this run was measured.</EmptyState>
        )}
      </Card>
      {share.telemetry?.sources.length ? (
        <Card title="The target's metrics" intro="Read from the target's metric sources on the same seconds as the load: 0 is the load's first second.">
          <TelemetryCharts telemetry={share.telemetry} points={share.series.points} publicView />
        </Card>
      ) : null}
      <Card title="Requests">
        {run.summary && run.summary.requests.length ? <RequestsTable summary={run.summary} /> : <EmptyState title="No requests were measured" />}
      </Card>
      {run.summary ? <CustomMetricsCard metrics={run.summary.customMetrics} /> : null}
    </div>
  );
}

/** The annotations the report draws: latency limits, phases (as the run ran them) and the stop. */
function publicAnnotations(run: RunView, phases: readonly RunPhase[]): ChartAnnotations {
  return { limits: limitLines(run.thresholds.map((result) => result.threshold)), phases: bandsOfPhases(phases), marks: stopMarks(stoppedAtSeconds(run.error)) };
}
