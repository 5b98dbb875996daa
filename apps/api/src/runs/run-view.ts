import { z } from 'zod';
import {
  BASELINE_RULES,
  combineDataUsage,
  isTerminalRunStatus,
  planDurationSeconds,
  type RunManifest,
  type RunQueueView,
  type RunView,
  type SegmentView,
  type Threshold,
  type ThresholdResult,
} from '@loadline/shared';
import type { Run, RunSegment } from '../generated/prisma/client.js';
import type { RunRecord, SegmentRow, ThresholdRow } from './run-rows.js';
import { Memo } from '../common/memo.js';

export type { RunRecord } from './run-rows.js';

function toSegmentView(row: SegmentRow): SegmentView {
  return {
    index: row.index,
    status: row.status,
    runnerId: row.runnerId,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    health: row.health,
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
  const same =
    planned &&
    planned.metric === row.metric &&
    planned.op === op &&
    planned.value === row.value &&
    (planned.request ?? null) === row.request &&
    (planned.scenario ?? null) === row.scenario;
  const timing = same
    ? {
        ...(planned.window ? { window: planned.window } : {}),
        ...(planned.stop ? { stop: planned.stop } : {}),
        ...(planned.fromScript ? { fromScript: planned.fromScript } : {}),
        ...(planned.compliance ? { compliance: planned.compliance } : {}),
      }
    : {};
  const threshold = (
    row.metric === 'custom'
      ? // The row keeps the statistic; the metric's name is the plan's (its explanation names it too).
        { name: 'unknown', ...(same ? planned : {}), metric: 'custom', stat: row.stat, op, value: row.value }
      : row.metric === 'telemetry'
        ? // The row keeps the statistic; the source and figure are the plan's (its explanation names them too).
          { figure: 'unknown', ...(same ? planned : {}), metric: 'telemetry', ...(row.stat ? { stat: row.stat } : {}), op, value: row.value }
        : row.metric === 'latency'
          ? { metric: 'latency', stat: row.stat, op, value: row.value, ...scope, ...timing }
          : row.metric === 'status_share'
            ? { metric: 'status_share', status: row.status, op, value: row.value, ...scope, ...timing }
            : { metric: row.metric, op, value: row.value, ...scope, ...timing }
  ) as Threshold;
  // A row judged against a baseline keeps how (relative), which also says its limit is a share.
  const relative = row.relative ?? undefined;
  if (relative) (threshold as { relativeTo?: 'baseline' }).relativeTo = 'baseline';
  return { threshold, verdict: row.verdict, measured: row.measured, explanation: row.explanation, ...(relative ? { relative } : {}) };
}

const baselineRuleSchema = z.enum(BASELINE_RULES);

/**
 * A finished run never changes either (its report, verdict and segments are written once, by the
 * finaliser): its view is built once per process. Lists, trends, comparisons and the public
 * report then cost a lookup per run instead of decoding its summary again. Callers must not
 * mutate a view they are given.
 */
const finishedViews = new Memo<RunView>(10_000);

/** What a finished run's view is cached under; null for a run that may still change. */
export function finishedViewKey(
  run: Pick<Run, 'id' | 'status' | 'finishedAt'> & { runSegments: ReadonlyArray<Pick<RunSegment, 'index' | 'status' | 'finishedAt'>> },
): string | null {
  if (!isTerminalRunStatus(run.status) || !run.finishedAt) return null;
  // A segment's late report (one that was given up for lost) may still land after the end.
  // In index order: the light key read (plain SQL) and the whole run (Prisma) list them alike.
  const segments = [...run.runSegments].sort((a, b) => a.index - b.index);
  return `${run.id}|${segments.map((segment) => `${segment.status}${segment.finishedAt?.getTime() ?? ''}`).join(',')}`;
}

/**
 * The segments' state a finished run's seconds were read in: what its stored series was built
 * from (RunDigest.key). Every segment has ended by then, and only a segment's late report (one
 * given up for lost) changes it afterwards.
 */
export function segmentsStateKey(segments: ReadonlyArray<{ index: number; status: string; finishedAt: Date | string | null }>): string {
  return [...segments]
    .sort((a, b) => a.index - b.index)
    .map((segment) => `${segment.index}:${segment.status}:${segment.finishedAt === null ? '' : new Date(segment.finishedAt).getTime()}`)
    .join(',');
}

/** The view built earlier for this key, if any (see finishedViewKey). */
export function cachedRunView(key: string | null): RunView | undefined {
  return key === null ? undefined : finishedViews.peek(key);
}

/** `queue`: where the run stands if it has not started (RunQueueService.views). */
export function toRunView(run: RunRecord, queue: RunQueueView | null = null): RunView {
  const key = queue === null ? finishedViewKey(run) : null;
  return key === null ? buildRunView(run, queue) : finishedViews.get(key, () => buildRunView(run, null));
}

function buildRunView(run: RunRecord, queue: RunQueueView | null): RunView {
  const spec = run.planVersion.spec;
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
    // Every view shows a run's error as code and message (a stop keeps more, for the finaliser).
    error: run.error ? { code: run.error.code, message: run.error.message } : null,
    summary: run.summary,
    thresholds: run.thresholds.map((row) => toThresholdResult(row, spec.thresholds[row.position])),
    diagnostics: run.diagnostics,
    capacity: run.capacity,
    recovery: run.recovery,
    partial: run.partial,
    plannedSeconds: planDurationSeconds(spec),
    cancelRequestedAt: run.cancelRequestedAt?.toISOString() ?? null,
    queue,
    segmentDetails: [...run.runSegments].sort((a, b) => a.index - b.index).map(toSegmentView),
    startSpreadMs: run.startSpreadMs,
    baseline: run.baselineRunId ? { runId: run.baselineRunId, rule: baselineRuleSchema.parse(run.baselineRule) } : null,
    telemetry: run.telemetry,
    labels: run.labels,
    manifest: run.manifest ? manifestView(run.manifest, run.runSegments, run.segments) : null,
  };
}

/** The manifest as shown: each segment's runner, and its data sets with every segment's rows used added up. */
function manifestView(manifest: RunManifest, segments: readonly SegmentRow[], count: number): NonNullable<RunView['manifest']> {
  const { dataUsage, data, ...rest } = manifest;
  const usage = Array.from({ length: count }, (_, index) => dataUsage?.[String(index)]);
  return { ...rest, ...(data ? { data: combineDataUsage(data, usage, count) } : {}), runners: runnersOf(segments) };
}

/** Each started segment's runner build, as its runner reported it. */
function runnersOf(segments: readonly SegmentRow[]): NonNullable<RunView['manifest']>['runners'] {
  return [...segments].sort((a, b) => a.index - b.index).flatMap((segment) => (segment.runner ? [{ segment: segment.index, ...segment.runner }] : []));
}
