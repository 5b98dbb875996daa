import { Injectable, Logger } from '@nestjs/common';
import {
  findStopBreach,
  longestStopRule,
  mergeSegmentsBySecond,
  planReservedVus,
  secondsEverySegmentReported,
  vuLimitBreach,
  type Threshold,
} from '@loadline/shared';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { RunsRepository } from './runs.repository.js';
import { RunSecondsRepository } from './run-seconds.repository.js';

const CACHE_SIZE = 1_000;

interface StopRules {
  thresholds: Threshold[];
  segments: number;
  /** Seconds to read back from a newly complete second: twice the longest rule, so a
   * second that completes late (its segments' jobs run in parallel) still closes a streak. */
  lookBack: number;
  /**
   * The VUs the run may have at once, held over its merged seconds when it has several
   * segments (each runner holds its own segment's share; their sum is held here).
   */
  runVus: number | null;
}

/**
 * Judges thresholds' stop rules while a run applies load, centrally, from the merged seconds
 * of all its segments: each second that every segment has now reported may complete a
 * breach (stop-rule.ts). The first breach is recorded on the run (its `error`, which every
 * view of a run shows) and every segment is told to stop the way a cancel does; the run then
 * ends FAILED when its segments have reported (RunFinalizer). Nothing here is kept in memory
 * but the plan's rules, so any API process can judge any second, after a restart too.
 */
@Injectable()
export class RunStopRules {
  private readonly logger = new Logger(RunStopRules.name);
  /** A run's plan never changes; null: no stop rules, nothing to do for its seconds. */
  private readonly rulesOfRun = new Map<string, StopRules | null>();

  constructor(
    private readonly runs: RunsRepository,
    private readonly runSeconds: RunSecondsRepository,
    private readonly runQueue: RunQueueService,
  ) {}

  /** Called for each stored second of a segment; cheap for runs without stop rules. */
  async onSecond(runId: string, t: number): Promise<void> {
    const rules = await this.rulesOf(runId);
    if (!rules) return;
    const { reporters, firstT } = await this.runSeconds.secondReporters(runId, t);
    // Until every segment has this second, it completes nothing.
    if (reporters < rules.segments || firstT === null) return;
    const stored = secondsEverySegmentReported(await this.runSeconds.seconds(runId, t - rules.lookBack), rules.segments);
    const merged = mergeSegmentsBySecond(stored).map((second) => second.sample);
    if (rules.runVus !== null && (await this.holdVuLimit(runId, rules.runVus, merged))) return;
    if (!rules.thresholds.length) return;
    const stop = findStopBreach(rules.thresholds, merged, firstT);
    if (!stop) return;
    const recorded = await this.runs.recordThresholdStop(runId, stop);
    // Recorded here or not (another process did, a cancel came first, the run is finishing):
    // either way this run will not be stopped by a rule again.
    this.rulesOfRun.set(runId, null);
    if (!recorded) return;
    this.logger.warn({ runId, thresholdIndex: stop.thresholdIndex, atSeconds: stop.atSeconds }, stop.message);
    await this.runQueue.stop(runId, 'threshold-breached');
  }

  /** Stops the run when its segments together have more VUs than it may; true when it did. */
  private async holdVuLimit(runId: string, runVus: number, merged: ReadonlyArray<{ vus: number; vusMax: number }>): Promise<boolean> {
    const breach = merged.map((second) => vuLimitBreach(runVus, second, 'run')).find((found) => found !== null);
    if (!breach) return false;
    // Every segment ends ERRORED with VU_LIMIT_EXCEEDED, which becomes the run's error.
    this.rulesOfRun.set(runId, null);
    this.logger.warn({ runId, limit: runVus }, breach.message);
    await this.runQueue.stop(runId, 'vu-limit');
    return true;
  }

  private async rulesOf(runId: string): Promise<StopRules | null> {
    if (this.rulesOfRun.has(runId)) return this.rulesOfRun.get(runId)!;
    const run = await this.runs.find(runId);
    if (!run) return null;
    const spec = run.planVersion.spec;
    const longest = longestStopRule(spec.thresholds);
    const runVus = run.segments > 1 ? planReservedVus(spec) : null;
    const rules =
      longest > 0 || runVus !== null
        ? { thresholds: longest > 0 ? spec.thresholds : [], segments: run.segments, lookBack: Math.max(2 * longest, 1), runVus }
        : null;
    if (this.rulesOfRun.size >= CACHE_SIZE) this.rulesOfRun.delete(this.rulesOfRun.keys().next().value!);
    this.rulesOfRun.set(runId, rules);
    return rules;
  }
}
