import { Injectable } from '@nestjs/common';
import {
  HISTORY_RUNS,
  baselineFindings,
  compareRuns,
  historySpread,
  isTerminalRunStatus,
  trendPointsFromFigures,
  loadFamilyKey,
  mergeSegmentsBySecond,
  type BaselineEvidence,
  pairingOf,
  type BaselineFinding,
  type BaselineRule,
  type HistorySpread,
  type PlanSpec,
  type RunView,
  type SecondSample,
} from '@loadline/shared';
import { RunBaselinesRepository } from './run-baselines.repository.js';
import { RunsRepository } from './runs.repository.js';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { segmentsStateKey, toRunView } from './run-view.js';
import { RunDigestsRepository } from './run-digests.repository.js';
import { RunFiguresRepository } from './run-figures.repository.js';

/** How far back the last passed run of the same load is looked for. */
const CANDIDATES = 100;
/** Load families of plan versions kept in memory: a version's spec never changes. */
const FAMILIES_KEPT = 2_000;

export interface ChosenBaseline {
  runId: string;
  rule: BaselineRule;
}

/**
 * Which run a run is judged and compared against: the plan's pinned run against the run's
 * target, or else its last PASSED run of the same load (loadFamilyKey) against that target
 * created before it. Runs against another target (environment) are never a baseline. Used by the finaliser (which
 * stores the choice with the run) and by the baselines routes.
 */
@Injectable()
export class RunBaselines {
  private readonly families = new Map<string, string>();

  constructor(
    private readonly baselines: RunBaselinesRepository,
    private readonly runs: RunsRepository,
    private readonly runSeconds: RunSecondsRepository,
    private readonly digests: RunDigestsRepository,
    private readonly figures: RunFiguresRepository,
  ) {}

  /**
   * The plan's run-to-run spread from its runs up to `until` (history-noise.ts), leaving out
   * the runs being compared; null when it has too few runs.
   */
  async history(planId: string, targetId: string, until: Date, compared: readonly string[]): Promise<HistorySpread | null> {
    const points = trendPointsFromFigures(await this.figures.forPlan(planId, { to: until, targetId }, HISTORY_RUNS + compared.length));
    return historySpread(points, compared);
  }

  /**
   * The baseline of a run being judged (or of the plan's next run against the target, with
   * `run.id` null): only ever a run against the same target, pinned or last passed.
   */
  async choose(run: { id: string | null; planId: string; targetId: string; createdAt: Date | null; spec: PlanSpec }): Promise<ChosenBaseline | null> {
    const pinned = await this.baselines.pinned(run.planId, run.targetId);
    if (pinned) return pinned.runId === run.id ? null : { runId: pinned.runId, rule: 'pinned' };
    const last = await this.lastPassed(run.planId, run.targetId, loadFamilyKey(run.spec), run.createdAt);
    return last ? { runId: last, rule: 'last-passed' } : null;
  }

  /** What a relative threshold is judged on: the baseline's figures and seconds; null if it is gone. */
  async evidence(chosen: ChosenBaseline, spec: PlanSpec): Promise<BaselineEvidence | null> {
    const record = await this.runs.find(chosen.runId);
    const summary = record ? toRunView(record).summary : null;
    if (!record || !summary) return null;
    const seconds = await this.mergedSeconds(toRunView(record));
    const sameLoad = this.familyOf(record.planVersion.id, record.planVersion.spec) === loadFamilyKey(spec);
    return {
      runId: record.id,
      summary,
      seconds,
      unlike: sameLoad ? null : 'the pinned run ran another load profile',
      paired: sameLoad ? pairingOf(record.planVersion.spec, spec) : null,
    };
  }

  /**
   * A run that ended against the baseline it was judged with: the whole run's key figures, each
   * with its interval, as CI outputs and webhooks carry them. Null when it had no baseline (or it is gone).
   */
  async findings(run: RunView, spec: PlanSpec): Promise<{ runId: string; rule: BaselineRule; findings: BaselineFinding[]; regressions: number } | null> {
    if (!run.baseline) return null;
    const record = await this.runs.find(run.baseline.runId);
    if (!record) return null;
    const baseline = toRunView(record);
    const comparison = compareRuns(
      { run: baseline, spec: record.planVersion.spec, seconds: await this.mergedSeconds(baseline) },
      { run, spec, seconds: await this.mergedSeconds(run) },
      await this.history(run.planId, run.targetId, new Date(run.createdAt), [record.id, run.id]),
    );
    const findings = baselineFindings({ runId: run.id, baseline: { ...run.baseline, createdAt: record.createdAt.toISOString() }, comparison, message: '' });
    return { ...run.baseline, findings, regressions: findings.filter((finding) => finding.change === 'regression').length };
  }

  /** A run's seconds merged over segments: a finished run's from its digest (RunDigest) when it has one. */
  private async mergedSeconds(run: RunView): Promise<SecondSample[]> {
    const final = isTerminalRunStatus(run.status) && run.finishedAt !== null;
    const stored = final ? await this.digests.read(run.id, segmentsStateKey(run.segmentDetails), 'seconds').catch(() => null) : null;
    return stored ?? mergeSegmentsBySecond(await this.runSeconds.seconds(run.id)).map((second) => second.sample);
  }

  private async lastPassed(planId: string, targetId: string, family: string, before: Date | null): Promise<string | null> {
    for (const candidate of await this.baselines.passed(planId, targetId, before, CANDIDATES)) {
      const known = this.families.get(candidate.planVersionId);
      const candidateFamily = known ?? this.familyOf(candidate.planVersionId, await this.baselines.versionSpec(candidate.planVersionId));
      if (candidateFamily === family) return candidate.id;
    }
    return null;
  }

  private familyOf(planVersionId: string, spec: PlanSpec | null): string {
    let family = this.families.get(planVersionId);
    if (family === undefined) {
      // A version gone since (its plan deleted) is no load anything has.
      if (!spec) return '';
      family = loadFamilyKey(spec);
      if (this.families.size >= FAMILIES_KEPT) this.families.delete(this.families.keys().next().value!);
      this.families.set(planVersionId, family);
    }
    return family;
  }
}
