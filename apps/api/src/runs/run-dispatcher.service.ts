import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS } from '../queue/queue.module.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { decideLine, decideReservation, type WaitingRun } from '../run-queue/dispatch-policy.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunsRepository } from './runs.repository.js';
import { RunFinalizer } from './run-finalizer.service.js';
import { RunSignals } from './run-signals.js';

/** How often the line is looked at without being woken (a runner free, a run queued). */
const TICK_MS = 1_000;
/** One dispatcher at a time over all API processes: the line is served in order. */
const LOCK_MS = 10_000;

/**
 * Gives waiting runs their runners: all N of a run's runners in one atomic step, oldest run
 * first (decideLine), and watches reservations until the run starts (decideReservation).
 * Woken when a runner becomes free or a run is queued, and once a second regardless. Records
 * what happened in the database: STARTING with the reserved runners, back to QUEUED when a
 * reservation is given up, ERRORED NOT_ENOUGH_RUNNERS when a run waited too long.
 */
@Injectable()
export class RunDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunDispatcher.name);
  private readonly lockKey: string;
  private readonly lockOwner = randomUUID();
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly runQueue: RunQueueService,
    private readonly runs: RunsRepository,
    private readonly finalizer: RunFinalizer,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly signals: RunSignals,
  ) {
    this.lockKey = `${runQueue.queue.prefix}:rq:dispatch-lock`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.runQueue.onWake(() => this.kick());
    this.timer = setInterval(() => this.kick(), TICK_MS);
    this.timer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs a pass now, or right after the one under way. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.logger.error({ err: String(error) }, 'dispatch pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** One look at reservations and the line, under the installation-wide dispatch lock. */
  async pass(now = Date.now()): Promise<void> {
    const locked = await this.redis.set(this.lockKey, this.lockOwner, 'PX', LOCK_MS, 'NX');
    if (!locked) return;
    try {
      await this.watchReservations(now);
      await this.serveLine(now);
    } finally {
      if ((await this.redis.get(this.lockKey)) === this.lockOwner) await this.redis.del(this.lockKey);
    }
  }

  private async watchReservations(now: number): Promise<void> {
    const queue = this.runQueue.queue;
    for (const runId of await queue.reservedRuns()) {
      const state = await queue.state(runId);
      if (!state || state.state !== 'reserved') continue;
      const alive = await queue.alive(state.runners, now);
      const decision = decideReservation(
        { runId, runners: state.runners, reservedAt: state.reservedAt ?? now, releases: state.releases },
        alive,
        now,
        this.runQueue.settings,
      );
      if (decision.action === 'keep') continue;
      if (decision.action === 'release') {
        if (await queue.release(runId, state.attempt, decision.deadRunners)) {
          this.logger.warn({ runId, tenantId: state.tenantId, why: decision.why }, 'reservation given up; the run is back in line');
          await runAsTenant(state.tenantId, () => this.runs.returnToQueue(runId));
          await this.signals.changed(runId, 'state');
        }
        continue;
      }
      await this.giveUp(runId, state.tenantId, decision.cause, 'not-ready');
    }
  }

  private async serveLine(now: number): Promise<void> {
    const queue = this.runQueue.queue;
    const runners = await queue.runners(now);
    await queue.forgetSilentRunners(now);
    const waiting = await queue.waiting();
    const standings = await queue.standings(waiting.map((entry) => entry.runId));
    const line: Array<WaitingRun & { tenantId: string; runSeconds: number }> = [];
    for (const { runId, queuedAt } of waiting) {
      const { state, shortSince } = standings.get(runId)!;
      if (!state) continue; // its state expired: RESERVE drops it from the line
      line.push({ runId, queuedAt, segments: state.segments, shortSince, tenantId: state.tenantId, runSeconds: state.runSeconds });
    }
    const online = runners.online.length;
    const decisions = decideLine(line, { online, free: Math.min(runners.free, online) }, now, this.runQueue.settings);
    let reserving = true;
    let busy = online - runners.free;
    let wanted = 0;
    for (const [i, decision] of decisions.entries()) {
      const run = line[i]!;
      if (decision.action === 'give-up') {
        await this.giveUp(run.runId, run.tenantId, decision.cause, 'not-enough-runners');
        continue;
      }
      if (decision.action === 'wait') {
        if (decision.short) await queue.markShort(run.runId, now);
        else await queue.clearShort(run.runId);
        if (this.runQueue.ceiling === null || run.segments <= this.runQueue.ceiling) wanted += run.segments;
        continue;
      }
      await queue.clearShort(run.runId);
      const result = reserving ? await queue.reserve(run.runId, now) : { outcome: 'short' as const, free: 0 };
      if (result.outcome === 'short') {
        // Fewer free runners than counted (one just died or was taken): keep the order.
        reserving = false;
        wanted += run.segments;
        continue;
      }
      if (result.outcome === 'gone') continue;
      busy += run.segments;
      this.logger.log({ runId: run.runId, tenantId: run.tenantId, runners: result.runners, attempt: result.attempt }, 'runners reserved');
      // From here the run is overdue after its ready time, its own duration and grace.
      const deadlineAt = new Date(now + this.runQueue.settings.readyTimeoutMs + run.runSeconds * 1000);
      await runAsTenant(run.tenantId, () => this.runs.markReserved(run.runId, result.runners, deadlineAt));
      await this.signals.changed(run.runId, 'state');
    }
    // What an autoscaler should aim for: runners busy now plus every run still waiting.
    await queue.setDemand(busy + wanted);
  }

  private async giveUp(runId: string, tenantId: string, cause: { code: string; message: string }, reason: 'not-ready' | 'not-enough-runners'): Promise<void> {
    const was = await this.runQueue.stop(runId, reason);
    if (was === 'stopped' || was === 'started') return;
    this.logger.warn({ runId, tenantId, code: cause.code }, 'run given up before its start');
    await runAsTenant(tenantId, async () => {
      await this.runs.cancelUnstartedSegments(runId, new Date());
      await this.finalizer.finalize(runId, { dataMissing: false, abandoned: cause });
    });
  }
}
