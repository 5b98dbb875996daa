import { Injectable } from '@nestjs/common';
import {
  ACTIVE_RUN_STATUSES,
  decodeStored,
  decodeStoredMinute,
  packMinute,
  type TelemetryCatalog,
  type TelemetryMinute,
  type TelemetryReport,
} from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';
import type { Prisma } from '../generated/prisma/client.js';

export interface RunTelemetrySourceRecord {
  source: string;
  kind: 'scrape' | 'promql';
  catalog: TelemetryCatalog | null;
  refused: string | null;
  createdAt: Date;
}

const lock = (key: string) => `telemetry:${key}`;

/**
 * What runs' metric sources said (RunTelemetrySource, RunTelemetryMinute) and the report
 * worked out from it (Run.telemetry), tenant-scoped; JSON decoded here by the version that
 * wrote it (stored-json.ts).
 */
@Injectable()
export class RunTelemetryRepository {
  constructor(private readonly db: DatabaseService) {}

  /** The sources a run was started with (and those refused then): the only ones it stores. */
  async register(runId: string, sources: { source: string; kind: 'scrape' | 'promql'; refused?: string }[]): Promise<void> {
    if (!sources.length) return;
    await this.db.scoped.runTelemetrySource.createMany({
      data: sources.map((entry) => withTenant({ runId, source: entry.source, kind: entry.kind, refused: entry.refused ?? null })),
      skipDuplicates: true,
    });
  }

  /** When the run was created and ended (or must end by): the window its telemetry may fall in. */
  window(runId: string) {
    return this.db.scoped.run.findFirst({ where: { id: runId }, select: { id: true, status: true, createdAt: true, finishedAt: true, deadlineAt: true } });
  }

  async source(runId: string, source: string): Promise<RunTelemetrySourceRecord | null> {
    const row = await this.db.scoped.runTelemetrySource.findFirst({ where: { runId, source } });
    return row ? this.decodeSource(row) : null;
  }

  async sources(runId: string): Promise<RunTelemetrySourceRecord[]> {
    const rows = await this.db.scoped.runTelemetrySource.findMany({ where: { runId }, orderBy: [{ createdAt: 'asc' }, { source: 'asc' }] });
    return rows.map((row) => this.decodeSource(row));
  }

  private decodeSource(row: {
    runId: string;
    source: string;
    kind: string;
    catalog: unknown;
    refused: string | null;
    createdAt: Date;
    jsonVersion: number;
  }): RunTelemetrySourceRecord {
    return {
      source: row.source,
      kind: row.kind === 'promql' ? 'promql' : 'scrape',
      catalog: decodeStored('RunTelemetrySource.catalog', row.catalog, row.jsonVersion, `${row.runId}/${row.source}`),
      refused: row.refused,
      createdAt: row.createdAt,
    };
  }

  /** Replaces a source's catalog with `merge(current)`, under the source's lock (catalogs of one source may arrive side by side). */
  async updateCatalog(runId: string, source: string, merge: (current: TelemetryCatalog | null) => TelemetryCatalog): Promise<void> {
    await this.db.scoped.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${lock(`${runId}:${source}`)}))`;
      const row = await tx.runTelemetrySource.findFirst({ where: { runId, source } });
      if (!row) return;
      const current = this.decodeSource(row).catalog;
      await tx.runTelemetrySource.updateMany({ where: { runId, source }, data: { catalog: merge(current) as unknown as Prisma.InputJsonValue } });
    });
  }

  /**
   * Writes `merge(current)` as the source's row of that minute, under the row's lock: seconds
   * of one minute arrive side by side (several consumers, several API processes).
   */
  async updateMinute(runId: string, source: string, minute: number, merge: (current: TelemetryMinute | null) => TelemetryMinute): Promise<void> {
    await this.db.scoped.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${lock(`${runId}:${source}:${minute}`)}))`;
      const row = await tx.runTelemetryMinute.findFirst({ where: { runId, source, minute } });
      const current = row ? this.decodeMinute(row) : null;
      // Written as version 2 (packed); a version-1 row is rewritten packed when a second joins it.
      const data = packMinute(merge(current)) as Uint8Array<ArrayBuffer>;
      if (row) await tx.runTelemetryMinute.updateMany({ where: { runId, source, minute }, data: { data } });
      else await tx.runTelemetryMinute.create({ data: withTenant({ runId, source, minute, data }) });
    });
  }

  private decodeMinute(row: { runId: string; source: string; minute: number; data: Uint8Array }): TelemetryMinute {
    return decodeStoredMinute(row.data, `${row.runId}/${row.source}/${row.minute}`);
  }

  /** Every stored minute of the run, by source, in time order. */
  async minutes(runId: string): Promise<Map<string, { minute: number; data: TelemetryMinute }[]>> {
    const rows = await this.db.scoped.runTelemetryMinute.findMany({ where: { runId }, orderBy: [{ source: 'asc' }, { minute: 'asc' }] });
    const bySource = new Map<string, { minute: number; data: TelemetryMinute }[]>();
    for (const row of rows) bySource.set(row.source, [...(bySource.get(row.source) ?? []), { minute: row.minute, data: this.decodeMinute(row) }]);
    return bySource;
  }

  /**
   * Stores the report while the run has not ended: a finished run's view is built once and
   * kept (run-view.ts), so it must never change under it.
   */
  async saveReport(runId: string, report: TelemetryReport | null): Promise<void> {
    await this.db.scoped.run.updateMany({
      where: { id: runId, status: { in: [...ACTIVE_RUN_STATUSES] } },
      data: { telemetry: (report ?? undefined) as unknown as Prisma.InputJsonValue },
    });
  }
}
