import { useMemo } from 'react';
import type { ComparisonCharts, ComparisonPoint } from '@loadline/shared';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { Card } from '../../components/PageHeader';
import { compareChartScopes, compareLatencyChart, compareThroughputChart, secondsWithLatency } from './compare-chart-model';

/** One scope (the whole run or a phase): latency and throughput, base dashed over head solid. */
function ScopeCharts({ scopeKey, title, base, head }: { scopeKey: string; title: string; base: ComparisonPoint[]; head: ComparisonPoint[] }) {
  const latency = useMemo(() => compareLatencyChart(base, head), [base, head]);
  const throughput = useMemo(() => compareThroughputChart(base, head), [base, head]);
  const headingId = `compare-chart-${scopeKey}`;
  return (
    <section
      className="stack-item"
      aria-labelledby={headingId}
      data-testid={`compare-charts-${scopeKey}`}
      data-base-seconds={secondsWithLatency(base)}
      data-head-seconds={secondsWithLatency(head)}
    >
      <h3 id={headingId}>{title}</h3>
      <div className="charts">
        <div className="charts__panel charts__panel--wide">
          <h4 className="charts__title">
            Latency <span className="charts__unit">ms · p95 and p50</span>
          </h4>
          <TimeSeriesChart model={latency} label={`${title}: base and head latency over time`} height={220} zoomable testId={`compare-latency-${scopeKey}`} />
        </div>
        <div className="charts__panel charts__panel--wide">
          <h4 className="charts__title">
            Throughput <span className="charts__unit">req/s</span>
          </h4>
          <TimeSeriesChart
            model={throughput}
            label={`${title}: base and head requests per second over time`}
            height={180}
            zoomable
            testId={`compare-throughput-${scopeKey}`}
          />
        </div>
      </div>
    </section>
  );
}

/** Both runs over one time axis: seconds since each run's start (each phase's start for a phase). */
export function CompareCharts({ charts }: { charts: ComparisonCharts | null }) {
  if (!charts) return null;
  const scopes = compareChartScopes(charts);
  return (
    <Card title="Over time">
      <p className="muted small">
        Base dashed, head solid; the x axis counts seconds from each run’s own start
        {scopes.length > 1 ? ' (a phase’s charts, from that phase’s start in each run)' : ''}.
      </p>
      {scopes.map((scope) => (
        <ScopeCharts key={scope.key} scopeKey={scope.key} title={scope.title} base={scope.base} head={scope.head} />
      ))}
    </Card>
  );
}
