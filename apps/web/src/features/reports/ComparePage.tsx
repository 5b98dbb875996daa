import { Link, useSearchParams } from 'react-router';
import type { RunComparison, Verdict } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { VerdictBadge } from '../run-report';
import { useComparison } from './hooks';
import { changeCounts } from './report-format';
import { DeltaTable } from './CompareDeltaTable';
import { CompareCharts } from './CompareCharts';
import { ReadingRule } from './ReadingRule';
import { judgesLatency } from './compare-reading';
import { CompareTelemetry } from './CompareTelemetry';

/** `/compare?base=<runId>&head=<runId>`: two runs side by side, with what got better and worse. */
export function ComparePage() {
  const [params] = useSearchParams();
  const base = params.get('base');
  const head = params.get('head');
  const comparison = useComparison(base, head);

  if (!base || !head) {
    return (
      <>
        <PageHeader title="Compare runs" />
        <EmptyState title="Pick two runs to compare">Open a run and use “Compare with…”, or pick two runs on a plan's trends page.</EmptyState>
      </>
    );
  }
  if (comparison.isPending) return <LoadingState label="Comparing the runs…" />;
  if (comparison.isError) return <ErrorState title="Could not compare these runs" error={comparison.error} onRetry={() => void comparison.refetch()} />;
  return <Comparison data={comparison.data} />;
}

function RunHeading({ label, run }: { label: string; run: RunComparison['base'] }) {
  return (
    <div className="compare-run" data-testid={`compare-${label.toLowerCase()}-run`}>
      <p className="compare-run__label">{label}</p>
      <p className="compare-run__title">
        <Link to={`/runs/${encodeURIComponent(run.runId)}`}>{formatDateTime(run.createdAt)}</Link> <span className="pill pill--muted">v{run.planVersion}</span>{' '}
        {run.verdict ? <VerdictBadge verdict={run.verdict as Verdict} /> : <span className="muted small">no verdict</span>}
      </p>
      <p className="muted small">{run.planName}</p>
    </div>
  );
}

function Comparison({ data }: { data: RunComparison }) {
  const counts = changeCounts(data.overall);
  const swap = `/compare?base=${encodeURIComponent(data.head.runId)}&head=${encodeURIComponent(data.base.runId)}`;
  return (
    <>
      <PageHeader
        documentTitle={`Compare · ${data.head.planName}`}
        title="Compare runs"
        description={<span data-testid="compare-summary">{summaryText(data, counts)}</span>}
        actions={
          <Link className="button button--secondary no-print" to={swap}>
            ⇄ Swap
          </Link>
        }
      />
      <div className="stack">
        <div className="compare-runs">
          <RunHeading label="Base" run={data.base} />
          <span className="compare-runs__arrow" aria-hidden="true">
            →
          </span>
          <RunHeading label="Head" run={data.head} />
        </div>
        {data.warnings.length ? (
          <div className="alert alert--warning" role="alert" data-testid="compare-warnings">
            <p className="alert__title">⚠ These runs may not compare like for like</p>
            <ul className="alert__list">
              {data.warnings.map((warning) => (
                <li key={warning.code + warning.message} data-code={warning.code}>
                  <strong>{warning.code.replaceAll('_', ' ').toLowerCase()}</strong>: {warning.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <CompareCharts charts={data.charts} />
        {data.noise && judgesLatency(data) ? <ReadingRule noise={data.noise} /> : null}
        <Card title="Whole run">
          <DeltaTable deltas={data.overall} noise={data.noise} testId="compare-overall" caption="Whole run, base against head" />
        </Card>
        {data.phases.map((phase) => (
          <Card
            key={phase.name}
            title={
              <>
                Phase {phase.name}{' '}
                <span className="pill pill--muted">{phase.sameLoad ? (phase.paired ? 'same load, paired seconds' : 'same load') : 'load changed'}</span>
              </>
            }
          >
            <DeltaTable deltas={phase.metrics} noise={data.noise} testId={`compare-phase-${phase.name}`} caption={`Phase ${phase.name}, base against head`} />
            {!phase.sameLoad ? <p className="footnote">The phase's load changed: its latency and errors are compared, its throughput only shown.</p> : null}
          </Card>
        ))}
        {data.requests.map((request) => (
          <Card
            key={request.name}
            title={
              <>
                {request.name}{' '}
                {!request.inBase ? (
                  <span className="pill pill--muted">only in head</span>
                ) : !request.inHead ? (
                  <span className="pill pill--muted">only in base</span>
                ) : null}
              </>
            }
          >
            <DeltaTable deltas={request.metrics} noise={data.noise} testId={`compare-request-${request.name}`} caption={`${request.name}, base against head`} />
          </Card>
        ))}
        {data.customMetrics.length ? (
          <Card title="Custom metrics">
            {data.customMetrics.map((metric) => (
              <section key={metric.name} className="stack-item" data-testid={`compare-custom-${metric.name}`}>
                <h3 className="mono">
                  {metric.name} <span className="muted">({metric.type})</span>{' '}
                  {!metric.inBase ? (
                    <span className="pill pill--muted">only in head</span>
                  ) : !metric.inHead ? (
                    <span className="pill pill--muted">only in base</span>
                  ) : null}
                </h3>
                <DeltaTable deltas={metric.metrics} ownUnits testId={`compare-custom-table-${metric.name}`} caption={`${metric.name}, base against head`} />
              </section>
            ))}
            <p className="footnote">
              The script’s own metrics, in its units. Which way is better is the script’s to say, so changes are not called better or worse.
            </p>
          </Card>
        ) : null}
        <CompareTelemetry telemetry={data.telemetry} />
      </div>
    </>
  );
}

/** What the page judged, and how: the whole run, per phase, or nothing (too few seconds). */
function summaryText(data: RunComparison, counts: ReturnType<typeof changeCounts>): string {
  if (!data.noise) return 'Changes are not judged: a run has fewer than 5 seconds of measurements, too few to tell a change from noise.';
  const from = data.noise.method.startsWith('paired')
    ? `paired second by second at the same points of the load profile, ${data.noise.seconds.base} and ${data.noise.seconds.head} seconds`
    : `each run's ${data.noise.seconds.base} and ${data.noise.seconds.head} seconds`;
  const history = data.noise.history
    ? `, widened to the plan's run-to-run spread over ${data.noise.history.runs} runs`
    : data.noise.assumedLatencySpread
      ? `, latencies widened to a run-to-run spread of ${Math.round(data.noise.assumedLatencySpread * 1000) / 10} % assumed until the plan has a history`
      : '';
  if (data.warnings.some((warning) => warning.code === 'DIFFERENT_LOAD'))
    return data.phases.length
      ? `The load profiles differ: the whole run is shown, not judged; each phase both runs have is compared on its own below (95 % intervals${history}).`
      : 'The load profiles differ: the figures are shown, not judged.';
  return `Whole run: ${counts.improvement} better, ${counts.regression} worse, ${counts.unchanged} within noise (95 % intervals ${from}${history}; error rates and throughput also from their counts).`;
}
