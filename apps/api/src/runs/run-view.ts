import {
  planDurationSeconds,
  capacitySchema,
  diagnosticSchema,
  planSpecSchema,
  runSummarySchema,
  type RunView,
  type Threshold,
  type ThresholdResult,
} from '@loadline/shared';
import type { PlanVersion, Run, ThresholdResult as ThresholdRow } from '../generated/prisma/client.js';

export type RunRecord = Run & { planVersion: PlanVersion; thresholds: ThresholdRow[] };

function toThresholdResult(row: ThresholdRow): ThresholdResult {
  const scope = { ...(row.request ? { request: row.request } : {}), ...(row.scenario ? { scenario: row.scenario } : {}) };
  const op = row.op as Threshold['op'];
  const threshold = (
    row.metric === 'latency'
      ? { metric: 'latency', stat: row.stat, op, value: row.value, ...scope }
      : row.metric === 'status_share'
        ? { metric: 'status_share', status: row.status, op, value: row.value, ...scope }
        : { metric: row.metric, op, value: row.value, ...scope }
  ) as Threshold;
  return { threshold, verdict: row.verdict, measured: row.measured, explanation: row.explanation };
}

export function toRunView(run: RunRecord): RunView {
  const summary = run.summary ? runSummarySchema.safeParse(run.summary) : null;
  return {
    id: run.id,
    planId: run.planId,
    planName: run.planVersion.name,
    planVersion: run.planVersion.version,
    targetId: run.targetId,
    status: run.status,
    verdict: run.verdict,
    trigger: run.trigger,
    segments: run.segments,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    error: (run.error as RunView['error']) ?? null,
    summary: summary?.success ? summary.data : null,
    thresholds: run.thresholds.map(toThresholdResult),
    diagnostics: diagnosticSchema.array().catch([]).parse(run.diagnostics),
    capacity: run.capacity ? capacitySchema.nullable().catch(null).parse(run.capacity) : null,
    partial: run.partial,
    plannedSeconds: planDurationSeconds(planSpecSchema.parse(run.planVersion.spec)),
    cancelRequestedAt: run.cancelRequestedAt?.toISOString() ?? null,
  };
}
