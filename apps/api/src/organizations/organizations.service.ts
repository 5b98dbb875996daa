import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { QUOTA_MAXIMA, type PlanSpec, type OrganizationView, type Quotas, type UsageView, type updateQuotasSchema } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import type { z } from 'zod';
import { DomainEvents } from '../events/domain-events.js';
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

/** The installation's ceilings: what the operator set, else the most any quota can be. */
export function ceilingsOf(env: ApiEnv): Quotas {
  return {
    maxVusPerRun: env.LOADLINE_CEILING_VUS_PER_RUN ?? QUOTA_MAXIMA.maxVusPerRun,
    maxRunDurationSeconds: env.LOADLINE_CEILING_RUN_DURATION_SECONDS ?? QUOTA_MAXIMA.maxRunDurationSeconds,
    maxConcurrentRuns: env.LOADLINE_CEILING_CONCURRENT_RUNS ?? QUOTA_MAXIMA.maxConcurrentRuns,
    monthlyVuMinutes: env.LOADLINE_CEILING_MONTHLY_VU_MINUTES ?? QUOTA_MAXIMA.monthlyVuMinutes,
  };
}

/** The quotas in force: the organization's own, each held to the ceiling (which may have been lowered since). */
const quotasOf = (tenant: TenantRecord, ceilings: Quotas): Quotas => ({
  maxVusPerRun: Math.min(tenant.maxVus, ceilings.maxVusPerRun),
  maxRunDurationSeconds: Math.min(tenant.maxDurationSeconds, ceilings.maxRunDurationSeconds),
  maxConcurrentRuns: Math.min(tenant.maxConcurrentRuns, ceilings.maxConcurrentRuns),
  monthlyVuMinutes: Math.min(tenant.monthlyVuMinutes, ceilings.monthlyVuMinutes),
});

@Injectable()
export class OrganizationsService {
  private readonly ceilings: Quotas;

  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly events: DomainEvents,
    @Inject(API_ENV) env: ApiEnv,
  ) {
    this.ceilings = ceilingsOf(env);
  }

  private view(tenant: TenantRecord): OrganizationView {
    return {
      id: tenant.id,
      name: tenant.name,
      slug: tenant.slug,
      createdAt: tenant.createdAt.toISOString(),
      quotas: quotasOf(tenant, this.ceilings),
      ceilings: this.ceilings,
    };
  }

  async freeSlug(name: string): Promise<string> {
    const base = slugify(name);
    if (!(await this.organizations.slugTaken(base))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  /** A new organization with the user as its owner; returns the membership (with the tenant). */
  async createFor(userId: string, name: string) {
    const membership = await this.organizations.createOwnedBy(userId, name, await this.freeSlug(name));
    await this.events.emit('organization.created', {
      tenantIds: [membership.tenantId],
      actorUserId: userId,
      subject: { type: 'organization', id: membership.tenantId },
      details: { name },
    });
    return membership;
  }

  async current(): Promise<OrganizationView> {
    return this.view(await this.organizations.current());
  }

  async rename(name: string): Promise<OrganizationView> {
    const updated = await this.organizations.update({ name });
    await this.events.emit('organization.updated', { subject: { type: 'organization', id: updated.id }, details: { name } });
    return this.view(updated);
  }

  async updateQuotas(input: z.infer<typeof updateQuotasSchema>): Promise<OrganizationView> {
    const above = (Object.entries(input) as Array<[keyof Quotas, number]>).filter(([quota, value]) => value > this.ceilings[quota]);
    if (above.length) {
      throw new OrganizationError(
        OrganizationErrorCode.QUOTA_ABOVE_CEILING,
        `This installation allows at most ${above.map(([quota]) => `${this.ceilings[quota].toLocaleString('en-US')} for ${quota}`).join(', ')}; ask its operator to raise the ceiling`,
        above.map(([quota, value]) => ({ path: quota, message: `${value} is above the installation's ceiling of ${this.ceilings[quota]}` })),
      );
    }
    const before = quotasOf(await this.organizations.current(), this.ceilings);
    const updated = await this.organizations.update({
      maxVus: input.maxVusPerRun,
      maxDurationSeconds: input.maxRunDurationSeconds,
      maxConcurrentRuns: input.maxConcurrentRuns,
      monthlyVuMinutes: input.monthlyVuMinutes,
    });
    const changes = Object.fromEntries(Object.entries(input).map(([quota, value]) => [quota, `${before[quota as keyof Quotas]} -> ${value}`]));
    await this.events.emit('organization.quotas_changed', { subject: { type: 'organization', id: updated.id }, details: changes });
    return this.view(updated);
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
      limits: quotasOf(tenant, this.ceilings),
      usage: { concurrentRuns, vuMinutes: Math.round(vuMinutes * 100) / 100 },
    };
  }

  /**
   * Refuses a plan no run of which could ever start: more VUs or a longer duration than the
   * per-run limits (the limits that depend on usage are checked when a run starts).
   */
  async assertPlanWithinLimits(spec: PlanSpec): Promise<void> {
    const limits = quotasOf(await this.organizations.current(), this.ceilings);
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
        violations.map((violation) => ({
          path: violation.quota,
          message: `limit ${violation.limit}, current ${Math.round(violation.current * 100) / 100}: ${violation.message}`,
        })),
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
