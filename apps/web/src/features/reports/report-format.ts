import type { MetricDelta, PublicTrend, ShareView, Threshold, TrendFigures } from '@loadline/shared';

/** A trend point as charts need it: a private trend's points also carry their run's id. */
type TrendPoint = PublicTrend['points'][number];
import type { ChartModel, LineSpec } from '../../components/charts/chart-model';
import { formatBytes, formatCount, formatLatency, formatMs, formatPercent, formatRps } from '../../format/numbers';

/**
 * View models of the report pages (compare, trends, share links, dashboard sparklines).
 * Pure: unit-tested without a DOM.
 */

const LOCALE = 'en-US';
const MINUS = '−';

export const METRIC_LABEL: Record<string, string> = {
  count: 'Requests',
  rps: 'Throughput',
  errorRate: 'Error rate',
  avg: 'Average latency',
  p50: 'p50 latency',
  p90: 'p90 latency',
  p95: 'p95 latency',
  p99: 'p99 latency',
  max: 'Max latency',
  responseBytesAvg: 'Average response size',
  responseBytesP95: 'p95 response size',
};

export function metricLabel(metric: string): string {
  return METRIC_LABEL[metric] ?? metric;
}

/** A metric's value with its unit: "12.3 ms", "1,234 req/s", "1.2 %", "10,000", "48.8 KB". */
export function formatMetric(metric: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (metric === 'count') return formatCount(value);
  if (metric === 'rps') return `${formatRps(value)} req/s`;
  if (metric === 'errorRate') return formatPercent(value);
  if (metric.startsWith('responseBytes')) return formatBytes(value);
  return formatLatency(value);
}

function signed(text: string, value: number): string {
  if (value > 0) return `+${text}`;
  if (value < 0) return `${MINUS}${text.replace(/^-/, '')}`;
  return text;
}

/** The absolute change with its sign and unit: "+12.3 ms", "−250 req/s", "+0.5 pp" (error rate in percentage points). */
export function formatDeltaAbsolute(metric: string, delta: number | null): string {
  if (delta === null || !Number.isFinite(delta)) return '—';
  if (delta === 0) return metric === 'errorRate' ? '0 pp' : formatMetric(metric, 0);
  const abs = Math.abs(delta);
  if (metric === 'errorRate') {
    const points = abs * 100;
    const text = points < 0.01 ? '<0.01' : points.toLocaleString(LOCALE, { maximumFractionDigits: points < 10 ? 2 : 1 });
    return signed(`${text} pp`, delta);
  }
  return signed(formatMetric(metric, abs), delta);
}

/** The relative change: "+12.5 %", "−3.1 %", "0 %"; "—" when there is no base to compare with. */
export function formatDeltaPercent(deltaPct: number | null): string {
  if (deltaPct === null || !Number.isFinite(deltaPct)) return '—';
  const percent = deltaPct * 100;
  if (percent === 0) return '0 %';
  const abs = Math.abs(percent);
  const text = abs < 0.1 ? '<0.1' : abs.toLocaleString(LOCALE, { maximumFractionDigits: abs < 100 ? 1 : 0 });
  return signed(`${text} %`, percent);
}

export type ChangeTone = 'success' | 'danger' | 'muted' | 'neutral';

export interface DeltaView {
  label: string;
  base: string;
  head: string;
  absolute: string;
  percent: string;
  /** ↑ the value went up, ↓ down, → no change; null when not comparable. */
  arrow: '↑' | '↓' | '→' | null;
  /** The change's 95 % interval ("95 % CI +8 to +16 %", relative to the base when it can be); null when none. */
  interval: string | null;
  /** Said in words too, so the colour is never the only cue. */
  word: string;
  tone: ChangeTone;
  change: MetricDelta['change'];
}

const CHANGE_WORD = { improvement: 'Better', regression: 'Worse', unchanged: 'Within noise' } as const;
const CHANGE_TONE = { improvement: 'success', regression: 'danger', unchanged: 'muted' } as const;

/**
 * `ownUnits`: a custom script's own metric, whose figures are in the script's units: shown as
 * plain numbers under k6's names for them.
 */
