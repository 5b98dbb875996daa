import { Injectable } from '@nestjs/common';
import { decodeStored, STORED_JSON_VERSION, type RunLabels } from '@loadline/shared';
import type { Prisma } from '../generated/prisma/client.js';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import { slotKey } from './slot-plan.js';

export interface ScheduleFields {
  cron: string;
  timezone: string;
  enabled: boolean;
  missedPolicy: string;
  overlapPolicy: string;
  nextFireAt: Date | null;
  labels: RunLabels;
  /** The target its runs go to; null: the plan's own. */
  targetId: string | null;
}

/** A slot taken by the scheduler: what to fire, for whom. */
export interface TakenSlot {
  scheduleId: string;
  tenantId: string;
  planId: string;
  slotAt: Date;
  outcome: 'PENDING' | 'SKIPPED_MISSED';
  overlapPolicy: string;
  /** The schedule's labels, for the run it starts. */
  labels: RunLabels;
  /** The target the run goes to; null: the plan's own. */
  targetId: string | null;
  /** Stored with the slot: how many slots were missed before it, and why. */
  detail: string | null;
  /** Taken again after its first process did not finish it: its run may exist already. */
  retry?: boolean;
}

interface DueSchedule {
  id: string;
  tenantId: string;
  planId: string;
  cron: string;
  timezone: string;
  nextFireAt: Date;
  missedPolicy: string;
  overlapPolicy: string;
  labels: unknown;
  targetId: string | null;
}

/** A schedule's labels as stored (Schedule has one JSON version). */
const labelsOf = (raw: unknown, id: string) => decodeStored('Schedule.labels', raw, STORED_JSON_VERSION, id);

