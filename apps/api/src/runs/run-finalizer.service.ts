import { Injectable, Logger } from '@nestjs/common';
import {
  combineDataUsage,
  decodeThresholdStop,
  isTerminalRunStatus,
  measuredVuMinutes,
  mergeSegmentsBySecond,
  needsBaseline,
  telemetryJudge,
  trendChanges,
  trendPointsFromFigures,
  type MergedSecond,
  type PlanSpec,
  type TelemetryJudge,
  type TrendChange,
} from '@loadline/shared';
import { RunsRepository } from './runs.repository.js';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { decideOutcome, type SegmentState } from './run-outcome.js';
import { segmentsStateKey, toRunView } from './run-view.js';
import { RunDigestsRepository, digestOf } from './run-digests.repository.js';
import { DomainEvents } from '../events/domain-events.js';
import { RunFiguresRepository } from './run-figures.repository.js';
import { RunBaselines } from './run-baselines.service.js';
import { PlanRegressionsRepository } from './plan-regressions.repository.js';
import { RunDataService } from './run-data.service.js';
import { RunSignals } from './run-signals.js';
import { RunTelemetryService } from '../telemetry/run-telemetry.service.js';

/** How many of a plan's latest runs a new run's change points are looked for in. */
const HISTORY_RUNS = 100;

/** Ends runs: merges what the segments measured, judges the SLA and stores the outcome. */
@Injectable()
export class RunFinalizer {
  private readonly logger = new Logger(RunFinalizer.name);

  constructor(
    private readonly runs: RunsRepository,
    private readonly runSeconds: RunSecondsRepository,
    private readonly digests: RunDigestsRepository,
    private readonly figures: RunFiguresRepository,
    private readonly baselines: RunBaselines,
    private readonly regressions: PlanRegressionsRepository,
    private readonly events: DomainEvents,
    private readonly signals: RunSignals,
    private readonly telemetry: RunTelemetryService,
    private readonly runData: RunDataService,
  ) {}

  /**
   * Finalises the run if every segment has finished and every second it announced has
   * arrived. Called after each finished segment and each late second; safe to call often.
   */
  async tryFinalize(runId: string): Promise<boolean> {
    const { finished, allSecondsIn } = await this.runSeconds.completeness(runId);
    if (!finished) return false;
    if (!allSecondsIn) {
      const moved = await this.runs.advanceStatus(runId, 'FINISHING', ['QUEUED', 'STARTING', 'RUNNING']);
      if (moved.count) await this.signals.changed(runId, 'state');
      return false;
    }
    return this.finalize(runId, { dataMissing: false });
  }

