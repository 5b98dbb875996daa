import { z } from 'zod';
import { VERDICTS, thresholdSchema, type Threshold } from '../threshold.js';
import { trendQuerySchema, type PlanTrend, type TrendFigures } from './trend.js';
import { changePoints } from './change-points.js';

/**
 * One figure of a plan over its runs: `GET /plans/:id/trend?stat=p95&request=NAME`, the
 * design's skeleton route, one point per finished run. The trends page reads every figure at
 * once from `/plans/:id/trends`; integrations that chart or gate on one number read this.
 */
export const TREND_STATS = ['p50', 'p95', 'p99', 'rps', 'error_rate', 'count'] as const;
export type TrendStat = (typeof TREND_STATS)[number];

const FIGURE_OF: Record<TrendStat, keyof TrendFigures> = { p50: 'p50', p95: 'p95', p99: 'p99', rps: 'rps', error_rate: 'errorRate', count: 'count' };
const UNIT_OF: Record<TrendStat, 'ms' | 'req/s' | 'fraction' | 'requests'> = {
  p50: 'ms',
  p95: 'ms',
  p99: 'ms',
  rps: 'req/s',
  error_rate: 'fraction',
  count: 'requests',
};

export const trendSeriesQuerySchema = trendQuerySchema.extend({
  stat: z.enum(TREND_STATS).default('p95'),
  /** A request name of the plan; absent: the whole run. */
  request: z.string().min(1).max(100).optional(),
});

export const trendSeriesSchema = z.object({
  planName: z.string(),
  stat: z.enum(TREND_STATS),
  request: z.string().nullable(),
  unit: z.enum(['ms', 'req/s', 'fraction', 'requests']),
  /** Oldest first; `value` is null where the run had no such figure (a request it did not make). */
  points: z.array(
    z.object({
      runId: z.string(),
      createdAt: z.string(),
      planVersion: z.number().int(),
      verdict: z.enum(VERDICTS).nullable(),
      value: z.number().nullable(),
      /** A doubtful run (critical diagnostics): drawn, but no evidence for change points. */
      doubtful: z.boolean().default(false),
    }),
  ),
  /** Where this figure stepped to a new level and stayed (doubtful runs left out), oldest first. */
  changePoints: z
    .array(z.object({ runId: z.string(), previousRunId: z.string(), before: z.number(), after: z.number(), step: z.number().nullable(), pValue: z.number() }))
    .default([]),
  /** The plan's current thresholds on this figure and scope (a line to draw, a limit to gate on). */
  thresholds: z.array(thresholdSchema),
});
export type TrendSeries = z.infer<typeof trendSeriesSchema>;

function appliesTo(threshold: Threshold, stat: TrendStat, request: string | undefined): boolean {
  // A limit relative to the baseline is a share of another run's figure: no line on a trend.
  if (threshold.scenario || threshold.relativeTo || (threshold.request ?? undefined) !== request) return false;
  if (threshold.metric === 'latency') return threshold.stat === stat;
  return (threshold.metric === 'error_rate' && stat === 'error_rate') || (threshold.metric === 'rps' && stat === 'rps');
}

/** The one-figure view of a plan's trend. Pure. */
export function trendSeries(trend: PlanTrend, stat: TrendStat, request?: string): TrendSeries {
  const figure = FIGURE_OF[stat];
  const points = trend.points.map((point) => ({
    runId: point.runId,
    createdAt: point.createdAt,
    planVersion: point.planVersion,
    verdict: point.verdict,
    value: (request ? point.requests[request] : point.overall)?.[figure] ?? null,
    doubtful: point.doubtful,
  }));
  const evidence = points.filter((point) => point.value !== null && !point.doubtful);
  return {
    planName: trend.planName,
    stat,
    request: request ?? null,
    unit: UNIT_OF[stat],
    points,
    changePoints: changePoints(evidence.map((point) => point.value!)).map((change) => ({
      runId: evidence[change.index]!.runId,
      previousRunId: evidence[change.index - 1]!.runId,
      before: change.before,
      after: change.after,
      step: change.step,
      pValue: change.pValue,
    })),
    thresholds: trend.thresholds.filter((threshold) => appliesTo(threshold, stat, request)),
  };
}
