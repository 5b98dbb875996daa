import { Injectable } from '@nestjs/common';
import { isTerminalRunStatus, type BaselineRule, type PlanBaseline, type RunBaseline, type RunView } from '@loadline/shared';
import { PlansService } from '../plans/plans.service.js';
import { RunsService } from '../runs/runs.service.js';
import { RunBaselines } from '../runs/run-baselines.service.js';
import { RunBaselinesRepository } from '../runs/run-baselines.repository.js';
import { ReportsService } from '../reports/reports.service.js';
import { TargetsService } from '../targets/targets.service.js';
import { BaselineError, BaselineErrorCode } from './baselines.errors.js';

const when = (run: RunView) => new Date(run.createdAt).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Baselines: which run a plan's runs are compared with, per target (environment). A pinned
 * run, or by default the plan's last PASSED run of the same load (loadFamilyKey) against the
 * same target, before the run being judged. A run
 * that ended keeps the baseline it was judged against (RunView.baseline).
 */
@Injectable()
export class BaselinesService {
  constructor(
    private readonly baselines: RunBaselinesRepository,
    private readonly choice: RunBaselines,
    private readonly plans: PlansService,
    private readonly runs: RunsService,
    private readonly reports: ReportsService,
    private readonly targets: TargetsService,
  ) {}

  /**
   * The target whose baseline is meant: the one named (another organization's is not found),
   * or the plan's own. Baselines are kept per target: runs of two environments are not like for like.
   */
  private async targetOf(plan: { targetId: string }, targetId: string | undefined): Promise<string> {
    if (targetId === undefined || targetId === plan.targetId) return plan.targetId;
    return (await this.targets.get(targetId)).id;
  }

  async ofPlan(planId: string, targetId?: string): Promise<PlanBaseline> {
    const plan = await this.plans.get(planId);
    const target = await this.targetOf(plan, targetId);
    const pinned = await this.baselines.pinned(planId, target);
    if (pinned) {
      const run = await this.runs.get(pinned.runId);
      return {
        planId,
        targetId: target,
        pinned: { runId: run.id, pinnedAt: pinned.pinnedAt.toISOString() },
        runId: run.id,
        rule: 'pinned',
        message: `Pinned: the run of ${when(run)} UTC`,
      };
    }
    const chosen = await this.choice.choose({ id: null, planId, targetId: target, createdAt: null, spec: plan.spec });
    const last = chosen ? await this.runs.get(chosen.runId) : null;
    return {
      planId,
      targetId: target,
      pinned: null,
      runId: last?.id ?? null,
      rule: 'last-passed',
      message: last
        ? `The last passed run of this load, of ${when(last)} UTC`
        : 'No run of this load has passed yet: the next one that passes becomes the baseline',
    };
  }

  /** Pins a finished, measured run of the plan as its baseline against the run's own target. */
  async pin(planId: string, runId: string, userId: string | null): Promise<PlanBaseline> {
    await this.plans.get(planId);
    const run = await this.runs.get(runId).catch(() => null);
    const problem =
      !run || run.planId !== planId
        ? `Run ${runId} is not a run of this plan`
        : !isTerminalRunStatus(run.status)
          ? `Run ${runId} has not finished (${run.status})`
          : !run.summary?.overall.count
            ? `Run ${runId} measured nothing`
            : null;
    if (problem)
      throw new BaselineError(BaselineErrorCode.BASELINE_RUN_INVALID, `${problem}: a baseline is a finished run of the plan that measured requests`, [
        { path: 'runId', message: problem },
      ]);
    await this.baselines.pin(planId, run!.targetId, runId, userId);
    return this.ofPlan(planId, run!.targetId);
  }

  /** Back to the default against the target (the plan's own unless named): the last passed run of the same load there. */
  async unpin(planId: string, targetId?: string): Promise<PlanBaseline> {
    const plan = await this.plans.get(planId);
    const target = await this.targetOf(plan, targetId);
    await this.baselines.unpin(planId, target);
    return this.ofPlan(planId, target);
  }

  /**
   * A run against its baseline: the one it was judged against when it ended, or (still going,
   * or ended before baselines were kept) the plan's pinned run or last passed run of its load before it.
   */
  async ofRun(runId: string): Promise<RunBaseline> {
    const run = await this.runs.get(runId);
    const chosen = run.baseline ?? (await this.choose(run));
    const baseline = chosen ? await this.runs.get(chosen.runId).catch(() => null) : null;
    if (!chosen || !baseline) {
      const pinned = await this.baselines.pinned(run.planId, run.targetId);
      const message = chosen
        ? 'The baseline this run was judged against has been deleted'
        : pinned?.runId === run.id
          ? 'This run is the pinned baseline'
          : 'No earlier run of this load passed: there is no baseline to compare with';
      return { runId, baseline: null, comparison: null, message };
    }
    const comparison = await this.reports.compare(baseline.id, run.id);
    const what = chosen.rule === 'pinned' ? 'the pinned baseline' : 'the last passed run of this load';
    return {
      runId,
      baseline: { runId: baseline.id, rule: chosen.rule, createdAt: baseline.createdAt },
      comparison,
      message: `Against ${what}, of ${when(baseline)} UTC`,
    };
  }

  private async choose(run: RunView): Promise<{ runId: string; rule: BaselineRule } | null> {
    // Chosen now as the finaliser would: for a run still going, and for runs that ended before choices were kept.
    const spec = (await this.plans.version(run.planId, run.planVersion)).spec;
    return this.choice.choose({ id: run.id, planId: run.planId, targetId: run.targetId, createdAt: new Date(run.createdAt), spec });
  }
}
