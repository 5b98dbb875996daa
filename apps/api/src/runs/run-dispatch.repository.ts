import { Injectable } from '@nestjs/common';
import { runDispatchRecordSchema, type RunDispatchRecord, type RunJob } from '@loadline/shared';
import type { Prisma } from '../generated/prisma/client.js';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

/** A run that has not started, as the reconciler sees it: where PostgreSQL says it is. */
export interface UnstartedRun {
  id: string;
  tenantId: string;
  status: 'QUEUED' | 'STARTING';
  createdAt: Date;
  planDeleted: boolean;
  targetDeleted: boolean;
  /** What it was queued with; null when none is on record or the record does not decode. */
  job: RunJob | null;
}

/**
 * What runs were put in line with (RunDispatch), the only access to it. The record is
 * versioned and decoded strictly here: a record that does not decode is reported as none.
 */
@Injectable()
export class RunDispatchRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Keeps what a run is queued with, as the tenant starting it. */
  async save(runId: string, job: RunJob): Promise<void> {
    const record: RunDispatchRecord = { v: 1, job };
    await this.db.scoped.runDispatch.create({ data: withTenant({ runId, record: record as unknown as Prisma.InputJsonValue }) });
  }

  /**
   * Runs not started yet that were queued before `queuedBefore`, across tenants, oldest
   * first: the ones whose queue entry should be in Redis by now.
   */
  async unstarted(queuedBefore: Date, take = 500): Promise<UnstartedRun[]> {
    const rows = await this.db.system.run.findMany({
      where: { status: { in: ['QUEUED', 'STARTING'] }, createdAt: { lt: queuedBefore } },
      select: {
        id: true,
        tenantId: true,
        status: true,
        createdAt: true,
        plan: { select: { deletedAt: true } },
        target: { select: { deletedAt: true } },
        dispatch: { select: { record: true } },
      },
      orderBy: { createdAt: 'asc' },
      take,
    });
    return rows.map((row) => {
      const record = runDispatchRecordSchema.safeParse(row.dispatch?.record);
      return {
        id: row.id,
        tenantId: row.tenantId,
        status: row.status as UnstartedRun['status'],
        createdAt: row.createdAt,
        planDeleted: row.plan.deletedAt !== null,
        targetDeleted: row.target.deletedAt !== null,
        job: record.success ? record.data.job : null,
      };
    });
  }

  /** Records of runs that started or ended: their sealed secrets are kept no longer than needed. */
  async forgetStarted(): Promise<number> {
    const { count } = await this.db.system.runDispatch.deleteMany({ where: { run: { status: { notIn: ['QUEUED', 'STARTING'] } } } });
    return count;
  }
}
