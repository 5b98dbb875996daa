import { describeThreshold, type RunSeries, type SeriesPoint, type ThresholdResult } from '@loadline/shared';
import type { ChartModel, LineSpec } from '../../components/charts/chart-model';
import { NO_ANNOTATIONS, type ChartAnnotations } from './chart-annotations';

/**
 * Turns per-second points into what the charts draw: one x array (seconds since the first
 * measured second) and one y array per line, with `null` where there is no value (a second
 * with no point, or no finished request) so the line breaks instead of inventing a value.
 * Pure: unit-tested without a DOM.
 */

export const PERCENTILES = ['p50', 'p90', 'p95', 'p99'] as const;
export type Percentile = (typeof PERCENTILES)[number];

/** The whole run in a request selection; any other value is a request name. */
export const ALL_REQUESTS = '' as const;

/** Okabe–Ito: distinguishable with the common colour-vision deficiencies (yellow left out: unreadable on white). */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#000000'] as const;

export const PERCENTILE_STYLE: Record<Percentile, { color: string; dash?: number[] }> = {
  p50: { color: '#0072B2' },
  p90: { color: '#009E73', dash: [8, 4] },
  p95: { color: '#E69F00' },
  p99: { color: '#CC79A7' },
};

/** With several requests the colour says which request; the dash says which percentile. */
const PERCENTILE_DASH: Record<Percentile, number[] | undefined> = { p50: undefined, p90: [10, 4], p95: [5, 3], p99: [2, 2] };

export const COLORS = {
  rps: '#0072B2',
  errors: '#D55E00',
  dropped: '#E69F00',
  vus: '#009E73',
  cpu: '#CC79A7',
} as const;

/** Inserting a null row for each missing second costs little until runs get absurdly long. */
const MAX_FILLED_SECONDS = 200_000;

/** Points sorted by second, one per `t` (later ones win). */
export function mergePoints(existing: readonly SeriesPoint[], incoming: readonly SeriesPoint[]): SeriesPoint[] {
  if (incoming.length === 0) return existing.slice();
  const byT = new Map<number, SeriesPoint>();
  for (const point of existing) byT.set(point.t, point);
  for (const point of incoming) byT.set(point.t, point);
  return [...byT.values()].sort((a, b) => a.t - b.t);
}

/** Adds (or replaces) live points in a cached series; creates the series when there is none. */
export function withLivePoints(series: RunSeries | undefined, runId: string, points: readonly SeriesPoint[], percentileRelativeError = 0.005): RunSeries {
  if (!series) return { runId, points: mergePoints([], points), percentileRelativeError };
  if (points.length === 0) return series;
  // Live points replace the newest seconds held and add the next ones: merge only that tail
  // rather than re-sorting a long run's thousands of points every second.
  const from = Math.min(...points.map((point) => point.t));
  let keep = series.points.length;
  while (keep > 0 && series.points[keep - 1]!.t >= from) keep -= 1;
  return { ...series, points: [...series.points.slice(0, keep), ...mergePoints(series.points.slice(keep), points)] };
}

/**
 * The x axis: every second from the first to the last point (seconds since the first one,
 * from `t`: live points may carry an `elapsed` counted from another origin), and the point
 * of each (null for seconds that have none).
 */
export function alignPoints(points: readonly SeriesPoint[]): { xs: number[]; rows: (SeriesPoint | null)[] } {
  if (points.length === 0) return { xs: [], rows: [] };
  // The usual case (a stored series, or one the live view appends to): one point per second,
  // in order, none missing. The charts rebuild from all points every live second, so skip
  // the map and the sort then (a 1-hour run: 3,600 points, 3 charts).
  const start = points[0]!.t;
  if (points.every((point, index) => point.t === start + index)) {
    return { xs: points.map((_, index) => index), rows: points.slice() };
  }
  const byT = new Map<number, SeriesPoint>();
  for (const point of points) byT.set(point.t, point);
  const keys = [...byT.keys()].sort((a, b) => a - b);
  const first = keys[0]!;
  const last = keys.at(-1)!;
  if (last - first + 1 > MAX_FILLED_SECONDS) {
    return { xs: keys.map((t) => t - first), rows: keys.map((t) => byT.get(t)!) };
  }
  const xs: number[] = [];
  const rows: (SeriesPoint | null)[] = [];
  for (let t = first; t <= last; t++) {
    xs.push(t - first);
    rows.push(byT.get(t) ?? null);
  }
  return { xs, rows };
}

