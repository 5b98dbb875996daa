import { z } from 'zod';
import { capacitySchema, diagnosticSchema } from './diagnostics-schema.js';
import { dataColumnSchema, storedDataCellsSchema } from './data-sets.js';
import { generatorSampleSchema } from './jobs.js';
import { planSpecSchema } from './plan.js';
import { recoverySchema } from './recovery.js';
import { runLabelsSchema, runManifestSchema, runnerBuildSchema } from './run-manifest.js';
import { segmentHealthSchema } from './run-dispatch.js';
import { secondSampleSchema } from './series.js';
import { seriesPointSchema } from './series-view.js';
import { thresholdStopSchema } from './stop-rule.js';
import { runSummarySchema } from './summary.js';
import { relativeJudgementSchema } from './threshold.js';
import { telemetryCatalogSchema } from './telemetry/sample.js';
import { promqlQuerySchema } from './telemetry/source.js';
import { telemetryReportSchema } from './telemetry/report.js';
import { telemetryMinuteSchema, type TelemetryMinute } from './telemetry/stored.js';
import { PACKED_MINUTE_VERSION, unpackMinute } from './telemetry/stored-pack.js';
import { PACKED_SECOND_VERSION, unpackSecond, type PackedSecond } from './second-pack.js';
import { PACKED_SECOND_LIST_VERSION, unpackSecondList } from './second-list-pack.js';
import { PACKED_SECOND_BLOCK_VERSION, unpackSecondBlock } from './second-block-pack.js';

/**
 * Every JSON column the API stores, by version: the schema each version was written with,
 * turned into today's shape. A row says which version wrote it (`jsonVersion` on Run,
 * RunSegment, ThresholdResult and PlanVersion; a second's sample carries its own `v`), and is
 * decoded here, once, when its repository reads it. A row that fits no version is an error
 * that names the column, never a report silently blanked.
 *
 * Changing what a column holds: add version N+1 here (its schema), turn version N's schema
 * into one that `.transform`s old rows into the new shape, raise STORED_JSON_VERSION (or the
 * sample's `v`), and add a fixture of the old version to apps/api/src/runs/stored-fixtures/:
 * the fixture test keeps every version rendering.
 */
export const STORED_JSON_VERSION = 1;

const runErrorSchema = z.union([thresholdStopSchema, z.object({ code: z.string(), message: z.string() })]);
const segmentErrorSchema = z.object({ code: z.string(), message: z.string() });

/** Version 2 of RunTelemetryMinute.data: the packed bytes, unpacked and held to version 1's bounds. */
function packedMinuteSchema() {
  return z.instanceof(Uint8Array).transform((bytes, ctx): TelemetryMinute => {
    let minute: unknown;
    try {
      minute = unpackMinute(bytes);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `packed minute unreadable: ${(error as Error).message}` });
      return z.NEVER;
    }
    const checked = telemetryMinuteSchema.safeParse(minute);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: `${issue.path.join('.')}: ${issue.message}` });
    return z.NEVER;
  });
}

