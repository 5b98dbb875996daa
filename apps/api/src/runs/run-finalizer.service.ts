import { Inject, Injectable, Logger } from '@nestjs/common';
import { decodeThresholdStop, planPeakVus, planSpecSchema } from '@loadline/shared';
import { RunsRepository } from './runs.repository.js';
import { decideOutcome, type SegmentState } from './run-outcome.js';
import { toRunView } from './run-view.js';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { endEvents, runEventData } from '../webhooks/run-event.js';

/** Ends runs: merges what the segments measured, judges the SLA and stores the outcome. */
@Injectable()
export class RunFinalizer {
  private readonly logger = new Logger(RunFinalizer.name);

  constructor(
    private readonly runs: RunsRepository,
    private readonly events: WebhookEvents,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  /**
   * Finalises the run if every segment has finished and every second it announced has
   * arrived. Called after each finished segment and each late second; safe to call often.
   */
  async tryFinalize(runId: string): Promise<boolean> {
    const { finished, allSecondsIn } = await this.runs.completeness(runId);
    if (!finished) return false;
    if (!allSecondsIn) {
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
    const spec = planSpecSchema.parse(run.planVersion.spec);
    const outcome = decideOutcome({
      spec,
      segments: segments.map(
        (segment): SegmentState => ({
          index: segment.index,
          status: segment.status,
          error: (segment.error as SegmentState['error']) ?? null,
          startedAt: segment.status === 'QUEUED' || segment.status === 'STARTING' ? null : segment.startedAt,
        }),
      ),
      seconds: await this.runs.seconds(runId),
      dataMissing: options.dataMissing,
      abandoned: options.abandoned,
      cancelRequested: run.cancelRequestedAt !== null,
      // Before the run ends, its `error` holds nothing but a stop rule's breach, if any.
      stop: decodeThresholdStop(run.error),
    });
    // The monthly quota counts what was used: the plan's peak VUs for as long as load was applied.
    const vuMinutes = (planPeakVus(spec) * (outcome.summary?.durationSeconds ?? 0)) / 60;
    const done = await this.runs.finalize(runId, outcome, vuMinutes);
    if (done) {
      this.logger.log({ runId, status: outcome.status, verdict: outcome.verdict }, 'run finished');
      const ended = await this.runs.find(runId);
      if (ended) {
        const view = toRunView(ended);
        for (const type of endEvents(view)) await this.events.emit(type, runEventData(view, this.env));
      }
    }
    return done;
  }
}
