import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  dataEnvName,
  dataFileName,
  exhaustedSetOf,
  scenariosUsing,
  segmentDataUsage,
  type JobDataSet,
  type RunExecutePayload,
  type SecondSample,
  type SegmentDataUsage,
} from '@loadline/shared';
import { DataSliceError, openDataSliceStream, type RunDataStore } from '@loadline/shared/queue';
import { DataSecretMatcher } from './data-secret-matcher.js';

/** Why a segment's rows could not be had: the segment ends ERRORED with this code, before any load. */
export const DATA_UNAVAILABLE = 'DATA_UNAVAILABLE';

export class DataUnavailableError extends Error {}

export interface StagedData {
  /** Paths of the files written (for the sandbox's ownership, and removal with the work folder). */
  files: string[];
  /** LOADLINE_DATA_<SET> for k6: where each file is, as k6 sees it (inside the sandbox). */
  env: Record<string, string>;
  /** The secret cells of every set, for redacting what the runner reports and logs. */
  secrets: DataSecretMatcher;
}

const NEWLINE = 0x0a;

/**
 * Passes a data file (data-slices.ts) through unchanged and hands each row line, a JSON array
 * after the head line, to onRow as the bytes go by: the secret cells are collected without a
 * whole copy of the file in memory.
 */
class RowTap extends Transform {
  private rest = Buffer.alloc(0);

  constructor(private readonly onRow: (row: string[]) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      const data = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
      let start = 0;
      for (let end = data.indexOf(NEWLINE); end >= 0; end = data.indexOf(NEWLINE, start)) {
        this.line(data, start, end);
        start = end + 1;
      }
      // A copy: the part line must not keep the whole chunk alive.
      this.rest = Buffer.from(data.subarray(start));
      done(null, chunk);
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      if (this.rest.length) this.line(this.rest, 0, this.rest.length);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private line(data: Buffer, start: number, end: number): void {
    if (data[start] !== 0x5b /* [ */) return;
    this.onRow(JSON.parse(data.toString('utf8', start, data[end - 1] === 0x2c /* , */ ? end - 1 : end)) as string[]);
  }
}

/**
 * Fetches this segment's slice of each data set the job names from Redis, opens it, and
 * writes it into k6's work folder as the file the script reads (it goes with the folder when
 * the segment ends). The secret columns' cells are collected into a matcher, a line at a time,
 * without a parsed copy of the whole slice.
 */
export async function stageRunData(
  store: RunDataStore,
  runnerKey: string,
  job: Pick<RunExecutePayload, 'runId' | 'segment' | 'data'>,
  workdir: string,
  /** The work folder as k6 sees it (the sandbox mounts it elsewhere). */
  insideWorkdir: string,
): Promise<StagedData> {
  const staged: StagedData = { files: [], env: {}, secrets: new DataSecretMatcher() };
  for (const use of job.data ?? []) {
    const slice = use.slices[job.segment.index];
    if (!slice) throw new DataUnavailableError(`the job names no rows of data set ${use.set} for segment ${job.segment.index}`);
    const sealed = await store.get(slice.key);
    if (!sealed)
      throw new DataUnavailableError(
        `the rows of data set ${use.set} for this segment are gone from Redis (expired, or Redis was flushed): start the run again`,
      );
    const secretColumns = use.columns.flatMap((column, index) => (column.secret ? [index] : []));
    const name = dataFileName(use.set);
    const file = path.join(workdir, name);
    staged.files.push(file);
    try {
      const tap = secretColumns.length
        ? new RowTap((row) => {
            for (const index of secretColumns) staged.secrets.add(row[index] ?? '');
          })
        : new PassThrough();
      await pipeline(openDataSliceStream(runnerKey, job.runId, use.set, job.segment.index, sealed), tap, createWriteStream(file));
    } catch (error) {
      // Bytes flow before the seal is checked: what was written of a slice that failed goes.
      await rm(file, { force: true });
      if (error instanceof DataSliceError) throw new DataUnavailableError(error.message);
      throw new DataUnavailableError(`the rows of data set ${use.set} could not be written for k6: ${(error as Error).message}`);
    }
    staged.env[dataEnvName(use.set)] = path.posix.join(insideWorkdir, name);
  }
  return staged;
}

/** stageRunData for a segment, or why its rows cannot be had (the segment then ends before any load). */
export async function stageSegmentData(
  store: RunDataStore | undefined,
  runnerKey: string,
  job: Pick<RunExecutePayload, 'runId' | 'segment' | 'data'>,
  workdir: string,
  insideWorkdir: string,
): Promise<StagedData | { unavailable: string }> {
  try {
    if (!store) throw new DataUnavailableError('this runner was started without a data store');
    return await stageRunData(store, runnerKey, job, workdir, insideWorkdir);
  } catch (error) {
    if (error instanceof DataUnavailableError) return { unavailable: error.message };
    throw error;
  }
}

/**
 * Counts what a segment's k6 did with its data sets, from the seconds it reported: each
 * scenario's iterations and the most VUs (data-usage.ts turns them into rows used).
 */
export class DataUsageCounter {
  private readonly iterations = new Map<string, number>();
  private vusMax = 0;

  constructor(private readonly job: Pick<RunExecutePayload, 'segment' | 'data' | 'spec'>) {}

  observe(sample: SecondSample): void {
    if (!this.job.data?.length) return;
    // Active VUs, not allocated ones: an arrival rate's idle pre-allocated VUs pick no row.
    this.vusMax = Math.max(this.vusMax, sample.vus);
    for (const scenario of sample.scenarioIterations ?? []) this.iterations.set(scenario.name, (this.iterations.get(scenario.name) ?? 0) + scenario.iterations);
  }

  /** Per set: rows used, and whether it ran out (k6's last error names the set it aborted on). */
  usage(lastError: string | undefined): SegmentDataUsage[] | undefined {
    if (!this.job.data?.length) return undefined;
    const aborted = exhaustedSetOf(lastError ?? '');
    // A custom script's scenarios are its own: its iterations are all counted for each set.
    const scenariosOf = (use: JobDataSet) => (this.job.spec.script ? [...this.iterations.keys()] : scenariosUsing(this.job.spec, use.set));
    return this.job.data.map((use) =>
      segmentDataUsage(use.set, {
        rows: use.slices[this.job.segment.index]?.rows ?? 0,
        mode: use.mode,
        whenExhausted: use.whenExhausted,
        scenarios: scenariosOf(use),
        iterations: this.iterations,
        vusMax: this.vusMax,
        aborted: aborted === use.set,
      }),
    );
  }
}
