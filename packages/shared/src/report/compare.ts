import { z } from 'zod';
import type { RequestStats } from '../summary.js';
import type { RunView } from '../runs.js';
import type { PlanSpec } from '../plan.js';
import { THRESHOLD_STOP_CODE } from '../stop-rule.js';
import { CUSTOM_METRIC_TYPES, customMetricFigures } from '../custom-metrics.js';
import { HISTOGRAM_RELATIVE_ACCURACY } from '../histogram.js';
import type { SecondSample } from '../series.js';
import { comparisonWarnings } from './compare-warnings.js';
import {
  loadRelation,
  phaseSeconds,
  scopeIntervals,
  runReadings,
  sharedPhases,
  withCountIntervals,
  type Intervals,
  type Readings,
  type Scope,
  type ScopeReadings,
} from './compare-scope.js';
import { compareTelemetry, telemetryComparisonSchema } from './compare-telemetry.js';
import { comparisonChartsSchema } from './compare-charts.js';
import { ASSUMED_LATENCY_SPREAD, historyFigure, runToRunSpread, widenDifference, type HistorySpread, type Spread } from './history-noise.js';
import { DEFAULT_RESAMPLES, MIN_SECONDS, NOISE_METRICS, pairSeed, type ChangeInterval, type NoiseMetric } from './noise.js';

export { edgeSeconds, pairingOf, scopeSeconds, sharedPhases } from './compare-scope.js';

/**
 * A latency change is called only when its interval stays clear of ±this share of the base: a
 * percentile read from the histogram (between its bucket's edges, runReadings) is within the
 * histogram's relative accuracy of the true value, so a change within it is not one however
 * narrow the interval. (Read as bucket values, two readings a whole bucket, 1 %, apart could be
 * the same value: intervals are centred on the finer readings for that reason.)
 */
export const LATENCY_CHANGE_FLOOR = HISTOGRAM_RELATIVE_ACCURACY;

/** Which way is better for a metric: latency and errors down, throughput up. */
const LOWER_IS_BETTER = new Set(['avg', 'p50', 'p90', 'p95', 'p99', 'max', 'errorRate', 'errors']);
const METRICS = ['count', 'rps', 'errorRate', 'avg', 'p50', 'p90', 'p95', 'p99', 'max', 'responseBytesAvg', 'responseBytesP95'] as const;
type Metric = (typeof METRICS)[number];
/** The figures of a phase compared on its own (when the runs' phases are named alike). */
const PHASE_METRICS = ['count', 'rps', 'errorRate', 'p50', 'p95', 'p99'] as const satisfies readonly Metric[];
/**
 * Shown with their change but not judged: a response that grew or shrank is neither better
 * nor worse by itself (a smaller one may be an error page), and a maximum is one request,
 * which resampling cannot bound (a resample never exceeds the largest value it draws from).
 * A request count is judged only between runs that applied the same load for as long.
 */
const NOT_JUDGED = new Set<Metric>(['max', 'responseBytesAvg', 'responseBytesP95']);
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
   * regression or improvement when the interval excludes 0 (for latencies: excludes ±0.5 %,
   * LATENCY_CHANGE_FLOOR), unchanged (within noise) otherwise; null when not judged (response
   * sizes, a maximum, a script's own metrics; throughput and counts of a run stopped early; the
   * whole run of two different load profiles, compared per phase instead) or when there is no
   * interval (a run with fewer than 5 seconds, or no per-second data).
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
  /**
   * Per phase (scenario) the two runs both have, when the plans have several: each compared on
   * its own seconds, paired when that phase's load is the same in both. What is judged when
   * the runs' load profiles differ.
   */
  phases: z.array(z.object({ name: z.string(), paired: z.boolean(), sameLoad: z.boolean(), metrics: z.array(metricDeltaSchema) })).default([]),
  /** A custom script's own metrics present in either run (change: always null, see compareCustomMetrics). */
  customMetrics: z
    .array(z.object({ name: z.string(), type: z.enum(CUSTOM_METRIC_TYPES), inBase: z.boolean(), inHead: z.boolean(), metrics: z.array(metricDeltaSchema) }))
    .default([]),
  /** How the intervals were made; null when they could not be (too few seconds in a run). */
  noise: z
    .object({
      /**
       * paired: the same load profile, compared second by second at the same point of it (the
       * differences' spread is the noise); unpaired: each run's seconds resampled on their own
       * (constant loads, whose seconds are alike). Shares and rates are also bounded by their counts.
       */
      method: z.enum(['moving-block bootstrap over seconds', 'paired moving-block bootstrap over the same points of the load profile']),
      confidence: z.number(),
      resamples: z.number().int(),
      seconds: z.object({ base: z.number().int(), head: z.number().int() }),
      /**
       * The plan's run-to-run spread the intervals were widened to (history-noise.ts): how many
       * of its runs it was read from; null when it has too few.
       */
      history: z.object({ runs: z.number().int() }).nullable().default(null),
      /**
       * Without that history: the run-to-run spread assumed for latencies (history-noise.ts,
       * ASSUMED_LATENCY_SPREAD: σ of the log ratio, 0.01), which the intervals are widened to.
       */
      assumedLatencySpread: z.number().nullable().default(null),
    })
    .nullable()
    .default(null),
  /** The target's side: each metric source's figures before and after (compare-telemetry.ts). */
  telemetry: telemetryComparisonSchema.default({ sources: [] }),
  /**
   * Both runs' per-second latency and throughput for the overlaid charts (compare-charts.ts);
   * null where no chart is drawn (a comparison made for a verdict, not a page).
   */
  charts: comparisonChartsSchema.nullable().default(null),
});
export type RunComparison = z.infer<typeof runComparisonSchema>;