/** Request names seen anywhere in the series, in the order given first, then alphabetically. */
export function requestNames(points: readonly SeriesPoint[], preferredOrder: readonly string[] = []): string[] {
  const seen = new Set<string>();
  for (const point of points) for (const name of Object.keys(point.requests)) seen.add(name);
  const ordered = preferredOrder.filter((name) => seen.has(name));
  const rest = [...seen].filter((name) => !preferredOrder.includes(name)).sort((a, b) => a.localeCompare(b));
  return [...ordered, ...rest];
}

export interface LatencySelection {
  /** ALL_REQUESTS ('') for the whole run, or request names. */
  requests: readonly string[];
  percentiles: readonly Percentile[];
}

export const DEFAULT_LATENCY_SELECTION: LatencySelection = { requests: [ALL_REQUESTS], percentiles: ['p50', 'p95', 'p99'] };

/** Latency over time: one line per selected request x percentile, in milliseconds. */
/**
 * A latency threshold on a share of seconds ("p95 < 200 ms in ≥ 99 % of seconds"), drawn on
 * the latency chart as its limit (a dashed line) and the seconds over it (markers).
 */
export interface ComplianceBand {
  label: string;
  stat: Percentile;
  limitMs: number;
  /** "<=": a second at the limit still meets it. */
  inclusive: boolean;
  /** The request it judges; absent: all requests. */
  request?: string;
}

/** The run's latency thresholds on a share of seconds, as the chart draws them. */
export function complianceBands(thresholds: readonly Pick<ThresholdResult, 'threshold'>[]): ComplianceBand[] {
  return thresholds.flatMap(({ threshold }) =>
    threshold.metric === 'latency' &&
    threshold.compliance &&
    (threshold.op === '<' || threshold.op === '<=') &&
    (PERCENTILES as readonly string[]).includes(threshold.stat) &&
    !threshold.scenario
      ? [
          {
            label: describeThreshold(threshold),
            stat: threshold.stat as Percentile,
            limitMs: threshold.value,
            inclusive: threshold.op === '<=',
            ...(threshold.request ? { request: threshold.request } : {}),
          },
        ]
      : [],
  );
}

const BAND_COLOR = '#D55E00';

/** Limit lines in dark red (apart from the percentiles' colours), told apart by their dashes. */
const LIMIT_COLOR = '#B42318';
const LIMIT_DASHES = [
  [6, 4],
  [2, 3],
  [10, 3, 2, 3],
];

export function latencyChart(
  points: readonly SeriesPoint[],
  selection: LatencySelection,
  bands: readonly ComplianceBand[] = [],
  annotations: ChartAnnotations = NO_ANNOTATIONS,
): ChartModel {
  const { xs, rows } = alignPoints(points);
  const stats = PERCENTILES.filter((stat) => selection.percentiles.includes(stat));
  const requests = selection.requests;
  const several = requests.length > 1;
  const lines: LineSpec[] = [];
  const ys: (number | null)[][] = [];
  requests.forEach((request, requestIndex) => {
    for (const stat of stats) {
      const name = request === ALL_REQUESTS ? 'All requests' : request;
      const style = several ? { color: PALETTE[requestIndex % PALETTE.length]!, dash: PERCENTILE_DASH[stat] } : PERCENTILE_STYLE[stat];
      lines.push({
        label: requests.length === 1 && request === ALL_REQUESTS ? stat : `${name} ${stat}`,
        color: style.color,
        ...(style.dash ? { dash: style.dash } : {}),
        width: stat === 'p95' ? 2 : 1.5,
        scale: 'ms',
        unit: 'ms',
      });
      ys.push(
        rows.map((row) => {
          if (!row) return null;
          const source = request === ALL_REQUESTS ? row : row.requests[request];
          return source?.[stat] ?? null;
        }),
      );
    }
  });
  for (const band of bands) {
    lines.push({ label: band.label, color: BAND_COLOR, dash: [6, 4], width: 1.5, scale: 'ms', unit: 'ms', reference: true });
    ys.push(rows.map((row) => (row ? band.limitMs : null)));
    lines.push({
      label: `Seconds over it (${band.stat}${band.request ? ` of ${band.request}` : ''})`,
      color: BAND_COLOR,
      scale: 'ms',
      unit: 'ms',
      markers: true,
    });
    ys.push(
      rows.map((row) => {
        const value = row ? (band.request ? row.requests[band.request]?.[band.stat] : row[band.stat]) : null;
        if (value === null || value === undefined) return null;
        return (band.inclusive ? value > band.limitMs : value >= band.limitMs) ? value : null;
      }),
    );
  }
  annotations.limits.forEach((limit, index) => {
    lines.push({
      label: limit.label,
      color: LIMIT_COLOR,
      dash: LIMIT_DASHES[index % LIMIT_DASHES.length]!,
      width: 1.5,
      scale: 'ms',
      unit: 'ms',
      points: false,
      reference: true,
    });
    ys.push(xs.map(() => limit.valueMs));
  });
  return { data: [xs, ...ys], lines, ...annotate(annotations) };
}

