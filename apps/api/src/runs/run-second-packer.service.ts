import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { blocksOf, packSecond, packSecondBlock, type StoredSecond } from '@loadline/shared';
import { DomainEvents } from '../events/domain-events.js';
import { decodeSecond } from './run-rows.js';
import { RunSecondMaintenanceRepository, type RewrittenSecond, type SecondKey } from './run-second-maintenance.repository.js';

/** Rows converted per transaction: a few hundred KB of JSON, a short lock on those rows only. */
const BATCH = 500;
/** Pause between batches, so that a large conversion leaves the database to the running runs. */
const PAUSE_MS = 50;
/** First pass this long after start, out of the way of the start itself. */
const START_DELAY_MS = 5_000;
/** Runs a pass puts in blocks at a time; the sweep finds those a stopped API left (run.ended blocks the others at once). */
const BLOCK_BATCH = 20;
/** The sweep leaves runs that ended this recently to the run.ended handler of the API that finished them. */
const BLOCK_SWEEP_AFTER_MS = 10 * 60 * 1000;
/** How often the sweep looks. */
const BLOCK_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface PackPass {
  converted: number;
  /** Rows whose JSON fits no version: left as they are (reading them says why), logged. */
  unreadable: number;
}

/** One segment's single seconds into blocks (second-block-pack.ts); a coarsened chunk stays a row of its own. */
export function blockRows(seconds: readonly StoredSecond[]): RewrittenSecond[] | null {
  const rows: RewrittenSecond[] = [];
  const single = new Map<number, StoredSecond[]>();
  for (const second of seconds) {
    if ((second.seconds ?? 1) > 1) {
      rows.push({
        segmentIndex: second.segmentIndex,
        t: second.sample.t,
        span: second.seconds!,
        heldSeconds: 1,
        packed: packSecond(second.sample, second.generator),
      });
    } else {
      const list = single.get(second.segmentIndex) ?? [];
      list.push(second);
      single.set(second.segmentIndex, list);
    }
  }
  for (const [segmentIndex, list] of single) {
    for (const block of blocksOf(list)) {
      rows.push({ segmentIndex, t: block[0]!.sample.t, span: 1, heldSeconds: block.length, packed: packSecondBlock(block) });
    }
  }
  return rows.length < seconds.length ? rows : null;
}

/**
 * Keeps stored seconds compact. (1) Once a run has finished (run.ended), its seconds never
 * change: each segment's are rewritten into blocks of up to 60 in one row (version 3,
 * second-block-pack.ts), which saves PostgreSQL's ~150 bytes a row on all but one second of
 * each block (a second is ~500 bytes packed at one request name). Not awaited by the run's
 * end: the verdict never waits for it. A sweep at start and every hour blocks the runs an API
 * stopped before it could. (2) Converts seconds stored as JSON (version 1: rows written before packed seconds, or restored
 * from an old dump) into their packed form (version 2, second-pack.ts), once per start of the
 * API, in batches, in primary-key order. Why here and not in the migration: the conversion is
 * the packer of packages/shared (SQL cannot write it), and a migration that rewrote every
 * second of every run would hold the upgrade for as long as that takes; meanwhile readers read
 * either form. Idempotent and safe with several API replicas: a row is converted under its
 * row lock (SKIP LOCKED: a replica converting it already is passed over) and only while it is
 * still JSON. New seconds are written packed, so a pass that found nothing has nothing to wait
 * for until the next start (a restored dump comes with one).
 */
