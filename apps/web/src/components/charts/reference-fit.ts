import { formatValue, type ChartModel, type LineSpec, type ScaleKey } from './chart-model';

/**
 * Reference lines (a threshold's limit) against the measured lines of the same axis. A limit
 * near the data belongs on the axis: how close the lines come to it is the point. A limit far
 * above them would stretch the axis until the lines lie flat along the bottom (a 2,000 ms limit
 * over seconds at 20 ms), so the axis stays on the data and the limit is named at the top edge
 * instead ("limit 2,000 ms above"). Pure: unit-tested without a DOM.
 */

/** A limit up to this many times the highest measured value is kept on the axis (the lines then fill at least half of it). */
export const REFERENCE_REACH = 2;

export interface OffScaleReference {
  label: string;
  value: number;
  unit: LineSpec['unit'];
}

export interface ScaleFit {
  /** The highest value the axis must show (null: nothing on this axis has a value). */
  max: number | null;
  /** Reference lines left above the axis, lowest first. */
  above: OffScaleReference[];
}

/**
 * What a y axis must hold: its measured lines' highest value (within the x window, when given:
 * a zoom), with each reference line that lies within REFERENCE_REACH of it; the others are
 * above. Hidden lines (legend) count for nothing. With no measured value above 0, the
 * references are the axis (a chart waiting for its first second, or errors at 0 % under a 1 %
 * limit, still shows its limits).
 */
export function fitScale(model: ChartModel, scale: ScaleKey, hidden: ReadonlySet<string> = new Set(), window?: { min: number; max: number }): ScaleFit {
  const xs = model.data[0];
  const [from, to] = indexWindow(xs, window);
  let dataMax: number | null = null;
  const references: OffScaleReference[] = [];
  for (const [index, line] of model.lines.entries()) {
    if (line.scale !== scale || hidden.has(line.label)) continue;
    const ys = model.data[index + 1] ?? [];
    let highest: number | null = null;
    for (let i = from; i <= to; i++) {
      const y = ys[i];
      if (typeof y === 'number' && Number.isFinite(y) && (highest === null || y > highest)) highest = y;
    }
    if (highest === null) continue;
    if (line.reference) references.push({ label: line.label, value: highest, unit: line.unit });
    else if (dataMax === null || highest > dataMax) dataMax = highest;
  }
  references.sort((a, b) => a.value - b.value);
  // Nothing measured, or nothing above 0 (an error rate of 0 %): the limits are the axis.
  if (dataMax === null || dataMax <= 0) return { max: references.length ? Math.max(dataMax ?? 0, references.at(-1)!.value) : dataMax, above: [] };
  const reach = dataMax * REFERENCE_REACH;
  const kept = references.filter((reference) => reference.value <= reach);
  return {
    max: Math.max(dataMax, ...kept.map((reference) => reference.value)),
    above: references.filter((reference) => reference.value > reach),
  };
}

/** A limit above the axis in words, drawn at the top edge after an arrow and read out with the chart: "limit 2,000 ms above (p95 < 2000 ms)". */
export function offScaleText(reference: OffScaleReference): string {
  return `limit ${formatValue(reference.value, reference.unit)} above (${reference.label})`;
}

/** The first and last index of xs inside the window (the whole array without one). */
function indexWindow(xs: readonly number[], window?: { min: number; max: number }): [number, number] {
  if (!window) return [0, xs.length - 1];
  let from = 0;
  while (from < xs.length && xs[from]! < window.min) from += 1;
  let to = xs.length - 1;
  while (to >= 0 && xs[to]! > window.max) to -= 1;
  return [from, to];
}