/** The phases and marks every chart of a run shows, on one time axis. */
function annotate(annotations: ChartAnnotations): Pick<ChartModel, 'bands' | 'marks'> {
  return {
    ...(annotations.phases.length ? { bands: [...annotations.phases] } : {}),
    ...(annotations.marks.length ? { marks: [...annotations.marks] } : {}),
  };
}

/**
 * The error count of every second's note, rebuilt every live second: `toLocaleString` builds a
 * formatter per call (~15 µs a point, ~50 ms per live second on a 1-hour run; the "charts"
 * benchmark in docs/benchmarks.md), so one formatter, and none for counts below 1,000.
 */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
const formatCount = (count: number) => (Number.isInteger(count) && count >= 0 && count < 1_000 ? String(count) : COUNT_FORMAT.format(count));

/**
 * Throughput and errors: requests per second (left axis) and the error rate in percent
 * (right axis; the tooltip adds the count). Dropped iterations appear when there were any.
 */
export function throughputChart(points: readonly SeriesPoint[], annotations: ChartAnnotations = NO_ANNOTATIONS): ChartModel {
  const { xs, rows } = alignPoints(points);
  const lines: LineSpec[] = [
    { label: 'Requests/s', color: COLORS.rps, width: 2, scale: 'rps', unit: 'req/s' },
    { label: 'Errors', color: COLORS.errors, width: 1.5, scale: 'pct', unit: '%' },
  ];
  const ys: (number | null)[][] = [rows.map((row) => (row ? row.rps : null)), rows.map((row) => (row ? row.errorRate * 100 : null))];
  const notes: (string | null)[][] = [rows.map(() => null), rows.map((row) => (row ? `${formatCount(row.errors)} error${row.errors === 1 ? '' : 's'}` : null))];
  if (points.some((point) => point.droppedIterations > 0)) {
    lines.push({ label: 'Dropped iterations/s', color: COLORS.dropped, dash: [6, 4], width: 1.5, scale: 'rps', unit: 'it/s' });
    ys.push(rows.map((row) => (row ? row.droppedIterations : null)));
    notes.push(rows.map(() => null));
  }
  return { data: [xs, ...ys], lines, notes, ...annotate(annotations) };
}

/** Virtual users, and the busiest load generator's CPU (percent, right axis) when sampled. */
export function loadChart(points: readonly SeriesPoint[], annotations: ChartAnnotations = NO_ANNOTATIONS): ChartModel {
  const { xs, rows } = alignPoints(points);
  const lines: LineSpec[] = [{ label: 'VUs', color: COLORS.vus, width: 2, scale: 'vus', unit: 'VUs' }];
  const ys: (number | null)[][] = [rows.map((row) => (row ? row.vus : null))];
  if (points.some((point) => point.generatorCpu !== null)) {
    lines.push({ label: 'Generator CPU', color: COLORS.cpu, dash: [6, 4], width: 1.5, scale: 'pct', unit: '%' });
    ys.push(rows.map((row) => (row && row.generatorCpu !== null ? row.generatorCpu * 100 : null)));
  }
  return { data: [xs, ...ys], lines, ...annotate(annotations) };
}