@Injectable()
export class RunSecondPacker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunSecondPacker.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private running: Promise<PackPass> | null = null;
  private startPassDone: (pass: PackPass | null) => void = () => undefined;
  /** The pass made after start (null when it failed or the API stopped first). */
  readonly startPass = new Promise<PackPass | null>((resolve) => (this.startPassDone = resolve));

  private sweepTimer?: NodeJS.Timeout;
  /** Blocking under way, by run: awaited at shutdown, and one at a time per run. */
  private readonly blocking = new Map<string, Promise<unknown>>();
  /** Runs whose seconds could not be read or not be made fewer rows: not tried again by this process. */
  private readonly unblockable = new Set<string>();

  constructor(
    private readonly seconds: RunSecondMaintenanceRepository,
    events: DomainEvents,
  ) {
    events.on('run.ended', ({ run }) => {
      void this.blockRun(run.id);
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setTimeout(() => {
      this.packAll()
        .then(this.startPassDone, (error: Error) => {
          this.logger.error({ err: String(error) }, 'packing stored seconds failed');
          this.startPassDone(null);
        })
        .then(() => this.sweepBlocks());
      this.sweepTimer = setInterval(() => void this.sweepBlocks(), BLOCK_SWEEP_INTERVAL_MS);
      this.sweepTimer.unref();
    }, START_DELAY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.sweepTimer);
    this.startPassDone(null);
    await this.running?.catch(() => undefined);
    await Promise.all([...this.blocking.values()].map((pending) => pending.catch(() => undefined)));
  }

  /** Puts a finished run's seconds in blocks; answers the rows before and after (null: nothing to do). Never throws. */
  blockRun(runId: string): Promise<{ before: number; after: number } | null> {
    const pending = this.blocking.get(runId);
    if (pending) return pending.then(() => null);
    const work = this.seconds
      .rewriteRun(runId, blockRows, { dropDigest: false })
      .then((done) => {
        if (!done) this.unblockable.add(runId);
        return done;
      })
      .catch((error: Error) => {
        this.unblockable.add(runId);
        this.logger.warn({ runId, err: String(error) }, 'seconds of a finished run left one per row');
        return null;
      })
      .finally(() => this.blocking.delete(runId));
    this.blocking.set(runId, work);
    return work;
  }

  /** Blocks every finished run an API left unblocked (stopped before its run.ended handler ran); how many. */
  async sweepBlocks(now = new Date()): Promise<number> {
    let blocked = 0;
    try {
      while (!this.stopped) {
        const due = await this.seconds.runsToBlock(new Date(now.getTime() - BLOCK_SWEEP_AFTER_MS), [...this.unblockable], BLOCK_BATCH);
        if (!due.length) break;
        for (const runId of due) if (await this.blockRun(runId)) blocked++;
      }
    } catch (error) {
      this.logger.error({ err: String(error) }, 'putting finished runs in blocks failed');
    }
    if (blocked) this.logger.log({ runs: blocked }, "finished runs' seconds put in blocks");
    return blocked;
  }

  /** One pass over every JSON second (one at a time per process); what it converted. */
  packAll(): Promise<PackPass> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<PackPass> {
    const total: PackPass = { converted: 0, unreadable: 0 };
    let after: SecondKey | null = null;
    while (!this.stopped) {
      const batch = await this.batch(after);
      total.converted += batch.converted;
      total.unreadable += batch.unreadable;
      if (!batch.last) break;
      after = batch.last;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    if (total.converted || total.unreadable) this.logger.log({ ...total }, 'stored seconds packed');
    return total;
  }

  private async batch(after: SecondKey | null): Promise<PackPass & { last: SecondKey | null }> {
    let converted = 0;
    let unreadable = 0;
    const rows = await this.seconds.convertJsonBatch(after, BATCH, (row) => {
      try {
        const { sample, generator } = decodeSecond(row);
        converted++;
        return packSecond(sample, generator);
      } catch (error) {
        unreadable++;
        this.logger.warn(
          { runId: row.runId, tenantId: row.tenantId, segmentIndex: row.segmentIndex, t: row.t, err: String(error) },
          'stored second left as JSON',
        );
        return null;
      }
    });
    const last = rows.at(-1);
    return { converted, unreadable, last: last ? { runId: last.runId, segmentIndex: last.segmentIndex, t: last.t } : null };
  }
}
