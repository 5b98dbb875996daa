import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';
import { decodePlanVersion } from '../plans/plan-version-row.js';
import type { PlanSpec } from '@loadline/shared';

/**
 * Pinned baselines (PlanBaseline, one per plan and target) and the runs a baseline is chosen
 * from: the only access to them. Kept with runs because the finaliser judges a run against its baseline.
 */
@Injectable()
export class RunBaselinesRepository {
  constructor(private readonly db: DatabaseService) {}

  /** The run pinned as the plan's baseline against this target, if any (one per plan and target). */
  pinned(planId: string, targetId: string) {
    return this.db.scoped.planBaseline.findUnique({ where: { planId_targetId: { planId, targetId } } });
  }

  async pin(planId: string, targetId: string, runId: string, pinnedById: string | null): Promise<void> {
    await this.db.scoped.planBaseline.upsert({
      where: { planId_targetId: { planId, targetId } },
      create: withTenant({ planId, targetId, runId, pinnedById }),
      update: { runId, pinnedById, pinnedAt: new Date() },
    });
  }

  async unpin(planId: string, targetId: string): Promise<void> {
    await this.db.scoped.planBaseline.deleteMany({ where: { planId, targetId } });
  }

  /** The plan's PASSED runs against the target, newest first, created before `before` when given: ids and versions only. */
  passed(planId: string, targetId: string, before: Date | null, take: number) {
    return this.db.scoped.run.findMany({
      where: { planId, targetId, status: 'PASSED', ...(before ? { createdAt: { lt: before } } : {}) },
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
