import { Injectable } from '@nestjs/common';
import { ACTIVE_RUN_STATUSES } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';

export interface QuotaColumns {
  maxVus?: number;
  maxDurationSeconds?: number;
  maxConcurrentRuns?: number;
  monthlyVuMinutes?: number;
}

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly db: DatabaseService) {}

  slugTaken(slug: string): Promise<boolean> {
    return this.db.system.tenant.count({ where: { slug } }).then((count) => count > 0);
  }

  /** A new organization owned by the user (system client: it has no tenant yet). */
  createOwnedBy(userId: string, name: string, slug: string) {
    return this.db.system.$transaction(async (tx) => {
      const tenant = await tx.tenant.create({ data: { name, slug } });
      return tx.membership.create({ data: { tenantId: tenant.id, userId, role: 'OWNER' }, include: { tenant: true } });
    });
  }

  current() {
    return this.db.scoped.tenant.findFirstOrThrow();
  }

  update(data: { name?: string } & QuotaColumns) {
    return this.db.scoped.$transaction(async (tx) => {
      const tenant = await tx.tenant.findFirstOrThrow({ select: { id: true } });
      return tx.tenant.update({ where: { id: tenant.id }, data });
    });
  }

  activeRunCount() {
    return this.db.scoped.run.count({ where: { status: { in: [...ACTIVE_RUN_STATUSES] } } });
  }

  async vuMinutesSince(start: Date): Promise<number> {
    const result = await this.db.scoped.run.aggregate({ where: { createdAt: { gte: start } }, _sum: { vuMinutes: true } });
    return result._sum.vuMinutes ?? 0;
  }

  /**
   * Deletes the organization and everything in it. Runs go first: they refer to plans and
   * targets, which may not be deleted while a run points at them.
   */
  deleteCurrent() {
    return this.db.scoped.$transaction(async (tx) => {
      const tenant = await tx.tenant.findFirstOrThrow({ select: { id: true } });
      await tx.run.deleteMany({});
      await tx.testPlan.deleteMany({});
      await tx.target.deleteMany({});
      await tx.tenant.delete({ where: { id: tenant.id } });
    });
  }
}
