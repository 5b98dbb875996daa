import { z } from 'zod';
import { countAbove, emptyHistogram, histogramSchema, mergeHistogramInto, valueAtRank, type Histogram } from './histogram.js';
import { percentileInterval, type PercentileInterval } from './percentile-interval.js';

/**
 * A custom script's own k6 metrics (`new Trend('cart_size')`, Counter, Rate, Gauge), as the
 * output extension aggregates them per second and per metric name (tags are not kept apart),
 * how seconds and segments merge, and what the run summary keeps of them.
 *
 * - Trend: every value in the same log-bucket histogram as latencies (±0.5 %), so percentiles
 *   merge exactly. Histograms hold values ≥ 0; a trend's values below zero are kept in a
 *   second histogram of their magnitudes (`negative`) and read together with it.
 * - Counter: the sum of what was added.
 * - Rate: how many values were non-zero (`passes`) of how many were added (`total`).
 * - Gauge: the last value (and when it was set, so the latest across segments wins), the
 *   smallest and the largest. Each segment's k6 keeps its own gauge: across segments the value
 *   is the one set last by any of them, the min and max those of every segment.
 */

/** What k6 says a trend or counter holds (`new Trend(name, true)` is time: milliseconds). */
export const CUSTOM_METRIC_CONTAINS = ['default', 'time', 'data'] as const;
const contains = z.enum(CUSTOM_METRIC_CONTAINS).default('default');
const name = z.string().min(1).max(128);
const count = z.number().int().nonnegative();

export const customMetricSecondSchema = z.discriminatedUnion('type', [
  z.object({ name, type: z.literal('trend'), contains, histogram: histogramSchema, negative: histogramSchema.optional() }),
  z.object({ name, type: z.literal('counter'), contains, sum: z.number() }),
  z.object({ name, type: z.literal('rate'), passes: count, total: count }),
  /** `lastMs`: Unix ms of the sample that set `last`. */
  z.object({ name, type: z.literal('gauge'), contains, last: z.number(), lastMs: z.number(), min: z.number(), max: z.number() }),
]);
export type CustomMetricSecond = z.infer<typeof customMetricSecondSchema>;
export const CUSTOM_METRIC_TYPES = ['trend', 'counter', 'rate', 'gauge'] as const;
export type CustomMetricType = (typeof CUSTOM_METRIC_TYPES)[number];

export const customMetricSummarySchema = z.discriminatedUnion('type', [
  z.object({
    name,
    type: z.literal('trend'),
    contains,
    count,
    avg: z.number(),
    min: z.number(),
    med: z.number(),
    p90: z.number(),
    p95: z.number(),
    p99: z.number(),
    max: z.number(),
    /** The merged histogram, so any percentile a threshold names (p(99.9)) can be read. */
    histogram: histogramSchema,
    negative: histogramSchema.optional(),
  }),
  /** `rate`: count per second of the time the run applied load (k6: per second of the test). */
  z.object({ name, type: z.literal('counter'), contains, count: z.number(), rate: z.number() }),
  z.object({ name, type: z.literal('rate'), passes: count, total: count, rate: z.number() }),
  z.object({ name, type: z.literal('gauge'), contains, value: z.number(), min: z.number(), max: z.number() }),
]);
export type CustomMetricSummary = z.infer<typeof customMetricSummarySchema>;

const cloneHistogram = (histogram: Histogram) => mergeHistogramInto(emptyHistogram(), histogram);

function clone(metric: CustomMetricSecond): CustomMetricSecond {
  if (metric.type !== 'trend') return { ...metric };
  return { ...metric, histogram: cloneHistogram(metric.histogram), ...(metric.negative ? { negative: cloneHistogram(metric.negative) } : {}) };
}

