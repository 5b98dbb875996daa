import {
  PACKED_SECOND_BLOCK_VERSION as PACKED_BLOCK,
  decodeStored,
  decodeStoredSecond,
  decodeStoredSeconds,
  type RelativeJudgement,
  type StoredSecond,
  type StoredValue,
} from '@loadline/shared';
import type { Run, RunSegment, ThresholdResult, PlanVersion } from '../generated/prisma/client.js';
import { decodePlanVersion, type PlanVersionRow } from '../plans/plan-version-row.js';

/**
 * Rows of runs as the runs repository hands them out: every JSON column decoded, strictly and
 * once, by the version that wrote it (packages/shared stored-json.ts). Nothing past the
 * repository sees stored JSON.
 */
export type SegmentRow = Omit<RunSegment, 'error' | 'health' | 'runner'> & {
  error: StoredValue<'RunSegment.error'>;
  health: StoredValue<'RunSegment.health'>;
  runner: StoredValue<'RunSegment.runner'>;
};

export type ThresholdRow = Omit<ThresholdResult, 'relative'> & { relative: RelativeJudgement | null };

export type RunRecord = Omit<Run, 'summary' | 'diagnostics' | 'capacity' | 'recovery' | 'error' | 'telemetry' | 'labels' | 'manifest'> & {
  summary: StoredValue<'Run.summary'>;
  diagnostics: StoredValue<'Run.diagnostics'>;
  capacity: StoredValue<'Run.capacity'>;
  recovery: StoredValue<'Run.recovery'>;
  error: StoredValue<'Run.error'>;
  telemetry: StoredValue<'Run.telemetry'>;
  labels: StoredValue<'Run.labels'>;
  manifest: StoredValue<'Run.manifest'>;
  planVersion: PlanVersionRow;
  thresholds: ThresholdRow[];
  runSegments: SegmentRow[];
};

type StoredRun = Run & { planVersion: PlanVersion; thresholds: ThresholdResult[]; runSegments: RunSegment[] };

export function decodeSegment(row: RunSegment): SegmentRow {
  return {
    ...row,
    error: decodeStored('RunSegment.error', row.error, row.jsonVersion, row.id),
    health: decodeStored('RunSegment.health', row.health, row.jsonVersion, row.id),
    runner: decodeStored('RunSegment.runner', row.runner, row.jsonVersion, row.id),
  };
}

export function decodeThresholdRow(row: ThresholdResult): ThresholdRow {
  return { ...row, relative: decodeStored('ThresholdResult.relative', row.relative, row.jsonVersion, row.id) };
}

export function decodeRun(row: StoredRun): RunRecord {
  return {
    ...row,
    summary: decodeStored('Run.summary', row.summary, row.jsonVersion, row.id),
    diagnostics: decodeStored('Run.diagnostics', row.diagnostics, row.jsonVersion, row.id),
    capacity: decodeStored('Run.capacity', row.capacity, row.jsonVersion, row.id),
    recovery: decodeStored('Run.recovery', row.recovery, row.jsonVersion, row.id),
    error: decodeStored('Run.error', row.error, row.jsonVersion, row.id),
    telemetry: decodeStored('Run.telemetry', row.telemetry, row.jsonVersion, row.id),
    labels: decodeStored('Run.labels', row.labels, row.jsonVersion, row.id),
    manifest: decodeStored('Run.manifest', row.manifest, row.jsonVersion, row.id),
    planVersion: decodePlanVersion(row.planVersion),
    thresholds: row.thresholds.map(decodeThresholdRow),
    runSegments: row.runSegments.map(decodeSegment),
  };
}

/**
 * A stored second, packed (version 2) or JSON (version 1, rows the RunSecondPacker has not
 * converted yet): its sample and its generator reading, decoded strictly.
 */
export function decodeSecond(row: SecondRow): StoredSecond {
  const { sample, generator } = decodeStoredSecond(
    { packed: row.packed ?? null, data: row.data, generator: row.generator },
    `${row.runId}@${row.t}/${row.segmentIndex}`,
  );
  // A coarsened row (LOADLINE_SECOND_DETAIL_DAYS) holds several seconds from t on.
  return { segmentIndex: row.segmentIndex, sample, generator, ...(row.span !== undefined && row.span > 1 ? { seconds: row.span } : {}) };
}

/** What a RunSecond row is read with. */
export interface SecondRow {
  runId: string;
  t: number;
  segmentIndex: number;
  data: unknown;
  generator: unknown;
  packed?: Uint8Array | null;
  span?: number;
}

/**
 * The seconds stored rows hold, oldest first (then by segment): a block of a finished run's
 * seconds (version 3) gives each of its seconds. A second found twice (a redelivered one
 * stored beside the block that holds it) is read once: seconds never change once sent.
 */
export function decodeSecondRows(rows: readonly SecondRow[]): StoredSecond[] {
  const seen = new Set<string>();
  const seconds: StoredSecond[] = [];
  for (const row of rows) {
    const held: StoredSecond[] =
      row.packed?.[0] === PACKED_BLOCK
        ? decodeStoredSeconds({ packed: row.packed, data: null, generator: null }, `${row.runId}@${row.t}/${row.segmentIndex}`).map(
            ({ sample, generator }) => ({
              segmentIndex: row.segmentIndex,
              sample,
              generator,
            }),
          )
        : [decodeSecond(row)];
    for (const second of held) {
      const key = `${second.segmentIndex}/${second.sample.t}`;
      if (seen.has(key)) continue;
      seen.add(key);
      seconds.push(second);
    }
  }
  return seconds.sort((a, b) => a.sample.t - b.sample.t || a.segmentIndex - b.segmentIndex);
}
