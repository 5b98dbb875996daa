import { Injectable } from '@nestjs/common';
import { storedRegressionSchema, type TrendChange } from '@loadline/shared';
import type { Prisma } from '../generated/prisma/client.js';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

/** Regressions runs confirmed in their plans' trends (PlanRegression): the only access to them. */
@Injectable()
export class PlanRegressionsRepository {
  constructor(private readonly db: DatabaseService) {}

  async record(planId: string, runId: string, change: TrendChange): Promise<void> {
    const stored = storedRegressionSchema.parse({ v: 1, change });
    await this.db.scoped.planRegression.create({ data: withTenant({ planId, runId, change: stored as unknown as Prisma.InputJsonValue }) });
  }

  /** The tenant's regressions confirmed since `since`, newest first, with their plan's name. */
  async since(since: Date, take: number) {
    const rows = await this.db.scoped.planRegression.findMany({
      where: { createdAt: { gte: since }, plan: { deletedAt: null } },
      orderBy: { createdAt: 'desc' },
      take,
      select: { planId: true, runId: true, change: true, createdAt: true, plan: { select: { name: true } } },
    });
    return rows.map((row) => ({
      planId: row.planId,
      planName: row.plan.name,
      confirmedBy: { runId: row.runId, at: row.createdAt.toISOString() },
      change: storedRegressionSchema.parse(row.change).change,
    }));
  }
}
