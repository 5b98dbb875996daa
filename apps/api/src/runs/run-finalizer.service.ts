import { Injectable, Logger } from '@nestjs/common';
import { planSpecSchema } from '@loadline/shared';
import { RunsRepository } from './runs.repository.js';
import { decideOutcome, type SegmentState } from './run-outcome.js';

const TERMINAL_SEGMENT = new Set(['COMPLETED', 'ERRORED', 'CANCELLED']);

/** Ends runs: merges what the segments measured, judges the SLA and stores the outcome. */
@Injectable()
export class RunFinalizer {
  private readonly logger = new Logger(RunFinalizer.name);

  constructor(private readonly runs: RunsRepository) {}

  /**
   * Finalises the run if every segment has finished and every second it announced has
   * arrived. Called after each finished segment and each late second; safe to call often.
   */
  async tryFinalize(runId: string): Promise<boolean> {
    const segments = await this.runs.segments(runId);
    if (!segments.every((segment) => TERMINAL_SEGMENT.has(segment.status))) return false;
    const stored = await this.runs.secondsStoredBySegment(runId);
    const complete = segments.every((segment) => (stored.get(segment.index) ?? 0) >= (segment.secondsSent ?? 0));
    if (!complete) {
      await this.runs.advanceStatus(runId, 'FINISHING', ['QUEUED', 'STARTING', 'RUNNING']);
      return false;
    }
    return this.finalize(runId, { dataMissing: false });
  }

  /** Ends the run with what is there now. `abandoned` makes it ERRORED with that cause. */
  async finalize(runId: string, options: { dataMissing: boolean; abandoned?: { code: string; message: string } }) {
    const run = await this.runs.find(runId);
    if (!run) return false;
    const segments = await this.runs.segments(runId);
    const outcome = decideOutcome({
      spec: planSpecSchema.parse(run.planVersion.spec),
      segments: segments.map(
        (segment): SegmentState => ({
          index: segment.index,
          status: segment.status,
          error: (segment.error as SegmentState['error']) ?? null,
        }),
      ),
      seconds: await this.runs.seconds(runId),
      dataMissing: options.dataMissing,
      abandoned: options.abandoned,
    });
    const done = await this.runs.finalize(runId, outcome);
    if (done) this.logger.log({ runId, status: outcome.status, verdict: outcome.verdict }, 'run finished');
    return done;
  }
}