export function deltaView(delta: MetricDelta, ownUnits = false): DeltaView {
  const arrow = delta.delta === null ? null : delta.change === 'unchanged' || delta.delta === 0 ? '→' : delta.delta > 0 ? '↑' : '↓';
  const plain = (value: number | null) => (value === null || !Number.isFinite(value) ? '—' : formatMs(value));
  return {
    label: ownUnits ? delta.metric : metricLabel(delta.metric),
    base: ownUnits ? plain(delta.base) : formatMetric(delta.metric, delta.base),
    head: ownUnits ? plain(delta.head) : formatMetric(delta.metric, delta.head),
    absolute: ownUnits
      ? delta.delta === null || delta.delta === 0
        ? plain(delta.delta)
        : signed(plain(Math.abs(delta.delta)), delta.delta)
      : formatDeltaAbsolute(delta.metric, delta.delta),
    percent: formatDeltaPercent(delta.deltaPct),
    interval: formatInterval(delta),
    arrow,
    word: delta.change ? CHANGE_WORD[delta.change] : delta.delta === null ? 'Not comparable' : 'Not judged',
    tone: delta.change ? CHANGE_TONE[delta.change] : 'neutral',
    change: delta.change,
  };
}

/** "95 % CI +8.1 to +16.3 %" (relative to the base), or in the metric's unit when the base is 0. */
export function formatInterval(delta: Pick<MetricDelta, 'metric' | 'base' | 'interval'>): string | null {
  const interval = delta.interval;
  if (!interval) return null;
  const relative = delta.base !== null && delta.base !== 0 && delta.metric !== 'errorRate';
  const text = (value: number) => (relative ? formatDeltaPercent(value / Math.abs(delta.base!)) : formatDeltaAbsolute(delta.metric, value));
  return `95 % CI ${text(interval.low)} to ${text(interval.high)}`;
}

/** How many metrics got better and worse, for a one-line summary. */
export function changeCounts(deltas: readonly MetricDelta[]): { improvement: number; regression: number; unchanged: number } {
  const counts = { improvement: 0, regression: 0, unchanged: 0 };
  for (const delta of deltas) if (delta.change) counts[delta.change] += 1;
  return counts;
}

// --- Trends ---

export const TREND_COLORS = {
  p50: '#0072B2',
  p95: '#E69F00',
  p99: '#CC79A7',
  rps: '#0072B2',
  errors: '#D55E00',
  threshold: '#B42318',
  marker: '#111827',
  step: '#7C3AED',
  baseline: '#009E73',
} as const;

/** '' is the whole run; anything else is a request name. */
export const WHOLE_RUN = '';

/** Request names seen in any point, alphabetically. */
export function trendRequestNames(points: readonly TrendPoint[]): string[] {
  const names = new Set<string>();
  for (const point of points) for (const name of Object.keys(point.requests)) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b));
}

function figuresOf(point: TrendPoint, request: string): TrendFigures | undefined {
  return request === WHOLE_RUN ? point.overall : point.requests[request];
}