const STORED_COLUMNS = {
  'Run.summary': { 1: runSummarySchema.nullable() },
  'Run.diagnostics': { 1: z.array(diagnosticSchema) },
  'Run.capacity': { 1: capacitySchema.nullable() },
  'Run.recovery': { 1: recoverySchema.nullable() },
  /** `{code, message}`, or a stop rule's breach kept whole (ThresholdStop). */
  'Run.error': { 1: runErrorSchema.nullable() },
  'RunSegment.error': { 1: segmentErrorSchema.nullable() },
  'RunSegment.health': { 1: segmentHealthSchema.nullable() },
  'ThresholdResult.relative': { 1: relativeJudgementSchema.nullable() },
  'PlanVersion.spec': { 1: planSpecSchema },
  /**
   * One segment's second: version 1 is the sample's JSON (RunSecond.data, jsonb, its version
   * the sample's `v`) and its generator in RunSecond.generator; version 2 packs both into
   * RunSecond.packed (second-pack.ts), held here to the same schemas once unpacked; version 3
   * is a block of a finished run's version-2 seconds in one row (second-block-pack.ts). Read
   * any with decodeStoredSeconds.
   */
  'RunSecond.data': { 1: secondSampleSchema, [PACKED_SECOND_VERSION]: secondSampleSchema },
  'RunSecond.generator': { 1: generatorSampleSchema.nullable(), [PACKED_SECOND_VERSION]: generatorSampleSchema.nullable() },
  /** What the target's telemetry said about the run (telemetry/report.ts); null before it ended or for runs from before it. */
  'Run.telemetry': { 1: telemetryReportSchema.nullable() },
  'MetricSource.queries': { 1: z.array(promqlQuerySchema) },
  /** A source's catalog for a run, null until the runner sent it. */
  'RunTelemetrySource.catalog': { 1: telemetryCatalogSchema.nullable() },
  /**
   * One source's minute of a run (bytea): version 1 was its JSON text (telemetry/stored.ts),
   * version 2 is packed (telemetry/stored-pack.ts); read with decodeStoredMinute.
   */
  'RunTelemetryMinute.data': { 1: telemetryMinuteSchema, [PACKED_MINUTE_VERSION]: packedMinuteSchema() },
  /** The caller's labels of a run, or those a schedule or trigger gives its runs (run-manifest.ts). */
  // Rows written before labels existed (the stored fixtures) have none: read as no labels.
  'Run.labels': { 1: z.preprocess((value) => value ?? {}, runLabelsSchema) },
  'Schedule.labels': { 1: runLabelsSchema },
  'Trigger.labels': { 1: runLabelsSchema },
  /** What the run measured, recorded when it was created; null for runs before manifests. */
  'Run.manifest': { 1: runManifestSchema.nullable() },
  /** What the segment's runner said of itself when it started; null before that (or before builds were reported). */
  'RunSegment.runner': { 1: runnerBuildSchema.nullable() },
  /** A finished run's series points, as GET /runs/:id/series answers them (gzip'd JSON in RunDigest.series). */
  'RunDigest.series': { 1: z.array(seriesPointSchema) },
  /**
   * A finished run's seconds merged over its segments, oldest first, as comparisons resample
   * them: gzip'd JSON in RunDigest.seconds (version 1, the row's jsonVersion), or packed
   * (version 2, second-list-pack.ts; its first byte says so): read with decodeStoredSecondList.
   */
  'RunDigest.seconds': { 1: z.array(secondSampleSchema), [PACKED_SECOND_LIST_VERSION]: z.array(secondSampleSchema) },
  /** A data set version's columns, in file order. */
  'DataSetVersion.columns': { 1: z.array(dataColumnSchema) },
  /** A data set version's cells (gzip'd JSON in DataSetVersion.rows; its version is the JSON's `v`). */
  'DataSetVersion.rows': { 1: storedDataCellsSchema },
  /** The secret columns' cells, once DataSetVersion.sealedSecrets is opened and un-gzip'd (same shape, own `v`). */
  'DataSetVersion.sealedSecrets': { 1: storedDataCellsSchema },
} as const satisfies Record<string, Record<number, z.ZodType>>;

export type StoredColumn = keyof typeof STORED_COLUMNS;
/** What a column decodes to: its newest version's shape. */
export type StoredValue<C extends StoredColumn> = z.output<(typeof STORED_COLUMNS)[C][typeof STORED_JSON_VERSION]>;

export class StoredJsonError extends Error {
  constructor(
    readonly column: StoredColumn,
    readonly version: number,
    readonly rowId: string | null,
    readonly issues: string[],
  ) {
    super(`${column} of ${rowId ?? 'a row'} (version ${version}) cannot be read: ${issues.slice(0, 3).join('; ')}`);
    this.name = 'StoredJsonError';
  }
}

