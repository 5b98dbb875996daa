import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS } from '../queue/queue.module.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunDispatchRepository, type UnstartedRun } from './run-dispatch.repository.js';
import { RunsRepository } from './runs.repository.js';
import { RunFinalizer } from './run-finalizer.service.js';
import { RunDataService } from './run-data.service.js';
import { RunSignals } from './run-signals.js';

/** How often PostgreSQL's unstarted runs are checked against Redis. */
export const RECONCILE_INTERVAL_MS = 10_000;
/** A run younger than this may still be on its way into Redis (queued right after its row). */
const QUEUE_GRACE_MS = 5_000;
/** One reconciler at a time over all API processes. */
const LOCK_MS = 30_000;

/** Why Redis no longer has a run: said in every ending and log line, so nobody guesses. */
const LOST = "The run's place in the run queue was lost (Redis was flushed, evicted the entry, or restarted without its data)";

/**
 * PostgreSQL is the truth about runs, Redis only holds the line. A run PostgreSQL calls
 * QUEUED or STARTING that Redis does not hold where it should (see RunQueue.present) is put
 * back in line, at its original place, with exactly the job it was first queued with
 * (RunDispatch); its runners' reservation, if it had one, is gone with Redis's data, so a
 * STARTING run goes back to QUEUED first. A run that cannot be re-queued (its plan or target
 * was deleted since, or what it was queued with is not on record) ends ERRORED, saying why.
 * Re-queueing is idempotent (RunQueue.enqueue queues a run Redis already has no second time),
 * so reconcilers of several API processes, or one racing the first enqueue, queue it once.
 */
@Injectable()
export class RunReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunReconciler.name);
  private readonly lockKey: string;
  private readonly lockOwner = randomUUID();
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly dispatches: RunDispatchRepository,
    private readonly runs: RunsRepository,
    private readonly runQueue: RunQueueService,
    private readonly finalizer: RunFinalizer,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly signals: RunSignals,
    private readonly runData: RunDataService,
  ) {
    this.lockKey = `${runQueue.queue.prefix}:rq:reconcile-lock`;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.reconcile()
        .catch((error: unknown) => this.logger.error({ err: String(error) }, 'reconciliation failed'))
        .finally(() => (this.running = null));
    }, RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; returns the runs it re-queued and the ones it ended. */
  async reconcile(now = Date.now()): Promise<{ requeued: string[]; ended: string[] }> {
    const done = { requeued: [] as string[], ended: [] as string[] };
    if (!(await this.redis.set(this.lockKey, this.lockOwner, 'PX', LOCK_MS, 'NX'))) return done;
    try {
      const unstarted = await this.dispatches.unstarted(new Date(now - QUEUE_GRACE_MS));
      const present = await this.runQueue.queue.present(unstarted.map((run) => run.id));
      for (const run of unstarted) {
        if (present.get(run.id)) continue;
        if (await this.requeue(run, now)) done.requeued.push(run.id);
        else done.ended.push(run.id);
      }
      await this.dispatches.forgetStarted();
      return done;
    } finally {
      if ((await this.redis.get(this.lockKey)) === this.lockOwner) await this.redis.del(this.lockKey);
    }
  }

  /** Puts a lost run back in line (true), or ends it with the reason it cannot be (false). */
  private async requeue(run: UnstartedRun, now: number): Promise<boolean> {
    // Its data sets' slices went with Redis too: put back, unless a set's version is gone.
    const dataGone = run.job?.data?.length && !run.planDeleted && !run.targetDeleted ? await this.runData.restage(run.id, run.tenantId, run.job) : null;
    const refusal = dataGone
      ? `${LOST}, and ${dataGone}, so it was not queued again`
      : run.planDeleted
        ? `${LOST}, and its plan has been deleted since it was queued, so it was not queued again`
        : run.targetDeleted
          ? `${LOST}, and its target has been deleted since it was queued, so it was not queued again`
          : !run.job
            ? `${LOST}, and what it was queued with is not on record (it was queued by an older release, or the API stopped before queueing it), so it could not be queued again; start it again`
            : null;
    if (refusal || !run.job) {
      await this.runQueue.stop(run.id, 'queue-entry-lost');
      await runAsTenant(run.tenantId, async () => {
        await this.runs.cancelUnstartedSegments(run.id, new Date(now));
        await this.finalizer.finalize(run.id, { dataMissing: false, abandoned: { code: 'QUEUE_ENTRY_LOST', message: refusal! } });
      });
      this.logger.warn({ runId: run.id, tenantId: run.tenantId }, 'run lost from the queue and ended: it cannot be queued again');
      return false;
    }
    // Its reservation went with Redis's data: back in line, runners free in PostgreSQL too.
    if (run.status === 'STARTING') {
      await runAsTenant(run.tenantId, () => this.runs.returnToQueue(run.id));
      await this.signals.changed(run.id, 'state');
    }
    // Above any attempt the lost reservation could have handed out (a few per run at most).
    const firstAttempt = 100 + Math.floor((now - run.createdAt.getTime()) / 1000);
    const queued = await this.runQueue.enqueue(run.id, run.job, run.job.deadlineSeconds, { queuedAt: run.createdAt.getTime(), firstAttempt });
    this.logger.warn({ runId: run.id, tenantId: run.tenantId, was: run.status, queued }, 'run lost from the queue: queued again from PostgreSQL');
    return true;
  }
}
