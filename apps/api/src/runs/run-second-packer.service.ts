import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { packSecond } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { decodeSecond } from './run-rows.js';

/** Rows converted per transaction: a few hundred KB of JSON, a short lock on those rows only. */
const BATCH = 500;
/** Pause between batches, so that a large conversion leaves the database to the running runs. */
const PAUSE_MS = 50;
/** First pass this long after start, out of the way of the start itself. */
const START_DELAY_MS = 5_000;

type Key = { runId: string; segmentIndex: number; t: number };
type JsonRow = Key & { tenantId: string; data: unknown; generator: unknown };

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

  constructor(private readonly db: DatabaseService) {}

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
    let after: Key | null = null;
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

  private batch(after: Key | null): Promise<PackPass & { last: Key | null }> {
    return this.db.system.$transaction(async (tx) => {
      const rows = after
        ? await tx.$queryRaw<JsonRow[]>`
            SELECT "tenantId", "runId", "segmentIndex", t, data, generator FROM "RunSecond"
             WHERE packed IS NULL AND ("runId", "segmentIndex", t) > (${after.runId}, ${after.segmentIndex}, ${after.t})
             ORDER BY "runId", "segmentIndex", t LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`
        : await tx.$queryRaw<JsonRow[]>`
            SELECT "tenantId", "runId", "segmentIndex", t, data, generator FROM "RunSecond"
             WHERE packed IS NULL ORDER BY "runId", "segmentIndex", t LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
      let unreadable = 0;
      const packed: Array<Key & { bytes: Uint8Array }> = [];
      for (const row of rows) {
        try {
          const { sample, generator } = decodeSecond(row);
          packed.push({ runId: row.runId, segmentIndex: row.segmentIndex, t: row.t, bytes: packSecond(sample, generator) });
        } catch (error) {
          unreadable++;
          this.logger.warn(
            { runId: row.runId, tenantId: row.tenantId, segmentIndex: row.segmentIndex, t: row.t, err: String(error) },
            'stored second left as JSON',
          );
        }
      }
      if (packed.length) {
        await tx.$executeRaw`
          UPDATE "RunSecond" s SET packed = v.packed, data = NULL, generator = NULL
            FROM unnest(${packed.map((row) => row.runId)}::text[], ${packed.map((row) => row.segmentIndex)}::int[], ${packed.map((row) => row.t)}::int[],
                        ${packed.map((row) => Buffer.from(row.bytes))}::bytea[]) AS v("runId", "segmentIndex", t, packed)
           WHERE s."runId" = v."runId" AND s."segmentIndex" = v."segmentIndex" AND s.t = v.t AND s.packed IS NULL`;
      }
      const last = rows.at(-1);
      return { converted: packed.length, unreadable, last: last ? { runId: last.runId, segmentIndex: last.segmentIndex, t: last.t } : null };
    });
  }
}
