import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import {
  PACKED_SECOND_LIST_VERSION,
  STORED_JSON_VERSION,
  StoredJsonError,
  decodeStored,
  decodeStoredSecondList,
  packSecondList,
  toSeriesPoints,
  type MergedSecond,
  type SecondSample,
  type SeriesPoint,
  type StoredValue,
} from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

// Off the event loop (libuv's pool): a 10-minute run's seconds are megabytes of JSON.
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

export interface RunDigest {
  /** Series points, as GET /runs/:id/series answers them. */
  series: readonly SeriesPoint[];
  /** The seconds merged over segments, oldest first (what comparisons resample). */
  seconds: readonly SecondSample[];
}

type Part = keyof RunDigest;
const COLUMN = { series: 'RunDigest.series', seconds: 'RunDigest.seconds' } as const;

/**
 * What a finished run's pages read that is worked out from all its seconds (RunDigest), the
 * only access to it: written once, when the run ends, read by every first reader after that
 * (a restarted API, another replica). Tenant-scoped. The series is gzip'd JSON (a 10-minute run
 * of 20 request names: 1.7 MB, a tenth of that gzip'd), the seconds packed as stored seconds are
 * (version 2; digests written before hold gzip'd JSON, version 1, told apart by their first
 * byte), each decoded strictly by the version that wrote it (packages/shared stored-json.ts).
 */
@Injectable()
export class RunDigestsRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Keeps the run's digest, built from the segments' state `key` (replacing one built from another). */
  async save(runId: string, key: string, digest: RunDigest): Promise<void> {
    const series = await gzip(JSON.stringify(digest.series));
    // Packed (version 2), as the run's own seconds: a fraction of their gzip'd JSON.
    const data = { key, jsonVersion: STORED_JSON_VERSION, series: new Uint8Array(series), seconds: packSecondList(digest.seconds) };
    await this.db.scoped.runDigest.upsert({ where: { runId }, create: withTenant({ runId, ...data }), update: data });
  }

  /**
   * One part of the run's digest if it was built from the segments' state `key` (run-view.ts
   * segmentsStateKey); null when there is none, or it was built from another state. Throws
   * StoredJsonError when what is stored fits no version.
   */
  async read<P extends Part>(runId: string, key: string, part: P): Promise<StoredValue<(typeof COLUMN)[P]> | null> {
    // Only the part asked for: the seconds are most of the row.
    const select = part === 'series' ? { key: true, jsonVersion: true, series: true } : { key: true, jsonVersion: true, seconds: true };
    const row = (await this.db.scoped.runDigest.findUnique({ where: { runId }, select })) as unknown as
      ({ key: string; jsonVersion: number } & Record<P, Uint8Array>) | null;
    if (!row || row.key !== key) return null;
    const bytes = row[part];
    if (part === 'seconds' && bytes[0] === PACKED_SECOND_LIST_VERSION) return decodeStoredSecondList(bytes, runId) as StoredValue<(typeof COLUMN)[P]>;
    let raw: unknown;
    try {
      raw = JSON.parse((await gunzip(row[part])).toString('utf8'));
    } catch (error) {
      throw new StoredJsonError(COLUMN[part], row.jsonVersion, runId, [`not gzip'd JSON: ${(error as Error).message}`]);
    }
    return decodeStored(COLUMN[part], raw, row.jsonVersion, runId);
  }
}

/** A run's digest, from its seconds merged over segments. */
export function digestOf(merged: readonly MergedSecond[]): RunDigest {
  return { series: toSeriesPoints(merged), seconds: merged.map((second) => second.sample) };
}