/** Adds `source` (the same metric, another second or segment) into `target` in place. */
function mergeInto(target: CustomMetricSecond, source: CustomMetricSecond): void {
  if (target.type === 'trend' && source.type === 'trend') {
    mergeHistogramInto(target.histogram, source.histogram);
    if (source.negative) target.negative = mergeHistogramInto(target.negative ?? emptyHistogram(), source.negative);
  } else if (target.type === 'counter' && source.type === 'counter') {
    target.sum += source.sum;
  } else if (target.type === 'rate' && source.type === 'rate') {
    target.passes += source.passes;
    target.total += source.total;
  } else if (target.type === 'gauge' && source.type === 'gauge') {
    if (source.lastMs >= target.lastMs) {
      target.last = source.last;
      target.lastMs = source.lastMs;
    }
    target.min = Math.min(target.min, source.min);
    target.max = Math.max(target.max, source.max);
  }
  // One name has one type within a run (k6 refuses to redefine a metric); a mismatch cannot merge.
}

/** Merges custom metrics of seconds or segments by name: `add` each list, then `result`. */
export class CustomMetricsMerger {
  private readonly byName = new Map<string, CustomMetricSecond>();

  add(metrics: readonly CustomMetricSecond[] | undefined): void {
    for (const metric of metrics ?? []) {
      const existing = this.byName.get(metric.name);
      if (existing) mergeInto(existing, metric);
      else this.byName.set(metric.name, clone(metric));
    }
  }

  get size(): number {
    return this.byName.size;
  }

