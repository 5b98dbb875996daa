import { z } from 'zod';
import { VERDICTS, thresholdSchema } from '../threshold.js';
import { RUN_STATUSES, type RunView } from '../runs.js';
import { changePoints } from './change-points.js';
import { sourceFiguresSchema, type SourceFigures } from '../telemetry/report.js';
import { labelFilterSchema, runLabelsSchema, runTargetIdSchema, type RunLabels } from '../run-manifest.js';

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
  /**
   * PASS after FAIL or FAIL after PASS (the last run that had either): a marker on the chart.
   * INCONCLUSIVE says nothing either way, so neither it nor a PASS or FAIL after it is a change.
   */
  verdictChanged: z.boolean(),
  /** Its diagnostics call the run doubtful (a critical one: saturated generator, rate limited…): no evidence for change points. */
  doubtful: z.boolean().default(false),
  overall: trendFiguresSchema,
  requests: z.record(z.string(), trendFiguresSchema),
  /** Each metric source's figures (peak CPU, CPU-seconds per 1,000 requests, peak memory, restarts, backlog growth), one entry per metric source; empty without sources. */
  telemetry: z.array(sourceFiguresSchema).default([]),
  /** The run's labels (commit, version, env): a chart marks points by them. */
  labels: runLabelsSchema.default({}),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** Where a figure of the whole run, or of one request, stepped to a new level and stayed (see change-points.ts). */
export const trendChangeSchema = z.object({
  stat: z.enum(['p50', 'p95', 'p99', 'errorRate', 'rps']),
  /** The request whose figure stepped; absent for the whole run's. */
  request: z.string().optional(),
  /** The first run at the new level, and the last one before it. */
  runId: z.string(),
  previousRunId: z.string(),
  before: z.number(),
  after: z.number(),
  /** after / before - 1; null when before is 0. */
  step: z.number().nullable(),
  /** Worse for latency and errors going up, for rate going down. */
  regression: z.boolean(),
  pValue: z.number(),
});
export type TrendChange = z.infer<typeof trendChangeSchema>;

export const planTrendSchema = z.object({
  planName: z.string(),
  /** The target whose runs these are: a plan's trend never mixes the runs of two targets (environments). */
  targetId: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Oldest first. Runs that produced no report (cancelled before load, errored) are left out. */
  points: z.array(trendPointSchema),
  /** The thresholds of the plan's current version, drawn as lines. */
  thresholds: z.array(thresholdSchema),
  /**
   * Steps in the whole run's figures over these points, then in each request's (`request` set),
   * doubtful runs left out; oldest first within each.
   */
  changePoints: z.array(trendChangeSchema).default([]),
});
export type PlanTrend = z.infer<typeof planTrendSchema>;

export const trendQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Only the runs carrying this label (`env=staging`): a trend of one environment, branch or build line. */
  label: labelFilterSchema.optional(),
  /** The target (environment) whose runs to follow; absent: the plan's own target. */
  targetId: runTargetIdSchema.optional(),
});

const figures = (stats: { count: number; rps: number; errorRate: number; latency: { p50: number; p95: number; p99: number } | null }): TrendFigures => ({
  count: stats.count,
  rps: stats.rps,
  errorRate: stats.errorRate,
  p50: stats.latency?.p50 ?? null,
  p95: stats.latency?.p95 ?? null,
  p99: stats.latency?.p99 ?? null,
});

/** What is stored per run and scope for trends (RunFigure rows). */
export const STORED_FIGURES = ['count', 'rps', 'errorRate', 'p50', 'p95', 'p99'] as const;
export type StoredFigure = (typeof STORED_FIGURES)[number];

/** One stored figure: `request` '' is the whole run. */
export interface TrendFigureRow {
  request: string;
  stat: StoredFigure;
  value: number | null;
}

/** A finished run's figures as rows, the whole run first: what trends read back. Pure. */
export function trendFigureRows(summary: NonNullable<RunView['summary']>): TrendFigureRow[] {
  const rows = (request: string, stats: TrendFigures) => STORED_FIGURES.map((stat) => ({ request, stat, value: stats[stat] }));
  return [...rows('', figures(summary.overall)), ...summary.requests.flatMap((request) => rows(request.name, figures(request)))];
}

/** A run as trends read it from storage: its figures, and what the point shows beside them. */
export interface StoredTrendRun {
  runId: string;
  createdAt: string;
  planVersion: number;
  status: RunView['status'];
  verdict: RunView['verdict'];
  doubtful: boolean;
  figures: readonly TrendFigureRow[];
  /** Its stored telemetry report's per-source figures; absent or empty without sources. */
  telemetry?: readonly SourceFigures[];
  labels?: RunLabels;
}

