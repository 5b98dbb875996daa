import { Inject, Injectable } from '@nestjs/common';
import {
  STORED_JSON_VERSION,
  cronShortestGapSeconds,
  decodeStored,
  nextFireTimes,
  type ScheduleSlotView,
  type ScheduleView,
  type createScheduleSchema,
  type updateScheduleSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { PlansService } from '../plans/plans.service.js';
import { TargetsService } from '../targets/targets.service.js';
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
  labels: decodeStored('Schedule.labels', row.labels, STORED_JSON_VERSION, row.id),
  targetId: row.targetId,
});

/** Where the scheduler picks a schedule up: its next slot from now (none while disabled). */
const firstSlot = (cron: string, timezone: string, enabled: boolean) => (enabled ? (nextFireTimes(cron, timezone, 1)[0] ?? null) : null);

@Injectable()
export class SchedulesService {
  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly plans: PlansService,
    private readonly targets: TargetsService,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  /**
   * The target a schedule names, checked: another organization's id is not found (404). Null
   * stays null: the plan's own target, whichever that is when a slot fires.
   */
  private async targetOf(planTargetId: string, targetId: string | null): Promise<string | null> {
    if (targetId === null || targetId === planTargetId) return targetId;
    return (await this.targets.get(targetId)).id;
  }

  /** A cron whose slots can come closer than the installation allows is refused, naming the field. */
  private assertNotTooFrequent(cron: string): void {
    const gap = cronShortestGapSeconds(cron);
    const floor = this.env.LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS;
    if (gap >= floor) return;
    const message = `"${cron}" fires every ${gap} s; a schedule may fire at most once every ${floor} s (LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS)`;
    throw new ScheduleError(ScheduleErrorCode.SCHEDULE_TOO_FREQUENT, `Schedule refused: ${message}`, [{ path: 'cron', message }]);
  }

  private async schedule(id: string): Promise<ScheduleRow> {
    const row = await this.schedules.find(id);
    if (!row) throw new ScheduleError(ScheduleErrorCode.SCHEDULE_NOT_FOUND, `No schedule ${id}`);
    return row;
  }

  async create(planId: string, input: z.infer<typeof createScheduleSchema>): Promise<ScheduleView> {
    const plan = await this.plans.get(planId);
    this.assertNotTooFrequent(input.cron);
    const targetId = await this.targetOf(plan.targetId, input.targetId);
    const limit = this.env.LOADLINE_SCHEDULES_PER_ORGANIZATION;
    const created = await this.schedules.createWithin(limit, planId, { ...input, targetId, nextFireAt: firstSlot(input.cron, input.timezone, input.enabled) });
    if (!created) {
      throw new ScheduleError(
        ScheduleErrorCode.SCHEDULE_LIMIT_REACHED,
        `Your organization has ${limit} schedules, the most this installation allows (LOADLINE_SCHEDULES_PER_ORGANIZATION): delete one, or ask the operator for more`,
      );
    }
    return view(created);
  }

  async list(planId: string): Promise<ScheduleView[]> {
    await this.plans.get(planId);
    return (await this.schedules.forPlan(planId)).map((row) => view(row));
  }

  async update(id: string, input: z.infer<typeof updateScheduleSchema>): Promise<ScheduleView> {
    const row = await this.schedule(id);
    if (input.cron !== undefined) this.assertNotTooFrequent(input.cron);
    const targetId = input.targetId === undefined ? undefined : await this.targetOf((await this.plans.get(row.planId)).targetId, input.targetId);
    const next = { cron: row.cron, timezone: row.timezone, enabled: row.enabled, ...input };
    // A new timing (or re-enabling) starts from the next slot after now: no catching up on slots it never had.
    const retimed = input.cron !== undefined || input.timezone !== undefined || (input.enabled !== undefined && input.enabled !== row.enabled);
    return view(
      await this.schedules.update(id, {
        ...input,
        ...(targetId !== undefined ? { targetId } : {}),
        ...(retimed ? { nextFireAt: firstSlot(next.cron, next.timezone, next.enabled) } : {}),
      }),
    );
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
