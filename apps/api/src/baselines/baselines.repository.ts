import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

/** Pinned baselines (PlanBaseline), the only access to them. */
@Injectable()
export class BaselinesRepository {
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
}
