import { Injectable } from '@nestjs/common';
import { STORED_JSON_VERSION, type PlanSpec } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';
import { decodePlanVersion } from './plan-version-row.js';

export interface PlanVersionInput {
  name: string;
  targetId: string;
  spec: PlanSpec;
  createdById?: string;
}

/**
 * Tenant-scoped. A plan row points at its current version; versions are never changed. Versions
 * come out with their spec decoded (plan-version-row.ts).
 */
@Injectable()
export class PlansRepository {
  constructor(private readonly db: DatabaseService) {}

  createWithFirstVersion(input: PlanVersionInput) {
    return this.db.scoped.$transaction(async (tx) => {
      const plan = await tx.testPlan.create({
        data: withTenant({ name: input.name, targetId: input.targetId, currentVersion: 1 }),
      });
      const version = await tx.planVersion.create({
        data: withTenant({ planId: plan.id, version: 1, ...input, spec: input.spec as object, jsonVersion: STORED_JSON_VERSION }),
      });
      return { plan, version: decodePlanVersion(version) };
    });
  }

  /** Appends version N+1 and moves the plan to it, in one transaction. */
  addVersion(planId: string, input: PlanVersionInput) {
    return this.db.scoped.$transaction(async (tx) => {
      const current = await tx.testPlan.findFirstOrThrow({ where: { id: planId, deletedAt: null } });
      const next = current.currentVersion + 1;
      const version = await tx.planVersion.create({
        data: withTenant({ planId, version: next, ...input, spec: input.spec as object, jsonVersion: STORED_JSON_VERSION }),
      });
      const plan = await tx.testPlan.update({
        where: { id: planId },
        data: { currentVersion: next, name: input.name, targetId: input.targetId },
      });
      return { plan, version: decodePlanVersion(version) };
    });
  }

  async findWithCurrentVersion(id: string) {
    const plan = await this.db.scoped.testPlan.findFirst({ where: { id, deletedAt: null } });
    if (!plan) return null;
    const version = await this.db.scoped.planVersion.findFirst({ where: { planId: id, version: plan.currentVersion } });
    return version ? { plan, version: decodePlanVersion(version) } : null;
  }

  async listWithCurrentVersions(filter: { targetId?: string; q?: string } = {}) {
    const plans = await this.db.scoped.testPlan.findMany({
      where: { deletedAt: null, targetId: filter.targetId, ...(filter.q ? { name: { contains: filter.q, mode: 'insensitive' } } : {}) },
      orderBy: { createdAt: 'desc' },
    });
    if (plans.length === 0) return [];
    const versions = await this.db.scoped.planVersion.findMany({
      where: { OR: plans.map((plan) => ({ planId: plan.id, version: plan.currentVersion })) },
    });
    const byPlan = new Map(versions.map((version) => [version.planId, version]));
    return plans.flatMap((plan) => {
      const version = byPlan.get(plan.id);
      return version ? [{ plan, version: decodePlanVersion(version) }] : [];
    });
  }

  softDelete(id: string) {
    return this.db.scoped.testPlan.update({ where: { id }, data: { deletedAt: new Date() } });
  }

  async versions(planId: string) {
    return (await this.db.scoped.planVersion.findMany({ where: { planId }, orderBy: { version: 'desc' } })).map(decodePlanVersion);
  }

  async version(planId: string, version: number) {
    const row = await this.db.scoped.planVersion.findFirst({ where: { planId, version } });
    return row ? decodePlanVersion(row) : null;
  }

  userEmails(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }
}
