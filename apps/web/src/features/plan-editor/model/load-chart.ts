import {
  durationSchema,
  isArrivalRate,
  loadCurve,
  planDurationSeconds,
  planPeakVus,
  planReservedVus,
  planVuMinutes,
  type LoadProfile,
  type PlanSpec,
  type Scenario,
} from '@loadline/shared';
import type { ChartModel, LineSpec } from '../../../components/charts/chart-model';
import { parsedLoad, scenarioTimings } from './timeline';
import type { ScenarioForm } from './form-types';

/**
 * The live load-profile chart: each scenario's loadCurve (VUs, or iterations/s for the
 * arrival-rate executors) offset by its start, dropping to 0 outside the time it runs, and
 * the total VUs when several scenarios use VUs. Scenarios whose load is not valid yet are
 * left out (and counted, so the editor can say so).
 */
export interface ScenarioCurve {
  name: string;
  kind: 'vus' | 'rate';
  /** Absolute seconds, with the edges where the scenario starts and stops. */
  points: { t: number; value: number }[];
  /** Iteration executors end when done: their length is at most maxDuration. */
  upperBound: boolean;
  load: LoadProfile;
  start: number;
  /** The scenario's graceful stop when valid (k6 keeps its VUs that long after it ends), else k6's default. */
  gracefulStop: string;
}

/** A vertical edge is drawn as two points this far apart (seconds). */
const EDGE = 0.001;
const COLORS = ['#4f46e5', '#0891b2', '#d97706', '#059669', '#db2777', '#7c3aed', '#65a30d', '#dc2626'];

export function scenarioCurves(scenarios: readonly ScenarioForm[]): { curves: ScenarioCurve[]; skipped: string[] } {
  const timings = scenarioTimings(scenarios);
  const curves: ScenarioCurve[] = [];
  const skipped: string[] = [];
  scenarios.forEach((scenario, index) => {
    const load = parsedLoad(scenario);
    const start = timings[index]?.start ?? null;
    const name = scenario.name.trim() || `scenario ${index + 1}`;
    if (!load || start === null) {
      skipped.push(name);
      return;
    }
    const curve = loadCurve(load).map((point) => ({ t: point.t + start, value: point.value }));
    const first = curve[0]!;
    const last = curve[curve.length - 1]!;
    const points = [
      ...(first.value !== 0
        ? [
            { t: first.t, value: 0 },
            { t: first.t + EDGE, value: first.value },
          ]
        : [first]),
      ...curve.slice(1, -1),
      ...(curve.length > 1 ? (last.value !== 0 ? [last, { t: last.t + EDGE, value: 0 }] : [last]) : []),
    ];
    curves.push({
      name,
      kind: isArrivalRate(load) ? 'rate' : 'vus',
      points,
      upperBound: load.executor === 'per-vu-iterations' || load.executor === 'shared-iterations',
      load,
      start,
      gracefulStop: durationSchema.safeParse(scenario.gracefulStop.trim()).data ?? '30s',
    });
  });
  return { curves, skipped };
}

/** The curve's value at `t` (linear between points), or null outside the time it covers. */
export function valueAt(points: readonly { t: number; value: number }[], t: number): number | null {
  if (!points.length || t < points[0]!.t || t > points[points.length - 1]!.t) return null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (t <= b.t) return b.t === a.t ? b.value : a.value + ((b.value - a.value) * (t - a.t)) / (b.t - a.t);
  }
  return points[points.length - 1]!.value;
}

export function loadChartModel(curves: readonly ScenarioCurve[]): ChartModel {
  const xs = [...new Set(curves.flatMap((curve) => curve.points.map((point) => point.t)))].sort((a, b) => a - b);
  const seen = new Map<string, number>();
  const lines: LineSpec[] = curves.map((curve, index) => {
    const base = `${curve.name} · ${curve.kind === 'vus' ? 'VUs' : 'it/s'}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return {
      label: count > 1 ? `${base} (${count})` : base,
      color: COLORS[index % COLORS.length]!,
      scale: curve.kind === 'vus' ? 'vus' : 'its',
      unit: curve.kind === 'vus' ? 'VUs' : 'it/s',
      width: 2,
    };
  });
  const series = curves.map((curve) => xs.map((x) => valueAt(curve.points, x)));
  const vuCurves = curves.filter((curve) => curve.kind === 'vus');
  if (vuCurves.length > 1) {
    lines.push({ label: 'Total VUs', color: '#111827', scale: 'vus', unit: 'VUs', width: 1.5, dash: [6, 4] });
    series.push(xs.map((x) => vuCurves.reduce((sum, curve) => sum + (valueAt(curve.points, x) ?? 0), 0)));
  }
  // VUs on the left axis when there are any: the chart puts the first line's scale left.
  const order = lines.map((_, i) => i).sort((a, b) => Number(lines[a]!.scale !== 'vus') - Number(lines[b]!.scale !== 'vus'));
  return { data: [xs, ...order.map((i) => series[i]!)], lines: order.map((i) => lines[i]!) };
}

export interface PlanFigures {
  durationSeconds: number;
  peakVus: number;
  /** VUs k6 reserves (what quotas and the unverified cap count): above peakVus when scenarios overlap in their graceful stops. */
  reservedVus: number;
  vuMinutes: number;
  /** Most iterations/s asked at once by arrival-rate scenarios; null when there are none. */
  peakRate: number | null;
}

/** Planned duration, peak VUs and VU-minutes (the shared functions quotas use) of the valid scenarios. */
export function planFigures(curves: readonly ScenarioCurve[]): PlanFigures | null {
  if (!curves.length) return null;
  const spec = {
    scenarios: curves.map((curve) => ({ name: curve.name, load: curve.load, startTime: `${curve.start}s`, gracefulStop: curve.gracefulStop }) as Scenario),
    thresholds: [],
    segments: 1,
  } as unknown as PlanSpec;
  const rates = curves.filter((curve) => curve.kind === 'rate');
  const xs = [...new Set(rates.flatMap((curve) => curve.points.map((point) => point.t)))];
  const peakRate = rates.length ? Math.max(...xs.map((x) => rates.reduce((sum, curve) => sum + (valueAt(curve.points, x) ?? 0), 0))) : null;
  return {
    durationSeconds: planDurationSeconds(spec),
    peakVus: planPeakVus(spec),
    reservedVus: planReservedVus(spec),
    vuMinutes: planVuMinutes(spec),
    peakRate,
  };
}
