import type pino from 'pino';
import type { RunExecutePayload, SourceAuth, TelemetryJobSource } from '@loadline/shared';
import { PromqlSource } from './promql-source.js';
import { ScrapeReduction } from './reduction.js';
import { ScrapeSource } from './scrape-source.js';
import { BASELINE_SECONDS_MAX, SourceOutput, type TelemetrySink } from './source-output.js';

/** Seconds of scrapes the runner of segment 0 waits for before reporting ready: the baseline. */
export const BASELINE_WAIT_SECONDS = 3;
/** Seconds the sources are still read after k6 ends: recovery and the drain of queues. */
export const RECOVERY_SECONDS = 10;
/** How often a PromQL source is read during the run (for the live view). */
export const PROMQL_LIVE_EVERY_MS = 5_000;

export interface CollectorOptions {
  /** Per-read bounds below the source limits (tests). */
  limits?: { maxBodyBytes?: number; timeoutMs?: number };
  /** RECOVERY_SECONDS unless told (tests). */
  recoverySeconds?: number;
}

function sleepUntil(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The runner of segment 0's reading of a run's metric sources (docs/telemetry.md). Scrape
 * sources are read at every whole Unix second from when k6 is paused and ready (a baseline,
 * of which the newest seconds are sent once the load begins) until RECOVERY_SECONDS after k6
 * ends, within the run's deadline; PromQL sources are read over the run's window during the
 * run and once more at the end. A source that fails is sent as seconds with an error in words;
 * nothing here ever fails the run.
 */
export class TelemetryCollector {
  private readonly scrapes: ScrapeSource[] = [];
  private readonly promqls: PromqlSource[] = [];
  private readonly outputs: SourceOutput[] = [];
  private readonly controller = new AbortController();
  private readonly recoverySeconds: number;
  private tickTimer: NodeJS.Timeout | undefined;
  private liveTimer: NodeJS.Timeout | undefined;
  private ticking = false;
  private ticks = 0;
  private lastTicked = 0;
  private tickWaiters: { ready: () => boolean; wake: () => void }[] = [];
  private startSecond: number | null = null;
  /** Ticks stop at this Unix second (inclusive). */
  private lastSecond = Number.POSITIVE_INFINITY;

  constructor(
    sources: readonly TelemetryJobSource[],
    auth: Readonly<Record<string, SourceAuth>>,
    /** `flushed`: resolves once everything handed over was sent; finish waits for it. */
    private readonly sink: TelemetrySink & { flushed?: () => Promise<void> },
    private readonly log: pino.Logger,
    options: CollectorOptions = {},
  ) {
    this.recoverySeconds = options.recoverySeconds ?? RECOVERY_SECONDS;
    for (const source of sources) {
      const output = new SourceOutput({ source: source.name, kind: source.kind, ...(source.cpuCores ? { cpuCores: source.cpuCores } : {}) }, sink);
      this.outputs.push(output);
      if (source.kind === 'scrape') {
        this.scrapes.push(new ScrapeSource(source, auth[source.name], new ScrapeReduction(source), output, this.controller.signal, options.limits));
      } else {
        this.promqls.push(new PromqlSource(source, auth[source.name], output, this.controller.signal, log, options.limits));
      }
    }
  }

  /** The collector of a segment's run: only segment 0 reads the run's sources; null when it has none. */
  static forSegment(
    job: Pick<RunExecutePayload, 'segment' | 'telemetry'>,
    auth: Readonly<Record<string, SourceAuth>> | undefined,
    sink: TelemetryCollector['sink'],
    log: pino.Logger,
  ): TelemetryCollector | null {
    return job.segment.index === 0 && job.telemetry?.length ? new TelemetryCollector(job.telemetry, auth ?? {}, sink, log) : null;
  }

  /** k6 is paused and ready: scrapes begin (held until the start). */
  beginBaseline(): void {
    if (this.ticking || !this.scrapes.length) return;
    this.ticking = true;
    this.scheduleTick();
  }

  /** Begins the scrapes and resolves once BASELINE_WAIT_SECONDS of them were taken (bound: a callback). */
  readonly readBaseline = (waiting: AbortSignal): Promise<void> => {
    this.beginBaseline();
    return this.waitForBaseline(BASELINE_WAIT_SECONDS, waiting);
  };

  /** Resolves after `seconds` scrape ticks since beginBaseline (at once without scrape sources), or when `signal` aborts. */
  waitForBaseline(seconds = BASELINE_WAIT_SECONDS, signal?: AbortSignal): Promise<void> {
    return this.untilTicked(() => this.ticks >= seconds, signal);
  }

  private untilTicked(ready: () => boolean, signal?: AbortSignal): Promise<void> {
    if (!this.ticking || ready() || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      signal?.addEventListener('abort', wake, { once: true });
      this.tickWaiters.push({ ready, wake });
    });
  }

  /** The load began at `atMs`: the newest baseline seconds go out, then every second as read. */
  loadStarted(atMs: number): void {
    if (this.startSecond !== null) return;
    this.startSecond = Math.floor(atMs / 1000);
    for (const output of this.outputs) output.start(this.startSecond);
    if (this.promqls.length) {
      this.liveTimer = setInterval(() => {
        const now = Math.floor(Date.now() / 1000);
        for (const source of this.promqls) void source.read(this.windowStart(), now - source.settleSeconds, false);
      }, PROMQL_LIVE_EVERY_MS);
    }
  }

  /**
   * k6 ended at `endedAtMs`: scrapes go on through the recovery (none when `recover` is false:
   * a run stopped or cancelled ends at once), never past `deadlineMs`; then the PromQL sources
   * are read once more for the whole window, and everything read is handed to the sink.
   * `stopped` cuts the recovery short (the run was told to stop meanwhile).
   */
  async finish(endedAtMs: number, deadlineMs: number, recover: boolean, stopped?: AbortSignal): Promise<void> {
    clearInterval(this.liveTimer);
    const end = Math.min(Math.floor(endedAtMs / 1000) + (recover ? this.recoverySeconds : 0), Math.floor(deadlineMs / 1000));
    this.lastSecond = Math.max(end, Math.floor(endedAtMs / 1000));
    // The tick of the last second (already past when the recovery is none) ends the scrapes;
    // a query API is read once that second is over.
    if (this.ticking) await this.untilTicked(() => this.lastTicked >= this.lastSecond, stopped);
    else if (this.promqls.length) await sleepUntil((this.lastSecond + 1) * 1000 - Date.now(), stopped);
    this.stopTicking();
    await Promise.all(this.scrapes.map((source) => source.idle()));
    // Cut short by a stop: the window ends now, not at the recovery's planned end.
    const through = Math.min(this.lastSecond, Math.floor(Date.now() / 1000));
    if (this.startSecond !== null) await Promise.all(this.promqls.map((source) => source.read(this.windowStart(), through, true)));
    this.controller.abort();
    for (const output of this.outputs) {
      this.log.info({ source: output.meta.source, seconds: output.sent, failed: output.failed }, 'telemetry source read');
      output.close();
    }
    await this.sink.flushed?.();
  }

  /** The run ends without load (given up before the start) or at once: nothing more is read or sent. */
  abandon(): void {
    this.stopTicking();
    clearInterval(this.liveTimer);
    this.controller.abort();
    for (const output of this.outputs) output.close();
  }

  private windowStart(): number {
    return (this.startSecond ?? Math.floor(Date.now() / 1000)) - BASELINE_SECONDS_MAX;
  }

  private stopTicking(): void {
    this.ticking = false;
    clearTimeout(this.tickTimer);
    for (const waiter of this.tickWaiters) waiter.wake();
    this.tickWaiters = [];
  }

  /** The next whole second: a timer per second for all scrape sources, not one each. */
  private scheduleTick(): void {
    const now = Date.now();
    const next = Math.floor(now / 1000) + 1;
    this.tickTimer = setTimeout(() => this.tick(next), next * 1000 - now);
  }

  private tick(t: number): void {
    if (!this.ticking) return;
    if (t <= this.lastSecond) {
      for (const source of this.scrapes) source.tick(t);
      this.ticks++;
    }
    this.lastTicked = t;
    const ready = this.tickWaiters.filter((waiter) => waiter.ready());
    this.tickWaiters = this.tickWaiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.wake();
    if (t < this.lastSecond) this.scheduleTick();
  }
}
