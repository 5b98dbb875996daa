import { Injectable } from '@nestjs/common';
import { isTerminalRunStatus, loadFamilyKey, planSpecSchema, type PlanBaseline, type RunBaseline, type RunView } from '@loadline/shared';
import { PlansService } from '../plans/plans.service.js';
import { RunsService } from '../runs/runs.service.js';
import { ReportsService } from '../reports/reports.service.js';
import { BaselinesRepository } from './baselines.repository.js';
import { BaselineError, BaselineErrorCode } from './baselines.errors.js';

/** How far back the last passed run of the same load is looked for. */
const CANDIDATES = 100;

const when = (run: RunView) => new Date(run.createdAt).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Baselines: which run a plan's runs are compared with. A pinned run, or by default the
 * plan's last PASSED run of the same load (loadFamilyKey), before the run being judged.
 */
@Injectable()
export class BaselinesService {
  constructor(
    private readonly baselines: BaselinesRepository,
    private readonly plans: PlansService,
    private readonly runs: RunsService,
    private readonly reports: ReportsService,
  ) {}

  async ofPlan(planId: string): Promise<PlanBaseline> {
    const plan = await this.plans.get(planId);
    const pinned = await this.baselines.pinned(planId);
    if (pinned) {
      const run = await this.runs.get(pinned.runId);
      return { planId, pinned: { runId: run.id, pinnedAt: pinned.pinnedAt.toISOString() }, runId: run.id, rule: 'pinned', message: `Pinned: the run of ${when(run)} UTC` };
    }
    const last = await this.lastPassed(planId, loadFamilyKey(planSpecSchema.parse(plan.spec)), null);
    return {
      planId,
      pinned: null,
      runId: last?.id ?? null,
      rule: 'last-passed',
      message: last ? `The last passed run of this load, of ${when(last)} UTC` : 'No run of this load has passed yet: the next one that passes becomes the baseline',
    };
  }

  /** Pins a finished, measured run of the plan as its baseline. */
  async pin(planId: string, runId: string, userId: string | null): Promise<PlanBaseline> {
    await this.plans.get(planId);
    const run = await this.runs.get(runId).catch(() => null);
    const problem = !run || run.planId !== planId ? `Run ${runId} is not a run of this plan` : !isTerminalRunStatus(run.status) ? `Run ${runId} has not finished (${run.status})` : !run.summary?.overall.count ? `Run ${runId} measured nothing` : null;
    if (problem) throw new BaselineError(BaselineErrorCode.BASELINE_RUN_INVALID, `${problem}: a baseline is a finished run of the plan that measured requests`, [{ path: 'runId', message: problem }]);
    await this.baselines.pin(planId, runId, userId);
    return this.ofPlan(planId);
  }

  /** Back to the default: the last passed run of the same load. */
  async unpin(planId: string): Promise<PlanBaseline> {
    await this.plans.get(planId);
    await this.baselines.unpin(planId);
    return this.ofPlan(planId);
  }

  /** A run against its plan's baseline: the pinned run, or the last passed run of its load before it. */
  async ofRun(runId: string): Promise<RunBaseline> {
    const run = await this.runs.get(runId);
    const pinned = await this.baselines.pinned(run.planId);
    let baseline: { run: RunView; rule: 'pinned' | 'last-passed' } | null = null;
    if (pinned && pinned.runId !== run.id) baseline = { run: await this.runs.get(pinned.runId), rule: 'pinned' };
    else if (!pinned) {
      const spec = planSpecSchema.parse((await this.plans.version(run.planId, run.planVersion)).spec);
      const last = await this.lastPassed(run.planId, loadFamilyKey(spec), run);
      if (last) baseline = { run: last, rule: 'last-passed' };
    }
    if (!baseline) {
      const message = pinned ? 'This run is the pinned baseline' : 'No earlier run of this load passed: there is no baseline to compare with';
      return { runId, baseline: null, comparison: null, message };
    }
    const comparison = await this.reports.compare(baseline.run.id, run.id);
    const what = baseline.rule === 'pinned' ? 'the pinned baseline' : 'the last passed run of this load';
    return { runId, baseline: { runId: baseline.run.id, rule: baseline.rule, createdAt: baseline.run.createdAt }, comparison, message: `Against ${what}, of ${when(baseline.run)} UTC` };
  }

  /** The plan's newest PASSED run of this load, before `before` when given. */
  private async lastPassed(planId: string, family: string, before: RunView | null): Promise<RunView | null> {
    const passed = await this.runs.list({ planId, status: 'PASSED' }, CANDIDATES);
    const specs = new Map<number, string>();
    for (const candidate of passed) {
      if (before && (candidate.id === before.id || candidate.createdAt >= before.createdAt)) continue;
      if (!specs.has(candidate.planVersion)) specs.set(candidate.planVersion, loadFamilyKey(planSpecSchema.parse((await this.plans.version(planId, candidate.planVersion)).spec)));
      if (specs.get(candidate.planVersion) === family) return candidate;
    }
    return null;
  }
}
