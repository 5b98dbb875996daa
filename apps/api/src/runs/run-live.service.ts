import { Injectable } from '@nestjs/common';
import { Observable } from 'rxjs';
import {
  isTerminalRunStatus,
  mergeSegmentsBySecond,
  toSeriesPoints,
  type LiveProgress,
  type RunSeries,
  type SecondSample,
  type RunView,
  HISTOGRAM_RELATIVE_ACCURACY,
} from '@loadline/shared';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunsRepository } from './runs.repository.js';
import { RunsService } from './runs.service.js';
import { Memo } from './run-view.js';

export interface LiveEvent {
  type: 'progress' | 'end';
  data: LiveProgress | RunView;
}

const TICK_MS = 1_000;

/**
 * Merged series of finished runs, built once per process: merging every second's histograms
 * of every segment is the costly part of a report. A few hundred runs' series (a 10-minute run's
 * is about 200 KB) bound the memory.
 */
const finishedSeries = new Memo<Promise<RunSeries>>(200);

/** Per-second series and the live progress stream of a run. */
@Injectable()
export class RunLiveService {
  constructor(
    private readonly runs: RunsRepository,
    private readonly service: RunsService,
  ) {}

  async series(runId: string): Promise<RunSeries> {
    return (await this.seriesOf(runId)).series;
  }

  /** The run's seconds, segments merged, oldest first: what a comparison's intervals resample. */
  async samples(runId: string): Promise<SecondSample[]> {
    await this.service.get(runId);
    return mergeSegmentsBySecond(await this.runs.seconds(runId)).map((second) => second.sample);
  }

  /** The series and whether it is final (the run is over: its seconds no longer change). */
  async seriesOf(runId: string): Promise<{ series: RunSeries; final: boolean }> {
    const run = await this.service.get(runId);
    const merge = async (): Promise<RunSeries> => {
      const points = toSeriesPoints(mergeSegmentsBySecond(await this.runs.seconds(runId)));
      return { runId, points, percentileRelativeError: HISTOGRAM_RELATIVE_ACCURACY };
    };
    if (!isTerminalRunStatus(run.status) || !run.finishedAt) return { series: await merge(), final: false };
    // A finished run's seconds never change (a late segment changes its segments' state, and so the key).
    const key = `${runId}|${run.segmentDetails.map((segment) => `${segment.status}${segment.finishedAt ?? ''}`).join(',')}`;
    const series = finishedSeries.get(key, merge);
    series.catch(() => finishedSeries.delete(key)); // a failed read is not remembered
    return { series: await series, final: true };
  }

  /**
   * Emits `progress` once a second and `end` (the final report) when the run is over.
   * The request total adds up every second that is complete (older than the newest one); the
   * newest second is shown as the current point. The report at the end is exact either way.
   */
  stream(runId: string, tenantId: string): Observable<LiveEvent> {
    return new Observable<LiveEvent>((subscriber) => {
      let completeUpTo = 0;
      let firstT: number | undefined;
      let requests = 0;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;

      const tick = async () => {
        const run = await this.service.get(runId);
        if (isTerminalRunStatus(run.status)) {
          subscriber.next({ type: 'end', data: run });
          subscriber.complete();
          return;
        }
        const fresh = toSeriesPoints(mergeSegmentsBySecond(await this.runs.seconds(runId, completeUpTo)));
        firstT ??= fresh[0]?.t;
        // Elapsed counts from the run's first second, not from this batch's.
        for (const point of fresh) point.elapsed = point.t - (firstT ?? point.t);
        const current = fresh.at(-1) ?? null;
        const completed = fresh.slice(0, -1);
        for (const point of completed) {
          requests += point.rps;
          completeUpTo = point.t;
        }
        const elapsed = run.startedAt ? Math.max(0, (Date.now() - Date.parse(run.startedAt)) / 1000) : 0;
        subscriber.next({
          type: 'progress',
          data: {
            runId,
            status: run.status,
            elapsedSeconds: Math.round(elapsed),
            remainingSeconds: run.startedAt ? Math.max(0, Math.round(run.plannedSeconds - elapsed)) : null,
            plannedSeconds: run.plannedSeconds,
            vus: current?.vus ?? 0,
            rps: current?.rps ?? 0,
            p50: current?.p50 ?? null,
            p95: current?.p95 ?? null,
            p99: current?.p99 ?? null,
            errors: current?.errors ?? 0,
            errorRate: current?.errorRate ?? 0,
            requests: requests + (current?.rps ?? 0),
            point: current,
            points: completed,
            queue: run.queue,
          },
        });
      };

      const loop = () => {
        if (stopped) return;
        runAsTenant(tenantId, tick)
          .catch((error: unknown) => subscriber.error(error))
          .finally(() => {
            if (!stopped && !subscriber.closed) timer = setTimeout(loop, TICK_MS);
          });
      };
      loop();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    });
  }
}
