import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';
import { decodePlanVersion } from '../plans/plan-version-row.js';
import type { PlanSpec } from '@loadline/shared';

/**
 * Pinned baselines (PlanBaseline) and the runs a baseline is chosen from: the only access to
 * them. Kept with runs because the finaliser judges a run against its baseline.
 */
@Injectable()
export class RunBaselinesRepository {
  constructor(private readonly db: DatabaseService) {}

  pinned(planId: string) {
    return this.db.scoped.planBaseline.findUnique({ where: { planId } });
  }

  async pin(planId: string, runId: string, pinnedById: string | null): Promise<void> {
    await this.db.scoped.planBaseline.upsert({
      where: { planId },
      create: withTenant({ planId, runId, pinnedById }),
      update: { runId, pinnedById, pinnedAt: new Date() },
    });
  }

  async unpin(planId: string): Promise<void> {
    await this.db.scoped.planBaseline.deleteMany({ where: { planId } });
  }

  /** The plan's PASSED runs, newest first, created before `before` when given: ids and versions only. */
  passed(planId: string, before: Date | null, take: number) {
    return this.db.scoped.run.findMany({
      where: { planId, status: 'PASSED', ...(before ? { createdAt: { lt: before } } : {}) },
      select: { id: true, createdAt: true, planVersionId: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
    });
  }

  async versionSpec(planVersionId: string): Promise<PlanSpec | null> {
    const row = await this.db.scoped.planVersion.findUnique({ where: { id: planVersionId } });
    return row ? decodePlanVersion(row).spec : null;
  }
}
