import { Injectable } from '@nestjs/common';
import { BLOCK_SECONDS, packSecond, type GeneratorSample, type SecondSample, type StoredSecond } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';
import type { SegmentStatus } from '../generated/prisma/client.js';
import { decodeSecondRows } from './run-rows.js';

const FINISHED_SEGMENT: SegmentStatus[] = ['COMPLETED', 'ERRORED', 'CANCELLED'];

/**
 * The per-second results of runs (RunSecond), tenant-scoped: written by result ingest, read by
 * the live view, stop rules, baselines and finalisation. Apart from RunsRepository because
 * this is the one table written once a second per segment of every running run.
 */
@Injectable()
export class RunSecondsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Idempotent: a second already stored for (run, segment, t) is left as it is. Taken under
   * the run's lock so that a finaliser counting seconds either sees it or runs after it.
   * Returns whether every segment had finished by then: only then can this second be the
   * last one a finaliser is waiting for.
   */
  insertSecond(runId: string, segmentIndex: number, sample: SecondSample, generator: GeneratorSample | null): Promise<boolean> {
    return this.db.scoped.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${runId}))`;
      await tx.runSecond.createMany({
        data: [
          withTenant({
            runId,
            segmentIndex,
            t: sample.t,
            // Packed (version 2): data and generator stay NULL (docs/database.md "Compact seconds").
            packed: packSecond(sample, generator),
          }),
        ],
        skipDuplicates: true,
      });
      const unfinished = await tx.runSegment.count({ where: { runId, status: { notIn: FINISHED_SEGMENT } } });
      return unfinished === 0;
    });
  }

  /**
   * Whether every segment has finished and every second it announced is stored, read under
   * the run's lock (see insertSecond): of a late second and the segment's end, whichever is
   * recorded last sees the other.
   */
  completeness(runId: string) {
    return this.db.scoped.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${runId}))`;
      const segments = await tx.runSegment.findMany({ where: { runId } });
      // Rows hold one second each until the run has finished and its seconds were put in blocks.
      const rows = await tx.runSecond.groupBy({ by: ['segmentIndex'], where: { runId }, _sum: { heldSeconds: true } });
      const stored = new Map(rows.map((row) => [row.segmentIndex, row._sum.heldSeconds ?? 0]));
      const finished = segments.every((segment) => FINISHED_SEGMENT.includes(segment.status));
      const allSecondsIn = segments.every((segment) => (stored.get(segment.index) ?? 0) >= (segment.secondsSent ?? 0));
      return { finished, allSecondsIn };
    });
  }

  /** Stored seconds of every segment, optionally only those after `afterT` (live view). */
  async seconds(runId: string, afterT?: number): Promise<StoredSecond[]> {
    // A block's row is keyed by its first second: one that starts up to BLOCK_SECONDS earlier may
    // hold later ones. Only blocks are read from that far back: a live run (read after t every
    // second) has none, and decodes only what is new.
    const after = afterT === undefined ? {} : { OR: [{ t: { gt: afterT } }, { heldSeconds: { gt: 1 }, t: { gt: afterT - BLOCK_SECONDS } }] };
    const rows = await this.db.scoped.runSecond.findMany({
      where: { runId, ...after },
      orderBy: [{ t: 'asc' }, { segmentIndex: 'asc' }],
      select: { runId: true, t: true, data: true, generator: true, packed: true, span: true, segmentIndex: true },
    });
    const seconds = decodeSecondRows(rows);
    return afterT === undefined ? seconds : seconds.filter((second) => second.sample.t > afterT);
  }

  /**
   * How many segments have stored second `t`, and the run's first second: what a stop rule
   * needs before it looks at the seconds (see RunStopRules).
   */
  async secondReporters(runId: string, t: number): Promise<{ reporters: number; firstT: number | null }> {
    const [reporters, bounds] = await Promise.all([
      this.db.scoped.runSecond.count({ where: { runId, t } }),
      this.db.scoped.runSecond.aggregate({ where: { runId }, _min: { t: true } }),
    ]);
    return { reporters, firstT: bounds._min.t };
  }
}
