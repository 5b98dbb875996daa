import { z } from 'zod';
import type { RequestStats } from '../summary.js';
import type { RunView } from '../runs.js';
import type { PlanSpec } from '../plan.js';
import { diffJson } from '../plan-diff.js';
import { THRESHOLD_STOP_CODE } from '../stop-rule.js';
import { CUSTOM_METRIC_TYPES, customMetricFigures } from '../custom-metrics.js';
import { HISTOGRAM_RELATIVE_ACCURACY, emptyHistogram, mergeHistogramInto } from '../histogram.js';
import type { SecondSample } from '../series.js';
import { compareTelemetry, telemetryComparisonSchema } from './compare-telemetry.js';
import { historyFigure, widenDifference, type HistorySpread, type Spread } from './history-noise.js';
import {
  DEFAULT_RESAMPLES,
  MIN_SECONDS,
  NOISE_METRICS,
  changeIntervals,
  pairSeed,
  type ChangeInterval,
  type NoiseMetric,
  type SecondFigures,
} from './noise.js';

/** Which way is better for a metric: latency and errors down, throughput up. */
const LOWER_IS_BETTER = new Set(['avg', 'p50', 'p90', 'p95', 'p99', 'max', 'errorRate', 'errors']);
const METRICS = ['count', 'rps', 'errorRate', 'avg', 'p50', 'p90', 'p95', 'p99', 'max', 'responseBytesAvg', 'responseBytesP95'] as const;
type Metric = (typeof METRICS)[number];
/**
 * Shown with their change but not judged: how many requests a run made follows from its
 * load, a response that grew or shrank is neither better nor worse by itself (a smaller
 * one may be an error page), and a maximum is one request, which resampling cannot bound (a
 * resample never exceeds the largest value it draws from).
 */
const NOT_JUDGED = new Set<Metric>(['count', 'max', 'responseBytesAvg', 'responseBytesP95']);
const LATENCY = new Set<string>(['avg', 'p50', 'p90', 'p95', 'p99', 'max']);

export const metricDeltaSchema = z.object({
  metric: z.string(),
  base: z.number().nullable(),
  head: z.number().nullable(),
  delta: z.number().nullable(),
  /** head / base - 1; null when base is 0 or missing. */
  deltaPct: z.number().nullable(),
  /**
   * 95 % confidence interval of `delta` (head - base, in the metric's unit) from the two runs'
   * own seconds (see noise.ts); null when not judged or when a run has too few seconds.
   */
  interval: z.object({ low: z.number(), high: z.number() }).nullable().default(null),
  /**
   * regression or improvement when the interval excludes 0 (for latencies: excludes ±1 %, the
   * histogram's resolution), unchanged (within noise) otherwise; null when not judged (count, response sizes, a script's own metrics) or when there
   * is no interval (a run with fewer than 5 seconds, or no per-second data).
   */
  change: z.enum(['improvement', 'regression', 'unchanged']).nullable(),
});
export type MetricDelta = z.infer<typeof metricDeltaSchema>;

export const runComparisonSchema = z.object({
  base: z.object({ runId: z.string(), createdAt: z.string(), planName: z.string(), planVersion: z.number().int(), verdict: z.string().nullable() }),
  head: z.object({ runId: z.string(), createdAt: z.string(), planName: z.string(), planVersion: z.number().int(), verdict: z.string().nullable() }),
  /** Why the two runs may not compare like for like; empty when they do. */
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
  overall: z.array(metricDeltaSchema),
  /** Per request name present in either run. */
  requests: z.array(z.object({ name: z.string(), inBase: z.boolean(), inHead: z.boolean(), metrics: z.array(metricDeltaSchema) })),
  /** A custom script's own metrics present in either run (change: always null, see compareCustomMetrics). */
  customMetrics: z
    .array(z.object({ name: z.string(), type: z.enum(CUSTOM_METRIC_TYPES), inBase: z.boolean(), inHead: z.boolean(), metrics: z.array(metricDeltaSchema) }))
    .default([]),
  /** How the intervals were made; null when they could not be (too few seconds in a run). */
  noise: z
    .object({
      method: z.literal('moving-block bootstrap over seconds'),
      confidence: z.number(),
      resamples: z.number().int(),
      seconds: z.object({ base: z.number().int(), head: z.number().int() }),
      /**
       * The plan's run-to-run spread the intervals were widened to (history-noise.ts): how many
       * of its runs it was read from; null when it has too few.
       */
      history: z.object({ runs: z.number().int() }).nullable().default(null),
    })
    .nullable()
    .default(null),
  /** The target's side: each metric source's figures before and after (compare-telemetry.ts). */
  telemetry: telemetryComparisonSchema.default({ sources: [] }),
});
export type RunComparison = z.infer<typeof runComparisonSchema>;

