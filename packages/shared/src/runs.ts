import { z } from 'zod';
import { thresholdResultSchema, VERDICTS } from './threshold.js';
import { runSummarySchema } from './summary.js';
import { capacitySchema, diagnosticSchema } from './diagnostics-schema.js';

export const RUN_STATUSES = [
  'QUEUED',
  'STARTING',
  'RUNNING',
  'FINISHING',
  'PASSED',
  'FAILED',
  'INCONCLUSIVE',
  'ERRORED',
  'CANCELLED',
] as const;
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
  /** Some measurements are missing (a runner died, the run was cut short). */
  partial: z.boolean(),
  /** Planned load duration in seconds (without graceful stop). */
  plannedSeconds: z.number(),
  cancelRequestedAt: z.string().nullable(),
});
export type RunView = z.infer<typeof runSchema>;