function value(stats: RequestStats | undefined, metric: Metric): number | null {
  if (!stats) return null;
  if (metric === 'count' || metric === 'rps' || metric === 'errorRate') return stats[metric];
  if (metric === 'responseBytesAvg') return stats.responseBytes?.avg ?? null;
  if (metric === 'responseBytesP95') return stats.responseBytes?.p95 ?? null;
  return stats.latency ? stats.latency[metric] : null;
}

/** `judged`: whether a change in this metric may be called at all in this comparison. */
/** A scope's intervals and the finer readings of its percentiles they are centred on (runReadings). */
interface ScopeNoise {
  intervals: Intervals;
  readings: ScopeReadings | null;
}

const NO_NOISE: ScopeNoise = { intervals: null, readings: null };

function delta(
  metric: Metric,
  base: RequestStats | undefined,
  head: RequestStats | undefined,
  noise: ScopeNoise,
  judged: boolean,
  spread?: Spread,
): MetricDelta {
  const counted = (NOISE_METRICS as readonly string[]).includes(metric) || metric === 'count';
  let interval = judged && counted ? (noise.intervals?.[metric as NoiseMetric | 'count'] ?? null) : null;
  const b = value(base, metric);
  const h = value(head, metric);
  const figure = historyFigure(metric);
  // The history's band lies around the change as the percentiles read between bucket edges.
  const [rb, rh] = [noise.readings?.base[metric as keyof Readings]?.value ?? b, noise.readings?.head[metric as keyof Readings]?.value ?? h];
  if (interval && figure && rb !== null && rh !== null) interval = widenDifference(interval, rb, rh, figure, runToRunSpread(figure, spread));
  // An interval always holds the change it is shown with: the stated percentiles are bucket
  // values, up to a bucket from the readings it is centred on, which a narrow one could leave out.
  if (interval && b !== null && h !== null) interval = { low: Math.min(interval.low, h - b), high: Math.max(interval.high, h - b) };
  const resolution = LATENCY.has(metric) && b !== null ? LATENCY_CHANGE_FLOOR * Math.abs(b) * (1 + 1e-9) : 0;
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
 * Two runs side by side: deltas per metric, request and phase, and what makes them not
 * comparable. Runs of the same load profile are compared like for like (paired seconds where
 * the load is shaped); runs of different profiles only phase by phase. `history`: the plan's
 * run-to-run spread, which widens the intervals (history-noise.ts). Pure.
 */
export function compareRuns(base: ComparedRun, head: ComparedRun, history: HistorySpread | null = null): RunComparison {
  const load = loadRelation(base.spec, head.spec);
  const phaseNames = sharedPhases(base.spec, head.spec);
  const warnings = comparisonWarnings(base.run, head.run, load, phaseNames);
  const telemetry = compareTelemetry(base.run, head.run);
  warnings.push(...telemetry.warnings);

  const stopped = [base.run, head.run].some((run) => run.error?.code === THRESHOLD_STOP_CODE);
  const paired = load.same && !load.constant;
  // A count compares only runs that applied the same load for as long, whole.
  const sameDuration = load.same && !stopped && !base.run.partial && !head.run.partial;
  const judged = (metric: Metric) => load.same && !NOT_JUDGED.has(metric) && !(stopped && (metric === 'rps' || metric === 'count'));
  const seed = pairSeed(base.run.id, head.run.id);
  const [bs, hs] = base.seconds && head.seconds ? [base.seconds, head.seconds] : [null, null];
  // Each run's percentiles per scope, read once (a phase's are its scenario's rows, in its seconds).
  const [baseReadings, headReadings] = bs && hs ? [runReadings(bs), runReadings(hs)] : [null, null];
  const noiseOf = (
    bSeconds: readonly SecondSample[] | null,
    hSeconds: readonly SecondSample[] | null,
    scope: Scope,
    b: RequestStats | undefined,
    h: RequestStats | undefined,
    pairedScope: boolean,
    whole: boolean,
    phases: readonly string[] = [],
  ): ScopeNoise => {
    if (!bSeconds || !hSeconds || !b || !h) return NO_NOISE;
    const readings = { base: baseReadings!.of(scope), head: headReadings!.of(scope) };
    return { intervals: withCountIntervals(scopeIntervals(bSeconds, hSeconds, scope, pairedScope, seed, phases), b, h, whole, readings), readings };
  };
  const intervalsOf = (scope: Scope, b: RequestStats | undefined, h: RequestStats | undefined): ScopeNoise =>
    noiseOf(bs, hs, scope, b, h, paired, sameDuration, phaseNames);

  const overallIntervals = load.same ? intervalsOf({}, base.run.summary?.overall, head.run.summary?.overall) : NO_NOISE;
  // Intervals need MIN_SECONDS full seconds in each run (changeIntervals): say so without resampling twice.
  const noiseAvailable = bs !== null && hs !== null && bs.length >= MIN_SECONDS && hs.length >= MIN_SECONDS;
  const names = [...new Set([...(base.run.summary?.requests ?? []), ...(head.run.summary?.requests ?? [])].map((request) => request.name))];
  const find = (run: RunView, name: string) => run.summary?.requests.find((request) => request.name === name);
  const scenarioStats = (run: RunView, name: string) => run.summary?.scenarios.find((scenario) => scenario.name === name);
  return {
    base: { runId: base.run.id, createdAt: base.run.createdAt, planName: base.run.planName, planVersion: base.run.planVersion, verdict: base.run.verdict },
    head: { runId: head.run.id, createdAt: head.run.createdAt, planName: head.run.planName, planVersion: head.run.planVersion, verdict: head.run.verdict },
    warnings,
    overall: METRICS.map((metric) => delta(metric, base.run.summary?.overall, head.run.summary?.overall, overallIntervals, judged(metric), history?.overall)),
    requests: names.map((name) => {
      const [b, h] = [find(base.run, name), find(head.run, name)];
      const intervals = load.same ? intervalsOf({ request: name }, b, h) : NO_NOISE;
      return { name, inBase: !!b, inHead: !!h, metrics: METRICS.map((metric) => delta(metric, b, h, intervals, judged(metric), history?.requests[name])) };
    }),
    phases: phaseNames.map((name) => {
      const [b, h] = [scenarioStats(base.run, name), scenarioStats(head.run, name)];
      const [baseScenario, headScenario] = [base.spec.scenarios.find((s) => s.name === name)!, head.spec.scenarios.find((s) => s.name === name)!];
      // The phase's own load: paired at the same offsets into the phase when it is the same in both.
      const sameLoad = JSON.stringify(baseScenario.load) === JSON.stringify(headScenario.load);
      const pairedPhase = sameLoad && !!base.seconds && !!head.seconds;
      const intervals = noiseOf(bs && phaseSeconds(bs, name), hs && phaseSeconds(hs, name), { scenario: name }, b, h, pairedPhase, sameLoad && !stopped);
      const phaseJudged = (metric: Metric) =>
        !NOT_JUDGED.has(metric) && !(stopped && (metric === 'rps' || metric === 'count')) && (sameLoad || LATENCY.has(metric) || metric === 'errorRate');
      return { name, paired: pairedPhase, sameLoad, metrics: PHASE_METRICS.map((metric) => delta(metric, b, h, intervals, phaseJudged(metric))) };
    }),
    customMetrics: compareCustomMetrics(base.run, head.run),
    noise:
      noiseAvailable && bs && hs
        ? {
            method: paired ? 'paired moving-block bootstrap over the same points of the load profile' : 'moving-block bootstrap over seconds',
            confidence: 0.95,
            resamples: DEFAULT_RESAMPLES,
            seconds: { base: bs.length, head: hs.length },
            history: history ? { runs: history.runs } : null,
            assumedLatencySpread: history ? null : ASSUMED_LATENCY_SPREAD,
          }
        : null,
    telemetry: telemetry.telemetry,
    charts: null,
  };
}
