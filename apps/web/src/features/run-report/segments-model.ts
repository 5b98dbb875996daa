import type { RunView, SegmentView } from '@loadline/shared';
import { formatCount, formatPercent, formatRps } from '../../format/numbers';

/**
 * The Segments card of a split run: one row per segment beside the merged figures, so a load
 * generator that lagged (and made the merged rate or latency doubtful) stands out, said in
 * words. Pure: unit-tested without a DOM.
 */

/** Below this share of the iterations k6 asked of a segment, it did not keep up. */
export const LAGGING_DELIVERED_SHARE = 0.95;
/** At or above this busy share of the runner's cores, the machine itself was the limit. */
export const LAGGING_HOST_CPU = 0.9;

const SEGMENT_STATUS_LABEL: Record<SegmentView['status'], string> = {
  QUEUED: 'Queued',
  STARTING: 'Starting',
  RUNNING: 'Running',
  COMPLETED: 'Completed',
  ERRORED: 'Errored',
  CANCELLED: 'Stopped',
};

const LOCALE = 'en-US';
const digits = (value: number, max: number) => value.toLocaleString(LOCALE, { maximumFractionDigits: max });

/** Why a segment lagged or failed, in words ("it started 82 % of the iterations asked of it"); empty when it kept up. */
export function segmentLagReasons(segment: Pick<SegmentView, 'status' | 'error' | 'health'>): string[] {
  const reasons: string[] = [];
  const health = segment.health;
  if (failed(segment)) reasons.push(`it failed (${segment.error!.code})`);
  if (health && health.deliveredShare !== null && health.deliveredShare < LAGGING_DELIVERED_SHARE) {
    reasons.push(`it started ${formatPercent(health.deliveredShare)} of the iterations asked of it`);
  }
  if (health && health.droppedIterations > 0) {
    reasons.push(`k6 dropped ${formatCount(health.droppedIterations)} iteration${health.droppedIterations === 1 ? '' : 's'}`);
  }
  if (health && health.hostCpuMax !== null && health.hostCpuMax >= LAGGING_HOST_CPU)
    reasons.push(`the runner’s CPU peaked at ${formatPercent(health.hostCpuMax)}`);
  return reasons;
}

/**
 * Only an ERRORED segment failed: a stopped one (a cancel, a stop rule, another segment's
 * failure) carries why it was stopped, but did what it was told.
 */
const failed = (segment: Pick<SegmentView, 'status' | 'error'>) => segment.status === 'ERRORED' && segment.error !== null;

/** failed: it errored (whatever its figures); lagged: it ran but fell behind its share. */
export type SegmentAssessment = 'failed' | 'lagged' | 'kept-up' | 'no-figures';

export interface SegmentRow {
  index: number;
  /** "Segment 2 of 3". */
  label: string;
  /** Null where runner ids are not shown (public share pages) or none was reserved. */
  runner: string | null;
  status: string;
  statusTone: 'success' | 'danger' | 'muted' | 'info';
  /** "+0 ms", "+12 ms"; "—" for a segment that never began. */
  startOffset: string;
  requests: string;
  rps: string;
  delivered: string;
  dropped: string;
  /** "0.42 / 0.87" cores. */
  k6Cpu: string;
  hostCpu: string;
  memory: string;
  error: string | null;
  assessment: SegmentAssessment;
  reasons: string[];
}

export interface SegmentsTable {
  rows: SegmentRow[];
  /** Columns worth a place: delivered share only for arrival-rate plans, errors only when there are some. */
  showDelivered: boolean;
  showError: boolean;
  showRunner: boolean;
  lagged: number;
  failed: number;
}

/** Milliseconds from the first segment's start to each one's; null for a segment that never began. */
export function startOffsets(segments: readonly Pick<SegmentView, 'startedAt'>[]): (number | null)[] {
  const times = segments.map((segment) => (segment.startedAt ? new Date(segment.startedAt).getTime() : Number.NaN));
  const known = times.filter((time) => Number.isFinite(time));
  const first = known.length ? Math.min(...known) : 0;
  return times.map((time) => (Number.isFinite(time) ? time - first : null));
}

const orDash = (value: number | null | undefined, format: (value: number) => string) => (value === null || value === undefined ? '—' : format(value));

export function segmentsTable(run: Pick<RunView, 'segments' | 'segmentDetails'>, { showRunner }: { showRunner: boolean }): SegmentsTable {
  const segments = [...run.segmentDetails].sort((a, b) => a.index - b.index);
  const offsets = startOffsets(segments);
  const total = Math.max(run.segments, segments.length);
  const rows = segments.map((segment, i): SegmentRow => {
    const health = segment.health;
    const reasons = segmentLagReasons(segment);
    const offset = offsets[i];
    return {
      index: segment.index,
      label: `Segment ${segment.index + 1} of ${total}`,
      runner: showRunner ? segment.runnerId : null,
      status: SEGMENT_STATUS_LABEL[segment.status] ?? segment.status,
      statusTone: segment.status === 'COMPLETED' ? 'success' : segment.status === 'ERRORED' ? 'danger' : segment.status === 'CANCELLED' ? 'muted' : 'info',
      startOffset: offset === null || offset === undefined ? '—' : `+${formatCount(offset)} ms`,
      requests: orDash(health?.requests, formatCount),
      rps: orDash(health?.rps, formatRps),
      delivered: orDash(health?.deliveredShare, formatPercent),
      dropped: orDash(health?.droppedIterations, formatCount),
      k6Cpu: health && health.k6CpuAvg !== null && health.k6CpuMax !== null ? `${digits(health.k6CpuAvg, 2)} / ${digits(health.k6CpuMax, 2)}` : '—',
      hostCpu: orDash(health?.hostCpuMax, formatPercent),
      memory: orDash(health?.runnerRssMbMax, (mib) => `${digits(mib, 0)} MiB`),
      error: segment.error ? `${segment.error.message} (${segment.error.code})` : null,
      assessment: failed(segment) ? 'failed' : reasons.length ? 'lagged' : health ? 'kept-up' : 'no-figures',
      reasons,
    };
  });
  return {
    rows,
    showDelivered: segments.some((segment) => segment.health !== null && segment.health.deliveredShare !== null),
    showError: segments.some((segment) => segment.error),
    showRunner,
    lagged: rows.filter((row) => row.assessment === 'lagged').length,
    failed: rows.filter((row) => row.assessment === 'failed').length,
  };
}

/** "The segments began within 12 ms of each other." / "… 1.52 s apart: …"; null without two starts. */
/** The card's headline pill: "3 runners", "1 of 3 lagged", "1 of 3 failed, 1 lagged". */
export function segmentsSummary(table: Pick<SegmentsTable, 'rows' | 'lagged' | 'failed'>): string {
  const total = table.rows.length;
  if (table.failed && table.lagged) return `${table.failed} of ${total} failed, ${table.lagged} lagged`;
  if (table.failed) return `${table.failed} of ${total} failed`;
  if (table.lagged) return `${table.lagged} of ${total} lagged`;
  return `${total} runners`;
}

export function startSpreadText(spreadMs: number | null): string | null {
  if (spreadMs === null) return null;
  if (spreadMs <= 1_000) return `The segments began within ${formatCount(spreadMs)} ms of each other.`;
  return `The segments began ${digits(spreadMs / 1000, 2)} s apart: until the last one began, only part of the planned load was applied.`;
}
