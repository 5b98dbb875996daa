import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RUN_CANCEL_KEY_TTL_SECONDS, runCancelKey, runnerHeartbeatKey } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
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
 * - a runner holding a segment stopped beating (crashed, killed): ERRORED within ~25 s
 *   (heartbeat TTL 15 s + one sweep), partial, with what was measured;
 * - past the deadline (k6 hung, no runner ever took the job): ERRORED;
 * - finished but missing seconds that never arrived: ended with what is there.
 * Abandoned runs also get their cancel key, so any k6 still going stops.
 */
@Injectable()
export class RunWatchdog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunWatchdog.name);
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly runs: RunsRepository,
    private readonly finalizer: RunFinalizer,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
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

  private async abandon(runId: string, tenantId: string, cause: { code: string; message: string }): Promise<void> {
    await this.redis.set(runCancelKey(this.env.LOADLINE_QUEUE_PREFIX, runId), '1', 'EX', RUN_CANCEL_KEY_TTL_SECONDS);
    const ended = await runAsTenant(tenantId, () => this.finalizer.finalize(runId, { dataMissing: true, abandoned: cause }));
    if (ended) this.logger.warn({ runId, tenantId, code: cause.code }, 'run abandoned');
  }

  private async endRunsOfLostRunners(now: Date): Promise<void> {
    const segments = await this.runs.activeSegments();
    const alive = new Map<string, boolean>();
    for (const segment of segments) {
      if (segment.startedAt && now.getTime() - segment.startedAt.getTime() < RUNNER_GRACE_MS) continue;
      const runnerId = segment.runnerId!;
      if (!alive.has(runnerId)) {
        alive.set(runnerId, (await this.redis.exists(runnerHeartbeatKey(this.env.LOADLINE_QUEUE_PREFIX, runnerId))) === 1);
      }
      if (alive.get(runnerId)) continue;
      const cause = { code: 'RUNNER_LOST', message: `Runner ${runnerId} stopped responding while running segment ${segment.index}` };
      await runAsTenant(segment.tenantId, () =>
        this.runs.updateSegment(segment.runId, segment.index, { status: 'ERRORED', error: cause, finishedAt: now }),
      );
      await this.abandon(segment.runId, segment.tenantId, cause);
    }
  }

  private async endOverdueRuns(now: Date): Promise<void> {
    const overdue = await this.runs.overdue(now, new Date(now.getTime() - FINISHING_PATIENCE_MS));
    for (const run of overdue) {
      if (run.status === 'FINISHING') {
        await runAsTenant(run.tenantId, () => this.finalizer.finalize(run.id, { dataMissing: true }));
      } else {
        await this.abandon(run.id, run.tenantId, {
          code: 'DEADLINE_EXCEEDED',
          message: 'The run did not finish within its planned duration plus the grace period',
        });
      }
    }
  }
}
