import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { StoredJsonError, coarsenSeconds, packSecond } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { RunSecondMaintenanceRepository } from './run-second-maintenance.repository.js';

/** How often finished runs are looked at: detail is kept in days, an hour late is nothing. */
const INTERVAL_MS = 60 * 60 * 1000;
const START_DELAY_MS = 60_000;
/** Runs coarsened per query (each in a transaction of its own). */
const BATCH = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CoarsenPass {
  runs: number;
  rowsBefore: number;
  rowsAfter: number;
}

/**
 * The retention of per-second detail (LOADLINE_SECOND_DETAIL_DAYS): a run that finished more
 * than that many days ago has its seconds coarsened into 10 s chunks (second-coarsening.ts),
 * each segment's seconds folded exactly (counts added, histograms merged), one packed row per
 * chunk (`span` 10), and its digest dropped, so that the next read builds its series (a point
 * every 10 s, rates per second) and merged seconds from the chunks. What the run's pages state
 * as its result is stored apart when it ends and is untouched: its summary (every scope's
 * percentiles), phases and capacity, threshold results, figures and segments' health. Each
 * run is rewritten in one transaction under the run's lock (as seconds are written), so a
 * reader sees it whole, before or after. Off when the setting is unset.
 */
@Injectable()
export class RunSecondRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunSecondRetention.name);
  private timer?: NodeJS.Timeout;
  private running: Promise<CoarsenPass> | null = null;
  /** Runs whose seconds could not be read: left as they are, not tried again by this process. */
  private readonly unreadable = new Set<string>();

  constructor(
    private readonly seconds: RunSecondMaintenanceRepository,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.env.LOADLINE_SECOND_DETAIL_DAYS) return;
    const pass = () => void this.coarsenDue().catch((error: Error) => this.logger.error({ err: String(error) }, 'coarsening old seconds failed'));
    this.timer = setTimeout(() => {
      pass();
      this.timer = setInterval(pass, INTERVAL_MS);
      this.timer.unref();
    }, START_DELAY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Coarsens every run whose detail is due (one pass at a time per process); what it did. */
  coarsenDue(now = new Date()): Promise<CoarsenPass> {
    const days = this.env.LOADLINE_SECOND_DETAIL_DAYS;
    if (!days) return Promise.resolve({ runs: 0, rowsBefore: 0, rowsAfter: 0 });
    this.running ??= this.pass(new Date(now.getTime() - days * DAY_MS)).finally(() => (this.running = null));
    return this.running;
  }

  private async pass(cutoff: Date): Promise<CoarsenPass> {
    const total: CoarsenPass = { runs: 0, rowsBefore: 0, rowsAfter: 0 };
    for (;;) {
      const due = await this.seconds.runsWithSecondsBefore(cutoff, [...this.unreadable], BATCH);
      if (!due.length) break;
      for (const id of due) {
        const done = await this.coarsenRun(id);
        if (!done) continue;
        total.runs++;
        total.rowsBefore += done.before;
        total.rowsAfter += done.after;
      }
    }
    if (total.runs) this.logger.log({ ...total }, 'per-second detail of old runs coarsened');
    return total;
  }

  private async coarsenRun(runId: string): Promise<{ before: number; after: number } | null> {
    try {
      return await this.seconds.rewriteRun(
        runId,
        (seconds) =>
          coarsenSeconds(seconds).map((second) => ({
            segmentIndex: second.segmentIndex,
            t: second.sample.t,
            span: second.seconds ?? 1,
            heldSeconds: 1,
            packed: packSecond(second.sample, second.generator),
          })),
        { dropDigest: true },
      );
    } catch (error) {
      if (!(error instanceof StoredJsonError)) throw error;
      this.unreadable.add(runId);
      this.logger.warn({ runId, err: String(error) }, 'seconds of an old run left as they are: unreadable');
      return null;
    }
  }
}
