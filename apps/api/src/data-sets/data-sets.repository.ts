import { Injectable } from '@nestjs/common';
import { decodeStored, type DataColumn, type DataSetFormat } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import type { DataSet, DataSetVersion, Prisma } from '../generated/prisma/client.js';
import { SecretBox } from '../targets/secret-box.js';
import { decodeCells, encodeCells, mergeSecretCells } from './data-set-codec.js';

/** A version without its cells: what lists and views need. */
export interface DataSetVersionMeta {
  id: string;
  version: number;
  format: DataSetFormat;
  columns: DataColumn[];
  rowCount: number;
  bytes: number;
  createdAt: Date;
}

export interface DataSetRecord {
  set: DataSet;
  latest: DataSetVersionMeta;
  versions: number;
}

export interface NewVersion {
  format: DataSetFormat;
  columns: DataColumn[];
  rows: string[][];
  bytes: number;
  createdById?: string;
}

/** Every column except the cells: a list never loads megabytes it does not show. */
const META = { id: true, version: true, format: true, columns: true, rowCount: true, bytes: true, createdAt: true } as const;

type MetaRow = Pick<DataSetVersion, 'id' | 'version' | 'format' | 'columns' | 'rowCount' | 'bytes' | 'createdAt'>;

const decodeMeta = (row: MetaRow): DataSetVersionMeta => ({
  ...row,
  format: row.format as DataSetFormat,
  columns: decodeStored('DataSetVersion.columns', row.columns, 1, row.id),
});

/** Large versions are written in one statement; the default 5 s of an interactive transaction is not enough for 50 MB. */
const WRITE_TIMEOUT_MS = 120_000;

/**
 * Tenant-scoped: the only place DataSet and DataSetVersion rows are read or written, and (with
 * data-set-codec.ts) the only place their cells are encoded, sealed, opened and decoded.
 */
@Injectable()
export class DataSetsRepository {
  constructor(
    private readonly db: DatabaseService,
    private readonly box: SecretBox,
  ) {}

  async list(): Promise<DataSetRecord[]> {
    const sets = await this.db.scoped.dataSet.findMany({ orderBy: { name: 'asc' } });
    if (sets.length === 0) return [];
    const counts = await this.db.scoped.dataSetVersion.groupBy({ by: ['dataSetId'], _max: { version: true }, _count: { _all: true } });
    const byId = new Map(counts.map((count) => [count.dataSetId, count]));
    const latest = await this.db.scoped.dataSetVersion.findMany({
      where: { OR: counts.map((count) => ({ dataSetId: count.dataSetId, version: count._max.version ?? 0 })) },
      select: { ...META, dataSetId: true },
    });
    const latestById = new Map(latest.map((row) => [row.dataSetId, decodeMeta(row)]));
    return sets.flatMap((set) => {
      const version = latestById.get(set.id);
      return version ? [{ set, latest: version, versions: byId.get(set.id)?._count._all ?? 1 }] : [];
    });
  }

  async find(name: string): Promise<DataSetRecord | null> {
    const set = await this.db.scoped.dataSet.findFirst({ where: { name } });
    if (!set) return null;
    const [latest, versions] = await Promise.all([
      this.db.scoped.dataSetVersion.findFirst({ where: { dataSetId: set.id }, orderBy: { version: 'desc' }, select: META }),
      this.db.scoped.dataSetVersion.count({ where: { dataSetId: set.id } }),
    ]);
    return latest ? { set, latest: decodeMeta(latest), versions } : null;
  }

  async versions(dataSetId: string): Promise<DataSetVersionMeta[]> {
    const rows = await this.db.scoped.dataSetVersion.findMany({ where: { dataSetId }, orderBy: { version: 'desc' }, select: META });
    return rows.map(decodeMeta);
  }

  /** One version's metadata; `version` absent: the latest. */
  async version(name: string, version?: number): Promise<DataSetVersionMeta | null> {
    const row = await this.db.scoped.dataSetVersion.findFirst({
      where: { dataSet: { name }, ...(version ? { version } : {}) },
      orderBy: { version: 'desc' },
      select: META,
    });
    return row ? decodeMeta(row) : null;
  }

  /**
   * One version's rows. `withSecrets` false: secret cells are "" (previews mask them anyway,
   * and nothing is opened that is not needed); true: opened (a run's dispatch only).
   */
  async cells(versionId: string, withSecrets: boolean): Promise<string[][]> {
    const row = await this.db.scoped.dataSetVersion.findFirstOrThrow({
      where: { id: versionId },
      select: { id: true, columns: true, rows: true, sealedSecrets: true },
    });
    const rows = await decodeCells('DataSetVersion.rows', row.rows, row.id);
    if (!withSecrets || !row.sealedSecrets) return rows;
    const columns = decodeStored('DataSetVersion.columns', row.columns, 1, row.id);
    const secretRows = await decodeCells('DataSetVersion.sealedSecrets', this.box.openBytes(row.sealedSecrets), row.id);
    return mergeSecretCells(columns, rows, secretRows, row.id);
  }

  /**
   * Creates the set if needed and adds version N+1, in one transaction: the upload was parsed
   * and validated whole before this, so a failure leaves the previous version as it was.
   * Updating the set's row first locks it, so two uploads to one set take turns.
   */
  async addVersion(name: string, input: NewVersion): Promise<DataSetRecord> {
    const encoded = await encodeCells(input.columns, input.rows);
    const sealed = encoded.secrets ? this.box.sealBytes(encoded.secrets) : null;
    const tenantId = currentTenantId();
    await this.db.scoped.$transaction(
      async (tx) => {
        const set = await tx.dataSet.upsert({
          where: { tenantId_name: { tenantId, name } },
          create: withTenant({ name }),
          update: { updatedAt: new Date() },
        });
        const last = await tx.dataSetVersion.findFirst({ where: { dataSetId: set.id }, orderBy: { version: 'desc' }, select: { version: true } });
        await tx.dataSetVersion.create({
          data: withTenant({
            dataSetId: set.id,
            version: (last?.version ?? 0) + 1,
            format: input.format,
            columns: input.columns as unknown as Prisma.InputJsonValue,
            rowCount: input.rows.length,
            bytes: input.bytes,
            rows: new Uint8Array(encoded.rows),
            sealedSecrets: sealed ? new Uint8Array(sealed) : null,
            createdById: input.createdById ?? null,
          }),
          select: { id: true },
        });
      },
      { timeout: WRITE_TIMEOUT_MS },
    );
    const record = await this.find(name);
    if (!record) throw new Error(`data set ${name} vanished right after its upload`);
    return record;
  }

  /** Plans whose current version names this set in its `data` (they would break without it). */
  async plansUsing(name: string): Promise<{ id: string; name: string }[]> {
    const versions = await this.db.scoped.planVersion.findMany({
      where: { spec: { path: ['data'], array_contains: [{ set: name }] } },
      select: { planId: true, version: true },
    });
    if (versions.length === 0) return [];
    const plans = await this.db.scoped.testPlan.findMany({
      where: { deletedAt: null, OR: versions.map((version) => ({ id: version.planId, currentVersion: version.version })) },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
    });
    return plans;
  }

  async remove(dataSetId: string): Promise<void> {
    await this.db.scoped.dataSet.deleteMany({ where: { id: dataSetId } });
  }
}
