import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { describeRunQueue, type RunJob, type RunQueueView, type RunStopReason, type RunnersView } from '@loadline/shared';
import { RunQueue } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
import { RedisSubscriber } from '../queue/redis-subscriber.js';
import type { DispatchSettings } from './dispatch-policy.js';
import { collectRunners } from '../metrics/metrics.js';

/** Redis keeps a run's queue state this long after its planned end, at most. */
const STATE_MARGIN_SECONDS = 86_400;

export interface QueuedRunRef {
  id: string;
  status: string;
  segments: number;
}

/**
 * The API's side of how runs reach runners: putting a run in line, telling its runners to
 * stop, and saying where a run that has not started stands. The dispatcher (runs domain)
 * decides who gets runners; the atomic steps are the shared RunQueue's.
 */
@Injectable()
export class RunQueueService {
  readonly queue: RunQueue;
  readonly settings: DispatchSettings;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly subscriber: RedisSubscriber,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {
    this.queue = new RunQueue(redis, env.LOADLINE_QUEUE_PREFIX);
    this.settings = {
      runnerWaitMs: env.LOADLINE_RUNNER_WAIT_SECONDS * 1000,
      queueTimeoutMs: env.LOADLINE_QUEUE_TIMEOUT_SECONDS * 1000,
      readyTimeoutMs: env.LOADLINE_RUNNER_READY_SECONDS * 1000,
      maxReleases: 3,
    };
    collectRunners(async () => {
      const { online, free } = await this.queue.runners(Date.now());
      return { online: online.length, busy: online.length - Math.min(free, online.length) };
    });
  }

  /** The most runners this installation can have; null when the operator set no ceiling. */
  get ceiling(): number | null {
    return this.env.LOADLINE_MAX_RUNNERS ?? null;
  }

  /**
   * How long after being queued a run that never starts is certainly over: every wait the
   * dispatcher allows, the reservation, and the run itself.
   */
  deadlineFromQueued(runSeconds: number): number {
    const s = this.settings;
    return Math.max(s.runnerWaitMs, s.queueTimeoutMs) / 1000 + s.readyTimeoutMs / 1000 + runSeconds;
  }

  /**
   * Puts a run in line (false: Redis already has it). A re-queue from PostgreSQL passes when
   * the run was first queued, to keep its place, and where its reservation count restarts.
   */
  enqueue(runId: string, job: RunJob, runSeconds: number, requeue?: { queuedAt: number; firstAttempt: number }): Promise<boolean> {
    return this.queue.enqueue(runId, job, {
      queuedAt: requeue?.queuedAt ?? Date.now(),
      ttlSeconds: Math.ceil(this.deadlineFromQueued(runSeconds) + STATE_MARGIN_SECONDS),
      firstAttempt: requeue?.firstAttempt ?? 0,
    });
  }

  /** Tells the run's runners to stop (pushed); answers where the run was. */
  stop(runId: string, reason: RunStopReason) {
    return this.queue.stop(runId, reason);
  }

  async runners(now = Date.now()): Promise<RunnersView> {
    const { online, free } = await this.queue.runners(now);
    return { online: online.length, free: Math.min(free, online.length), ceiling: this.ceiling };
  }

  /** Where each run that has not started stands (runs that have are left out). */
  async views(runs: QueuedRunRef[], now = Date.now()): Promise<Map<string, RunQueueView>> {
    const views = new Map<string, RunQueueView>();
    const pending = runs.filter((run) => run.status === 'QUEUED' || run.status === 'STARTING');
    if (!pending.length) return views;
    const [runners, standings] = await Promise.all([this.runners(now), this.queue.standings(pending.map((run) => run.id))]);
    for (const run of pending) {
      const { state, shortSince, runsAhead } = standings.get(run.id)!;
      if (!state || state.state === 'started' || state.state === 'stopped') continue;
      const short = state.state === 'waiting' && state.segments > runners.online;
      const base = {
        state: state.state === 'reserved' ? ('starting' as const) : ('waiting' as const),
        runnersNeeded: state.segments,
        runnersFree: runners.free,
        runnersOnline: runners.online,
        runsAhead: state.state === 'waiting' ? (runsAhead ?? 0) : 0,
        giveUpAt: short ? new Date((shortSince ?? now) + this.settings.runnerWaitMs).toISOString() : null,
      };
      views.set(run.id, { ...base, message: describeRunQueue(base) });
    }
    return views;
  }

  /** Calls `listener` whenever a runner becomes free or a run is queued (any API process). */
  async onWake(listener: () => void): Promise<void> {
    await this.subscriber.subscribe(this.queue.keys.wake, { onMessage: listener });
  }
}