function value(stats: RequestStats | undefined, metric: Metric): number | null {
  if (!stats) return null;
  if (metric === 'count' || metric === 'rps' || metric === 'errorRate') return stats[metric];
  if (metric === 'responseBytesAvg') return stats.responseBytes?.avg ?? null;
  if (metric === 'responseBytesP95') return stats.responseBytes?.p95 ?? null;
  return stats.latency ? stats.latency[metric] : null;
}

type Intervals = Partial<Record<NoiseMetric, ChangeInterval>> | null;

function delta(metric: Metric, base: RequestStats | undefined, head: RequestStats | undefined, intervals: Intervals, spread?: Spread): MetricDelta {
  const judged = !NOT_JUDGED.has(metric);
  let interval = judged && (NOISE_METRICS as readonly string[]).includes(metric) ? (intervals?.[metric as NoiseMetric] ?? null) : null;
  const b = value(base, metric);
  const h = value(head, metric);
  const figure = historyFigure(metric);
  if (interval && spread && figure && b !== null && h !== null) interval = widenDifference(interval, b, h, figure, spread);
  // A latency read from a histogram is known to ±0.5 %: readings within 1 % are the same reading.
  const resolution = LATENCY.has(metric) && b !== null ? 2 * HISTOGRAM_RELATIVE_ACCURACY * Math.abs(b) : 0;
  return deltaOf(metric, b, h, judged ? (LOWER_IS_BETTER.has(metric) ? 'lower' : 'higher') : null, interval, resolution);
}

/**
 * `better`: which way is an improvement; null when no way is (a count, a script's own metric).
 * A change is called only when its interval excludes 0: anything else is within noise.
 */
function deltaOf(
  metric: string,
  b: number | null,
  h: number | null,
  better: 'lower' | 'higher' | null,
  interval: ChangeInterval | null = null,
  resolution = 0,
): MetricDelta {
  const d = b !== null && h !== null ? h - b : null;
  const pct = d !== null && b !== null && b !== 0 ? h! / b - 1 : null;
  let change: MetricDelta['change'] = null;
  if (d !== null && better !== null && interval !== null) {
    if (interval.low <= resolution && interval.high >= -resolution) change = 'unchanged';
    else change = (better === 'lower' ? interval.high < 0 : interval.low > 0) ? 'improvement' : 'regression';
  }
  return { metric, base: b, head: h, delta: d, deltaPct: pct, interval: better === null ? null : interval, change };
}

/**
 * A run's first and last seconds are partial (load starts and stops within them): their counts
 * would read as a lower rate, and a run that touched one more wall-clock second than another
 * would seem slower. Left out when enough seconds remain.
 */
export function fullSeconds(seconds: readonly SecondSample[]): readonly SecondSample[] {
  return seconds.length >= MIN_SECONDS + 2 ? seconds.slice(1, -1) : seconds;
}

/** Each second of a run as the bootstrap reads it: the whole run, or one request name. */
export function scopeSeconds(seconds: readonly SecondSample[], name: string | null): SecondFigures[] {
  return seconds.map((second) => {
    const figures: SecondFigures = { count: 0, errors: 0, latency: emptyHistogram() };
    for (const request of second.requests) {
      if (name !== null && request.name !== name) continue;
      figures.count += request.count;
      if (!request.expected) figures.errors += request.count;
      mergeHistogramInto(figures.latency!, request.latency);
    }
    return figures;
  });
}

/**
 * A custom script's own metrics side by side. Which way is better is the script's business
 * (a bigger cart may be good), so changes are not called improvements or regressions.
 */
function compareCustomMetrics(base: RunView, head: RunView): RunComparison['customMetrics'] {
  const find = (run: RunView, name: string) => run.summary?.customMetrics.find((metric) => metric.name === name);
  const names = [...new Set([...(base.summary?.customMetrics ?? []), ...(head.summary?.customMetrics ?? [])].map((metric) => metric.name))].sort();
  return names.map((name) => {
    const [b, h] = [find(base, name), find(head, name)];
    const [bFigures, hFigures] = [b ? customMetricFigures(b) : {}, h ? customMetricFigures(h) : {}];
    const stats = [...new Set([...Object.keys(bFigures), ...Object.keys(hFigures)])];
    return {
      name,
      type: (h ?? b)!.type,
      inBase: !!b,
      inHead: !!h,
      metrics: stats.map((stat) => deltaOf(stat, bFigures[stat] ?? null, hFigures[stat] ?? null, null)),
    };
  });
}

export interface ComparedRun {
  run: RunView;
  spec: PlanSpec;
  /** Its seconds, segments merged, oldest first: what the intervals are made from. */
  seconds?: readonly SecondSample[];
}