@Injectable()
export class SchedulesRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Creates the schedule unless the organization has `limit` already (schedules of deleted
   * plans do not count); null then. Counted under a lock per organization held until the
   * insert commits, so schedules created at once cannot all slip under the limit.
   */
  createWithin(limit: number, planId: string, fields: ScheduleFields) {
    return this.db.scoped.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`schedule-count:${currentTenantId()}`}))`;
      const count = await tx.schedule.count({ where: { plan: { deletedAt: null } } });
      if (count >= limit) return null;
      return tx.schedule.create({ data: withTenant({ planId, ...fields, labels: fields.labels as Prisma.InputJsonObject }) });
    });
  }

  forPlan(planId: string) {
    return this.db.scoped.schedule.findMany({ where: { planId }, orderBy: { createdAt: 'asc' } });
  }

  find(id: string) {
    return this.db.scoped.schedule.findUnique({ where: { id } });
  }

  update(id: string, fields: Partial<ScheduleFields>) {
    const { labels, ...rest } = fields;
    return this.db.scoped.schedule.update({ where: { id }, data: { ...rest, ...(labels ? { labels: labels as Prisma.InputJsonObject } : {}) } });
  }

  delete(id: string) {
    return this.db.scoped.schedule.delete({ where: { id } });
  }

  slots(scheduleId: string, take = 100) {
    return this.db.scoped.scheduleSlot.findMany({ where: { scheduleId }, orderBy: { slotAt: 'desc' }, take });
  }

  /**
   * Records a look of the scheduler (any API process) and answers the one before it, if any:
   * the scheduler's own heartbeat, to tell a slot missed while nobody looked from one late.
   */
  async recordLook(now: Date): Promise<Date | null> {
    const [row] = await this.db.system.$queryRaw<{ previous: Date | null }[]>`
      WITH prev AS (SELECT "lastTickAt" FROM "SchedulerState" WHERE id = 1)
      INSERT INTO "SchedulerState" (id, "lastTickAt") VALUES (1, ${now})
      ON CONFLICT (id) DO UPDATE SET "lastTickAt" = GREATEST("SchedulerState"."lastTickAt", EXCLUDED."lastTickAt")
      RETURNING (SELECT "lastTickAt" FROM prev) AS previous`;
    return row?.previous ?? null;
  }

  /**
   * Claims up to `limit` due enabled schedules no other API process is claiming (row locks,
   * SKIP LOCKED), most overdue first: records each one's slot (the unique (schedule, slot) key
   * makes a slot fire once) and moves each to its next slot, in one transaction. `plan`
   * decides, per schedule, which slot it is at, whether slots were missed, and the next one.
   * Returns the slots recorded (a slot already recorded is not returned again).
   */
  async claimDue(
    now: Date,
    limit: number,
    plan: (schedule: { cron: string; timezone: string; nextFireAt: Date }) => { slotAt: Date; missed: { detail: string } | null; next: Date | null },
  ): Promise<TakenSlot[]> {
    return this.db.system.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueSchedule[]>`
        SELECT id, "tenantId", "planId", cron, timezone, "nextFireAt", "missedPolicy", "overlapPolicy", labels, "targetId"
        FROM "Schedule" WHERE enabled AND "nextFireAt" <= ${now}
        ORDER BY "nextFireAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      if (!due.length) return [];
      const decided = due.map((schedule) => {
        const decision = plan(schedule);
        const outcome: TakenSlot['outcome'] = decision.missed && schedule.missedPolicy === 'SKIP' ? 'SKIPPED_MISSED' : 'PENDING';
        return { schedule, decision, outcome };
      });
      // One statement records every slot and moves every schedule on (timestamps as UTC text,
      // as Prisma stores them; `createdAt` is when the slot was recorded, not when the claim began).
      const recorded = await tx.$queryRaw<{ scheduleId: string }[]>`
        WITH input AS (
          SELECT * FROM unnest(
            ${decided.map(({ schedule }) => schedule.id)}::text[], ${decided.map(({ schedule }) => schedule.tenantId)}::text[],
            ${decided.map(({ decision }) => decision.slotAt.toISOString())}::text[], ${decided.map(({ outcome }) => outcome)}::text[],
            ${decided.map(({ decision }) => decision.missed?.detail ?? null)}::text[], ${decided.map(({ decision }) => decision.next?.toISOString() ?? null)}::text[]
          ) AS u(id, tenant, slot, outcome, detail, next)
        ), moved AS (
          UPDATE "Schedule" AS s SET "nextFireAt" = i.next::timestamp(3), "updatedAt" = now() FROM input i WHERE s.id = i.id
        )
        INSERT INTO "ScheduleSlot" (id, "tenantId", "scheduleId", "slotAt", outcome, detail, "createdAt", "updatedAt")
        SELECT gen_random_uuid()::text, i.tenant, i.id, i.slot::timestamp(3), i.outcome, i.detail, clock_timestamp(), clock_timestamp() FROM input i
        ON CONFLICT ("scheduleId", "slotAt") DO NOTHING
        RETURNING "scheduleId"`;
      // A schedule is claimed once per transaction, so its id names the slot it recorded.
      const isNew = new Set(recorded.map((slot) => slot.scheduleId));
      return decided
        .filter(({ schedule }) => isNew.has(schedule.id))
        .map(({ schedule, decision, outcome }) => ({
          scheduleId: schedule.id,
          tenantId: schedule.tenantId,
          planId: schedule.planId,
          slotAt: decision.slotAt,
          outcome,
          overlapPolicy: schedule.overlapPolicy,
          labels: labelsOf(schedule.labels, schedule.id),
          targetId: schedule.targetId,
          detail: decision.missed?.detail ?? null,
        }));
    });
  }

  /** When the next enabled schedule is due (null: none is), to wake the scheduler then. */
  async nextDue(): Promise<Date | null> {
    const [row] = await this.db.system.$queryRaw<{ at: Date | null }[]>`SELECT min("nextFireAt") AS at FROM "Schedule" WHERE enabled`;
    return row?.at ?? null;
  }

  /**
   * Slots a process took but did not finish firing (it died), except those whose keys this
   * process is still firing: fired again, idempotently.
   */
  async stalePendingSlots(olderThan: Date, firingHere: string[]): Promise<TakenSlot[]> {
    const rows = await this.db.system.scheduleSlot.findMany({
      where: { outcome: 'PENDING', updatedAt: { lt: olderThan } },
      include: { schedule: { select: { planId: true, overlapPolicy: true, labels: true, targetId: true } } },
      orderBy: { slotAt: 'asc' },
      take: Math.min(500 + firingHere.length, 20_000),
    });
    const here = new Set(firingHere);
    return rows
      .map((row) => ({
        scheduleId: row.scheduleId,
        tenantId: row.tenantId,
        planId: row.schedule.planId,
        slotAt: row.slotAt,
        outcome: 'PENDING' as const,
        overlapPolicy: row.schedule.overlapPolicy,
        labels: labelsOf(row.schedule.labels, row.scheduleId),
        targetId: row.schedule.targetId,
        detail: row.detail,
      }))
      .filter((slot) => !here.has(slotKey(slot)));
  }

  settleSlot(scheduleId: string, slotAt: Date, outcome: string, runId: string | null, detail: string | null) {
    return this.db.system.scheduleSlot.update({ where: { scheduleId_slotAt: { scheduleId, slotAt } }, data: { outcome, runId, detail } });
  }
}
