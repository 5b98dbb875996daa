import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { packSecond } from '@loadline/shared';
import { decodeSecond } from './run-rows.js';
import { RunSecondMaintenanceRepository, type SecondKey } from './run-second-maintenance.repository.js';

/** Rows converted per transaction: a few hundred KB of JSON, a short lock on those rows only. */
const BATCH = 500;
/** Pause between batches, so that a large conversion leaves the database to the running runs. */
const PAUSE_MS = 50;
/** First pass this long after start, out of the way of the start itself. */
const START_DELAY_MS = 5_000;

export interface PackPass {
  converted: number;
  /** Rows whose JSON fits no version: left as they are (reading them says why), logged. */
  unreadable: number;
}

/**
 * Converts seconds stored as JSON (version 1: rows written before packed seconds, or restored
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

  constructor(private readonly seconds: RunSecondMaintenanceRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setTimeout(() => {
      this.packAll().then(this.startPassDone, (error: Error) => {
        this.logger.error({ err: String(error) }, 'packing stored seconds failed');
        this.startPassDone(null);
      });
    }, START_DELAY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.startPassDone(null);
    await this.running?.catch(() => undefined);
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
