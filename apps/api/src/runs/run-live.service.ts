import { Injectable } from '@nestjs/common';
import { isTerminalRunStatus, mergeSegmentsBySecond, toSeriesPoints, type RunSeries, type SecondSample, HISTOGRAM_RELATIVE_ACCURACY } from '@loadline/shared';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { RunsService } from './runs.service.js';
import { Memo } from '../common/memo.js';

/**
 * Merged series of finished runs, built once per process: merging every second's histograms
 * of every segment is the costly part of a report. A few hundred runs' series (a 10-minute run's
 * is about 200 KB) bound the memory.
 */
const finishedSeries = new Memo<Promise<RunSeries>>(200);

/** Per-second series of a run (its live progress stream is RunLiveHub's). */
@Injectable()
export class RunLiveService {
  constructor(
    private readonly runSeconds: RunSecondsRepository,
    private readonly service: RunsService,
  ) {}

  async series(runId: string): Promise<RunSeries> {
    return (await this.seriesOf(runId)).series;
  }

  /** The run's seconds, segments merged, oldest first: what a comparison's intervals resample. */
  async samples(runId: string): Promise<SecondSample[]> {
    await this.service.get(runId);
    return mergeSegmentsBySecond(await this.runSeconds.seconds(runId)).map((second) => second.sample);
  }

  /** The series and whether it is final (the run is over: its seconds no longer change). */
  async seriesOf(runId: string): Promise<{ series: RunSeries; final: boolean }> {
    const run = await this.service.get(runId);
    const merge = async (): Promise<RunSeries> => {
      const points = toSeriesPoints(mergeSegmentsBySecond(await this.runSeconds.seconds(runId)));
      return { runId, points, percentileRelativeError: HISTOGRAM_RELATIVE_ACCURACY };
    };
    if (!isTerminalRunStatus(run.status) || !run.finishedAt) return { series: await merge(), final: false };
    // A finished run's seconds never change (a late segment changes its segments' state, and so the key).
    const key = `${runId}|${run.segmentDetails.map((segment) => `${segment.status}${segment.finishedAt ?? ''}`).join(',')}`;
    const series = finishedSeries.get(key, merge);
    series.catch(() => finishedSeries.delete(key)); // a failed read is not remembered
    return { series: await series, final: true };
  }
}
