import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RUNNER_HEARTBEAT_TTL_SECONDS, type RunStopReason } from '@loadline/shared';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunsRepository } from './runs.repository.js';
import { RunFinalizer } from './run-finalizer.service.js';

const SWEEP_INTERVAL_MS = 5_000;
/** How long a finished run waits for seconds still in the queue before it ends without them. */
const FINISHING_PATIENCE_MS = 15_000;
/** A runner just handed a segment may not have beaten yet; give it this long. */
const RUNNER_GRACE_MS = 10_000;

/**
 * Ends runs that nobody else will end, from the database (the truth), so it also recovers
 * runs after an API restart:
 * - a runner applying a segment's load stopped beating (crashed, killed): the segment is
 *   lost (RUNNER_LOST for a one-segment run, SEGMENT_LOST otherwise) within ~25 s
 *   (heartbeat TTL 15 s + one sweep); the run's other segments are told to stop, and the run
 *   ends ERRORED with what every segment measured, marked partial;
 * - past the deadline (k6 hung): ERRORED, its segments told to stop;
 * - finished but missing seconds that never arrived, or segments that never reported after
 *   being told to stop: ended with what is there.
 * Runs that have not begun their load are the dispatcher's (RunDispatcher).
 */
@Injectable()
export class RunWatchdog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunWatchdog.name);
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly runs: RunsRepository,
    private readonly finalizer: RunFinalizer,
    private readonly runQueue: RunQueueService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.endRunsOfLostRunners(now);
      await this.endOverdueRuns(now);
    } catch (error) {
      this.logger.error({ err: String(error) }, 'watchdog sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  private async abandon(runId: string, tenantId: string, cause: { code: string; message: string }, reason: RunStopReason): Promise<void> {
    await this.runQueue.stop(runId, reason);
    const ended = await runAsTenant(tenantId, () => this.finalizer.finalize(runId, { dataMissing: true, abandoned: cause }));
    if (ended) this.logger.warn({ runId, tenantId, code: cause.code }, 'run abandoned');
  }

  private async endRunsOfLostRunners(now: Date): Promise<void> {
    const segments = (await this.runs.activeSegments()).filter(
      (segment) => !segment.startedAt || now.getTime() - segment.startedAt.getTime() >= RUNNER_GRACE_MS,
    );
    const alive = await this.runQueue.queue.alive([...new Set(segments.map((segment) => segment.runnerId!))], now.getTime());
    for (const segment of segments) {
      if (alive.get(segment.runnerId!)) continue;
      const count = segment.run.segments;
      const cause =
        count > 1
          ? {
              code: 'SEGMENT_LOST',
              message: `The runner of segment ${segment.index + 1} of ${count} stopped responding (no heartbeat for ${RUNNER_HEARTBEAT_TTL_SECONDS} s); the other segments were stopped and what they measured is kept`,
            }
          : {
              code: 'RUNNER_LOST',
              message: `The runner stopped responding while running the run (no heartbeat for ${RUNNER_HEARTBEAT_TTL_SECONDS} s); what was measured is kept`,
            };
      this.logger.warn({ runId: segment.runId, tenantId: segment.tenantId, runnerId: segment.runnerId, segment: segment.index }, 'segment lost');
      await runAsTenant(segment.tenantId, () => this.runs.updateSegment(segment.runId, segment.index, { status: 'ERRORED', error: cause, finishedAt: now }));
      // One run, one fate: its other segments stop, and report what they measured; the run
      // ends when they have (or, if they never do, once the finishing patience is over).
      await this.runQueue.stop(segment.runId, 'segment-lost');
      await runAsTenant(segment.tenantId, () => this.finalizer.tryFinalize(segment.runId));
    }
  }

  private async endOverdueRuns(now: Date): Promise<void> {
    const overdue = await this.runs.overdue(now, new Date(now.getTime() - FINISHING_PATIENCE_MS));
    for (const run of overdue) {
      if (run.deadlineAt && run.deadlineAt < now) {
        await this.abandon(
          run.id,
          run.tenantId,
          { code: 'DEADLINE_EXCEEDED', message: 'The run did not finish within its planned duration plus the grace period' },
          'deadline',
        );
      } else {
        // Finished but for seconds that never arrived, or a segment failed and the others
        // never reported after being told to stop: end it with what is there.
        await runAsTenant(run.tenantId, () => this.finalizer.finalize(run.id, { dataMissing: true }));
      }
    }
  }
}
