import type { CustomMetricSummary } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { CUSTOM_STAT_COLUMNS, customMetricRow } from './custom-metrics-format';

/** A custom script's own k6 metrics (Trend, Counter, Rate, Gauge), merged over the run and its segments. */
export function CustomMetricsTable({ metrics }: { metrics: readonly CustomMetricSummary[] }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--dense" data-testid="custom-metrics-table">
        <caption className="sr-only">The script's own metrics, in their own units</caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Type</th>
            <th scope="col" className="num">
              Count
            </th>
            {CUSTOM_STAT_COLUMNS.map((column) => (
              <th scope="col" className="num" key={column}>
                {column}
              </th>
            ))}
            <th scope="col" className="num">
              Rate / value
            </th>
          </tr>
        </thead>
        <tbody>
          {metrics.map((metric) => {
            const row = customMetricRow(metric);
            return (
              <tr key={row.name} data-testid={`custom-metric-${row.name}`}>
                <th scope="row" className="mono">
                  {row.name}
                </th>
                <td data-col="type">{row.kind}</td>
                <td className="num" data-col="count">
                  {row.count}
                </td>
                {CUSTOM_STAT_COLUMNS.map((column) => (
                  <td className="num" data-col={column} key={column}>
                    {row.stats[column]}
                  </td>
                ))}
                <td className="num" data-col="value">
                  {row.value}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "Custom metrics" on the report and the public page; nothing for runs without any. */
export function CustomMetricsCard({ metrics }: { metrics: readonly CustomMetricSummary[] }) {
  if (metrics.length === 0) return null;
  return (
    <Card title="Custom metrics">
      <CustomMetricsTable metrics={metrics} />
      <p className="footnote">
        The script’s own metrics, over every second and segment. Trends: percentiles within ±0.5 % (merged histograms). Counters: the total, and its rate over
        the time the run applied load. Rates: the share of non-zero values. Gauges: the value set last by any segment, the smallest and the largest.
      </p>
    </Card>
  );
}
