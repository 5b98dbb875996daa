import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TrendPoint } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { DayField } from '../../components/DayField';
import { formatLatency } from '../../format/numbers';
import { useCan } from '../../session';
import { VerdictBadge } from '../run-report';
import { usePlan } from '../plans';
import { TargetSelect } from '../targets';
import { usePlanBaseline, usePlanTrend } from './hooks';
import { dayBound, describeTrendChange, labelsText, trendPointLabel } from './report-format';
import { SharePanel } from './SharePanel';
import { noStepText } from './trend-steps';
import { TrendCharts } from './TrendCharts';

/**
 * `/plans/:id/trends?from=YYYY-MM-DD&to=YYYY-MM-DD&label=key=value&target=ID`: how a plan's runs
 * against one target (default its own) moved over time. Targets are never mixed in one trend.
 */
export function TrendsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const label = params.get('label') ?? '';
  const targetId = params.get('target') ?? undefined;
  const [labelDraft, setLabelDraft] = useState(label);
  const plan = usePlan(id);
  const trend = usePlanTrend(id, { from: dayBound(fromDay, false), to: dayBound(toDay, true), ...(label ? { label } : {}), ...(targetId ? { targetId } : {}) });
  const baseline = usePlanBaseline(id, targetId).data;
  const canShare = useCan('shares:manage');
  const [sharing, setSharing] = useState(false);
  const name = plan.data?.name ?? trend.data?.planName ?? 'Plan';

  const setDay = (key: 'from' | 'to' | 'label' | 'target', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        documentTitle={`Trends · ${name}`}
        eyebrow={<Link to={`/plans/${encodeURIComponent(id)}`}>{name}</Link>}
        title="Trends"
        description="p50, p95 and p99 latency, error rate and throughput over this plan's runs, against its thresholds."
        actions={
          canShare ? (
            <button type="button" className="button button--secondary" onClick={() => setSharing(true)} disabled={sharing} data-testid="share-trend">
              Share
            </button>
          ) : null
        }
      />
      <div className="stack">
        {sharing ? <SharePanel subject={{ kind: 'trend', planId: id, ...(targetId ? { targetId } : {}) }} onClose={() => setSharing(false)} /> : null}
        <form className="date-range no-print" aria-label="Date range" onSubmit={(event) => event.preventDefault()}>
          <DayField label="From" value={fromDay} onChange={(day) => setDay('from', day)} testId="trend-from" />
          <DayField label="To" value={toDay} onChange={(day) => setDay('to', day)} testId="trend-to" />
          {fromDay || toDay || label ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setLabelDraft('');
                // Every run of the chosen target: the target is not a filter, it is which trend.
                setParams(new URLSearchParams(targetId ? { target: targetId } : {}), { replace: true });
              }}
            >
              All runs
            </button>
          ) : null}
          <span className="muted small">Days in UTC.</span>
        </form>
        {plan.data ? (
          <form className="date-range no-print" aria-label="Target" onSubmit={(event) => event.preventDefault()}>
            <TargetSelect
              label="Target"
              ownTargetId={plan.data.targetId}
              value={targetId ?? plan.data.targetId}
              onChange={(chosen) => setDay('target', chosen === plan.data.targetId ? '' : chosen)}
              testId="trend-target"
            />
          </form>
        ) : null}
        <form
          className="date-range no-print"
          aria-label="Runs with a label"
          onSubmit={(event) => {
            event.preventDefault();
            setDay('label', labelDraft.trim());
          }}
        >
          <label className="field field--inline">
            <span className="field__label">Label</span>
            <input
              className="input input--small mono"
              value={labelDraft}
              placeholder="env=staging"
              onChange={(event) => setLabelDraft(event.target.value)}
              data-testid="trend-label"
            />
          </label>
          <button type="submit" className="button button--secondary button--small" data-testid="trend-label-apply">
            Only these runs
          </button>
          <span className="muted small">
            Runs started with <span className="mono">--label key=value</span> (or a trigger's, a schedule's labels).
          </span>
        </form>
        {trend.isPending ? (
          <LoadingState label="Loading the trend…" />
        ) : trend.isError ? (
          <ErrorState title="Could not load the trend" error={trend.error} onRetry={() => void trend.refetch()} />
        ) : trend.data.points.length === 0 ? (
          <EmptyState title="No measured runs in this range">Runs that measured something appear here, one point each.</EmptyState>
        ) : (
          <>
            <Card title={`${trend.data.points.length} run${trend.data.points.length === 1 ? '' : 's'}`}>
              <TrendCharts
                trend={trend.data}
                baselineRunId={baseline?.runId ?? null}
                onOpenRun={(runId) => void navigate(`/runs/${encodeURIComponent(runId)}`)}
              />
              {baseline ? (
                <p className="muted small" data-testid="trend-baseline">
                  Baseline: {baseline.message.charAt(0).toLowerCase() + baseline.message.slice(1)}
                  {baseline.runId && !trend.data.points.some((point) => point.runId === baseline.runId) ? ' (not in this range)' : ''}.
                </p>
              ) : null}
              {trend.data.changePoints.length ? (
                <ul className="plain-list inline-links" data-testid="trend-change-points">
                  {trend.data.changePoints.map((change) => (
                    <li key={`${change.request ?? ''}-${change.stat}-${change.runId}`} data-regression={change.regression}>
                      {change.request ? `${change.request}: ` : 'Whole run: '}
                      {describeTrendChange(change)} at the{' '}
                      <Link to={`/runs/${encodeURIComponent(change.runId)}`}>
                        run of {trendPointLabel(trend.data.points.find((point) => point.runId === change.runId)!)} UTC
                      </Link>{' '}
                      (
                      <Link to={`/compare?base=${encodeURIComponent(change.previousRunId)}&head=${encodeURIComponent(change.runId)}`}>
                        against the run before
                      </Link>
                      )
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted" data-testid="trend-change-points">
                  {noStepText(trend.data.points)}
                </p>
              )}
            </Card>
            <TrendRuns points={trend.data.points} baselineRunId={baseline?.runId ?? null} />
          </>
        )}
      </div>
    </>
  );
}

/** The runs on the chart, newest first, with two pickers to compare any pair. */
function TrendRuns({ points, baselineRunId }: { points: readonly TrendPoint[]; baselineRunId: string | null }) {
  const newest = [...points].reverse();
  const [base, setBase] = useState(newest[1]?.runId ?? '');
  const [head, setHead] = useState(newest[0]?.runId ?? '');
  const label = (point: TrendPoint) => `${trendPointLabel(point)} UTC · v${point.planVersion} · ${point.verdict ?? point.status}`;
  return (
    <Card title="Runs in this range">
      {points.length > 1 ? (
        <form className="compare-picker" aria-label="Compare two runs" onSubmit={(event) => event.preventDefault()}>
          <RunSelect label="Base (before)" value={base} onChange={setBase} points={newest} describe={label} testId="compare-base" />
          <RunSelect label="Head (after)" value={head} onChange={setHead} points={newest} describe={label} testId="compare-head" />
          {base && head && base !== head ? (
            <Link
              className="button button--primary button--small"
              to={`/compare?base=${encodeURIComponent(base)}&head=${encodeURIComponent(head)}`}
              data-testid="compare-runs"
            >
              Compare
            </Link>
          ) : (
            <span className="muted small">Pick two different runs.</span>
          )}
        </form>
      ) : null}
      <div className="table-wrap" tabIndex={0}>
        <table className="table table--dense" data-testid="trend-runs">
          <caption className="sr-only">Runs on the trend, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Version</th>
              <th scope="col">Verdict</th>
              <th scope="col">Labels</th>
              <th scope="col" className="num">
                p95
              </th>
              <th scope="col" className="num">
                Requests
              </th>
            </tr>
          </thead>
          <tbody>
            {newest.map((point) => (
              <tr key={point.runId} data-testid={`trend-run-${point.runId}`}>
                <th scope="row">
                  <Link to={`/runs/${encodeURIComponent(point.runId)}`}>{trendPointLabel(point)} UTC</Link>
                  {point.verdictChanged ? <span className="pill pill--muted">verdict changed</span> : null}
                  {point.runId === baselineRunId ? (
                    <span className="pill pill--success" data-testid="trend-baseline-run">
                      baseline
                    </span>
                  ) : null}
                </th>
                <td>v{point.planVersion}</td>
                <td>{point.verdict ? <VerdictBadge verdict={point.verdict} /> : <span className="muted">{point.status}</span>}</td>
                <td className="mono small">{labelsText(point.labels) || <span className="muted">none</span>}</td>
                <td className="num">{formatLatency(point.overall.p95)}</td>
                <td className="num">{point.overall.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

interface RunSelectProps {
  label: string;
  value: string;
  onChange: (runId: string) => void;
  points: readonly TrendPoint[];
  describe: (point: TrendPoint) => string;
  testId: string;
}

/** One side of the comparison: a run of the range, by time, version and verdict. */
function RunSelect({ label, value, onChange, points, describe, testId }: RunSelectProps) {
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <select className="input select" value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        {points.map((point) => (
          <option key={point.runId} value={point.runId}>
            {describe(point)}
          </option>
        ))}
      </select>
    </label>
  );
}
