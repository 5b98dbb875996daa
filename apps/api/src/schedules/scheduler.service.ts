import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { nextFireAfter } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { DomainError } from '../common/errors/domain-error.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunsService } from '../runs/runs.service.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { SchedulesRepository } from './schedules.repository.js';

/** A slot more than this late was missed (the platform was down), not just picked up late. */
const MISSED_AFTER_MS = 60_000;
/** A slot still PENDING this long after it was taken: its process died while firing it. */
const STALE_PENDING_MS = 60_000;
/** How many missed slots are counted before giving up counting (a per-second cron down for a day). */
const MAX_MISSED_COUNTED = 10_000;

/**
 * Fires schedule slots, exactly once each, from every API process at once: PostgreSQL is the
 * truth (a row lock per schedule while a slot is taken, a unique key per slot, and the run's
 * idempotency key per slot), so two processes, restarts or a flushed Redis never double or
 * lose a slot. A slot taken by a process that died is fired again by the next tick.
 */
@Injectable()
export class SchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SchedulerService.name);
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly runs: RunsService,
    private readonly events: WebhookEvents,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.ticking || this.stopped) return;
      this.ticking = this.tick()
        .catch((error: Error) => this.logger.error({ err: error.message }, 'scheduler tick failed'))
        .finally(() => (this.ticking = undefined));
    }, this.env.LOADLINE_SCHEDULER_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
  }

  /** Which slot a due schedule is at, whether it was missed, and the one after now. Pure. */
  static planSlot(schedule: { cron: string; timezone: string; nextFireAt: Date; missedPolicy: string }, now: Date) {
    const after = (date: Date) => nextFireAfter(schedule.cron, schedule.timezone, date);
    let slotAt = schedule.nextFireAt;
    let missedCount = 0;
    if (now.getTime() - slotAt.getTime() > MISSED_AFTER_MS) {
      // Walk to the latest slot not after now: that is the one RUN_ONCE runs.
      for (let next = after(slotAt); next && next <= now && missedCount < MAX_MISSED_COUNTED; next = after(next)) {
        slotAt = next;
        missedCount++;
      }
      missedCount++;
    }
    const missed = now.getTime() - slotAt.getTime() > MISSED_AFTER_MS || missedCount > 0;
    return { slotAt, missed, missedCount, next: after(now) };
  }

  async tick(now = new Date()): Promise<void> {
    for (let taken = 0; taken < 50 && !this.stopped; taken++) {
      const slot = await this.schedules.takeDueSlot(now, (schedule) => SchedulerService.planSlot(schedule, now));
      if (!slot) break;
      if (slot.outcome === 'SKIPPED_MISSED') {
        await this.skipped(slot.tenantId, slot.scheduleId, slot.planId, slot.slotAt, 'SKIPPED_MISSED', `${slot.missedCount} slot(s) missed while Loadline was down`);
      } else {
        await this.fire(slot);
      }
    }
    for (const stale of await this.schedules.stalePendingSlots(new Date(now.getTime() - STALE_PENDING_MS))) {
      await this.fire({ scheduleId: stale.scheduleId, tenantId: stale.tenantId, planId: stale.schedule.planId, slotAt: stale.slotAt, overlapPolicy: stale.schedule.overlapPolicy });
    }
  }

  private async fire(slot: { scheduleId: string; tenantId: string; planId: string; slotAt: Date; overlapPolicy: string }): Promise<void> {
    const key = `schedule:${slot.scheduleId}:${slot.slotAt.toISOString()}`;
    await runAsTenant(slot.tenantId, async () => {
      // A retry of a slot whose run did start (the process died after) just records it.
      const earlier = await this.runs.findStarted(key);
      if (earlier) return this.schedules.settleSlot(slot.scheduleId, slot.slotAt, 'RAN', earlier.id, null);
      if (slot.overlapPolicy === 'SKIP' && (await this.runs.hasActiveRun(slot.planId))) {
        return this.skipped(slot.tenantId, slot.scheduleId, slot.planId, slot.slotAt, 'SKIPPED_OVERLAP', 'the previous run of the plan was still going');
      }
      try {
        const run = await this.runs.start(slot.planId, 'SCHEDULE', null, { idempotencyKey: key });
        await this.schedules.settleSlot(slot.scheduleId, slot.slotAt, 'RAN', run.id, null);
      } catch (error) {
        // Refusals (quota, a target gone or unverified) skip the slot; anything else is retried.
        if (!(error instanceof DomainError)) throw error;
        const outcome = error.code === 'QUOTA_EXCEEDED' ? 'SKIPPED_QUOTA' : 'SKIPPED_ERROR';
        await this.skipped(slot.tenantId, slot.scheduleId, slot.planId, slot.slotAt, outcome, error.message);
      }
    });
  }

  private async skipped(tenantId: string, scheduleId: string, planId: string, slotAt: Date, outcome: string, detail: string): Promise<void> {
    await this.schedules.settleSlot(scheduleId, slotAt, outcome, null, detail);
    this.logger.log({ scheduleId, slotAt: slotAt.toISOString(), outcome }, 'schedule slot skipped');
    await runAsTenant(tenantId, () => this.events.emit('schedule.skipped', { schedule: { id: scheduleId, planId }, slotAt: slotAt.toISOString(), reason: outcome, detail }));
  }
}
