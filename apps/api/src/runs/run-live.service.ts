import { Injectable, Logger } from '@nestjs/common';
import { HISTOGRAM_RELATIVE_ACCURACY, isTerminalRunStatus, mergeSegmentsBySecond, type RunSeries, type RunView, type SecondSample } from '@loadline/shared';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { RunDigestsRepository, digestOf, type RunDigest } from './run-digests.repository.js';
import { RunsService } from './runs.service.js';
import { segmentsStateKey } from './run-view.js';
import { Memo } from '../common/memo.js';

/**
 * Series of finished runs already read by this process. A few hundred runs' series (a
 * 10-minute run of 20 request names is about 1.7 MB of JSON) bound the memory.
 */
const finishedSeries = new Memo<Promise<RunSeries>>(200);

/** The segments' state a finished run's digest is kept for; null while the run may still change. */
function finishedKey(run: RunView): string | null {
  return isTerminalRunStatus(run.status) && run.finishedAt ? segmentsStateKey(run.segmentDetails) : null;
}

/**
 * Per-second series and merged seconds of a run (its live progress stream is RunLiveHub's). A
 * finished run's are read from its digest (RunDigest), stored when it ended; they are merged
 * from every second only while the run goes, or for a run that ended before digests (whose
 * digest is then stored).
 */
@Injectable()
export class RunLiveService {
  private readonly logger = new Logger(RunLiveService.name);

  constructor(
    private readonly runSeconds: RunSecondsRepository,
    private readonly digests: RunDigestsRepository,
    private readonly service: RunsService,
  ) {}

  async series(runId: string): Promise<RunSeries> {
    return (await this.seriesOf(runId)).series;
  }

  /** The run's seconds, segments merged, oldest first: what a comparison's intervals resample. */
  async samples(runId: string): Promise<SecondSample[]> {
    const key = finishedKey(await this.service.get(runId));
    if (key === null) return mergeSegmentsBySecond(await this.runSeconds.seconds(runId)).map((second) => second.sample);
    return [...(await this.finished(runId, key, 'seconds'))];
  }

  /** The series and whether it is final (the run is over: its seconds no longer change). */
  async seriesOf(runId: string): Promise<{ series: RunSeries; final: boolean }> {
    const key = finishedKey(await this.service.get(runId));
    if (key === null) return { series: this.toSeries(runId, digestOf(mergeSegmentsBySecond(await this.runSeconds.seconds(runId)))), final: false };
    // A late segment changes its segments' state, and so the key: the series is read again.
    const memoKey = `${runId}|${key}`;
    const series = finishedSeries.get(memoKey, async () => this.toSeries(runId, { series: await this.finished(runId, key, 'series') }));
    series.catch(() => finishedSeries.delete(memoKey)); // a failed read is not remembered
    return { series: await series, final: true };
  }

  private toSeries(runId: string, digest: Pick<RunDigest, 'series'>): RunSeries {
    return { runId, points: [...digest.series], percentileRelativeError: HISTOGRAM_RELATIVE_ACCURACY };
  }

  /** One part of a finished run's digest: stored, or else merged from its seconds and stored. */
  private async finished<P extends keyof RunDigest>(runId: string, key: string, part: P): Promise<RunDigest[P]> {
    const stored = await this.digests.read(runId, key, part).catch((error: Error) => {
      // Derived data: what cannot be read is built again from the seconds, and replaced.
      this.logger.warn({ runId, err: error.message }, "could not read the run's digest; merging its seconds again");
      return null;
    });
    if (stored) return stored as unknown as RunDigest[P];
    const digest = digestOf(mergeSegmentsBySecond(await this.runSeconds.seconds(runId)));
    await this.digests.save(runId, key, digest).catch((error: Error) => {
      this.logger.error({ runId, err: error.message }, "could not store the run's digest");
    });
    return digest[part];
  }
}
