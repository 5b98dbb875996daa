import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

export interface ScheduleFields {
  cron: string;
  timezone: string;
  enabled: boolean;
  missedPolicy: string;
  overlapPolicy: string;
  nextFireAt: Date | null;
}

/** A slot taken by the scheduler: what to fire, for whom. */
export interface TakenSlot {
  scheduleId: string;
  tenantId: string;
  planId: string;
  slotAt: Date;
  outcome: 'PENDING' | 'SKIPPED_MISSED';
  overlapPolicy: string;
  missedCount: number;
}

@Injectable()
export class SchedulesRepository {
  constructor(private readonly db: DatabaseService) {}

  create(planId: string, fields: ScheduleFields) {
    return this.db.scoped.schedule.create({ data: withTenant({ planId, ...fields }) });
  }

  forPlan(planId: string) {
    return this.db.scoped.schedule.findMany({ where: { planId }, orderBy: { createdAt: 'asc' } });
  }

  find(id: string) {
    return this.db.scoped.schedule.findUnique({ where: { id } });
  }

  update(id: string, fields: Partial<ScheduleFields>) {
    return this.db.scoped.schedule.update({ where: { id }, data: fields });
  }

  delete(id: string) {
    return this.db.scoped.schedule.delete({ where: { id } });
  }

  slots(scheduleId: string, take = 100) {
    return this.db.scoped.scheduleSlot.findMany({ where: { scheduleId }, orderBy: { slotAt: 'desc' }, take });
  }

  /**
   * Takes the most overdue enabled schedule no other API process is taking (row lock, SKIP
   * LOCKED), records its slot (the unique (schedule, slot) key makes a slot fire once) and
   * moves it to its next slot, all in one transaction. `plan` decides, from the schedule and
   * now, which slot this is, whether it was missed, and the next one. Null: nothing is due.
   */
  async takeDueSlot(
    now: Date,
    plan: (schedule: { cron: string; timezone: string; nextFireAt: Date; missedPolicy: string }) => { slotAt: Date; missed: boolean; missedCount: number; next: Date | null },
  ): Promise<TakenSlot | null> {
    return this.db.system.$transaction(async (tx) => {
      const [due] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Schedule" WHERE enabled AND "nextFireAt" <= ${now} ORDER BY "nextFireAt" LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!due) return null;
      const schedule = await tx.schedule.findUniqueOrThrow({ where: { id: due.id } });
      const decision = plan({ cron: schedule.cron, timezone: schedule.timezone, nextFireAt: schedule.nextFireAt!, missedPolicy: schedule.missedPolicy });
      const outcome = decision.missed && schedule.missedPolicy === 'SKIP' ? 'SKIPPED_MISSED' : 'PENDING';
      const inserted = await tx.scheduleSlot.createMany({
        data: [{ tenantId: schedule.tenantId, scheduleId: schedule.id, slotAt: decision.slotAt, outcome, detail: decision.missed ? `${decision.missedCount} slot(s) missed while Loadline was down` : null }],
        skipDuplicates: true,
      });
      await tx.schedule.update({ where: { id: schedule.id }, data: { nextFireAt: decision.next } });
      if (inserted.count === 0) return null;
      return { scheduleId: schedule.id, tenantId: schedule.tenantId, planId: schedule.planId, slotAt: decision.slotAt, outcome, overlapPolicy: schedule.overlapPolicy, missedCount: decision.missedCount };
    });
  }

  /** Slots a process took but did not finish firing (it died): fired again, idempotently. */
  stalePendingSlots(olderThan: Date) {
    return this.db.system.scheduleSlot.findMany({
      where: { outcome: 'PENDING', updatedAt: { lt: olderThan } },
      include: { schedule: { select: { planId: true, overlapPolicy: true } } },
      take: 20,
    });
  }

  settleSlot(scheduleId: string, slotAt: Date, outcome: string, runId: string | null, detail: string | null) {
    return this.db.system.scheduleSlot.update({ where: { scheduleId_slotAt: { scheduleId, slotAt } }, data: { outcome, runId, detail } });
  }
}
