import { useMemo, useState } from 'react';
import type { PublicTrend } from '@loadline/shared';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { VerdictBadge } from '../run-report';
import { TrendTelemetryChart } from './TrendTelemetryChart';
import { WHOLE_RUN, trendCharts, trendPointLabel, trendRequestNames } from './report-format';

interface TrendChartsProps {
  /** A plan's trend (points carry run ids) or a shared one (they do not). */
  trend: Pick<PublicTrend, 'thresholds'> & {
    points: Array<PublicTrend['points'][number] & { runId?: string }>;
    /** Steps found in the whole run's figures: by run id (a plan's trend) or by time (a shared one). */
    changePoints?: ReadonlyArray<{ stat: string; runId?: string; at?: string; request?: string }>;
  };
  /** The plan's baseline run, marked on the latency chart (a plan's trend only). */
  baselineRunId?: string | null;
  /** Clicking a point opens that run (left out on the public page: runs are private). */
  onOpenRun?: (runId: string) => void;
}

/** p50/p95/p99 with latency thresholds, error rate and RPS over a plan's runs, per request or overall. */
export function TrendCharts({ trend, onOpenRun, baselineRunId }: TrendChartsProps) {
  const [request, setRequest] = useState<string>(WHOLE_RUN);
  const names = useMemo(() => trendRequestNames(trend.points), [trend.points]);
  const chosen = request === WHOLE_RUN || names.includes(request) ? request : WHOLE_RUN;
  const charts = useMemo(() => {
    const changePoints = (trend.changePoints ?? []).map((change) => ({
      stat: change.stat,
      request: change.request,
      at: change.at ?? trend.points.find((point) => point.runId === change.runId)?.createdAt ?? '',
    }));
    const baselineAt = baselineRunId ? (trend.points.find((point) => point.runId === baselineRunId)?.createdAt ?? null) : null;
    return trendCharts({ ...trend, changePoints, baselineAt }, chosen);
  }, [trend, chosen, baselineRunId]);
  const pick = onOpenRun
    ? (index: number) => {
        const point = trend.points[index];
        if (point?.runId) onOpenRun(point.runId);
      }
    : undefined;
  const count = trend.points.length;

  return (
    <div className="charts" data-testid="trend-charts" data-points={count}>
      <div className="charts__panel charts__panel--wide trend-controls">
        <label className="field field--inline">
          <span className="field__label">Request</span>
          <select className="input select" value={chosen} onChange={(event) => setRequest(event.target.value)} data-testid="trend-request">
            <option value={WHOLE_RUN}>All requests (whole run)</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <p className="muted small">
          One point per run, oldest on the left.{onOpenRun ? ' Click a point to open its run.' : ''} Dashed red lines are the plan's thresholds (click one in a
          legend to hide it and zoom in on the runs); a ringed dot marks a run whose verdict changed
          {baselineRunId ? ', a green one the baseline run new runs are compared with' : ''}.
        </p>
      </div>
      <section className="charts__panel charts__panel--wide" aria-labelledby="trend-latency-title">
        <div className="charts__head">
          <h3 className="charts__title" id="trend-latency-title">
            Latency <span className="charts__unit">ms</span>
          </h3>
        </div>
        <TimeSeriesChart
          model={charts.latency}
          label="Latency percentiles over runs"
          height={260}
          testId="trend-latency"
          pointsLabel="runs"
          emptyText="No run measured this request."
          onPick={pick}
        />
      </section>
      <section className="charts__panel" aria-labelledby="trend-errors-title">
        <div className="charts__head">
          <h3 className="charts__title" id="trend-errors-title">
            Error rate <span className="charts__unit">%</span>
          </h3>
        </div>
        <TimeSeriesChart
          model={charts.errors}
          label="Error rate over runs"
          height={200}
          testId="trend-errors"
          pointsLabel="runs"
          emptyText="No data."
          onPick={pick}
        />
      </section>
      <section className="charts__panel" aria-labelledby="trend-rps-title">
        <div className="charts__head">
          <h3 className="charts__title" id="trend-rps-title">
            Throughput <span className="charts__unit">req/s</span>
          </h3>
        </div>
        <TimeSeriesChart
          model={charts.throughput}
          label="Requests per second over runs"
          height={200}
          testId="trend-rps"
          pointsLabel="runs"
          emptyText="No data."
          onPick={pick}
        />
      </section>
      <TrendTelemetryChart points={trend.points} onPick={pick} />
      {charts.changed.length ? (
        <div className="charts__panel charts__panel--wide">
          <h3 className="charts__title">Verdict changes</h3>
          <ul className="plain-list" data-testid="verdict-changes">
            {charts.changed.map((index) => {
              const point = trend.points[index]!;
              const before = trend.points
                .slice(0, index)
                .reverse()
                .find((p) => p.verdict !== null);
              return (
                <li key={index}>
                  {trendPointLabel(point)} UTC: {before?.verdict ? <VerdictBadge verdict={before.verdict} /> : null} →{' '}
                  {point.verdict ? <VerdictBadge verdict={point.verdict} /> : null}
                  {onOpenRun && point.runId ? (
                    <>
                      {' '}
                      <button type="button" className="link-button" onClick={() => onOpenRun(point.runId!)}>
                        open run
                      </button>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
