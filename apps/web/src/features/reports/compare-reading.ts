import { LATENCY_CHANGE_FLOOR, type MetricDelta, type RunComparison } from '@loadline/shared';
import { formatDeltaPercent } from './report-format';

/**
 * Why a change reads "within noise", in words, mirroring how compareRuns calls one: a change
 * is called only when its 95 % interval excludes no change; for a latency, only when it
 * excludes the ±0.5 % band too (LATENCY_CHANGE_FLOOR: a latency read from the histogram is
 * within 0.5 % of its true value). Pure.
 */

const LATENCY = new Set(['avg', 'p50', 'p90', 'p95', 'p99', 'max']);
/** Below this a "within noise" needs no explaining: the change itself is small. */
const NOTABLE = 0.02;

type Noise = RunComparison['noise'];

/** The band in words: "0.5 %". */
const FLOOR = `${Math.round(LATENCY_CHANGE_FLOOR * 1000) / 10} %`;

/** "widened to the plan's run-to-run spread over 6 runs", or null when the interval was not widened. */
function widening(metric: string, noise: Noise): string | null {
  if (!noise) return null;
  if (noise.history) return `widened to this plan's run-to-run spread over ${noise.history.runs} runs`;
  if (noise.assumedLatencySpread && LATENCY.has(metric))
    return `widened to a run-to-run spread of ${Math.round(noise.assumedLatencySpread * 1000) / 10} % assumed for latencies`;
  return null;
}

/**
 * For a row called "within noise" whose change is notable (2 % or more, or an interval that
 * excludes 0), the reason: "−8.6 %, but its 95 % interval −18.3 % to −0.3 % (widened to …)
 * reaches within 0.5 % of no change, the histogram's accuracy". Null otherwise.
 */
export function withinNoiseReason(delta: MetricDelta, noise: Noise): string | null {
  const { interval, deltaPct, base } = delta;
  if (delta.change !== 'unchanged' || !interval || deltaPct === null || base === null || base === 0) return null;
  const excludesZero = interval.low > 0 || interval.high < 0;
  if (Math.abs(deltaPct) < NOTABLE && !excludesZero) return null;
  const pct = (value: number) => formatDeltaPercent(value / Math.abs(base));
  const widened = widening(delta.metric, noise);
  const range = `its 95 % interval ${pct(interval.low)} to ${pct(interval.high)}${widened ? ` (${widened})` : ''}`;
  if (!excludesZero) return `${formatDeltaPercent(deltaPct)}, but ${range} includes no change, so the runs may differ by noise alone.`;
  return `${formatDeltaPercent(deltaPct)}, but ${range} reaches within ${FLOOR} of no change: a latency is read from the histogram to within ${FLOOR}, so a change is called only when its interval stays clear of that band.`;
}

/** Whether the comparison judged any latency: the reading rule applies only then. */
export function judgesLatency(comparison: Pick<RunComparison, 'overall' | 'phases' | 'requests'>): boolean {
  const rows = [...comparison.overall, ...comparison.phases.flatMap((phase) => phase.metrics), ...comparison.requests.flatMap((request) => request.metrics)];
  return rows.some((row) => LATENCY.has(row.metric) && row.change !== null);
}
