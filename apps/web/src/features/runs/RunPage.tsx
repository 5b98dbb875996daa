import { Link, useParams } from 'react-router';
import { isTerminalRunStatus, type RunView } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatBytes, formatCount, formatLatency, formatPercent, formatRelativeError, formatRps } from '../../format/numbers';
import { elapsedSeconds, formatDateTime, formatSeconds } from '../../format/time';
import { RequestsTable } from './RequestsTable';
import { RunProgress } from './RunProgress';
import { RunStatusBadge } from './RunStatusBadge';
import { ThresholdsTable } from './ThresholdsTable';
import { VerdictBanner } from './VerdictBanner';
import { useRun } from './hooks';

export function RunPage() {
  const { id } = useParams<{ id: string }>();
  const run = useRun(id);

  if (run.isPending) return <LoadingState label="Loading run…" />;
  if (run.isError) return <ErrorState title="Could not load this run" error={run.error} onRetry={() => void run.refetch()} />;
  return <RunReport run={run.data} />;
}

function RunReport({ run }: { run: RunView }) {
  const terminal = isTerminalRunStatus(run.status);
  return (
    <>
      <PageHeader
        documentTitle={`${run.status} · ${run.planName}`}
        eyebrow={
          <Link to={`/plans/${run.planId}`}>
            {run.planName} <span className="muted">v{run.planVersion}</span>
          </Link>
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
          </>
        }
      />
      <div className="stack">
        <RunProgress status={run.status} />
        <VerdictBanner run={run} />
        {run.summary ? <KeyFacts run={run} /> : null}
        <Card title="SLA thresholds">
          {run.thresholds.length > 0 ? (
            <ThresholdsTable results={run.thresholds} />
          ) : run.status === 'ERRORED' || run.status === 'CANCELLED' ? (
            <p className="muted">Not evaluated: the run did not complete.</p>
          ) : terminal ? (
            <EmptyState title="No thresholds">This plan has no SLA requirements, so the run has no verdict to give.</EmptyState>
          ) : (
            <p className="muted">Verdicts appear when the run finishes.</p>
          )}
        </Card>
        <Card title="Requests">
          {run.summary && run.summary.requests.length > 0 ? (
            <>
              <RequestsTable summary={run.summary} />
              <p className="footnote" data-testid="percentile-note">
                Latencies in milliseconds. Percentiles within {formatRelativeError(run.summary.percentileRelativeError)} of
                the exact value (merged histograms, never averaged).
              </p>
            </>
          ) : terminal ? (
            <EmptyState title="No requests were measured">
              {run.status === 'ERRORED' ? 'The run stopped before any request completed.' : 'Nothing was recorded for this run.'}
            </EmptyState>
          ) : (
            <p className="muted">Per-request results appear when the run finishes.</p>
          )}
        </Card>
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
      </div>
    </>
  );
}

/** Splits "13,834 req/s" style values so the unit can be set smaller than the number. */
function splitUnit(text: string): [string, string] {
  const match = /^([^\s]+)\s+(.+)$/.exec(text);
  return match ? [match[1]!, match[2]!] : [text, ''];
}

function KeyFacts({ run }: { run: RunView }) {
  const overall = run.summary?.overall;
  const wallClock = elapsedSeconds(run.startedAt, run.finishedAt);
  const facts = [
    { label: 'Duration', value: formatSeconds(run.summary?.durationSeconds ?? wallClock), split: false },
    { label: 'Requests', value: formatCount(overall?.count), split: false },
    { label: 'Throughput', value: overall ? `${formatRps(overall.rps)} req/s` : '—', split: true },
    { label: 'p95 latency', value: formatLatency(overall?.latency?.p95), split: true },
    { label: 'Error rate', value: formatPercent(overall?.errorRate), split: true },
    { label: 'Peak VUs', value: formatCount(run.summary?.vusMax), split: false },
    { label: 'Received', value: formatBytes(overall?.bytesReceived), split: true },
  ];
  return (
    <dl className="stats" data-testid="run-facts">
      {facts.map((fact) => {
        const [number, unit] = fact.split ? splitUnit(fact.value) : [fact.value, ''];
        return (
          <div className="stats__item" key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>
              {number}
              {unit ? <span className="stats__unit"> {unit}</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
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
