import { z } from 'zod';
import {
  planDurationSeconds,
  segmentHealthSchema,
  capacitySchema,
  recoverySchema,
  diagnosticSchema,
  planSpecSchema,
  runSummarySchema,
  type RunQueueView,
  type RunView,
  type SegmentView,
  type Threshold,
  type ThresholdResult,
} from '@loadline/shared';
import type { PlanVersion, Run, RunSegment, ThresholdResult as ThresholdRow } from '../generated/prisma/client.js';

export type RunRecord = Run & { planVersion: PlanVersion; thresholds: ThresholdRow[]; runSegments: RunSegment[] };

function toSegmentView(row: RunSegment): SegmentView {
  return {
    index: row.index,
    status: row.status,
    runnerId: row.runnerId,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: (row.error as SegmentView['error']) ?? null,
    health: row.health ? segmentHealthSchema.parse(row.health) : null,
  };
}

/**
 * A stored result. Its row keeps what a threshold is (metric, scope, limit); when and whether
 * it stops a run (window, stop rule), where it came from (a script's options) and which custom
 * metric it reads come from the run's plan version at the same position, which never changes,
 * when that threshold is the row's.
 */
function toThresholdResult(row: ThresholdRow, planned: Threshold | undefined): ThresholdResult {
  const scope = { ...(row.request ? { request: row.request } : {}), ...(row.scenario ? { scenario: row.scenario } : {}) };
  const op = row.op as Threshold['op'];
  const same = planned && planned.metric === row.metric && planned.op === op && planned.value === row.value && (planned.request ?? null) === row.request && (planned.scenario ?? null) === row.scenario;
  const timing = same
    ? { ...(planned.window ? { window: planned.window } : {}), ...(planned.stop ? { stop: planned.stop } : {}), ...(planned.fromScript ? { fromScript: planned.fromScript } : {}) }
    : {};
  const threshold = (
    row.metric === 'custom'
      ? // The row keeps the statistic; the metric's name is the plan's (its explanation names it too).
        { name: 'unknown', ...(same ? planned : {}), metric: 'custom', stat: row.stat, op, value: row.value }
      : row.metric === 'latency'
        ? { metric: 'latency', stat: row.stat, op, value: row.value, ...scope, ...timing }
        : row.metric === 'status_share'
          ? { metric: 'status_share', status: row.status, op, value: row.value, ...scope, ...timing }
          : { metric: row.metric, op, value: row.value, ...scope, ...timing }
  ) as Threshold;
  return { threshold, verdict: row.verdict, measured: row.measured, explanation: row.explanation };
}

/** What every view shows of a run's `error`: its code and message (a stop keeps more, for the finaliser). */
const runErrorSchema = z.object({ code: z.string(), message: z.string() });

/** `queue`: where the run stands if it has not started (RunQueueService.views). */
export function toRunView(run: RunRecord, queue: RunQueueView | null = null): RunView {
  const summary = run.summary ? runSummarySchema.safeParse(run.summary) : null;
  const spec = planSpecSchema.parse(run.planVersion.spec);
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
    error: run.error ? runErrorSchema.nullable().catch(null).parse(run.error) : null,
    summary: summary?.success ? summary.data : null,
    thresholds: run.thresholds.map((row) => toThresholdResult(row, spec.thresholds[row.position])),
    diagnostics: diagnosticSchema.array().catch([]).parse(run.diagnostics),
    capacity: run.capacity ? capacitySchema.nullable().catch(null).parse(run.capacity) : null,
    recovery: run.recovery ? recoverySchema.nullable().catch(null).parse(run.recovery) : null,
    partial: run.partial,
    plannedSeconds: planDurationSeconds(spec),
    cancelRequestedAt: run.cancelRequestedAt?.toISOString() ?? null,
    queue,
    segmentDetails: [...run.runSegments].sort((a, b) => a.index - b.index).map(toSegmentView),
    startSpreadMs: run.startSpreadMs,
  };
}
