import { Injectable } from '@nestjs/common';
import {
  DASHBOARD_REGRESSION_DAYS,
  compareRuns,
  comparisonCharts,
  sharedPhases,
  isTerminalRunStatus,
  runToCsv,
  runToJunit,
  trendPoints,
  trendPointsFromFigures,
  planTrendChanges,
  type PlanTrend,
  type RunComparison,
  type RunView,
} from '@loadline/shared';
import { PlansService, toPlanView } from '../plans/plans.service.js';
import { RunsService } from '../runs/runs.service.js';
import { RunLiveService } from '../runs/run-live.service.js';
import { RunFiguresRepository } from '../runs/run-figures.repository.js';
import { PlanRegressionsRepository } from '../runs/plan-regressions.repository.js';
import { RunBaselines } from '../runs/run-baselines.service.js';
import { RunTelemetryService } from '../telemetry/run-telemetry.service.js';
import { TargetsService } from '../targets/targets.service.js';
import { PlanRunsAnswers } from '../runs/plan-runs-answers.js';

export type ExportFormat = 'json' | 'csv' | 'junit';

/** Comparisons of two finished runs kept, by their ids and end times: the bootstrap is not free. */
const FINISHED_COMPARISONS = 500;

/** Change points of plans' trends kept (see changesOf). */
const TREND_CHANGES_KEPT = 500;

/** Trends kept (a few to a few tens of KB each), one per plan and question. */
const TRENDS_KEPT = 500;

/** How many past runs a dashboard sparkline shows. */
const SPARKLINE_RUNS = 20;

export interface ExportedFile {
  filename: string;
  contentType: string;
  body: string;
}

/** Reports built from runs already stored: trends over runs, comparisons, exports, the dashboard. */
@Injectable()
export class ReportsService {
  private readonly finishedComparisons = new Map<string, RunComparison>();
  private readonly trendChanges = new Map<string, PlanTrend['changePoints']>();
  /** Trends by plan, question and runs version (see trend). Callers must not mutate them. */
  private readonly trends = new PlanRunsAnswers<PlanTrend>(TRENDS_KEPT);

  constructor(
    private readonly runs: RunsService,
    private readonly live: RunLiveService,
    private readonly figures: RunFiguresRepository,
    private readonly plans: PlansService,
    private readonly regressions: PlanRegressionsRepository,
    private readonly baselines: RunBaselines,
    private readonly telemetry: RunTelemetryService,
    private readonly targets: TargetsService,
  ) {}

  /**
   * The plan's trend against one target (environment): the one named (another organization's
   * is not found), or the plan's own. Runs against two targets are never one trend.
   */
  async trend(
    planId: string,
    range: { from?: string; to?: string; limit: number; label?: { key: string; value: string }; targetId?: string },
  ): Promise<PlanTrend> {
    // The plan, its current version and its runs version in one statement (404 if not this organization's).
    const found = await this.plans.getWithVersion(planId);
    const plan = toPlanView(found);
    const targetId = range.targetId === undefined || range.targetId === plan.targetId ? plan.targetId : (await this.targets.get(range.targetId)).id;
    // The same question at the same runs version and plan version has the same answer: kept
    // (plan-runs-answers.ts), so a trend read again reads no run at all.
    const question = JSON.stringify([plan.version, targetId, range.from ?? null, range.to ?? null, range.limit, range.label ?? null]);
    return this.trends.get(planId, question, found.plan.runsVersion, async () => {
      // Read from the figures each run stored when it ended; each run's decoded once per process.
      const runs = await this.figures.forPlan(
        planId,
        { from: range.from ? new Date(range.from) : undefined, to: range.to ? new Date(range.to) : undefined, label: range.label, targetId },
        range.limit,
        { telemetry: true },
      );
      const points = trendPointsFromFigures(runs);
      return {
        planName: plan.name,
        targetId,
        from: range.from ?? null,
        to: range.to ?? null,
        points,
        thresholds: plan.spec.thresholds,
        changePoints: this.changesOf(`${planId}|${targetId}`, points),
      };
    });
  }

  /**
   * Change points of the whole run and of every request: kept per plan and target and the
   * exact runs they were found in, since each series' search is quadratic in runs and the
   * answer changes only when a run ends.
   */
  private changesOf(trend: string, points: PlanTrend['points']): PlanTrend['changePoints'] {
    const key = `${trend}|${points.length}|${points[0]?.runId ?? ''}|${points.at(-1)?.runId ?? ''}|${points.filter((point) => point.doubtful).length}`;
    let changes = this.trendChanges.get(key);
    if (!changes) {
      changes = planTrendChanges(points);
      if (this.trendChanges.size >= TREND_CHANGES_KEPT) this.trendChanges.delete(this.trendChanges.keys().next().value!);
      this.trendChanges.set(key, changes);
    }
    return changes;
  }