  /** The merged metrics in name order. */
  result(): CustomMetricSecond[] {
    return [...this.byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

// ---- reading a trend whose values may lie on both sides of zero -------------------------

const negativeCount = (negative: Histogram | undefined) => negative?.count ?? 0;

function trendValueAtRank(histogram: Histogram, negative: Histogram | undefined, rank: number): number {
  const below = negativeCount(negative);
  // The most negative value has the largest magnitude: ranks run down the negative histogram.
  return rank < below ? -valueAtRank(negative!, below - 1 - rank) : valueAtRank(histogram, rank - below);
}

/** A trend's value at quantile q (0..1), the sample of rank floor(q·(n-1)); null when empty. */
export function trendQuantile(histogram: Histogram, negative: Histogram | undefined, q: number): number | null {
  const total = histogram.count + negativeCount(negative);
  if (total === 0) return null;
  if (q <= 0) return trendMin(histogram, negative);
  if (q >= 1) return trendMax(histogram, negative);
  return trendValueAtRank(histogram, negative, Math.floor(q * (total - 1)));
}

const trendMin = (histogram: Histogram, negative: Histogram | undefined) => (negativeCount(negative) ? -negative!.max : histogram.min);
const trendMax = (histogram: Histogram, negative: Histogram | undefined) => (histogram.count ? histogram.max : -negative!.min);

/** The summary's figures of one merged metric; `durationSeconds`: the time the run applied load. */
export function summarizeCustomMetric(metric: CustomMetricSecond, durationSeconds: number): CustomMetricSummary {
  switch (metric.type) {
    case 'trend': {
      const { histogram, negative } = metric;
      const total = histogram.count + negativeCount(negative);
      const read = (q: number) => trendQuantile(histogram, negative, q) ?? 0;
      return {
        name: metric.name,
        type: 'trend',
        contains: metric.contains,
        count: total,
        avg: total ? (histogram.sum - (negative?.sum ?? 0)) / total : 0,
        min: total ? trendMin(histogram, negative) : 0,
        med: read(0.5),
        p90: read(0.9),
        p95: read(0.95),
        p99: read(0.99),
        max: total ? trendMax(histogram, negative) : 0,
        histogram,
        ...(negative?.count ? { negative } : {}),
      };
    }
    case 'counter':
      return { name: metric.name, type: 'counter', contains: metric.contains, count: metric.sum, rate: durationSeconds > 0 ? metric.sum / durationSeconds : 0 };
    case 'rate':
      return { name: metric.name, type: 'rate', passes: metric.passes, total: metric.total, rate: metric.total ? metric.passes / metric.total : 0 };
    case 'gauge':
      return { name: metric.name, type: 'gauge', contains: metric.contains, value: metric.last, min: metric.min, max: metric.max };
  }
}

// ---- what a threshold reads ---------------------------------------------------------------

/**
 * The statistics of k6's threshold syntax, per metric type (k6's own table; a gauge also reads
 * its min and max here). `p(N)` is any percentile from 0 to 100.
 */
export const CUSTOM_STATS_BY_TYPE: Record<CustomMetricType, readonly string[]> = {
  trend: ['avg', 'min', 'med', 'max', 'p(N)'],
  counter: ['count', 'rate'],
  rate: ['rate'],
  gauge: ['value', 'min', 'max'],
};

/** p(99.9) -> 99.9; null for any other statistic. */
export function percentileOfStat(stat: string): number | null {
  const match = /^p\((\d+(?:\.\d+)?)\)$/.exec(stat);
  return match ? Number(match[1]) : null;
}

export function statAppliesTo(type: CustomMetricType, stat: string): boolean {
  return CUSTOM_STATS_BY_TYPE[type].includes(percentileOfStat(stat) !== null ? 'p(N)' : stat);
}

/** A statistic of a summarised metric; null when the statistic does not apply to its type. */
export function customMetricFigure(metric: CustomMetricSummary, stat: string): number | null {
  if (!statAppliesTo(metric.type, stat)) return null;
  switch (metric.type) {
    case 'trend': {
      const percentile = percentileOfStat(stat);
      if (percentile !== null) return trendQuantile(metric.histogram, metric.negative, percentile / 100);
      return stat === 'avg' ? metric.avg : stat === 'min' ? metric.min : stat === 'max' ? metric.max : metric.med;
    }
    case 'counter':
      return stat === 'count' ? metric.count : metric.rate;
    case 'rate':
      return metric.rate;
    case 'gauge':
      return stat === 'min' ? metric.min : stat === 'max' ? metric.max : metric.value;
  }
}

/** The figures a summary shows of a metric, by k6's names for them (for comparisons). */
export function customMetricFigures(metric: CustomMetricSummary): Record<string, number> {
  switch (metric.type) {
    case 'trend':
      return {
        count: metric.count,
        avg: metric.avg,
        min: metric.min,
        med: metric.med,
        'p(90)': metric.p90,
        'p(95)': metric.p95,
        'p(99)': metric.p99,
        max: metric.max,
      };
    case 'counter':
      return { count: metric.count, rate: metric.rate };
    case 'rate':
      return { rate: metric.rate, total: metric.total };
    case 'gauge':
      return { value: metric.value, min: metric.min, max: metric.max };
  }
}

/** The 95 % interval of a trend percentile (values ≥ 0 only), as latency percentiles carry. */
export function customPercentileInterval(metric: CustomMetricSummary, stat: string): PercentileInterval | null {
  const percentile = metric.type === 'trend' && !metric.negative?.count ? percentileOfStat(stat) : null;
  if (percentile === null || metric.type !== 'trend' || percentile <= 0 || percentile >= 100) return null;
  return percentileInterval(metric.histogram, percentile / 100);
}

/**
 * How many of one second's values are on the wrong side of a threshold's line (for a stop
 * rule's guard against a handful of values stopping a run). Trends: values beyond the limit;
 * rates: the non-zero values under "<" and the zero ones under ">". A counter's rate has no
 * values to count (null: the guard does not apply).
 */
export function customOffenders(metric: CustomMetricSecond, upperBound: boolean, limit: number, inclusive: boolean): number | null {
  switch (metric.type) {
    case 'trend': {
      const { histogram, negative } = metric;
      const total = histogram.count + negativeCount(negative);
      // Values above the limit: positive ones above it, and negative ones whose magnitude is below -limit.
      const positiveAbove = limit >= 0 ? countAbove(histogram, limit, inclusive) : histogram.count;
      const negativeAbove = negative && limit < 0 ? negative.count - countAbove(negative, -limit, !inclusive) : 0;
      const above = positiveAbove + negativeAbove;
      return upperBound ? above : total - above;
    }
    case 'rate':
      return upperBound ? metric.passes : metric.total - metric.passes;
    case 'counter':
    case 'gauge':
      return null;
  }
}
