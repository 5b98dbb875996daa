import { Injectable } from '@nestjs/common';
import type { StoredSecond } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { decodeSecondRows } from './run-rows.js';

/** A stored second's key. */
export type SecondKey = { runId: string; segmentIndex: number; t: number };
/** A second still stored as JSON (version 1), as the packer reads it. */
export type JsonSecondRow = SecondKey & { tenantId: string; data: unknown; generator: unknown };
/** One row of a run's seconds rewritten: a second, a chunk of `span` seconds, or a block of `heldSeconds` seconds. */
export type RewrittenSecond = { segmentIndex: number; t: number; span: number; heldSeconds: number; packed: Uint8Array<ArrayBuffer> };

/**
 * Rewrites of stored seconds across tenants, for the API's own upkeep (RunSecondPacker: JSON
 * rows to packed; RunSecondRetention: old runs' seconds to 10 s chunks). System-scoped: these
 * walk every organization's runs, never on a caller's behalf. Apart from RunSecondsRepository,
 * which serves requests and ingest, tenant-scoped.
 */
@Injectable()
export class RunSecondMaintenanceRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Up to `limit` JSON seconds after `after` in primary-key order, locked (SKIP LOCKED: rows
   * another replica converts are passed over), each replaced by what `pack` makes of it (null:
   * left as it is) in the same transaction, and only while it is still JSON. Answers the rows read.
   */
  convertJsonBatch(after: SecondKey | null, limit: number, pack: (row: JsonSecondRow) => Uint8Array | null): Promise<JsonSecondRow[]> {
    return this.db.system.$transaction(async (tx) => {
      const rows = after
        ? await tx.$queryRaw<JsonSecondRow[]>`
            SELECT "tenantId", "runId", "segmentIndex", t, data, generator FROM "RunSecond"
             WHERE packed IS NULL AND ("runId", "segmentIndex", t) > (${after.runId}, ${after.segmentIndex}, ${after.t})
             ORDER BY "runId", "segmentIndex", t LIMIT ${limit} FOR UPDATE SKIP LOCKED`
        : await tx.$queryRaw<JsonSecondRow[]>`
            SELECT "tenantId", "runId", "segmentIndex", t, data, generator FROM "RunSecond"
             WHERE packed IS NULL ORDER BY "runId", "segmentIndex", t LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      const packed: Array<SecondKey & { bytes: Uint8Array }> = [];
      for (const row of rows) {
        const bytes = pack(row);
        if (bytes) packed.push({ runId: row.runId, segmentIndex: row.segmentIndex, t: row.t, bytes });
      }
      if (packed.length) {
        await tx.$executeRaw`
          UPDATE "RunSecond" s SET packed = v.packed, data = NULL, generator = NULL
            FROM unnest(${packed.map((row) => row.runId)}::text[], ${packed.map((row) => row.segmentIndex)}::int[], ${packed.map((row) => row.t)}::int[],
                        ${packed.map((row) => Buffer.from(row.bytes))}::bytea[]) AS v("runId", "segmentIndex", t, packed)
           WHERE s."runId" = v."runId" AND s."segmentIndex" = v."segmentIndex" AND s.t = v.t AND s.packed IS NULL`;
      }
      return rows;
    });
  }

  /** Up to `limit` runs finished before `cutoff` that still have single seconds, oldest first, but those in `skip`. */
  async runsWithSecondsBefore(cutoff: Date, skip: readonly string[], limit: number): Promise<string[]> {
    const due = await this.db.system.$queryRaw<Array<{ id: string }>>`
      SELECT r.id FROM "Run" r
       WHERE r."finishedAt" < ${cutoff} AND NOT (r.id = ANY(${[...skip]}::text[]))
         AND EXISTS (SELECT 1 FROM "RunSecond" s WHERE s."runId" = r.id AND s.span = 1)
       ORDER BY r."finishedAt" LIMIT ${limit}`;
    return due.map((row) => row.id);
  }

  /**
   * Up to `limit` runs finished before `before` whose seconds are not all in blocks yet (two
   * single seconds or more: rows of one second each, as written), newest first, but those in `skip`.
   */
  async runsToBlock(before: Date, skip: readonly string[], limit: number): Promise<string[]> {
    const due = await this.db.system.$queryRaw<Array<{ id: string }>>`
      SELECT r.id FROM "Run" r
       WHERE r."finishedAt" < ${before} AND NOT (r.id = ANY(${[...skip]}::text[]))
         AND EXISTS (SELECT 1 FROM "RunSecond" s WHERE s."runId" = r.id AND s."heldSeconds" = 1 AND s.span = 1 AND s.packed IS NOT NULL OFFSET 1)
       ORDER BY r."finishedAt" DESC LIMIT ${limit}`;
    return due.map((row) => row.id);
  }

  /**
   * Replaces a run's seconds by what `rewrite` makes of them (null: leaves them), in one
   * transaction under the run's lock (as seconds are written), so that a reader sees the run
   * whole, before or after. `dropDigest`: the rewrite changes what the seconds say (coarser),
   * so the digest goes too and the next read builds it again from the rows. Answers the rows
   * before and after, or null when nothing was rewritten.
   */
  rewriteRun(
    runId: string,
    rewrite: (seconds: StoredSecond[]) => RewrittenSecond[] | null,
    { dropDigest }: { dropDigest: boolean },
  ): Promise<{ before: number; after: number } | null> {
    return this.db.system.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${runId}))`;
      const rows = await tx.runSecond.findMany({ where: { runId } });
      if (!rows.length) return null;
      const rewritten = rewrite(decodeSecondRows(rows));
      if (!rewritten) return null;
      const tenantId = rows[0]!.tenantId;
      await tx.runSecond.deleteMany({ where: { runId } });
      await tx.runSecond.createMany({ data: rewritten.map((row) => ({ tenantId, runId, ...row })) });
      // Built again from the rows by the next read (run-live.service.ts).
      if (dropDigest) await tx.runDigest.deleteMany({ where: { runId } });
      return { before: rows.length, after: rewritten.length };
    });
  }
}
