/**
 * What TimeSeriesChart draws: x = elapsed seconds, one y array per line (null = no value:
 * the line breaks), and how each line looks. Formatting helpers for axes and tooltips live
 * here too, so they are unit-tested without a DOM.
 */
export type ScaleKey = 'ms' | 'rps' | 'pct' | 'vus' | 'its' | TelemetryScale;

/** A target's metric on its own axis, by its unit (telemetrySeriesSchema's units): cores and bytes never share one. */
export type TelemetryScale = 'cores' | 'bytes' | 'seconds' | 'per_second' | 'count' | 'ratio' | 'none';

export interface LineSpec {
  label: string;
  color: string;
  dash?: number[];
  width?: number;
  scale: ScaleKey;
  /** The unit a value is shown with in the tooltip. */
  unit: 'ms' | 'req/s' | '%' | 'VUs' | 'it/s' | 'cores' | 'bytes' | 's' | '/s' | '';
  /** Always draw a dot on each value (true), never (false), or only while sparse (default). */
  points?: boolean;
  /** Dots only, no line: markers on chosen x values (e.g. where a verdict changed). */
  markers?: boolean;
  /** A reference value (a threshold's limit), not a measurement: far above the data it is named at the top edge rather than stretching the axis (reference-fit.ts). */
  reference?: boolean;
}

export interface ChartModel {
  /** x = elapsed seconds, then one array per line. */
  data: [number[], ...(number | null)[][]];
  lines: LineSpec[];
  /** Per line, per x index: an extra note for the tooltip (e.g. the error count). */
  notes?: (string | null)[][];
  /**
   * When set, x is an index (0, 1, 2, …) into these labels (one per run on a trend) rather
   * than elapsed seconds: the axis and the tooltip show the labels.
   */
  xLabels?: string[];
  /** Spans of x shaded behind the lines, each named (a plan's phases: its scenarios in time). */
  bands?: ChartBand[];
  /** Moments marked by a vertical line, each named (where a stop rule stopped the run). */
  marks?: ChartMark[];
}

export interface ChartBand {
  from: number;
  to: number;
  label: string;
}

export interface ChartMark {
  x: number;
  label: string;
}

/**
 * The x axis's span in elapsed seconds. While live, `minXMax` (the planned duration) holds it
 * from 0 to the plan's end from the first second on. uPlot pads a lone point's x to 0–100 (its
 * 0,0 → 0,100 rule), which read 0:00–1:40 for a 20 s plan until the second point came; the span
 * is therefore taken from the data itself, never from that padding.
 */
export function xRange(xs: ArrayLike<number>, min: number | null, max: number | null, minXMax?: number): [number, number] {
  const last = xs.length ? xs[xs.length - 1]! : null;
  const first = xs.length ? xs[0]! : null;
  if (first === null || last === null) return [0, Math.max(10, minXMax ?? 0)];
  // A zoom (drag) asks for a span inside the data: keep it.
  const zoomed = min !== null && max !== null && xs.length > 1 && min >= first && max <= last && (min > first || max < last);
  if (zoomed) return [min, max];
  return [Math.min(0, first), Math.max(last, minXMax ?? 0, first + 1)];
}

/** The bands and marks in words, for screen readers: "phases: warm-up 0:00–0:10; stopped at 0:42". */
export function describeAnnotations(model: Pick<ChartModel, 'bands' | 'marks'>): string {
  const parts: string[] = [];
  if (model.bands?.length) parts.push(`phases: ${model.bands.map((band) => `${band.label} ${formatClock(band.from)}–${formatClock(band.to)}`).join(', ')}`);
  for (const mark of model.marks ?? []) parts.push(`${mark.label} at ${formatClock(mark.x)}`);
  return parts.join('; ');
}

/** Axis text of an index x: its label where the split is a whole index, nothing between. */
export function indexTick(labels: readonly string[], split: number): string {
  if (!Number.isInteger(split)) return '';
  return labels[split]?.split(' · ')[0] ?? '';
}

/** Elapsed seconds as a clock: 0:05, 1:30, 1:02:03. */
export function formatClock(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds)) return '';
  const sign = totalSeconds < 0 ? '-' : '';
  const seconds = Math.round(Math.abs(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${sign}${h}:${pad(m)}:${pad(s)}` : `${sign}${m}:${pad(s)}`;
}

/** Axis tick text: 0, 0.25, 2.5, 40, 1,250, 12k, 1.5M. */
export function formatTick(value: number): string {
  if (!Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  if (abs === 0) return '0';
  if (abs >= 1e6) return `${trim(value / 1e6, 1)}M`;
  if (abs >= 1e4) return `${trim(value / 1e3, 1)}k`;
  if (abs >= 100) return Math.round(value).toLocaleString('en-US');
  if (abs >= 10) return trim(value, 1);
  if (abs >= 1) return trim(value, 2);
  return trim(value, 3);
}

function trim(value: number, digits: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** Bytes in binary units, short for an axis: 512 B, 1.5 KiB, 236 MiB, 2 GiB. */
export function formatBytes(value: number): string {
  if (!Number.isFinite(value)) return '';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let scaled = Math.abs(value);
  let index = 0;
  while (scaled >= 1024 && index < units.length - 1) {
    scaled /= 1024;
    index += 1;
  }
  const digits = scaled >= 100 || index === 0 ? 0 : scaled >= 10 ? 1 : 2;
  return `${value < 0 ? '-' : ''}${trim(scaled, digits)} ${units[index]}`;
}

/** A y value with its unit, for tooltips: "12.4 ms", "1,250 req/s", "0.5 %", "236 MiB". */
export function formatValue(value: number | null | undefined, unit: LineSpec['unit']): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (unit === 'bytes') return formatBytes(value);
  const abs = Math.abs(value);
  const digits = abs === 0 ? 0 : abs < 1 ? 3 : abs < 10 ? 2 : abs < 100 ? 1 : 0;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

/** Second steps the time axis may use, so ticks land on round times. */
export const TIME_INCREMENTS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 28800, 86400];

/** Steps a y axis may use, per power of ten: its labels land on round values. */
const NICE_STEPS = [1, 2, 2.5, 5, 10];

/**
 * A y axis from 0 whose top label is a round value at or above the highest point, in at most
 * 4 steps: no point is ever drawn above the top label (27 req/s under a top of 30, not over
 * a last label of 20). `whole`: steps of at least 1 (VUs). Asking again with the top it gave
 * gives the same axis, so the range and the labels agree.
 */
export function niceAxis(max: number, whole = false): { top: number; step: number } {
  if (!Number.isFinite(max) || max <= 0) return { top: 1, step: whole ? 1 : 0.25 };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = NICE_STEPS.map((nice) => nice * power).find((candidate) => candidate >= rough * (1 - 1e-9)) ?? 10 * power;
  if (whole) step = Math.max(1, Math.ceil(step));
  // Rounding guards against 0.1 + 0.2 style drift putting the top a hair under the max.
  const top = Number((Math.ceil(max / step - 1e-9) * step).toPrecision(12));
  return { top, step };
}

/** The labels of an axis made by niceAxis: 0, step, … top. */
export function niceSplits(top: number, whole = false): number[] {
  const { step } = niceAxis(top, whole);
  const count = Math.round(top / step);
  return Array.from({ length: count + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}
