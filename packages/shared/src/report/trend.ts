import { z } from 'zod';
import { VERDICTS, thresholdSchema } from '../threshold.js';
import { RUN_STATUSES, type RunView } from '../runs.js';

/** The figures a trend line follows, per run and per request. */
export const trendFiguresSchema = z.object({
  count: z.number().int(),
  rps: z.number(),
  errorRate: z.number(),
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});
export type TrendFigures = z.infer<typeof trendFiguresSchema>;

export const trendPointSchema = z.object({
  runId: z.string(),
  createdAt: z.string(),
  planVersion: z.number().int(),
  status: z.enum(RUN_STATUSES),
  verdict: z.enum(VERDICTS).nullable(),
  /** The verdict differs from the previous run's that had one: a marker on the chart. */
  verdictChanged: z.boolean(),
  overall: trendFiguresSchema,
  requests: z.record(z.string(), trendFiguresSchema),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const planTrendSchema = z.object({
  planName: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Oldest first. Runs that produced no report (cancelled before load, errored) are left out. */
  points: z.array(trendPointSchema),
  /** The thresholds of the plan's current version, drawn as lines. */
  thresholds: z.array(thresholdSchema),
});
export type PlanTrend = z.infer<typeof planTrendSchema>;

export const trendQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const figures = (stats: { count: number; rps: number; errorRate: number; latency: { p50: number; p95: number; p99: number } | null }): TrendFigures => ({
  count: stats.count,
  rps: stats.rps,
  errorRate: stats.errorRate,
  p50: stats.latency?.p50 ?? null,
  p95: stats.latency?.p95 ?? null,
  p99: stats.latency?.p99 ?? null,
});

/** Trend points from runs (any order): oldest first, with verdict changes marked. Pure. */
export function trendPoints(runs: readonly RunView[]): TrendPoint[] {
  const measured = runs.filter((run) => run.summary && run.summary.overall.count > 0).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  let previousVerdict: RunView['verdict'] = null;
  return measured.map((run) => {
    const changed = previousVerdict !== null && run.verdict !== null && run.verdict !== previousVerdict;
    if (run.verdict !== null) previousVerdict = run.verdict;
    return {
      runId: run.id,
      createdAt: run.createdAt,
      planVersion: run.planVersion,
      status: run.status,
      verdict: run.verdict,
      verdictChanged: changed,
      overall: figures(run.summary!.overall),
      requests: Object.fromEntries(run.summary!.requests.map((request) => [request.name, figures(request)])),
    };
  });
}
