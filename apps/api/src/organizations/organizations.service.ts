import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { PlanSpec, OrganizationView, Quotas, UsageView, updateQuotasSchema } from '@loadline/shared';
import type { z } from 'zod';
import { AuditService } from '../audit/audit.service.js';
import { OrganizationsRepository } from './organizations.repository.js';
import { OrganizationError, OrganizationErrorCode } from './organizations.errors.js';
import { monthOf, quotaViolations } from './quota-check.js';

type TenantRecord = Awaited<ReturnType<OrganizationsRepository['current']>>;

export function slugify(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return base || 'org';
}

const quotasOf = (tenant: TenantRecord): Quotas => ({
  maxVusPerRun: tenant.maxVus,
  maxRunDurationSeconds: tenant.maxDurationSeconds,
  maxConcurrentRuns: tenant.maxConcurrentRuns,
  monthlyVuMinutes: tenant.monthlyVuMinutes,
});

const view = (tenant: TenantRecord): OrganizationView => ({
  id: tenant.id,
  name: tenant.name,
  slug: tenant.slug,
  createdAt: tenant.createdAt.toISOString(),
  quotas: quotasOf(tenant),
});

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly audit: AuditService,
  ) {}

  async freeSlug(name: string): Promise<string> {
    const base = slugify(name);
    if (!(await this.organizations.slugTaken(base))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  /** A new organization with the user as its owner; returns the membership (with the tenant). */
  async createFor(userId: string, name: string) {
    const membership = await this.organizations.createOwnedBy(userId, name, await this.freeSlug(name));
    await this.audit.record('organization.created', {
      tenantIds: [membership.tenantId],
      actorUserId: userId,
      subject: { type: 'organization', id: membership.tenantId },
      details: { name },
    });
    return membership;
  }

  async current(): Promise<OrganizationView> {
    return view(await this.organizations.current());
  }

  async rename(name: string): Promise<OrganizationView> {
    const updated = await this.organizations.update({ name });
    await this.audit.record('organization.updated', { subject: { type: 'organization', id: updated.id }, details: { name } });
    return view(updated);
  }

  async updateQuotas(input: z.infer<typeof updateQuotasSchema>): Promise<OrganizationView> {
    const before = quotasOf(await this.organizations.current());
    const updated = await this.organizations.update({
      maxVus: input.maxVusPerRun,
      maxDurationSeconds: input.maxRunDurationSeconds,
      maxConcurrentRuns: input.maxConcurrentRuns,
      monthlyVuMinutes: input.monthlyVuMinutes,
    });
    const changes = Object.fromEntries(
      Object.entries(input).map(([quota, value]) => [quota, `${before[quota as keyof Quotas]} -> ${value}`]),
    );
    await this.audit.record('organization.quotas_changed', { subject: { type: 'organization', id: updated.id }, details: changes });
    return view(updated);
  }

  async usage(now = new Date()): Promise<UsageView> {
    const period = monthOf(now);
    const [tenant, concurrentRuns, vuMinutes] = await Promise.all([
      this.organizations.current(),
      this.organizations.activeRunCount(),
      this.organizations.vuMinutesSince(period.start),
    ]);
    return {
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      limits: quotasOf(tenant),
      usage: { concurrentRuns, vuMinutes: Math.round(vuMinutes * 100) / 100 },
    };
  }

  /**
   * Refuses a plan no run of which could ever start: more VUs or a longer duration than the
   * per-run limits (the limits that depend on usage are checked when a run starts).
   */
  async assertPlanWithinLimits(spec: PlanSpec): Promise<void> {
    const limits = quotasOf(await this.organizations.current());
    const violations = quotaViolations(limits, { activeRuns: 0, vuMinutesThisMonth: 0 }, spec).filter(
      (violation) => violation.quota === 'maxVusPerRun' || violation.quota === 'maxRunDurationSeconds',
    );
    if (violations.length) {
      throw new OrganizationError(
        OrganizationErrorCode.QUOTA_EXCEEDED,
        `Quota exceeded: ${violations.map((violation) => violation.message).join('; ')}`,
        violations.map((violation) => ({ path: violation.quota, message: `limit ${violation.limit}, this plan ${violation.current}: ${violation.message}` })),
      );
    }
  }

  /** Refuses (422 QUOTA_EXCEEDED, naming each limit and the usage) a run the quotas do not allow. */
  async assertRunAllowed(spec: PlanSpec): Promise<void> {
    const usage = await this.usage();
    const violations = quotaViolations(usage.limits, { activeRuns: usage.usage.concurrentRuns, vuMinutesThisMonth: usage.usage.vuMinutes }, spec);
    if (violations.length) {
      throw new OrganizationError(
        OrganizationErrorCode.QUOTA_EXCEEDED,
        `Quota exceeded: ${violations.map((violation) => violation.message).join('; ')}`,
        violations.map((violation) => ({ path: violation.quota, message: `limit ${violation.limit}, current ${Math.round(violation.current * 100) / 100}: ${violation.message}` })),
      );
    }
  }

  /** `beforeDelete` runs once the checks passed, just before the rows go (moving the caller's session away). */
  async delete(confirmSlug: string, beforeDelete: () => Promise<void> = async () => undefined): Promise<void> {
    const tenant = await this.organizations.current();
    if (confirmSlug !== tenant.slug) {
      throw new OrganizationError(OrganizationErrorCode.CONFIRMATION_MISMATCH, `Type the organization's slug "${tenant.slug}" to confirm`, [
        { path: 'confirmSlug', message: `must be ${tenant.slug}` },
      ]);
    }
    const active = await this.organizations.activeRunCount();
    if (active) throw new OrganizationError(OrganizationErrorCode.RUNS_ACTIVE, `${active} run(s) are still queued or running; cancel them first`);
    await beforeDelete();
    await this.organizations.deleteCurrent();
  }
}