  /** Ends the run with what is there now. `abandoned` makes it ERRORED with that cause. */
  async finalize(runId: string, options: { dataMissing: boolean; abandoned?: { code: string; message: string } }) {
    const run = await this.runs.find(runId);
    if (!run) return false;
    const segments = await this.runs.segments(runId);
    const spec = run.planVersion.spec;
    // The baseline is chosen as the run ends and kept with it: pinning another one later does
    // not change what this run was judged against.
    const chosenBaseline = await this.baselines.choose({ id: run.id, planId: run.planId, targetId: run.targetId, createdAt: run.createdAt, spec });
    const judgeRelative = chosenBaseline !== null && needsBaseline(spec.thresholds);
    const seconds = await this.runSeconds.seconds(runId);
    let merged: ReturnType<typeof mergeSegmentsBySecond> | undefined;
    const mergedOnce = () => (merged ??= mergeSegmentsBySecond(seconds));
    const telemetry = await this.telemetryJudge(runId, spec, mergedOnce);
    const outcome = decideOutcome({
      runId,
      spec,
      chosenBaseline,
      baseline: judgeRelative ? await this.baselines.evidence(chosenBaseline, spec) : null,
      history: judgeRelative ? await this.baselines.history(run.planId, run.targetId, run.createdAt, [run.id, chosenBaseline.runId]) : null,
      segments: segments.map((segment): SegmentState => ({
        index: segment.index,
        status: segment.status,
        error: (segment.error as SegmentState['error']) ?? null,
        startedAt: segment.status === 'QUEUED' || segment.status === 'STARTING' ? null : segment.startedAt,
      })),
      seconds,
      dataMissing: options.dataMissing,
      abandoned: options.abandoned,
      cancelRequested: run.cancelRequestedAt !== null,
      // Before the run ends, its `error` holds nothing but a stop rule's breach, if any.
      stop: decodeThresholdStop(run.error),
      telemetry,
      data: run.manifest?.data
        ? combineDataUsage(
            run.manifest.data,
            segments.map((segment) => run.manifest!.dataUsage?.[String(segment.index)]),
            segments.length,
          )
        : undefined,
    });
    // The monthly quota counts what was used, as measured: the VUs k6 had busy each second,
    // added over the seconds and segments (what the plan asked for is no measure of a script).
    const vuMinutes = measuredVuMinutes(seconds.map((second) => second.sample));
    // Stored before the run is marked ended: a finished run's view is built once. Its failure
    // leaves the report without telemetry findings; it never keeps the run from ending.
    await this.telemetry.conclude(runId, spec, mergedOnce, outcome.capacity).catch((error: Error) => {
      this.logger.error({ runId, err: error.message }, "could not work out the run's telemetry findings");
    });
    // Its series and merged seconds, from the seconds just judged: kept so that no reader (after
    // a restart, on another replica) merges them again. Stored before the run is marked ended;
    // a failure only leaves the first reader to build them, never keeps the run from ending.
    // A run that has already ended (finalised again by a retried job) has its digest already.
    if (!isTerminalRunStatus(run.status)) {
      await this.digests.save(runId, segmentsStateKey(segments), digestOf(mergedOnce())).catch((error: Error) => {
        this.logger.error({ runId, err: error.message }, "could not store the run's digest");
      });
    }
    const done = await this.runs.finalize(runId, outcome, vuMinutes);
    if (done) {
      this.logger.log({ runId, status: outcome.status, verdict: outcome.verdict }, 'run finished');
      // Its data sets' slices need not wait in Redis for their TTL.
      if (run.manifest?.data?.length) {
        await this.runData
          .drop(runId)
          .catch((error: Error) => this.logger.warn({ runId, err: error.message }, "could not drop the run's data slices (they expire)"));
      }
      // Live viewers get the report before webhooks are worked out.
      await this.signals.changed(runId, 'state');
      const ended = await this.runs.find(runId);
      if (ended) {
        const view = toRunView(ended);
        const regressions = await this.announceRegressions(view.planId, view.targetId, view.id).catch((error: Error) => {
          this.logger.error({ runId, err: error.message }, 'could not look for change points');
          return [];
        });
        const baseline = () =>
          this.baselines.findings(view, spec).catch((error: Error) => {
            this.logger.error({ runId, err: error.message }, 'could not compare the run with its baseline');
            return null;
          });
        await this.events.emit('run.ended', { run: view, regressions, baseline });
      }
    }
    return done;
  }

  /**
   * The judge of the plan's telemetry thresholds, from the telemetry stored with the run;
   * none without such thresholds. A failure to read it leaves them INCONCLUSIVE and never
   * keeps the run from ending.
   */
  private async telemetryJudge(runId: string, spec: PlanSpec, merged: () => readonly MergedSecond[]): Promise<TelemetryJudge | undefined> {
    if (!spec.thresholds.some((threshold) => threshold.metric === 'telemetry')) return undefined;
    return this.telemetry.judge(runId, spec, merged).catch((error: Error) => {
      this.logger.error({ runId, err: error.message }, "could not read the run's telemetry to judge its thresholds");
      return telemetryJudge(null, 'its telemetry could not be read');
    });
  }

  /**
   * `plan.regression` for each step for the worse in the plan's trend that this run confirms:
   * found over the history with it, not without it (doubtful runs are no evidence), against its
   * own target only (another environment's runs are another trend). Answers them, for the run's own events.
   */
  private async announceRegressions(planId: string, targetId: string, runId: string): Promise<TrendChange[]> {
    const history = trendPointsFromFigures(await this.figures.forPlan(planId, { targetId }, HISTORY_RUNS));
    if (!history.some((point) => point.runId === runId && !point.doubtful)) return [];
    // A step already seen without this run (within 2 runs of where it is now) is not news.
    const position = new Map(history.map((point, index) => [point.runId, index]));
    const known = trendChanges(history.filter((point) => point.runId !== runId));
    const seen = (change: { stat: string; runId: string }) =>
      known.some((old) => old.stat === change.stat && Math.abs(position.get(old.runId)! - position.get(change.runId)!) <= 2);
    const confirmed: TrendChange[] = [];
    for (const change of trendChanges(history)) {
      if (!change.regression || seen(change)) continue;
      confirmed.push(change);
      this.logger.warn({ planId, runId, stat: change.stat, step: change.step }, "a run confirmed a regression in its plan's trend");
      await this.regressions.record(planId, runId, change);
      await this.events.emit('plan.regression', { planId, runId, change });
    }
    return confirmed;
  }
}
