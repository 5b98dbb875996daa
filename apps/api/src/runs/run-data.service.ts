import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { encodeDataFile, segmentRows, type DataUse, type JobDataSet, type PlanSpec, type RunDataUse, type RunJob } from '@loadline/shared';
import { RunDataStore, sealDataSlice } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { DataSetError, DataSetsService, type DataSetForRun } from '../data-sets/data-sets.module.js';
import { RunError, RunErrorCode } from './runs.errors.js';

/** A set read for a run: its rows (secret cells opened), and how the plan uses it. */
export interface RunDataSet {
  use: DataUse;
  read: DataSetForRun;
}

/** How long a slice waits in Redis beyond the longest a run can be before it is certainly over. */
const SLICE_MARGIN_SECONDS = 600;

/**
 * The data sets of a run, at its dispatch (docs/plans.md#data-sets): read before the run is
 * created (a set gone since the plan was saved refuses the start, naming it), then split
 * between the run's segments by k6's execution-segment fractions (data-slices.ts) and put in
 * Redis, one sealed slice per segment (queue/run-data.ts), for the run's job to name. Rows
 * are never logged, and never written anywhere but sealed.
 */
@Injectable()
export class RunDataService {
  private readonly store: RunDataStore;

  constructor(
    private readonly dataSets: DataSetsService,
    private readonly runQueue: RunQueueService,
    @Inject(REDIS) redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {
    this.store = new RunDataStore(redis, runQueue.queue.prefix);
  }

  async read(tenantId: string, spec: PlanSpec): Promise<RunDataSet[]> {
    const sets: RunDataSet[] = [];
    for (const use of spec.data) {
      try {
        sets.push({ use, read: await this.dataSets.readForRun(tenantId, use.set, use.version) });
      } catch (error) {
        if (error instanceof DataSetError && error.status === 404) {
          const which = use.version === undefined ? `data set ${use.set}` : `version ${use.version} of data set ${use.set}`;
          throw new RunError(RunErrorCode.RUN_DATA_SET_GONE, `The plan uses ${which}, which no longer exists: upload it again or change the plan`, [
            { path: `data.${spec.data.indexOf(use)}.set`, message: 'no such data set' },
          ]);
        }
        throw error;
      }
    }
    return sets;
  }

  /** What the run's manifest records of its sets when it starts (rows used come from the runners). */
  manifest(sets: readonly RunDataSet[]): RunDataUse[] {
    return sets.map(({ use, read }) => ({
      set: use.set,
      version: read.version,
      mode: use.mode,
      whenExhausted: use.whenExhausted,
      rows: read.rows.length,
      rowsUsed: null,
      exhausted: null,
    }));
  }

  /** Seals each segment's rows into Redis; answers what the run's job says of its sets. */
  async stage(runId: string, sets: readonly RunDataSet[], segments: number, runSeconds: number): Promise<JobDataSet[]> {
    const staged: JobDataSet[] = [];
    for (const { use, read } of sets) {
      const slices = await this.seal(runId, read, segments, runSeconds);
      staged.push({
        set: use.set,
        version: read.version,
        mode: use.mode,
        whenExhausted: use.whenExhausted,
        columns: read.columns,
        rows: read.rows.length,
        slices,
      });
    }
    return staged;
  }

  /**
   * A queued run Redis lost (RunReconciler queues it again from PostgreSQL): its slices put
   * back as they were, the same version under the same keys, where they are gone. Answers why
   * not when a set's version has been deleted since.
   */
  async restage(runId: string, tenantId: string, job: RunJob): Promise<string | null> {
    for (const use of job.data ?? []) {
      const present = await Promise.all(use.slices.map((slice) => this.store.has(slice.key)));
      if (present.every(Boolean)) continue;
      try {
        await this.seal(runId, await this.dataSets.readForRun(tenantId, use.set, use.version), job.segments, job.deadlineSeconds);
      } catch (error) {
        if (error instanceof DataSetError && error.status === 404) return `version ${use.version} of its data set ${use.set} has been deleted since`;
        throw error;
      }
    }
    return null;
  }

  private async seal(runId: string, read: DataSetForRun, segments: number, runSeconds: number): Promise<JobDataSet['slices']> {
    const ttl = this.runQueue.deadlineFromQueued(runSeconds) + SLICE_MARGIN_SECONDS;
    const names = read.columns.map((column) => column.name);
    const slices: JobDataSet['slices'] = [];
    for (let segment = 0; segment < segments; segment++) {
      const rows = segmentRows(read.rows, segment, segments);
      const key = this.store.key(runId, read.name, segment);
      await this.store.put(
        key,
        sealDataSlice(this.env.LOADLINE_RUNNER_KEY, runId, read.name, segment, encodeDataFile(read.name, read.version, names, rows)),
        ttl,
      );
      slices.push({ key, rows: rows.length });
    }
    return slices;
  }

  /** Drops a run's slices once it has ended. */
  drop(runId: string): Promise<void> {
    return this.store.drop(runId);
  }
}