  /** Two runs side by side; each change judged against the noise in the runs' own seconds and, where there is one, the plan's history. */
  async compare(baseId: string, headId: string): Promise<RunComparison> {
    const [base, head] = await Promise.all([this.runs.get(baseId), this.runs.get(headId)]);
    const final = isTerminalRunStatus(base.status) && isTerminalRunStatus(head.status) && base.finishedAt !== null && head.finishedAt !== null;
    const key = `${base.id}|${base.finishedAt}|${head.id}|${head.finishedAt}`;
    const kept = final ? this.finishedComparisons.get(key) : undefined;
    if (kept) return kept;
    const specOf = async (run: RunView) => (await this.plans.version(run.planId, run.planVersion)).spec;
    const [baseSpec, headSpec, baseSeconds, headSeconds] = await Promise.all([
      specOf(base),
      specOf(head),
      this.live.samples(base.id),
      this.live.samples(head.id),
    ]);
    // Runs of one plan against one target: its history there says how much two of its runs
    // differ anyway. Across targets there is no such history (and the comparison says DIFFERENT_TARGET).
    const history =
      base.planId === head.planId && base.targetId === head.targetId
        ? await this.baselines.history(head.planId, head.targetId, new Date(Math.max(Date.parse(base.createdAt), Date.parse(head.createdAt))), [
            base.id,
            head.id,
          ])
        : null;
    const comparison: RunComparison = {
      ...compareRuns({ run: base, spec: baseSpec, seconds: baseSeconds }, { run: head, spec: headSpec, seconds: headSeconds }, history),
      charts: comparisonCharts(baseSeconds, headSeconds, sharedPhases(baseSpec, headSpec)),
    };
    if (final) {
      if (this.finishedComparisons.size >= FINISHED_COMPARISONS) this.finishedComparisons.delete(this.finishedComparisons.keys().next().value!);
      this.finishedComparisons.set(key, comparison);
    }
    return comparison;
  }

  async export(runId: string, format: ExportFormat): Promise<ExportedFile> {
    const run = await this.runs.get(runId);
    const stem = `${
      run.planName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'run'
    }-${run.createdAt.slice(0, 10)}-${run.id.slice(-6)}`;
    // The target's metrics beside the run: every second in the JSON, a row per series in the CSV.
    const telemetry = format === 'junit' ? null : await this.telemetry.view(run.id);
    const telemetrySeries = telemetry?.sources.length ? telemetry : null;
    switch (format) {
      case 'json':
        return { filename: `${stem}.json`, contentType: 'application/json', body: `${JSON.stringify({ ...run, telemetrySeries }, null, 2)}\n` };
      case 'csv':
        return { filename: `${stem}.csv`, contentType: 'text/csv; charset=utf-8', body: runToCsv(run, telemetrySeries) };
      case 'junit':
        return { filename: `${stem}.junit.xml`, contentType: 'application/xml; charset=utf-8', body: runToJunit(run) };
    }
  }

  /**
   * Recent runs, every plan with its latest verdict and p95 over its last runs (failing plans
   * first), and the regressions runs confirmed in their plans' trends lately.
   */
  async dashboard() {
    const since = new Date(Date.now() - DASHBOARD_REGRESSION_DAYS * 86_400_000);
    const [plans, recent, regressions] = await Promise.all([this.plans.list(), this.runs.list({}, 200), this.regressions.since(since, 20)]);
    const byPlan = new Map<string, RunView[]>();
    for (const run of recent) byPlan.set(run.planId, [...(byPlan.get(run.planId) ?? []), run]);
    const rank = (verdict: string | null | undefined) => (verdict === 'FAIL' ? 0 : verdict === 'INCONCLUSIVE' ? 1 : verdict === undefined ? 3 : 2);
    const rows = plans.map((plan) => {
      const runs = byPlan.get(plan.id) ?? [];
      const latest = runs[0];
      // The sparkline is a small trend: of the plan's own target only, like its trends page by default.
      const own = runs.filter((run) => run.targetId === plan.targetId);
      const p95 = trendPoints(own.slice(0, SPARKLINE_RUNS)).map((point) => point.overall.p95);
      return {
        id: plan.id,
        name: plan.name,
        version: plan.version,
        latest: latest ? { runId: latest.id, status: latest.status, verdict: latest.verdict, createdAt: latest.createdAt } : null,
        p95,
      };
    });
    rows.sort(
      (a, b) =>
        rank(a.latest?.verdict ?? (a.latest ? null : undefined)) - rank(b.latest?.verdict ?? (b.latest ? null : undefined)) || a.name.localeCompare(b.name),
    );
    return { recentRuns: recent.slice(0, 10), plans: rows, regressions };
  }
}
