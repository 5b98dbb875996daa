import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { DomainError } from '../common/errors/domain-error.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunsService } from '../runs/runs.service.js';
import { DomainEvents } from '../events/domain-events.js';
import { SchedulesRepository, type TakenSlot } from './schedules.repository.js';
import { schedulerLag } from '../metrics/metrics.js';
import { planSlot, slotKey, type SchedulerGap } from './slot-plan.js';

/** Schedules taken per claim (one transaction): big enough that 10,000 due at once take ~10 claims. */
const CLAIM_BATCH = 1_000;
/** A slot still PENDING this long after it was taken, and not this process's: its process died while firing it. */
const STALE_PENDING_MS = 60_000;
/** How often a look also asks for such slots. */
const STALE_CHECK_MS = 15_000;

/**
 * Fires schedule slots exactly once each, on time, from every API process at once.
 *
 * PostgreSQL is the truth: a claim takes every due schedule no other process is claiming (row
 * locks, SKIP LOCKED) in batches, records one row per slot (its unique key makes a slot
 * fire once) and moves each schedule on, in one transaction; the run's idempotency key per
 * slot makes a retried fire start no second run. Claims are not capped: every due slot is
 * claimed in the same look. Starting the runs of claimed slots then happens beside the next
 * looks, a few at a time (LOADLINE_SCHEDULER_CONCURRENCY). The scheduler wakes when the next
 * slot is due (and at least every LOADLINE_SCHEDULER_INTERVAL_MS, to see schedules changed by
 * other processes), and records each look (SchedulerState), so a slot whose time fell while no
 * process was looking is told apart from one fired late: only the first is "missed".
 */
