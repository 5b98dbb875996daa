import { Injectable } from '@nestjs/common';
import { STORED_JSON_VERSION, type PlanSpec } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';
import { decodePlanVersion, type PlanVersionRow } from './plan-version-row.js';
import type { TestPlan } from '../generated/prisma/client.js';
import { Memo } from '../common/memo.js';

/** Plan versions read (never changed once written), by id: a plan's current one is read once per process. */
const currentVersions = new Memo<PlanVersionRow>(2_000);

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

  /**
   * The plan and its current version. Most reads (a trend, a page of its runs, a run's start,
   * every route of a plan) ask this: one plain statement for the plan (with its runs version:
   * what a kept page or trend of its runs is checked against) and which version is current, and
   * that version (never changed once written) read and decoded once per process.
   */
  async findWithCurrentVersion(id: string): Promise<{ plan: TestPlan; version: PlanVersionRow } | null> {
    const [row] = await this.db.sql.rows<Omit<TestPlan, 'runsVersion'> & { runsVersion: string; versionId: string }>(
      `SELECT p.id, p."tenantId", p."targetId", p.name, p."currentVersion", p."createdAt" AT TIME ZONE 'UTC' AS "createdAt",
              p."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt", p."deletedAt" AT TIME ZONE 'UTC' AS "deletedAt",
              p."runsVersion", v.id AS "versionId"
       FROM "TestPlan" p JOIN "PlanVersion" v ON v."planId" = p.id AND v.version = p."currentVersion" AND v."tenantId" = $1
       WHERE p.id = $2 AND p."tenantId" = $1 AND p."deletedAt" IS NULL`,
      [id],
    );
    if (!row) return null;
    const { versionId, runsVersion, ...rest } = row;
    // pg gives a bigint as text; the row is the same TestPlan as Prisma's.
    const plan: TestPlan = { ...rest, runsVersion: BigInt(runsVersion) };
    let version = currentVersions.peek(versionId);
    if (version === undefined) {
      const stored = await this.db.scoped.planVersion.findUnique({ where: { id: versionId } });
      if (!stored) return null;
      version = currentVersions.get(versionId, () => decodePlanVersion(stored));
    }
    return { plan, version };
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
