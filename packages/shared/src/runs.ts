import { z } from 'zod';
import { thresholdResultSchema, VERDICTS } from './threshold.js';
import { runSummarySchema } from './summary.js';
import { capacitySchema, diagnosticSchema } from './diagnostics-schema.js';
import { recoverySchema } from './recovery.js';
import { runQueueViewSchema, segmentViewSchema } from './run-dispatch.js';
import { telemetryReportSchema } from './telemetry/report.js';
import { runLabelsSchema, runManifestViewSchema } from './run-manifest.js';

export const RUN_STATUSES = ['QUEUED', 'STARTING', 'RUNNING', 'FINISHING', 'PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'];
/** Runs that hold (or are waiting for) a runner: what the concurrent-runs quota counts. */
export const ACTIVE_RUN_STATUSES = ['QUEUED', 'STARTING', 'RUNNING', 'FINISHING'] as const satisfies readonly RunStatus[];
export const isTerminalRunStatus = (status: RunStatus): boolean => TERMINAL_RUN_STATUSES.includes(status);

export const RUN_TRIGGERS = ['MANUAL', 'API', 'SCHEDULE', 'WEBHOOK'] as const;

export const runSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  planVersion: z.number().int(),
  targetId: z.string(),
  status: z.enum(RUN_STATUSES),
  verdict: z.enum(VERDICTS).nullable(),
  trigger: z.enum(RUN_TRIGGERS),
  segments: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why a run ERRORED (k6's own message where it gave one). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  summary: runSummarySchema.nullable(),
  thresholds: z.array(thresholdResultSchema),
  /** Reasons to doubt the result; critical ones made affected verdicts INCONCLUSIVE. */
  diagnostics: z.array(diagnosticSchema),
  /** For ramping runs: where the target stopped keeping up. */
  capacity: capacitySchema.nullable(),
  /** Recovery after a spike: how long until p95 and errors were back at the pre-spike level. */
  recovery: recoverySchema.nullable().default(null),
  /** Some measurements are missing (a runner died, the run was cut short). */
  partial: z.boolean(),
  /** Planned load duration in seconds (without graceful stop). */
  plannedSeconds: z.number(),
  cancelRequestedAt: z.string().nullable(),
  /** Where a run that has not started stands ("waiting for 3 runners, 1 free, 1 online"); null once started. */
  queue: runQueueViewSchema.nullable().default(null),
  /** Each segment: its runner, when it began, how it ended, and (once the run ended) its generator's health. */
  segmentDetails: z.array(segmentViewSchema).default([]),
  /** Milliseconds between the first and the last segment's start (split runs). */
  startSpreadMs: z.number().int().nullable().default(null),
  /**
   * The run this one was judged and compared against when it ended (report/baseline.ts's
   * rules: "pinned" or "last-passed"); null while running, or when there was none.
   */
  baseline: z
    .object({ runId: z.string(), rule: z.enum(['pinned', 'last-passed']) })
    .nullable()
    .default(null),
  /**
   * What the target's own metrics said about the run (its metric sources, docs/telemetry.md):
   * findings in words, the bottleneck table, what moved with latency. Null while the run goes,
   * and for runs without sources or from before them (the API always sets it; optional so that
   * views written before it still parse).
   */
  telemetry: telemetryReportSchema.nullable().optional(),
  /** The caller's labels (commit, version, env...): what comparisons and trends tell runs apart by. */
  labels: runLabelsSchema.default({}),
  /** What the run measured (plan and script hashes, target addresses, versions, load); null for runs before manifests. */
  manifest: runManifestViewSchema.nullable().default(null),
});
export type RunView = z.infer<typeof runSchema>;

/**
 * The whole run's figures as a list row shows them: what the run stored when it ended having
 * measured requests (RunFigure, request ''; the same numbers as its summary's `overall`).
 */
export const runListFiguresSchema = z.object({
  requests: z.number(),
  rps: z.number(),
  /** Share of requests that failed, 0..1. */
  errorRate: z.number(),
  /** Milliseconds; null when no request was timed. */
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});
export type RunListFigures = z.infer<typeof runListFiguresSchema>;

/**
 * One run in a list (GET /runs): what a list row shows, read from the run's own columns and the
 * figures it stored when it ended, never its report (summary, thresholds, diagnostics,
 * manifest...: GET /runs/:id). A page of 100 runs is ~40 KB instead of ~420 KB of reports.
 */
export const runListItemSchema = runSchema
  .pick({
    id: true,
    planId: true,
    planName: true,
    planVersion: true,
    targetId: true,
    status: true,
    verdict: true,
    trigger: true,
    segments: true,
    createdAt: true,
    startedAt: true,
    finishedAt: true,
    error: true,
    partial: true,
    cancelRequestedAt: true,
    labels: true,
    baseline: true,
  })
  .extend({
    /** Null until the run has ended, and for runs that measured no request. */
    figures: runListFiguresSchema.nullable(),
  });
export type RunListItem = z.infer<typeof runListItemSchema>;

/**
 * A run's list figures from its report: the numbers it stored for lists and trends when it
 * ended (RunFigure, request ''; report/trend.ts trendFigureRows). Null until it has ended, and
 * for a run that measured no request. Pure.
 */
export function listFiguresOf(run: Pick<RunView, 'status' | 'summary'>): RunListFigures | null {
  if (!isTerminalRunStatus(run.status) || !run.summary || run.summary.overall.count <= 0) return null;
  const { overall } = run.summary;
  return {
    requests: overall.count,
    rps: overall.rps,
    errorRate: overall.errorRate,
    p50: overall.latency?.p50 ?? null,
    p95: overall.latency?.p95 ?? null,
    p99: overall.latency?.p99 ?? null,
  };
}
