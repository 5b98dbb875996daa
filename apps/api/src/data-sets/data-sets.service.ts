import { Inject, Injectable } from '@nestjs/common';
import {
  DATA_SET_PREVIEW_ROWS,
  SECRET_CELL_MASK,
  type DataColumn,
  type DataSetFormat,
  type DataSetPreview,
  type DataSetVersionView,
  type DataSetView,
  type ErrorDetail,
} from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { Memo } from '../common/memo.js';
import { currentContext, runAsTenant } from '../tenancy/request-context.js';
import { SecretUnreadableError } from '../targets/secret-box.js';
import { DataSetsRepository, type DataSetRecord, type DataSetVersionMeta } from './data-sets.repository.js';
import { DataSetError, DataSetErrorCode } from './data-sets.errors.js';
import { DataFileProblem, parseDataFile, type ParsedTable } from './data-set-parse.js';

/** The rows of one version with secret cells opened: for a run's dispatch only, never for a response. */
export interface DataSetForRun {
  name: string;
  version: number;
  columns: DataColumn[];
  rows: string[][];
}

export interface DataSetUpload {
  name: string;
  format: DataSetFormat;
  bytes: Buffer;
  /** Columns to seal; each must be in the file. */
  secret: string[];
}

/** The first rows of recently previewed versions (secret cells ""), by version id; a failed read is not kept. */
const previews = new Memo<Promise<string[][]>>(200);

const versionView = (meta: DataSetVersionMeta): DataSetVersionView => ({
  version: meta.version,
  format: meta.format,
  columns: meta.columns,
  rowCount: meta.rowCount,
  bytes: meta.bytes,
  createdAt: meta.createdAt.toISOString(),
});

const setView = (record: DataSetRecord): DataSetView => ({
  id: record.set.id,
  name: record.set.name,
  createdAt: record.set.createdAt.toISOString(),
  updatedAt: record.set.updatedAt.toISOString(),
  latest: versionView(record.latest),
  versions: record.versions,
});

const where = (problem: DataFileProblem): ErrorDetail[] => {
  const { line, row, column } = problem.where;
  const path = line !== undefined ? `line ${line}` : row !== undefined ? `row ${row}` : '(file)';
  return [{ path, message: problem.message, ...(line !== undefined ? { line } : {}), ...(row !== undefined ? { row } : {}), ...(column ? { column } : {}) }];
};

/**
 * Test data sets of the caller's organization (docs/plans.md#data-sets). Secret cells are
 * sealed by the repository and leave it opened only through readForRun; every view here shows
 * them masked. Nothing here logs a cell.
 */
@Injectable()
export class DataSetsService {
  constructor(
    private readonly repository: DataSetsRepository,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  /** The operator's ceilings (the upload route's body reader needs the byte limit before parsing). */
  get maxBytes(): number {
    return this.env.LOADLINE_DATA_SET_MAX_BYTES;
  }

  async list(): Promise<DataSetView[]> {
    return (await this.repository.list()).map(setView);
  }

  async get(name: string): Promise<DataSetView> {
    return setView(await this.record(name));
  }

  async versions(name: string): Promise<DataSetVersionView[]> {
    const record = await this.record(name);
    return (await this.repository.versions(record.set.id)).map(versionView);
  }

  async preview(name: string, version?: number): Promise<DataSetPreview> {
    const meta = await this.meta(name, version);
    // Secret cells are not even opened: the preview masks them for everyone. A version never
    // changes, so its first rows are decoded once per process, not on every look.
    const rows = await previews.get(meta.id, () => {
      const first = this.repository.cells(meta.id, false).then((all) => all.slice(0, DATA_SET_PREVIEW_ROWS));
      first.catch(() => previews.delete(meta.id));
      return first;
    });
    const masked = rows.map((row) => row.map((cell, index) => (meta.columns[index]?.secret ? SECRET_CELL_MASK : cell)));
    return { version: meta.version, columns: meta.columns, rowCount: meta.rowCount, rows: masked };
  }

  /** Parses and checks the whole file, then stores it as the set's next version (the first creates the set). */
  async upload(input: DataSetUpload): Promise<DataSetView> {
    if (input.bytes.length > this.env.LOADLINE_DATA_SET_MAX_BYTES) throw DataSetError.tooLarge(this.env.LOADLINE_DATA_SET_MAX_BYTES);
    let table: ParsedTable;
    try {
      table = await parseDataFile(input.bytes, input.format, { maxRows: this.env.LOADLINE_DATA_SET_MAX_ROWS });
    } catch (error) {
      if (error instanceof DataFileProblem) throw DataSetError.invalid(error.message, where(error));
      throw error;
    }
    const missing = input.secret.filter((name) => !table.columns.includes(name));
    if (missing.length) {
      throw DataSetError.invalid(
        `Secret column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not in the file (its columns: ${table.columns.join(', ')})`,
        missing.map((column) => ({ path: 'secret', message: `no column ${column} in the file`, column })),
      );
    }
    const secret = new Set(input.secret);
    const record = await this.repository.addVersion(input.name, {
      format: input.format,
      columns: table.columns.map((name) => ({ name, secret: secret.has(name) })),
      rows: table.rows,
      bytes: input.bytes.length,
      createdById: currentContext()?.userId,
    });
    return setView(record);
  }

  async remove(name: string): Promise<void> {
    const record = await this.record(name);
    const plans = await this.repository.plansUsing(name);
    if (plans.length) {
      throw new DataSetError(
        DataSetErrorCode.DATA_SET_IN_USE,
        `Data set ${name} is used by ${plans.length === 1 ? 'plan' : 'plans'} ${plans.map((plan) => `"${plan.name}"`).join(', ')}: remove it from them first`,
        plans.map((plan) => ({ path: `plans.${plan.id}`, message: plan.name })),
      );
    }
    await this.repository.remove(record.set.id);
  }

  /**
   * The rows of a tenant's set with secret cells opened: for a run's dispatch only (the
   * result goes sealed to runners, never into a response or a log). `version` absent: the latest.
   * Throws DataSetError DATA_SET_NOT_FOUND (404) when the set or version does not exist.
   */
  readForRun(tenantId: string, name: string, version?: number): Promise<DataSetForRun> {
    return runAsTenant(tenantId, async () => {
      const meta = await this.meta(name, version);
      let rows: string[][];
      try {
        rows = await this.repository.cells(meta.id, true);
      } catch (error) {
        if (error instanceof SecretUnreadableError) {
          throw new DataSetError(
            DataSetErrorCode.DATA_SET_SECRETS_UNREADABLE,
            `The secret columns of data set ${name} were sealed under another LOADLINE_SECRET_KEY: upload the file again`,
          );
        }
        throw error;
      }
      return { name, version: meta.version, columns: meta.columns, rows };
    });
  }

  /** The columns of the version a plan would use (`version` absent: the latest), or null when there is no such set or version. */
  columnsOf(tenantId: string, name: string, version?: number): Promise<{ version: number; columns: DataColumn[] } | null> {
    return runAsTenant(tenantId, async () => {
      const meta = await this.repository.version(name, version);
      return meta ? { version: meta.version, columns: meta.columns } : null;
    });
  }

  private async record(name: string): Promise<DataSetRecord> {
    const record = await this.repository.find(name);
    if (!record) throw DataSetError.notFound(name);
    return record;
  }

  private async meta(name: string, version?: number): Promise<DataSetVersionMeta> {
    const meta = await this.repository.version(name, version);
    if (!meta) throw DataSetError.notFound(name, version);
    return meta;
  }
}
