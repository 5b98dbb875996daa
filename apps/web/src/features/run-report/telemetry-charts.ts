import type { RunTelemetry, RunTelemetrySource, SeriesPoint, TelemetryReadError, TelemetrySeries } from '@loadline/shared';
import type { ChartModel, LineSpec, TelemetryScale } from '../../components/charts/chart-model';
import { ROLE_LABEL, UNIT_LABEL } from '../../format/telemetry';
import { COLORS, PALETTE } from './series-data';

/**
 * The target's metrics as charts on the load's time axis: x = seconds since the load's first
 * measured second (as on the latency, throughput and VU charts), so a source's baseline read
 * before the load sits at negative seconds and its recovery after the last one. Every chart of
 * the telemetry card shares one x array (the union of the load's and the sources' seconds), so
 * they line up with the VUs drawn above them. Pure: unit-tested without a DOM.
 */

/** Past this many seconds the axis holds only the seconds that have data (a gap is then not drawn as one). */
const MAX_FILLED_SECONDS = 200_000;

export interface TelemetryAxis {
  /** Unix second of x = 0: the load's first measured second (the first telemetry second when there is no load yet). */
  origin: number;
  /** Unix seconds of the axis, ascending. */
  ts: number[];
  xs: number[];
}

export function telemetryAxis(points: readonly SeriesPoint[], telemetry: RunTelemetry): TelemetryAxis {
  const seconds = new Set<number>();
  for (const point of points) seconds.add(point.t);
  for (const source of telemetry.sources) for (const t of source.t) seconds.add(t);
  if (seconds.size === 0) return { origin: 0, ts: [], xs: [] };
  const sorted = [...seconds].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const origin = points.length ? Math.min(...points.map((point) => point.t)) : first;
  const ts = last - first + 1 > MAX_FILLED_SECONDS ? sorted : Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return { origin, ts, xs: ts.map((t) => t - origin) };
}

/** VUs over the same axis: the load, drawn above the target's metrics. */
export function loadStrip(points: readonly SeriesPoint[], axis: TelemetryAxis): ChartModel {
  const vus = new Map(points.map((point) => [point.t, point.vus]));
  return {
    data: [axis.xs, axis.ts.map((t) => vus.get(t) ?? null)],
    lines: [{ label: 'VUs', color: COLORS.vus, width: 2, scale: 'vus', unit: 'VUs' }],
  };
}

/** Units in the order a reader looks for them: CPU first, then memory. */
const UNIT_ORDER: readonly TelemetrySeries['unit'][] = ['cores', 'bytes', 'count', 'per_second', 'seconds', 'ratio', 'none'];
const LINE_UNIT: Record<TelemetrySeries['unit'], LineSpec['unit']> = {
  cores: 'cores',
  bytes: 'bytes',
  seconds: 's',
  per_second: '/s',
  count: '',
  ratio: '',
  none: '',
};

/**
 * A series' name in the legend: its role in words ("CPU (cores)", "queue depth"), with the key
 * when another series of the source has the same role; else its key.
 */
export function seriesLabel(series: TelemetrySeries, all: readonly TelemetrySeries[]): string {
  if (!series.role) return series.key;
  const words = ROLE_LABEL[series.role];
  const shared = all.filter((other) => other.role === series.role).length > 1;
  return shared ? `${words}: ${series.key}` : words;
}

export interface TelemetryChart {
  unit: TelemetrySeries['unit'];
  /** "cores", "bytes": the axis' unit, for the chart's heading. */
  title: string;
  model: ChartModel;
}

export interface SourceCharts {
  source: string;
  kind: RunTelemetrySource['kind'];
  cpuCores: number | null;
  charts: TelemetryChart[];
  /** Seconds whose read failed, by why (codes in their order of first appearance). */
  failures: { code: TelemetryReadError; seconds: number; message: string }[];
}

/**
 * One chart per unit of a source, a line per kept series. The start time is left out: it is a
 * Unix timestamp (a flat line at 1.7e9), and its changes are told as restarts in the findings.
 */
export function sourceCharts(source: RunTelemetrySource, axis: TelemetryAxis): SourceCharts {
  const index = new Map(axis.ts.map((t, i) => [t, i]));
  const shown = source.series.filter((series) => series.role !== 'start_time');
  const charts: TelemetryChart[] = [];
  for (const unit of UNIT_ORDER) {
    const group = shown.filter((series) => series.unit === unit);
    if (!group.length) continue;
    const lines: LineSpec[] = [];
    const ys: (number | null)[][] = [];
    group.forEach((series, i) => {
      const label = seriesLabel(series, shown);
      if (lines.some((line) => line.label === label)) return;
      lines.push({ label, color: PALETTE[i % PALETTE.length]!, width: 1.75, scale: unit as TelemetryScale, unit: LINE_UNIT[unit] });
      const column: (number | null)[] = axis.ts.map(() => null);
      source.t.forEach((t, k) => {
        const at = index.get(t);
        if (at !== undefined) column[at] = series.values[k] ?? null;
      });
      ys.push(column);
    });
    // The ceiling CPU is judged against, when the source gave one and no series of it says so.
    if (unit === 'cores' && source.cpuCores !== null && !group.some((series) => series.role === 'cpu_limit_cores')) {
      lines.push({
        label: `${source.cpuCores} ${source.cpuCores === 1 ? 'core' : 'cores'} (its limit)`,
        color: '#000000',
        dash: [6, 4],
        width: 1,
        scale: 'cores',
        unit: 'cores',
      });
      ys.push(axis.ts.map(() => source.cpuCores));
    }
    charts.push({ unit, title: UNIT_LABEL[unit], model: { data: [axis.xs, ...ys], lines } });
  }
  const failures: SourceCharts['failures'] = [];
  for (const error of source.errors) {
    const found = failures.find((failure) => failure.code === error.code);
    if (found) found.seconds += 1;
    else failures.push({ code: error.code, seconds: 1, message: error.message });
  }
  return { source: source.source, kind: source.kind, cpuCores: source.cpuCores, charts, failures };
}

/** Why reads failed, in words that name no address (the public page says only these). */
export const READ_ERROR_WORDS: Record<TelemetryReadError, string> = {
  REFUSED: 'connection refused',
  TIMEOUT: 'timed out',
  TOO_LARGE: 'answer too large',
  REDIRECT: 'redirected (not followed)',
  BAD_STATUS: 'an error status',
  PARSE: 'not readable as metrics',
  TOO_MANY_SERIES: 'too many series',
  NOT_ALLOWED: 'address not allowed',
  QUERY: 'the query failed',
};
