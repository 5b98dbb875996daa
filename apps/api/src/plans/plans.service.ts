import { Injectable } from '@nestjs/common';
import {
  SCRIPT_ENV,
  describeUnsupported,
  diffJson,
  translateK6Thresholds,
  type K6Thresholds,
  type ScriptCheck,
  type Threshold,
  type UnsupportedThreshold,
  generateK6Script,
  planSpecSchema,
  zodIssuesToDetails,
  type PlanDiff,
  type PlanListQuery,
  type PlanScript,
  type PlanSpec,
  type PlanVersionSummary,
  type PlanView,
  type updatePlanSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import type { TestPlan } from '../generated/prisma/client.js';
import type { PlanVersionRow } from './plan-version-row.js';
import { TargetsService } from '../targets/targets.service.js';
import { TargetError } from '../targets/targets.errors.js';
import { PlansRepository } from './plans.repository.js';
import { PlanError, PlanErrorCode } from './plans.errors.js';
import { ScriptChecker } from './script-checker.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { DataSetsService } from '../data-sets/data-sets.module.js';
import { currentTenantId } from '../tenancy/request-context.js';
import { checkPlanDataColumns } from './plan-data-check.js';

export interface PlanWithVersion {
  plan: TestPlan;
  version: PlanVersionRow;
}

export function toPlanView({ plan, version }: PlanWithVersion): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    targetId: plan.targetId,
    version: version.version,
    spec: version.spec,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

function unsupportedMessage(unsupported: readonly UnsupportedThreshold[]): string {
  const count = unsupported.length === 1 ? "one of the script's thresholds" : `${unsupported.length} of the script's thresholds`;
  return `Loadline cannot judge ${count}: ${describeUnsupported(unsupported)}`;
}

/** The script's thresholds as Loadline judges them; refused (422) when any cannot be judged, each named. */
function scriptThresholds(k6Thresholds: K6Thresholds, loadSeconds: number): Threshold[] {
  const translation = translateK6Thresholds(k6Thresholds, loadSeconds);
  if (translation.ok) return translation.thresholds;
  throw new PlanError(
    PlanErrorCode.SCRIPT_THRESHOLD_UNSUPPORTED,
    unsupportedMessage(translation.unsupported),
    translation.unsupported.map((item) => ({ path: 'script.source', message: `options.thresholds["${item.metric}"]: "${item.expression}": ${item.reason}` })),
  );
}

export interface PlanInput {
  name: string;
  targetId: string;
  spec: PlanSpec;
}

@Injectable()
export class PlansService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly targets: TargetsService,
    private readonly scripts: ScriptChecker,
    private readonly organizations: OrganizationsService,
    private readonly dataSets: DataSetsService,
  ) {}

  /** The plan's data sets exist and have the columns it references (422 naming the path otherwise). */
  private checkData(spec: PlanSpec): Promise<void> {
    const tenantId = currentTenantId();
    return checkPlanDataColumns(spec, (set, version) => this.dataSets.columnsOf(tenantId, set, version));
  }

  /**
   * A custom script is checked by k6 before it is saved; what k6 says it needs (VUs, duration)
   * is stored with it for quotas and deadlines, whatever the client sent, and the thresholds of
   * its options become the plan's own (marked fromScript, ahead of those the plan adds), or the
   * save is refused naming each one Loadline cannot judge. The client's fromScript thresholds
   * are replaced: the script is their source.
   */
  private async withCheckedScript(spec: PlanSpec, previous?: PlanSpec): Promise<PlanSpec> {
    if (!spec.script) return spec;
    const own = spec.thresholds.filter((threshold) => !threshold.fromScript);
    // The same source was checked when it was saved: no runner needed to rename the plan or change its thresholds.
    const known = previous?.script?.requirements;
    if (known?.k6Thresholds && previous!.script!.source === spec.script.source) {
      return { ...spec, script: previous!.script, thresholds: [...scriptThresholds(known.k6Thresholds, known.durationSeconds), ...own] };
    }
    const inspection = await this.scripts.check(spec.script.source);
    if (!inspection.ok) {
      const where = inspection.line !== undefined ? `line ${inspection.line}${inspection.column !== undefined ? `:${inspection.column}` : ''}: ` : '';
      throw new PlanError(PlanErrorCode.PLAN_INVALID, `k6 cannot run the script: ${where}${inspection.message}`, [
        { path: 'script.source', message: `${where}${inspection.message}` },
      ]);
    }
    const { maxVUs, durationSeconds, thresholds: k6Thresholds } = inspection;
    return {
      ...spec,
      script: { source: spec.script.source, requirements: { maxVUs, durationSeconds, k6Thresholds } },
      thresholds: [...scriptThresholds(k6Thresholds, durationSeconds), ...own],
    };
  }

  /** What k6 makes of a script, and the thresholds Loadline reads from its options (nothing is saved). */
  async checkScript(source: string): Promise<ScriptCheck> {
    const inspection = await this.scripts.check(source);
    if (!inspection.ok) return inspection;
    const translation = translateK6Thresholds(inspection.thresholds, inspection.durationSeconds);
    if (!translation.ok) return { ok: false, message: unsupportedMessage(translation.unsupported), unsupportedThresholds: translation.unsupported };
    return { ok: true, maxVUs: inspection.maxVUs, durationSeconds: inspection.durationSeconds, thresholds: translation.thresholds };
  }

  /** A plan must point at one of the caller's live targets; anything else is invalid input. */
  private async assertTarget(targetId: string): Promise<void> {
    try {
      await this.targets.getRecord(targetId);
    } catch (error) {
      if (error instanceof TargetError) {
        throw new PlanError(PlanErrorCode.PLAN_INVALID, `Invalid plan: no target with id ${targetId}`, [{ path: 'targetId', message: 'no such target' }]);
      }
      throw error;
    }
  }

  async create(input: PlanInput, createdById?: string): Promise<PlanView> {
    await this.assertTarget(input.targetId);
    await this.checkData(input.spec);
    const spec = await this.withCheckedScript(input.spec);
    await this.organizations.assertPlanWithinLimits(spec);
    return toPlanView(await this.plans.createWithFirstVersion({ ...input, spec, createdById }));
  }

  async list(filter: PlanListQuery = {}): Promise<PlanView[]> {
    // Another organization's target answers 404, as its own route does: an empty list would say it exists.
    if (filter.targetId) await this.targets.get(filter.targetId);
    return (await this.plans.listWithCurrentVersions(filter)).map(toPlanView);
  }

  async getWithVersion(id: string): Promise<PlanWithVersion> {
    const found = await this.plans.findWithCurrentVersion(id);
    if (!found) throw PlanError.notFound(id);
    return found;
  }

  async get(id: string): Promise<PlanView> {
    return toPlanView(await this.getWithVersion(id));
  }

  /** Any change makes a new version; runs keep pointing at the version they ran. */
  async update(id: string, patch: z.infer<typeof updatePlanSchema>, createdById?: string): Promise<PlanView> {
    const { plan, version } = await this.getWithVersion(id);
    const { name, targetId, load, requests, ...specPatch } = patch;
    if (targetId && targetId !== plan.targetId) await this.assertTarget(targetId);
    const current = version.spec;
    let scenarios = specPatch.scenarios ?? current.scenarios;
    if (load || requests) {
      if (scenarios.length !== 1) {
        throw new PlanError(PlanErrorCode.PLAN_INVALID, 'This plan has several scenarios: change them through "scenarios"', [
          { path: load ? 'load' : 'requests', message: 'only for plans with one scenario' },
        ]);
      }
      scenarios = [{ ...scenarios[0]!, ...(load ? { load } : {}), ...(requests ? { requests } : {}) }];
    }
    const patched: Record<string, unknown> = { ...current, ...specPatch, scenarios };
    // Switching to a custom script leaves the scenarios behind; null switches back (with scenarios given),
    // leaving the thresholds the script's options gave.
    if (specPatch.script) patched.scenarios = specPatch.scenarios ?? [];
    if (specPatch.script === null) {
      delete patched.script;
      if (!specPatch.thresholds) patched.thresholds = current.thresholds.filter((threshold) => !threshold.fromScript);
    }
    if (specPatch.grpc === null) delete patched.grpc;
    const merged = planSpecSchema.safeParse(patched);
    if (!merged.success) {
      // Errors of a shorthand change (load, requests) name the fields as the client wrote them.
      throw PlanError.invalid('Invalid plan after applying the change', zodIssuesToDetails(merged.error), load || requests ? {} : { scenarios: [] });
    }
    const next = { name: name ?? plan.name, targetId: targetId ?? plan.targetId, spec: merged.data };
    await this.checkData(next.spec);
    const spec = await this.withCheckedScript(next.spec, current);
    await this.organizations.assertPlanWithinLimits(spec);
    return toPlanView(await this.plans.addVersion(id, { ...next, spec, createdById }));
  }

  async remove(id: string): Promise<void> {
    await this.getWithVersion(id);
    await this.plans.softDelete(id);
  }

  async versions(id: string): Promise<PlanVersionSummary[]> {
    const { plan } = await this.getWithVersion(id);
    const versions = await this.plans.versions(id);
    const creators = [...new Set(versions.map((version) => version.createdById).filter((userId): userId is string => !!userId))];
    const emails = new Map((creators.length ? await this.plans.userEmails(creators) : []).map((user) => [user.id, user.email]));
    return versions.map((version) => ({
      version: version.version,
      name: version.name,
      targetId: version.targetId,
      createdAt: version.createdAt.toISOString(),
      createdBy: version.createdById ? (emails.get(version.createdById) ?? null) : null,
      current: version.version === plan.currentVersion,
    }));
  }

  /** One version as a plan view (what ran, for a run that kept an older version). */
  async version(id: string, number?: number): Promise<PlanView> {
    const { plan, version: current } = await this.getWithVersion(id);
    if (number === undefined || number === current.version) return toPlanView({ plan, version: current });
    const version = await this.plans.version(id, number);
    if (!version) throw new PlanError(PlanErrorCode.PLAN_VERSION_NOT_FOUND, `Plan ${id} has no version ${number} (it is at version ${current.version})`);
    return { ...toPlanView({ plan, version }), name: version.name, targetId: version.targetId };
  }

  /** What changed from version `from` to version `to` (default: the current one). */
  async diff(id: string, from: number, to?: number): Promise<PlanDiff> {
    const [before, after] = await Promise.all([this.version(id, from), this.version(id, to)]);
    const document = (view: PlanView) => ({ name: view.name, targetId: view.targetId, ...view.spec });
    return { from: before.version, to: after.version, changes: diffJson(document(before), document(after)) };
  }

  /** The exact script a run of the version would execute (the generator is pure: same spec, same text). */
  async script(id: string, number?: number): Promise<PlanScript> {
    const view = await this.version(id, number);
    const slug =
      view.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'plan';
    return {
      version: view.version,
      filename: `${slug}-v${view.version}.js`,
      script: generateK6Script(view.spec, { planName: view.name, planVersion: view.version }),
      env: Object.values(SCRIPT_ENV),
    };
  }
}