@Injectable()
export class SchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SchedulerService.name);
  private loop: Promise<void> | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  /** When this process's looks began failing (the database unreachable), if they are. */
  private failingSince: Date | null = null;
  /** Slots claimed here and not fired yet, in order, and every key queued or firing. */
  private readonly toFire: TakenSlot[] = [];
  private readonly inFlight = new Set<string>();
  private firing = 0;
  private idle: (() => void)[] = [];
  /** While a look claims, no new run starts: claiming on time comes first, starting follows. */
  private claiming = false;
  private staleCheckedAt = 0;

  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly runs: RunsService,
    private readonly events: DomainEvents,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    // Slots claimed but not fired stay PENDING: another process (or the next start) fires them.
    this.toFire.length = 0;
    if (this.firing) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** How long without a look makes a gap (slots due in it are missed): a few missed looks. */
  private get gapAfterMs(): number {
    return Math.max(10_000, 3 * this.env.LOADLINE_SCHEDULER_INTERVAL_MS);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let waitMs = this.env.LOADLINE_SCHEDULER_INTERVAL_MS;
      try {
        waitMs = await this.look();
        this.failingSince = null;
      } catch (error) {
        this.failingSince ??= new Date();
        this.logger.error({ err: (error as Error).message }, 'scheduler look failed');
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /**
   * Records the look, claims every due slot, hands them to firing, and says how long to sleep:
   * until the next slot is due, at most the interval.
   */
  async look(now = new Date()): Promise<number> {
    const lastLook = await this.schedules.recordLook(now);
    const gap = this.gapBefore(now, lastLook);
    // Until nothing is due: a per-second cron behind by a few seconds claims each of its slots.
    this.claiming = true;
    try {
      for (let claimed = -1; claimed !== 0 && !this.stopped;) {
        const slots = await this.schedules.claimDue(now, CLAIM_BATCH, (schedule) =>
          planSlot(schedule, now, gap, this.env.LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS),
        );
        claimed = slots.length;
        const claimedAt = Date.now();
        for (const slot of slots) schedulerLag.observe(Math.max(0, claimedAt - slot.slotAt.getTime()) / 1000);
        for (const slot of slots) this.queueFire(slot);
      }
    } finally {
      this.claiming = false;
      this.pump();
    }
    if (now.getTime() - this.staleCheckedAt >= STALE_CHECK_MS) {
      this.staleCheckedAt = now.getTime();
      const stale = await this.schedules.stalePendingSlots(new Date(now.getTime() - STALE_PENDING_MS), [...this.inFlight]);
      for (const slot of stale) this.queueFire({ ...slot, retry: true });
    }
    const nextDue = await this.schedules.nextDue();
    const untilDue = nextDue ? nextDue.getTime() - Date.now() : Infinity;
    return Math.max(0, Math.min(untilDue, this.env.LOADLINE_SCHEDULER_INTERVAL_MS));
  }

  /** Whether nobody looked for a while before now, and why; null when looks went on. */
  private gapBefore(now: Date, lastLook: Date | null): SchedulerGap | null {
    if (lastLook && now.getTime() - lastLook.getTime() <= this.gapAfterMs) return null;
    const cause =
      this.failingSince && (!lastLook || this.failingSince.getTime() <= lastLook.getTime() + this.gapAfterMs)
        ? 'the scheduler could not reach the database'
        : lastLook
          ? 'no Loadline API process was running the scheduler'
          : 'the scheduler had not run on this database yet';
    return { from: lastLook, to: now, cause };
  }

  private queueFire(slot: TakenSlot): void {
    const key = slotKey(slot);
    if (this.inFlight.has(key)) return;
    this.inFlight.add(key);
    this.toFire.push(slot);
    this.pump();
  }

  /** Fires queued slots, oldest claim first, at most LOADLINE_SCHEDULER_CONCURRENCY at once. */
  private pump(): void {
    while (!this.claiming && this.firing < this.env.LOADLINE_SCHEDULER_CONCURRENCY && this.toFire.length) {
      const slot = this.toFire.shift()!;
      this.firing++;
      void this.settle(slot)
        .catch((error: Error) =>
          this.logger.error(
            { scheduleId: slot.scheduleId, slotAt: slot.slotAt.toISOString(), err: error.message },
            'schedule slot not fired; retried when stale',
          ),
        )
        .finally(() => {
          this.firing--;
          this.inFlight.delete(slotKey(slot));
          if (!this.firing && (!this.toFire.length || this.stopped)) for (const resolve of this.idle.splice(0)) resolve();
          this.pump();
        });
    }
  }

  private async settle(slot: TakenSlot): Promise<void> {
    if (slot.outcome === 'SKIPPED_MISSED') return this.announceSkip(slot, 'SKIPPED_MISSED', slot.detail ?? 'missed');
    const key = slotKey(slot);
    await runAsTenant(slot.tenantId, async () => {
      // A retry of a slot whose run did start (the process died after) just records it.
      const earlier = slot.retry ? await this.runs.findStarted(key) : null;
      if (earlier) return this.schedules.settleSlot(slot.scheduleId, slot.slotAt, 'RAN', earlier.id, slot.detail);
      if (slot.overlapPolicy === 'SKIP' && (await this.runs.hasActiveRun(slot.planId))) {
        return this.skip(slot, 'SKIPPED_OVERLAP', 'the previous run of the plan was still going');
      }
      try {
        const run = await this.runs.start(slot.planId, 'SCHEDULE', null, {
          idempotencyKey: key,
          labels: slot.labels,
          ...(slot.targetId ? { targetId: slot.targetId } : {}),
        });
        await this.schedules.settleSlot(slot.scheduleId, slot.slotAt, 'RAN', run.id, slot.detail);
      } catch (error) {
        // Refusals (quota, a target gone or unverified) skip the slot; anything else is retried.
        if (!(error instanceof DomainError)) throw error;
        await this.skip(slot, error.code === 'QUOTA_EXCEEDED' ? 'SKIPPED_QUOTA' : 'SKIPPED_ERROR', error.message);
      }
    });
  }

  private async skip(slot: TakenSlot, outcome: string, detail: string): Promise<void> {
    await this.schedules.settleSlot(slot.scheduleId, slot.slotAt, outcome, null, detail);
    await this.announceSkip(slot, outcome, detail);
  }

  private async announceSkip(slot: TakenSlot, outcome: string, detail: string): Promise<void> {
    this.logger.log({ scheduleId: slot.scheduleId, slotAt: slot.slotAt.toISOString(), outcome }, 'schedule slot skipped');
    await runAsTenant(slot.tenantId, () =>
      this.events.emit('schedule.skipped', {
        schedule: { id: slot.scheduleId, planId: slot.planId },
        slotAt: slot.slotAt.toISOString(),
        reason: outcome,
        detail,
      }),
    );
  }
}
