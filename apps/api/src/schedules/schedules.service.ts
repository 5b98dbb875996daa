import { Injectable } from '@nestjs/common';
import { nextFireTimes, type ScheduleSlotView, type ScheduleView, type createScheduleSchema, type updateScheduleSchema } from '@loadline/shared';
import type { z } from 'zod';
import { PlansService } from '../plans/plans.service.js';
import { SchedulesRepository } from './schedules.repository.js';
import { ScheduleError, ScheduleErrorCode } from './schedules.errors.js';

type ScheduleRow = NonNullable<Awaited<ReturnType<SchedulesRepository['find']>>>;

const view = (row: ScheduleRow, now = new Date()): ScheduleView => ({
  id: row.id,
  planId: row.planId,
  cron: row.cron,
  timezone: row.timezone,
  enabled: row.enabled,
  missedPolicy: row.missedPolicy as ScheduleView['missedPolicy'],
  overlapPolicy: row.overlapPolicy as ScheduleView['overlapPolicy'],
  nextFireTimes: row.enabled ? nextFireTimes(row.cron, row.timezone, 5, now).map((date) => date.toISOString()) : [],
  createdAt: row.createdAt.toISOString(),
});

/** Where the scheduler picks a schedule up: its next slot from now (none while disabled). */
const firstSlot = (cron: string, timezone: string, enabled: boolean) => (enabled ? (nextFireTimes(cron, timezone, 1)[0] ?? null) : null);

@Injectable()
export class SchedulesService {
  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly plans: PlansService,
  ) {}

  private async schedule(id: string): Promise<ScheduleRow> {
    const row = await this.schedules.find(id);
    if (!row) throw new ScheduleError(ScheduleErrorCode.SCHEDULE_NOT_FOUND, `No schedule ${id}`);
    return row;
  }

  async create(planId: string, input: z.infer<typeof createScheduleSchema>): Promise<ScheduleView> {
    await this.plans.get(planId);
    return view(await this.schedules.create(planId, { ...input, nextFireAt: firstSlot(input.cron, input.timezone, input.enabled) }));
  }

  async list(planId: string): Promise<ScheduleView[]> {
    await this.plans.get(planId);
    return (await this.schedules.forPlan(planId)).map((row) => view(row));
  }

  async update(id: string, input: z.infer<typeof updateScheduleSchema>): Promise<ScheduleView> {
    const row = await this.schedule(id);
    const next = { cron: row.cron, timezone: row.timezone, enabled: row.enabled, ...input };
    // A new timing (or re-enabling) starts from the next slot after now: no catching up on slots it never had.
    const retimed = input.cron !== undefined || input.timezone !== undefined || (input.enabled !== undefined && input.enabled !== row.enabled);
    return view(await this.schedules.update(id, { ...input, ...(retimed ? { nextFireAt: firstSlot(next.cron, next.timezone, next.enabled) } : {}) }));
  }

  async delete(id: string): Promise<void> {
    await this.schedule(id);
    await this.schedules.delete(id);
  }

  async slots(id: string): Promise<ScheduleSlotView[]> {
    await this.schedule(id);
    return (await this.schedules.slots(id)).map((slot) => ({
      slotAt: slot.slotAt.toISOString(),
      outcome: slot.outcome as ScheduleSlotView['outcome'],
      runId: slot.runId,
      detail: slot.detail,
      createdAt: slot.createdAt.toISOString(),
    }));
  }
}
