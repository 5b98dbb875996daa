import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Observable, type Subscriber } from 'rxjs';
import {
  allSteps,
  decodeThresholdStop,
  foldOldSeconds,
  isTerminalRunStatus,
  liveThresholds,
  mergeSegmentsBySecond,
  toSeriesPoints,
  type LiveProgress,
  type LiveThreshold,
  type RunView,
  type SecondSample,
  type SeriesPoint,
  type Threshold,
  type ThresholdStop,
} from '@loadline/shared';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { RunsRepository } from './runs.repository.js';
import { RunsService } from './runs.service.js';
import { RunSignals, type RunSignal } from './run-signals.js';

/** `telemetry`: the target's metrics have new seconds (at most one a second): read GET /runs/:id/telemetry again. */
export interface LiveEvent {
  type: 'progress' | 'end' | 'telemetry';
  data: LiveProgress | RunView | { runId: string };
}

const TICK_MS = 1_000;
/** Signals come in bursts (one per segment per second): one read serves a burst. */
const COALESCE_MS = 100;
/** A run nothing was heard of for this long is read again, in case a signal was lost. */
const QUIET_CHECK_MS = 60_000;

/** One run watched by this process: what its viewers share. */
interface Watched {
  runId: string;
  tenantId: string;
  viewers: Set<Subscriber<LiveEvent>>;
  ready: Promise<void>;
  run?: RunView;
  /** Every second older than the newest (complete: no segment adds to it), oldest first. */
  completed: SeriesPoint[];
  /** The newest second, still growing while segments report it. */
  current: SeriesPoint | null;
  /**
   * The completed seconds with their histograms, which the thresholds' standing so far is
   * judged on (percentiles are never read from per-second percentiles): the older ones folded
   * into chunks read the same way (second-folding.ts), the newest as they are. Held while
   * viewers watch.
   */
  folded: SecondSample[];
  samples: SecondSample[];
  /** The run's plan's thresholds and request order (the version it runs never changes). */
  rules?: { thresholds: Threshold[]; requestOrder: string[] };
  /** The stop rule that stopped the run, once it has. */
  stop: ThresholdStop | null;
  /** Each threshold's standing on `samples`, judged again when a second completes. */
  thresholds: LiveThreshold[];
  firstT?: number;
  requests: number;
  pending: { second: boolean; state: boolean };
  reading: Promise<void> | null;
  timer: NodeJS.Timeout;
  heardAt: number;
  /** When the viewers last got an event: the clock's tick is only for a second without one. */
  sentAt: number;
  /** A second of the target's metrics was stored since the last tick (told with the next one). */
  telemetryChanged: boolean;
}

/**
 * Live progress of runs, pushed: each API process reads a watched run once when a signal says
 * something is new (RunSignals, from ingest and every status change in any process) and sends
 * the result to all its viewers; nothing is read while nothing arrives. A viewer's first event
 * carries every completed second so far, so a reconnecting viewer has no gap to fill. Once a
 * second the viewers get the clock (elapsed, remaining) and, for a run still in line, where it
 * stands (from Redis).
 */
@Injectable()
export class RunLiveHub implements OnModuleDestroy {
  private readonly logger = new Logger(RunLiveHub.name);
  private readonly watched = new Map<string, Watched>();
  private stopListening?: () => void;

  constructor(
    private readonly runSeconds: RunSecondsRepository,
    private readonly service: RunsService,
    private readonly runQueue: RunQueueService,
    private readonly signals: RunSignals,
    private readonly runs: RunsRepository,
  ) {}

  /** Emits `progress` once a second and `end` (the final report) when the run is over. */
  stream(runId: string, tenantId: string): Observable<LiveEvent> {
    return new Observable<LiveEvent>((viewer) => {
      const watched = this.watch(runId, tenantId);
      watched.viewers.add(viewer);
      watched.ready.then(
        () => {
          if (!viewer.closed) this.greet(watched, viewer);
        },
        (error: unknown) => viewer.error(error),
      );
      return () => {
        watched.viewers.delete(viewer);
        if (watched.viewers.size === 0) this.unwatch(watched);
      };
    });
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    for (const watched of this.watched.values()) clearInterval(watched.timer);
  }

  /** How many runs this process follows (for tests and metrics). */
  get watchedRuns(): number {
    return this.watched.size;
  }

