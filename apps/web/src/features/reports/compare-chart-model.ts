import type { ComparisonCharts, ComparisonPoint } from '@loadline/shared';
import type { ChartModel, LineSpec } from '../../components/charts/chart-model';

/**
 * The two runs on one time axis: x = seconds since each run's (or phase's) own first second,
 * base dashed, head solid, the same colour per figure so the pair reads as one figure before
 * and after. Seconds one run has and the other lacks are null for the other (its line ends).
 * Pure: unit-tested without a DOM.
 */

const COLOR = { p95: '#E69F00', p50: '#0072B2', rps: '#0072B2' } as const;
const BASE_DASH = [6, 4];

type Figure = 'p50' | 'p95' | 'rps';

/** Each point's y at its elapsed second, over 0..last second of either run. */
function overlay(base: readonly ComparisonPoint[], head: readonly ComparisonPoint[], figures: readonly Figure[]): ChartModel['data'] {
  const last = Math.max(base.at(-1)?.elapsed ?? -1, head.at(-1)?.elapsed ?? -1);
  const xs = Array.from({ length: last + 1 }, (_, index) => index);
  const column = (points: readonly ComparisonPoint[], figure: Figure) => {
    const ys: (number | null)[] = xs.map(() => null);
    for (const point of points) ys[point.elapsed] = point[figure];
    return ys;
  };
  return [xs, ...figures.flatMap((figure) => [column(base, figure), column(head, figure)])];
}

function pair(figure: Figure, scale: LineSpec['scale'], unit: LineSpec['unit']): LineSpec[] {
  const name = figure === 'rps' ? 'req/s' : figure;
  return [
    { label: `Base ${name}`, color: COLOR[figure], dash: BASE_DASH, width: 1.5, scale, unit },
    { label: `Head ${name}`, color: COLOR[figure], width: 2, scale, unit },
  ];
}

/** p95 and p50 of both runs (ms). */
export function compareLatencyChart(base: readonly ComparisonPoint[], head: readonly ComparisonPoint[]): ChartModel {
  return { data: overlay(base, head, ['p95', 'p50']), lines: [...pair('p95', 'ms', 'ms'), ...pair('p50', 'ms', 'ms')] };
}

/** Requests per second of both runs. */
export function compareThroughputChart(base: readonly ComparisonPoint[], head: readonly ComparisonPoint[]): ChartModel {
  return { data: overlay(base, head, ['rps']), lines: pair('rps', 'rps', 'req/s') };
}

/** The charts to draw: the whole run, then each phase both runs have (with its points in either). */
export function compareChartScopes(charts: ComparisonCharts): { key: string; title: string; base: ComparisonPoint[]; head: ComparisonPoint[] }[] {
  const scopes = [{ key: 'whole', title: 'Whole run', base: charts.base.whole, head: charts.head.whole }];
  for (const phase of charts.head.phases) {
    const base = charts.base.phases.find((candidate) => candidate.name === phase.name)?.points ?? [];
    if (base.length || phase.points.length) scopes.push({ key: `phase-${phase.name}`, title: `Phase ${phase.name}`, base, head: phase.points });
  }
  return scopes;
}

/** How many seconds of a run carry a value: what the chart says it holds. */
export function secondsWithLatency(points: readonly ComparisonPoint[]): number {
  return points.filter((point) => point.p95 !== null).length;
}