/** A point's x label: "Nov 21 14:05". */
export function trendPointLabel(point: Pick<TrendPoint, 'createdAt'>): string {
  const date = new Date(point.createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(LOCALE, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
}

/** Thresholds that apply to the chosen request (or to the whole run). */
function appliesTo(threshold: Threshold, request: string): boolean {
  const scope = (threshold as { request?: string }).request;
  const scenario = (threshold as { scenario?: string }).scenario;
  if (scenario) return false;
  return request === WHOLE_RUN ? !scope : scope === request;
}

function thresholdLines(
  thresholds: readonly Threshold[],
  request: string,
  metric: 'latency' | 'error_rate' | 'rps',
  count: number,
): { line: LineSpec; ys: (number | null)[] }[] {
  const out: { line: LineSpec; ys: (number | null)[] }[] = [];
  for (const threshold of thresholds) {
    // A limit relative to the baseline is a share of another run's figure: no line to draw.
    if (threshold.metric !== metric || threshold.relativeTo || !appliesTo(threshold, request)) continue;
    const stat = (threshold as { stat?: string }).stat;
    if (metric === 'latency' && stat && !['p50', 'p95', 'p99'].includes(stat)) continue;
    const value = metric === 'error_rate' ? threshold.value * 100 : threshold.value;
    const name =
      metric === 'latency'
        ? `${stat ?? 'latency'} ${threshold.op} ${threshold.value} ms`
        : metric === 'error_rate'
          ? `errors ${threshold.op} ${formatPercent(threshold.value)}`
          : `rps ${threshold.op} ${threshold.value}`;
    out.push({
      line: {
        label: `Threshold: ${name}`,
        color: TREND_COLORS.threshold,
        dash: [6, 4],
        width: 1.5,
        scale: metric === 'latency' ? 'ms' : metric === 'error_rate' ? 'pct' : 'rps',
        unit: metric === 'latency' ? 'ms' : metric === 'error_rate' ? '%' : 'req/s',
        points: false,
        reference: true,
      },
      ys: Array.from({ length: count }, () => value),
    });
  }
  return out;
}

export interface TrendCharts {
  latency: ChartModel;
  errors: ChartModel;
  throughput: ChartModel;
  /** Index of each point whose verdict changed, for the list under the charts. */
  changed: number[];
}

/**
 * The trend page's charts: one x per run (oldest first, labelled by its time), p50/p95/p99
 * with the latency thresholds in ms, the error rate in % with its thresholds, RPS; a marker
 * on each run whose verdict changed (drawn on p95).
 */
export function trendCharts(
  trend: Pick<PublicTrend, 'points' | 'thresholds'> & { changePoints?: readonly { stat: string; at: string; request?: string }[]; baselineAt?: string | null },
  request: string = WHOLE_RUN,
): TrendCharts {
  const points = trend.points;
  // Change points are found per scope: the whole run's on its view, each request's on its own.
  const scope = request === WHOLE_RUN ? undefined : request;
  const stepsOf = (stat: string) =>
    new Set((trend.changePoints ?? []).filter((change) => change.stat === stat && change.request === scope).map((change) => change.at));
  const stepped = (stat: string, ys: (number | null)[]) => {
    const at = stepsOf(stat);
    return at.size ? ys.map((y, index) => (at.has(points[index]!.createdAt) ? y : null)) : null;
  };
  const xs = points.map((_, index) => index);
  const xLabels = points.map((point) => `${trendPointLabel(point)} · v${point.planVersion}`);
  const figures = points.map((point) => figuresOf(point, request));
  const changed = points.flatMap((point, index) => (point.verdictChanged ? [index] : []));
  const marker = (ys: (number | null)[]) => ys.map((y, index) => (points[index]?.verdictChanged ? y : null));

  const p95 = figures.map((f) => f?.p95 ?? null);
  const latencyLines: LineSpec[] = [
    { label: 'p50', color: TREND_COLORS.p50, width: 1.5, scale: 'ms', unit: 'ms', points: true },
    { label: 'p95', color: TREND_COLORS.p95, width: 2, scale: 'ms', unit: 'ms', points: true },
    { label: 'p99', color: TREND_COLORS.p99, width: 1.5, scale: 'ms', unit: 'ms', points: true },
  ];
  const latencyYs: (number | null)[][] = [figures.map((f) => f?.p50 ?? null), p95, figures.map((f) => f?.p99 ?? null)];
  for (const { line, ys } of thresholdLines(trend.thresholds, request, 'latency', points.length)) {
    latencyLines.push(line);
    latencyYs.push(ys);
  }
  if (changed.length) {
    latencyLines.push({ label: 'Verdict changed', color: TREND_COLORS.marker, scale: 'ms', unit: 'ms', markers: true });
    latencyYs.push(marker(p95));
  }
  const p95Steps = stepped('p95', p95);
  if (p95Steps) {
    latencyLines.push({ label: 'p95 stepped (change point)', color: TREND_COLORS.step, scale: 'ms', unit: 'ms', markers: true });
    latencyYs.push(p95Steps);
  }
  // The plan's baseline run, the one new runs are compared with, when it is on the chart.
  const baselineIndex = trend.baselineAt ? points.findIndex((point) => point.createdAt === trend.baselineAt) : -1;
  if (baselineIndex >= 0) {
    latencyLines.push({ label: 'Baseline run', color: TREND_COLORS.baseline, scale: 'ms', unit: 'ms', markers: true });
    latencyYs.push(p95.map((y, index) => (index === baselineIndex ? y : null)));
  }

  const errorYs = figures.map((f) => (f ? f.errorRate * 100 : null));
  const errorLines: LineSpec[] = [{ label: 'Error rate', color: TREND_COLORS.errors, width: 2, scale: 'pct', unit: '%', points: true }];
  const errorData: (number | null)[][] = [errorYs];
  for (const { line, ys } of thresholdLines(trend.thresholds, request, 'error_rate', points.length)) {
    errorLines.push(line);
    errorData.push(ys);
  }
  if (changed.length) {
    errorLines.push({ label: 'Verdict changed', color: TREND_COLORS.marker, scale: 'pct', unit: '%', markers: true });
    errorData.push(marker(errorYs));
  }
  const errorSteps = stepped('errorRate', errorYs);
  if (errorSteps) {
    errorLines.push({ label: 'Error rate stepped (change point)', color: TREND_COLORS.step, scale: 'pct', unit: '%', markers: true });
    errorData.push(errorSteps);
  }

  const rpsYs = figures.map((f) => f?.rps ?? null);
  const rpsLines: LineSpec[] = [{ label: 'Requests/s', color: TREND_COLORS.rps, width: 2, scale: 'rps', unit: 'req/s', points: true }];
  const rpsData: (number | null)[][] = [rpsYs];
  for (const { line, ys } of thresholdLines(trend.thresholds, request, 'rps', points.length)) {
    rpsLines.push(line);
    rpsData.push(ys);
  }
  const rpsSteps = stepped('rps', rpsYs);
  if (rpsSteps) {
    rpsLines.push({ label: 'Rate stepped (change point)', color: TREND_COLORS.step, scale: 'rps', unit: 'req/s', markers: true });
    rpsData.push(rpsSteps);
  }

  return {
    latency: { data: [xs, ...latencyYs], lines: latencyLines, xLabels },
    errors: { data: [xs, ...errorData], lines: errorLines, xLabels },
    throughput: { data: [xs, ...rpsData], lines: rpsLines, xLabels },
    changed,
  };
}

/** A date input's "2026-11-21" as the start or end of that day in UTC, for ?from= and ?to=. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return end ? `${day}T23:59:59.999Z` : `${day}T00:00:00.000Z`;
}

// --- Share links ---

export type ShareStatus = 'active' | 'expired' | 'revoked';

export function shareStatus(share: { expiresAt: ShareView['expiresAt'] | null; revokedAt: ShareView['revokedAt'] }, now: Date = new Date()): ShareStatus {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt && new Date(share.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function daysBetween(from: Date, to: Date): number {
  return Math.round(Math.abs(to.getTime() - from.getTime()) / 86_400_000);
}

/** "Never expires", "Expires today", "Expires in 7 days", "Expired yesterday", "Expired 3 days ago". */
export function expiryLabel(expiresAt: string | null, now: Date = new Date()): string {
  if (!expiresAt) return 'Never expires';
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime())) return 'Never expires';
  const hours = (at.getTime() - now.getTime()) / 3_600_000;
  if (hours > 0) {
    if (hours < 1) return 'Expires within the hour';
    if (hours < 24) return `Expires in ${Math.round(hours)} h`;
    const days = daysBetween(now, at);
    return `Expires in ${days} day${days === 1 ? '' : 's'}`;
  }
  const days = daysBetween(at, now);
  if (days === 0) return 'Expired today';
  if (days === 1) return 'Expired yesterday';
  return `Expired ${days} days ago`;
}