/**
 * Two runs side by side: deltas per metric and request, and what makes them not comparable.
 * `history`: the plan's run-to-run spread, which widens the intervals (history-noise.ts). Pure.
 */
export function compareRuns(base: ComparedRun, head: ComparedRun, history: HistorySpread | null = null): RunComparison {
  const warnings: RunComparison['warnings'] = [];
  if (base.run.planId !== head.run.planId)
    warnings.push({ code: 'DIFFERENT_PLAN', message: `The runs are of different plans (${base.run.planName} and ${head.run.planName}).` });
  else if (base.run.planVersion !== head.run.planVersion) {
    warnings.push({
      code: 'DIFFERENT_VERSION',
      message: `The runs used different versions of the plan (v${base.run.planVersion} and v${head.run.planVersion}).`,
    });
  }
  const loadChanges = diffJson(
    base.spec.scenarios.map((scenario) => ({ name: scenario.name, load: scenario.load, startTime: scenario.startTime })),
    head.spec.scenarios.map((scenario) => ({ name: scenario.name, load: scenario.load, startTime: scenario.startTime })),
  );
  if (loadChanges.length || JSON.stringify(base.spec.script?.requirements) !== JSON.stringify(head.spec.script?.requirements)) {
    warnings.push({
      code: 'DIFFERENT_LOAD',
      message: `The load profiles differ (${
        loadChanges
          .map((change) => change.path)
          .slice(0, 3)
          .join(', ') || 'custom script requirements'
      }): throughput and latency are not like for like.`,
    });
  }
  if (base.run.segments !== head.run.segments)
    warnings.push({ code: 'DIFFERENT_SEGMENTS', message: `The runs were split over ${base.run.segments} and ${head.run.segments} runners.` });
  for (const [label, run] of [
    ['base', base.run],
    ['head', head.run],
  ] as const) {
    if (run.partial) warnings.push({ code: 'PARTIAL_DATA', message: `The ${label} run is missing measurements (partial).` });
    if (run.error?.code === THRESHOLD_STOP_CODE) {
      warnings.push({
        code: 'STOPPED_EARLY',
        message: `The ${label} run was stopped early by a stop rule (${run.error.message}; ${run.plannedSeconds} s planned): its figures cover only the load until then.`,
      });
    }
    if (run.diagnostics.some((diagnostic) => diagnostic.severity === 'critical')) {
      warnings.push({
        code: 'DOUBTFUL_RUN',
        message: `The ${label} run has critical diagnostics (${run.diagnostics
          .filter((d) => d.severity === 'critical')
          .map((d) => d.code)
          .join(', ')}).`,
      });
    }
  }

  const telemetry = compareTelemetry(base.run, head.run);
  warnings.push(...telemetry.warnings);

  const names = [...new Set([...(base.run.summary?.requests ?? []), ...(head.run.summary?.requests ?? [])].map((request) => request.name))];
  const find = (run: RunView, name: string) => run.summary?.requests.find((request) => request.name === name);
  const seed = pairSeed(base.run.id, head.run.id);
  const intervalsOf = (name: string | null): Intervals =>
    base.seconds && head.seconds
      ? changeIntervals(scopeSeconds(fullSeconds(base.seconds), name), scopeSeconds(fullSeconds(head.seconds), name), { seed })
      : null;
  const overall = intervalsOf(null);
  const withNoise = overall !== null;
  return {
    base: { runId: base.run.id, createdAt: base.run.createdAt, planName: base.run.planName, planVersion: base.run.planVersion, verdict: base.run.verdict },
    head: { runId: head.run.id, createdAt: head.run.createdAt, planName: head.run.planName, planVersion: head.run.planVersion, verdict: head.run.verdict },
    warnings,
    overall: METRICS.map((metric) => delta(metric, base.run.summary?.overall, head.run.summary?.overall, overall, history?.overall)),
    requests: names.map((name) => ({
      name,
      inBase: !!find(base.run, name),
      inHead: !!find(head.run, name),
      metrics: ((intervals: Intervals) =>
        METRICS.map((metric) => delta(metric, find(base.run, name), find(head.run, name), intervals, history?.requests[name])))(
        withNoise && find(base.run, name) && find(head.run, name) ? intervalsOf(name) : null,
      ),
    })),
    customMetrics: compareCustomMetrics(base.run, head.run),
    noise: withNoise
      ? {
          method: 'moving-block bootstrap over seconds',
          confidence: 0.95,
          resamples: DEFAULT_RESAMPLES,
          seconds: { base: fullSeconds(base.seconds!).length, head: fullSeconds(head.seconds!).length },
          history: history ? { runs: history.runs } : null,
        }
      : null,
    telemetry: telemetry.telemetry,
  };
}
