import type { CUSTOM_METRIC_CONTAINS, CustomMetricSummary } from '@loadline/shared';
import { formatBytes, formatCount, formatMs, formatPercent, formatRps } from '../../format/numbers';

/** The columns of the custom metrics table that hold a metric's own values. */
export const CUSTOM_STAT_COLUMNS = ['avg', 'med', 'p90', 'p95', 'p99', 'min', 'max'] as const;
type StatColumn = (typeof CUSTOM_STAT_COLUMNS)[number];

export interface CustomMetricRow {
  name: string;
  /** "trend (ms)", "counter", "rate", "gauge (bytes)" */
  kind: string;
  /** Values added: a trend's count, a counter's total, how many values a rate took. */
  count: string;
  stats: Record<StatColumn, string>;
  /** A counter's rate per second, a rate's share of non-zero values, a gauge's last value. */
  value: string;
}

const UNIT: Record<(typeof CUSTOM_METRIC_CONTAINS)[number], string> = {
  default: '',
  time: ' (ms)',
  data: ' (bytes)',
};

/** A value in what the metric holds: milliseconds for time, bytes for data, else a plain number. */
function inUnit(metric: CustomMetricSummary, value: number): string {
  if ('contains' in metric && metric.contains === 'data') return formatBytes(value);
  return formatMs(value);
}

const noStats = (): Record<StatColumn, string> => Object.fromEntries(CUSTOM_STAT_COLUMNS.map((column) => [column, '—'])) as Record<StatColumn, string>;

/** One row of the "Custom metrics" table: a script's own Trend, Counter, Rate or Gauge. */
export function customMetricRow(metric: CustomMetricSummary): CustomMetricRow {
  const kind = `${metric.type}${'contains' in metric ? UNIT[metric.contains] : ''}`;
  switch (metric.type) {
    case 'trend':
      return {
        name: metric.name,
        kind,
        count: formatCount(metric.count),
        stats: Object.fromEntries(CUSTOM_STAT_COLUMNS.map((column) => [column, inUnit(metric, metric[column])])) as Record<StatColumn, string>,
        value: '—',
      };
    case 'counter':
      return { name: metric.name, kind, count: inUnit(metric, metric.count), stats: noStats(), value: `${formatRps(metric.rate)} /s` };
    case 'rate':
      return {
        name: metric.name,
        kind,
        count: formatCount(metric.total),
        stats: noStats(),
        value: `${formatPercent(metric.rate)} (${formatCount(metric.passes)} of ${formatCount(metric.total)})`,
      };
    case 'gauge':
      return {
        name: metric.name,
        kind,
        count: '—',
        stats: { ...noStats(), min: inUnit(metric, metric.min), max: inUnit(metric, metric.max) },
        value: inUnit(metric, metric.value),
      };
  }
}