  private watch(runId: string, tenantId: string): Watched {
    // A run id belongs to one organization, and the route checked the caller may read it.
    const existing = this.watched.get(runId);
    if (existing) return existing;
    this.stopListening ??= this.signals.listen(
      (signal) => this.onSignal(signal),
      () => {
        for (const watched of this.watched.values()) this.schedule(watched, { second: true, state: true });
      },
    );
    const watched: Watched = {
      runId,
      tenantId,
      viewers: new Set(),
      ready: Promise.resolve(),
      completed: [],
      current: null,
      folded: [],
      samples: [],
      stop: null,
      thresholds: [],
      requests: 0,
      pending: { second: false, state: false },
      reading: null,
      timer: setInterval(() => void this.tick(watched), TICK_MS),
      heardAt: Date.now(),
      sentAt: 0,
      telemetryChanged: false,
    };
    watched.ready = this.read(watched, { second: true, state: true }).then(() => undefined);
    // Reads of a run follow each other: a signal during the first read waits for it.
    watched.reading = watched.ready;
    watched.ready.catch(() => this.unwatch(watched));
    this.watched.set(runId, watched);
    return watched;
  }

  private unwatch(watched: Watched): void {
    clearInterval(watched.timer);
    if (this.watched.get(watched.runId) === watched) this.watched.delete(watched.runId);
  }

  private onSignal(signal: RunSignal): void {
    const watched = this.watched.get(signal.runId);
    if (!watched) return;
    // Nothing to read here: the viewers read the telemetry themselves, told once a second at most.
    if (signal.change === 'telemetry') watched.telemetryChanged = true;
    else this.schedule(watched, { second: signal.change === 'second', state: signal.change === 'state' });
  }

  /** Reads what the signals said is new, once per burst, one read at a time per run. */
  private schedule(watched: Watched, what: { second: boolean; state: boolean }): void {
    watched.heardAt = Date.now();
    const queued = watched.pending.second || watched.pending.state;
    watched.pending.second ||= what.second;
    watched.pending.state ||= what.state;
    if (queued) return;
    setTimeout(() => void this.drain(watched), COALESCE_MS);
  }

  private async drain(watched: Watched): Promise<void> {
    await watched.reading?.catch(() => undefined);
    if (!(watched.pending.second || watched.pending.state) || !this.watched.has(watched.runId)) return;
    const what = { ...watched.pending };
    watched.pending = { second: false, state: false };
    watched.reading = this.read(watched, what).then(
      (fresh) => this.broadcast(watched, fresh),
      (error: unknown) => this.logger.warn({ runId: watched.runId, err: String(error) }, 'live read failed'),
    );
    await watched.reading;
  }

  /** Reads the run (on a state change) and the seconds after the last complete one. */
  private read(watched: Watched, what: { second: boolean; state: boolean }): Promise<SeriesPoint[]> {
    return runAsTenant(watched.tenantId, async () => {
      if (what.state || !watched.run) {
        watched.run = await this.service.get(watched.runId);
        await this.readRules(watched);
      }
      if (!what.second) return [];
      const after = watched.completed.at(-1)?.t ?? 0;
      const merged = mergeSegmentsBySecond(await this.runSeconds.seconds(watched.runId, after));
      const fresh = toSeriesPoints(merged);
      watched.firstT ??= fresh[0]?.t;
      // Elapsed counts from the run's first second, not from this batch's.
      for (const point of fresh) point.elapsed = point.t - (watched.firstT ?? point.t);
      const completed = fresh.slice(0, -1);
      for (const point of completed) watched.requests += point.rps;
      watched.completed.push(...completed);
      watched.current = fresh.at(-1) ?? watched.current;
      if (completed.length) {
        watched.samples.push(...merged.slice(0, -1).map((second) => second.sample));
        if (watched.rules) {
          const { folded, raw } = foldOldSeconds(watched.rules.thresholds, watched.samples, watched.firstT ?? watched.samples[0]!.t);
          watched.folded.push(...folded);
          watched.samples = raw;
        }
        await this.judgeThresholds(watched);
      }
      return completed;
    }) as Promise<SeriesPoint[]>;
  }