/** Decodes one stored value written by `version`; throws StoredJsonError when it fits no version. */
export function decodeStored<C extends StoredColumn>(column: C, raw: unknown, version: number, rowId: string | null = null): StoredValue<C> {
  const schema = (STORED_COLUMNS[column] as Record<number, z.ZodType>)[version];
  if (!schema) throw new StoredJsonError(column, version, rowId, [`no version ${version} (this release reads 1 to ${STORED_JSON_VERSION})`]);
  const parsed = schema.safeParse(raw ?? null);
  if (!parsed.success) {
    throw new StoredJsonError(
      column,
      version,
      rowId,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.message}`),
    );
  }
  return parsed.data as StoredValue<C>;
}

/** The version a stored second was written with: its sample's own `v`. */
export function storedSecondVersion(raw: unknown): number {
  const v = (raw as { v?: unknown } | null)?.v;
  return typeof v === 'number' ? v : 0;
}

/**
 * A stored telemetry minute (RunTelemetryMinute.data): version 1 rows hold JSON text (their
 * first byte is "{", their version the JSON's `v`), later ones packed bytes whose first byte is
 * their version.
 */
export function decodeStoredMinute(bytes: Uint8Array, rowId: string | null = null): TelemetryMinute {
  if (bytes[0] !== 0x7b) return decodeStored('RunTelemetryMinute.data', bytes, bytes[0] ?? 0, rowId);
  let raw: { v?: unknown };
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes)) as { v?: unknown };
  } catch (error) {
    throw new StoredJsonError('RunTelemetryMinute.data', 1, rowId, [`not JSON: ${(error as Error).message}`]);
  }
  return decodeStored('RunTelemetryMinute.data', raw, typeof raw?.v === 'number' ? raw.v : 0, rowId);
}

/**
 * A stored second, either form: its packed bytes (RunSecond.packed, version 2) when it has
 * them, else its JSON (RunSecond.data and .generator, version 1, or what the sample's `v`
 * says). Bytes that do not unpack are a StoredJsonError naming RunSecond.data, as JSON that
 * fits no version is.
 */
export function decodeStoredSecond(row: { packed: Uint8Array | null; data: unknown; generator: unknown }, rowId: string | null = null): PackedSecond {
  if (row.packed?.[0] === PACKED_SECOND_BLOCK_VERSION) {
    throw new StoredJsonError('RunSecond.data', PACKED_SECOND_BLOCK_VERSION, rowId, ['a block of seconds: read it with decodeStoredSeconds']);
  }
  if (row.packed) {
    let unpacked: { sample: unknown; generator: unknown };
    try {
      unpacked = unpackSecond(row.packed);
    } catch (error) {
      throw new StoredJsonError('RunSecond.data', row.packed[0] ?? 0, rowId, [`packed second unreadable: ${(error as Error).message}`]);
    }
    return {
      sample: decodeStored('RunSecond.data', unpacked.sample, PACKED_SECOND_VERSION, rowId),
      generator: decodeStored('RunSecond.generator', unpacked.generator, PACKED_SECOND_VERSION, rowId),
    };
  }
  const version = storedSecondVersion(row.data);
  return { sample: decodeStored('RunSecond.data', row.data, version, rowId), generator: decodeStored('RunSecond.generator', row.generator, version, rowId) };
}

/**
 * The seconds a stored row holds: one (versions 1 and 2, as decodeStoredSecond), or the block
 * of a finished run's seconds (version 3, second-block-pack.ts), each decoded strictly.
 */
export function decodeStoredSeconds(row: { packed: Uint8Array | null; data: unknown; generator: unknown }, rowId: string | null = null): PackedSecond[] {
  if (row.packed?.[0] !== PACKED_SECOND_BLOCK_VERSION) return [decodeStoredSecond(row, rowId)];
  let unpacked: Array<{ sample: unknown; generator: unknown }>;
  try {
    unpacked = unpackSecondBlock(row.packed);
  } catch (error) {
    throw new StoredJsonError('RunSecond.data', PACKED_SECOND_BLOCK_VERSION, rowId, [`packed block of seconds unreadable: ${(error as Error).message}`]);
  }
  // Its seconds are version-2 seconds, one after another.
  return unpacked.map(({ sample, generator }) => ({
    sample: decodeStored('RunSecond.data', sample, PACKED_SECOND_VERSION, rowId),
    generator: decodeStored('RunSecond.generator', generator, PACKED_SECOND_VERSION, rowId),
  }));
}

/** Packed merged seconds of a finished run (RunDigest.seconds, version 2), decoded strictly. */
export function decodeStoredSecondList(bytes: Uint8Array, rowId: string | null = null): StoredValue<'RunDigest.seconds'> {
  let seconds: unknown[];
  try {
    seconds = unpackSecondList(bytes);
  } catch (error) {
    throw new StoredJsonError('RunDigest.seconds', bytes[0] ?? 0, rowId, [`packed seconds unreadable: ${(error as Error).message}`]);
  }
  return decodeStored('RunDigest.seconds', seconds, PACKED_SECOND_LIST_VERSION, rowId);
}