export const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year (the longest a link may live)' },
] as const;

// --- Sparkline ---

/**
 * An SVG polyline path for a small sparkline of values (nulls skipped, line broken there):
 * "M0,20 L10,5 ...". Empty when fewer than one value.
 */
export function sparklinePath(values: readonly (number | null)[], width: number, height: number, pad = 2): string {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length === 0) return '';
  const max = Math.max(...present);
  const min = Math.min(...present);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - pad * 2) / (values.length - 1) : 0;
  let path = '';
  let pen = false;
  values.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) {
      pen = false;
      return;
    }
    const x = values.length > 1 ? pad + index * step : width / 2;
    const y = max === min ? height / 2 : pad + (1 - (value - min) / span) * (height - pad * 2);
    path += `${pen ? 'L' : 'M'}${round(x)},${round(y)} `;
    pen = true;
  });
  return path.trim();
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** "p95 stepped up 50 % (regression)": a trend's change point in words. */
export function describeTrendChange(change: { stat: string; step: number | null; regression: boolean; before: number; after: number }): string {
  const label = change.stat === 'errorRate' ? 'error rate' : change.stat === 'rps' ? 'throughput' : change.stat;
  const direction = change.after > change.before ? 'up' : 'down';
  const size = change.step === null ? '' : ` ${Math.abs(change.step * 100).toFixed(change.step !== 0 && Math.abs(change.step) < 0.1 ? 1 : 0)} %`;
  return `${label} stepped ${direction}${size} (${change.regression ? 'regression' : 'improvement'})`;
}

/** "commit=ab12cd3 env=staging": a run's labels, keys in order; empty without any. */
export function labelsText(labels: Readonly<Record<string, string>> | undefined): string {
  return Object.entries(labels ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}
