import { writeFile } from 'node:fs/promises';
import path from 'node:path';
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
import { openDataSlice, type RunDataStore } from '@loadline/shared/queue';
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

/** Each row line of a data file (data-slices.ts): one JSON array per line after the head line. */
function* rowLines(file: Buffer): Generator<string> {
  let start = file.indexOf(NEWLINE) + 1;
  while (start > 0 && start < file.length) {
    const end = file.indexOf(NEWLINE, start);
    const stop = end < 0 ? file.length : end;
    if (file[start] === 0x5b /* [ */) {
      const line = file.toString('utf8', start, file[stop - 1] === 0x2c /* , */ ? stop - 1 : stop);
      yield line;
    }
    start = end + 1;
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
    let file: Buffer;
    try {
      file = openDataSlice(runnerKey, job.runId, use.set, job.segment.index, sealed);
    } catch (error) {
      throw new DataUnavailableError((error as Error).message);
    }
    const secretColumns = use.columns.flatMap((column, index) => (column.secret ? [index] : []));
    if (secretColumns.length) {
      for (const line of rowLines(file)) {
        const row = JSON.parse(line) as string[];
        for (const index of secretColumns) staged.secrets.add(row[index] ?? '');
      }
    }
    const name = dataFileName(use.set);
    staged.files.push(path.join(workdir, name));
    await writeFile(staged.files.at(-1)!, file);
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