/** Trend points from stored figures (any order): the same points trendPoints gives from views. Pure. */
export function trendPointsFromFigures(runs: readonly StoredTrendRun[]): TrendPoint[] {
  const scopes = (run: StoredTrendRun) => {
    const byRequest = new Map<string, TrendFigures>();
    for (const row of run.figures) {
      const scope = byRequest.get(row.request) ?? { count: 0, rps: 0, errorRate: 0, p50: null, p95: null, p99: null };
      byRequest.set(row.request, {
        ...scope,
        [row.stat]: row.stat === 'count' || row.stat === 'rps' || row.stat === 'errorRate' ? (row.value ?? 0) : row.value,
      });
    }
    return byRequest;
  };
  const measured = runs
    .map((run) => ({ run, scopes: scopes(run) }))
    .filter(({ scopes }) => (scopes.get('')?.count ?? 0) > 0)
    .sort((a, b) => a.run.createdAt.localeCompare(b.run.createdAt));
  let previousVerdict: RunView['verdict'] = null;
  return measured.map(({ run, scopes }) => {
    const changed = verdictFlipped(previousVerdict, run.verdict);
    if (run.verdict === 'PASS' || run.verdict === 'FAIL') previousVerdict = run.verdict;
    const { '': overall, ...requests } = Object.fromEntries(scopes);
    return {
      runId: run.runId,
      createdAt: run.createdAt,
      planVersion: run.planVersion,
      status: run.status,
      verdict: run.verdict,
      verdictChanged: changed,
      doubtful: run.doubtful,
      overall: overall!,
      requests,
      telemetry: [...(run.telemetry ?? [])],
      labels: run.labels ?? {},
    };
  });
}

/** Whether a run's verdict turned PASS <-> FAIL since the last run that had one of those. */
function verdictFlipped(previous: RunView['verdict'], verdict: RunView['verdict']): boolean {
  return previous !== null && (verdict === 'PASS' || verdict === 'FAIL') && verdict !== previous;
}

/** Trend points from runs (any order): oldest first, with verdict changes marked. Pure. */
export function trendPoints(runs: readonly RunView[]): TrendPoint[] {
  const measured = runs.filter((run) => run.summary && run.summary.overall.count > 0).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  let previousVerdict: RunView['verdict'] = null;
  return measured.map((run) => {
    const changed = verdictFlipped(previousVerdict, run.verdict);
    if (run.verdict === 'PASS' || run.verdict === 'FAIL') previousVerdict = run.verdict;
    return {
      runId: run.id,
      createdAt: run.createdAt,
      planVersion: run.planVersion,
      status: run.status,
      verdict: run.verdict,
      verdictChanged: changed,
      doubtful: run.diagnostics.some((diagnostic) => diagnostic.severity === 'critical'),
      overall: figures(run.summary!.overall),
      requests: Object.fromEntries(run.summary!.requests.map((request) => [request.name, figures(request)])),
      telemetry: run.telemetry?.figures ?? [],
      labels: run.labels,
    };
  });
}

const CHANGE_STATS = ['p50', 'p95', 'p99', 'errorRate', 'rps'] as const;

/**
 * Change points of the whole run's figures (or of one request's, `request`) over trend points
 * (oldest first), leaving out doubtful runs and runs without that request. What a new run can
 * confirm is the whole run's. Pure.
 */
export function trendChanges(points: readonly TrendPoint[], request?: string): TrendChange[] {
  const figuresOf = (point: TrendPoint) => (request === undefined ? point.overall : point.requests[request]);
  const evidence = points.filter((point) => !point.doubtful && figuresOf(point) !== undefined);
  return CHANGE_STATS.flatMap((stat) => {
    const usable = evidence.filter((point) => figuresOf(point)![stat] !== null);
    return changePoints(usable.map((point) => figuresOf(point)![stat]!)).map((change) => ({
      stat,
      ...(request === undefined ? {} : { request }),
      runId: usable[change.index]!.runId,
      previousRunId: usable[change.index - 1]!.runId,
      before: change.before,
      after: change.after,
      step: change.step,
      regression: stat === 'rps' ? change.after < change.before : change.after > change.before,
      pValue: change.pValue,
    }));
  });
}

/** The whole run's change points, then each request's (by name): what a plan's trend shows. Pure. */
export function planTrendChanges(points: readonly TrendPoint[]): TrendChange[] {
  const names = [...new Set(points.flatMap((point) => Object.keys(point.requests)))].sort((a, b) => a.localeCompare(b));
  return [...trendChanges(points), ...names.flatMap((name) => trendChanges(points, name))];
}
