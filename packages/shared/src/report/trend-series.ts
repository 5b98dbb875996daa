import { z } from 'zod';
import { VERDICTS, thresholdSchema, type Threshold } from '../threshold.js';
import { trendQuerySchema, type PlanTrend, type TrendFigures } from './trend.js';
import { changePoints } from './change-points.js';
import { sourceNameSchema } from '../telemetry/source.js';
import type { SourceFigures } from '../telemetry/report.js';

/**
 * One figure of a plan over its runs: `GET /plans/:id/trend?stat=p95&request=NAME`, the
 * design's skeleton route, one point per finished run. The trends page reads every figure at
 * once from `/plans/:id/trends`; integrations that chart or gate on one number read this.
 */
export const TREND_STATS = [
  'p50',
  'p95',
  'p99',
  'rps',
  'error_rate',
  'count',
  // A metric source's figures (`source` names it): report/compare-telemetry.ts.
  'peak_cpu_share',
  'peak_cpu_cores',
  'cpu_seconds_per_1k_requests',
  'peak_memory_bytes',
  'restarts',
  'backlog_growth_per_second',
] as const;
export type TrendStat = (typeof TREND_STATS)[number];
type LoadStat = 'p50' | 'p95' | 'p99' | 'rps' | 'error_rate' | 'count';

/** The telemetry stats, and which of a source's figures each reads. */
const SOURCE_FIGURE_OF: Partial<Record<TrendStat, keyof Omit<SourceFigures, 'source' | 'coverage'>>> = {
  peak_cpu_share: 'peakCpuShare',
  peak_cpu_cores: 'peakCpuCores',
  cpu_seconds_per_1k_requests: 'cpuSecondsPer1kRequests',
  peak_memory_bytes: 'peakMemoryBytes',
  restarts: 'restarts',
  backlog_growth_per_second: 'backlogGrowthPerSecond',
};

const FIGURE_OF: Record<LoadStat, keyof TrendFigures> = { p50: 'p50', p95: 'p95', p99: 'p99', rps: 'rps', error_rate: 'errorRate', count: 'count' };
const TREND_UNITS = ['ms', 'req/s', 'fraction', 'requests', 'cores', 'cpu_seconds_per_1k_requests', 'bytes', 'count', 'jobs/s'] as const;
const UNIT_OF: Record<TrendStat, (typeof TREND_UNITS)[number]> = {
  p50: 'ms',
  p95: 'ms',
  p99: 'ms',
  rps: 'req/s',
  error_rate: 'fraction',
  count: 'requests',
  peak_cpu_share: 'fraction',
  peak_cpu_cores: 'cores',
  cpu_seconds_per_1k_requests: 'cpu_seconds_per_1k_requests',
  peak_memory_bytes: 'bytes',
  restarts: 'count',
  backlog_growth_per_second: 'jobs/s',
};

export const trendSeriesQuerySchema = trendQuerySchema
  .extend({
    stat: z.enum(TREND_STATS).default('p95'),
    /** A request name of the plan; absent: the whole run. Not with a source's figure. */
    request: z.string().min(1).max(100).optional(),
    /** The metric source whose figure a telemetry stat (peak_cpu_share…) follows; only with those. */
    source: sourceNameSchema.optional(),
  })
  .superRefine((query, ctx) => {
    const telemetry = SOURCE_FIGURE_OF[query.stat] !== undefined;
    if (telemetry && !query.source) ctx.addIssue({ code: 'custom', path: ['source'], message: `${query.stat} is a metric source's figure: name the source` });
    if (!telemetry && query.source) ctx.addIssue({ code: 'custom', path: ['source'], message: `${query.stat} is the load's figure, not a source's` });
    if (telemetry && query.request) ctx.addIssue({ code: 'custom', path: ['request'], message: "a source's figures are the whole run's" });
  });

export const trendSeriesSchema = z.object({
  planName: z.string(),
  /** The target whose runs these are (the plan's own unless `targetId` named another). */
  targetId: z.string(),
  stat: z.enum(TREND_STATS),
  request: z.string().nullable(),
  /** The metric source of a telemetry stat; null for the load's figures. */
  source: z.string().nullable().default(null),
  unit: z.enum(TREND_UNITS),
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
  if (SOURCE_FIGURE_OF[stat] || threshold.scenario || threshold.relativeTo || (threshold.request ?? undefined) !== request) return false;
  if (threshold.metric === 'latency') return threshold.stat === stat;
  return (threshold.metric === 'error_rate' && stat === 'error_rate') || (threshold.metric === 'rps' && stat === 'rps');
}

/** The one-figure view of a plan's trend. Pure. */
export function trendSeries(trend: PlanTrend, stat: TrendStat, request?: string, source?: string): TrendSeries {
  const sourceFigure = SOURCE_FIGURE_OF[stat];
  const valueOf = (point: PlanTrend['points'][number]) =>
    sourceFigure
      ? (point.telemetry.find((figures) => figures.source === source)?.[sourceFigure] ?? null)
      : ((request ? point.requests[request] : point.overall)?.[FIGURE_OF[stat as LoadStat]] ?? null);
  const points = trend.points.map((point) => ({
    runId: point.runId,
    createdAt: point.createdAt,
    planVersion: point.planVersion,
    verdict: point.verdict,
    value: valueOf(point),
    doubtful: point.doubtful,
  }));
  const evidence = points.filter((point) => point.value !== null && !point.doubtful);
  return {
    planName: trend.planName,
    targetId: trend.targetId,
    stat,
    request: sourceFigure ? null : (request ?? null),
    source: sourceFigure ? (source ?? null) : null,
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
