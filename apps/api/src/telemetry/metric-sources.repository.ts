import { Injectable } from '@nestjs/common';
import { decodeStored, type PromqlQuery } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';
import type { MetricSource, Prisma } from '../generated/prisma/client.js';

/** What the service writes of a source; `credentials` sealed already. */
export interface MetricSourceRow {
  name: string;
  kind: 'scrape' | 'promql';
  url: string;
  authType: 'none' | 'bearer' | 'basic';
  credentials: string | null;
  presets: string[];
  selectors: string[];
  queries: PromqlQuery[];
  stepSeconds: number | null;
  cpuCores: number | null;
}

/** A stored source with its JSON decoded (stored-json.ts): nothing past here sees stored JSON. */
export type MetricSourceRecord = Omit<MetricSource, 'queries'> & { queries: PromqlQuery[] };

const decode = (row: MetricSource): MetricSourceRecord => ({ ...row, queries: decodeStored('MetricSource.queries', row.queries, row.jsonVersion, row.id) });

const toData = (row: Partial<MetricSourceRow>) => {
  const { queries, ...rest } = row;
  return { ...rest, ...(queries !== undefined ? { queries: queries as unknown as Prisma.InputJsonValue } : {}) };
};

/** Tenant-scoped: the only place MetricSource rows are read or written. */
@Injectable()
export class MetricSourcesRepository {
  constructor(private readonly db: DatabaseService) {}

  async list(targetId: string): Promise<MetricSourceRecord[]> {
    const rows = await this.db.scoped.metricSource.findMany({ where: { targetId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(decode);
  }

  async find(targetId: string, id: string): Promise<MetricSourceRecord | null> {
    const row = await this.db.scoped.metricSource.findFirst({ where: { id, targetId } });
    return row ? decode(row) : null;
  }

  /**
   * Adds a source unless the target has `max` already; counted and written under the
   * target's lock, so two adds at once cannot pass the limit together. Null when full.
   */
  create(targetId: string, row: MetricSourceRow, max: number): Promise<MetricSourceRecord | null> {
    return this.db.scoped.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`metric-sources:${targetId}`}))`;
      if ((await tx.metricSource.count({ where: { targetId } })) >= max) return null;
      const { queries, ...rest } = row;
      const created = await tx.metricSource.create({ data: withTenant({ ...rest, targetId, queries: queries as unknown as Prisma.InputJsonValue }) });
      return decode(created);
    });
  }

  async update(id: string, row: Partial<MetricSourceRow>): Promise<MetricSourceRecord> {
    return decode(await this.db.scoped.metricSource.update({ where: { id }, data: toData(row) }));
  }

  async remove(id: string): Promise<void> {
    await this.db.scoped.metricSource.deleteMany({ where: { id } });
  }
}