  /** The plan's thresholds (once) and the stop rule that stopped the run, if one has. */
  private async readRules(watched: Watched): Promise<void> {
    if (watched.rules && (watched.stop || !watched.rules.thresholds.some((threshold) => threshold.stop))) return;
    const record = await this.runs.find(watched.runId);
    if (!record) return;
    const spec = record.planVersion.spec;
    if (!watched.rules) {
      watched.rules = { thresholds: spec.thresholds, requestOrder: allSteps(spec).map((request) => request.name) };
      // Before the first second: every threshold is waiting for its samples, and says so.
      watched.thresholds = this.standing(watched);
    }
    const stop = decodeThresholdStop(record.error);
    if (stop && !watched.stop) {
      watched.stop = stop;
      if (watched.samples.length || watched.folded.length) watched.thresholds = this.standing(watched);
    }
  }

  private standing(watched: Watched): LiveThreshold[] {
    const rules = watched.rules;
    if (!rules?.thresholds.length) return [];
    const seconds = watched.folded.length ? [...watched.folded, ...watched.samples] : watched.samples;
    return liveThresholds(rules.thresholds, seconds, { requestOrder: rules.requestOrder, stop: watched.stop });
  }

  /**
   * Judges the thresholds on the seconds so far. A stop rule's breach that has lasted its
   * length may just have stopped the run (RunStopRules records it on the run): read it then.
   */
  private async judgeThresholds(watched: Watched): Promise<void> {
    watched.thresholds = this.standing(watched);
    const full = watched.thresholds.some(
      (status) => status.stop && status.stop.stoppedAtSeconds === null && status.stop.breachingSeconds >= status.stop.afterSeconds,
    );
    if (full && !watched.stop) await this.readRules(watched);
  }

  private broadcast(watched: Watched, fresh: SeriesPoint[]): void {
    const run = watched.run!;
    if (isTerminalRunStatus(run.status)) {
      for (const viewer of watched.viewers) {
        viewer.next({ type: 'end', data: run });
        viewer.complete();
      }
      this.unwatch(watched);
      return;
    }
    const progress = this.progress(watched, fresh);
    watched.sentAt = Date.now();
    for (const viewer of watched.viewers) viewer.next({ type: 'progress', data: progress });
  }

  private greet(watched: Watched, viewer: Subscriber<LiveEvent>): void {
    const run = watched.run!;
    if (isTerminalRunStatus(run.status)) {
      viewer.next({ type: 'end', data: run });
      viewer.complete();
      return;
    }
    viewer.next({ type: 'progress', data: this.progress(watched, watched.completed) });
  }

  /** Once a second: the clock, where a waiting run stands (Redis), and a check on a quiet run. */
  private async tick(watched: Watched): Promise<void> {
    const run = watched.run;
    if (!run || watched.viewers.size === 0) return;
    if (watched.telemetryChanged && !isTerminalRunStatus(run.status)) {
      watched.telemetryChanged = false;
      for (const viewer of watched.viewers) viewer.next({ type: 'telemetry', data: { runId: run.id } });
    }
    if (Date.now() - watched.heardAt > QUIET_CHECK_MS) this.schedule(watched, { second: true, state: true });
    if (run.status === 'QUEUED' || run.status === 'STARTING') {
      const views = await this.runQueue.views([{ id: run.id, status: run.status, segments: run.segments }]).catch(() => null);
      if (views && watched.run === run) watched.run = { ...run, queue: views.get(run.id) ?? null };
    }
    if (Date.now() - watched.sentAt < TICK_MS - 100) return;
    const progress = this.progress(watched, []);
    watched.sentAt = Date.now();
    for (const viewer of watched.viewers) viewer.next({ type: 'progress', data: progress });
  }

  private progress(watched: Watched, points: SeriesPoint[]): LiveProgress {
    const run = watched.run!;
    const current = watched.current;
    const elapsed = run.startedAt ? Math.max(0, (Date.now() - Date.parse(run.startedAt)) / 1000) : 0;
    return {
      runId: run.id,
      status: run.status,
      elapsedSeconds: Math.round(elapsed),
      remainingSeconds: run.startedAt ? Math.max(0, Math.round(run.plannedSeconds - elapsed)) : null,
      plannedSeconds: run.plannedSeconds,
      vus: current?.vus ?? 0,
      rps: current?.rps ?? 0,
      p50: current?.p50 ?? null,
      p95: current?.p95 ?? null,
      p99: current?.p99 ?? null,
      errors: current?.errors ?? 0,
      errorRate: current?.errorRate ?? 0,
      requests: watched.requests + (current?.rps ?? 0),
      point: current,
      points,
      queue: run.queue,
      thresholds: watched.thresholds,
    };
  }
}
