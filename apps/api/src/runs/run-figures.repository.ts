import { Injectable } from '@nestjs/common';
import { STORED_FIGURES, decodeStored, type StoredTrendRun, type StoredFigure } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { Memo } from '../common/memo.js';
import { runListStatement } from './run-list.repository.js';
import { FINISHED_ROW_KEY_SQL } from './run-keys.js';

const STATS = new Set<string>(STORED_FIGURES);

/**
 * Trend rows of finished runs, by the run's finished row key (run-keys.ts: its segments' state,
 * which a late report changes, and its row's version, which any change of the run's own columns
 * does) and whether telemetry was read: a plan's trend decodes each run once per process
 * instead of at every build (its diagnostics and telemetry are JSON).
 */
const finishedTrendRuns = new Memo<StoredTrendRun>(20_000);

/**
 * The figures runs stored when they ended (RunFigure, written by RunsRepository.finalize), the
 * only read of them: a plan's trend is one light read of which runs it holds (and their
 * finished keys, run-keys.ts), then the figures of only those this process has not read yet.
 */
@Injectable()
export class RunFiguresRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * The plan's newest `limit` runs that measured requests (within the range; against one target
   * when `targetId` is given: what every trend asks), with their figures;
   * `telemetry`: with each one's per-source telemetry figures too, read from its stored report in
   * the same query (a few KB a run: no table of their own needed).
   */
  async forPlan(
    planId: string,
    range: { from?: Date; to?: Date; label?: { key: string; value: string }; targetId?: string },
    limit: number,
    options: { telemetry?: boolean } = {},
  ): Promise<StoredTrendRun[]> {
    const { text, params } = runListStatement({ planId, targetId: range.targetId, from: range.from, to: range.to, label: range.label }, limit, undefined, {
      select: `r.id, ${FINISHED_ROW_KEY_SQL} AS "finishedKey"`,
      where: `EXISTS (SELECT 1 FROM "RunFigure" f WHERE f."runId" = r.id AND f.request = '' AND f.stat = 'count' AND f.value > 0 AND f."tenantId" = $1)`,
    });
    const keys = await this.db.sql.rows<{ id: string; finishedKey: string | null }>(text, params);
    const memoKey = (key: { finishedKey: string | null }) => (key.finishedKey === null ? null : `${key.finishedKey}|${options.telemetry ? 't' : ''}`);
    const missing = keys.filter((key) => {
      const at = memoKey(key);
      return at === null || finishedTrendRuns.peek(at) === undefined;
    });
    const read = new Map(
      (missing.length
        ? await this.read(
            missing.map((key) => key.id),
            options,
          )
        : []
      ).map((run) => [run.runId, run] as const),
    );
    return keys.flatMap((key) => {
      const at = memoKey(key);
      const fresh = read.get(key.id);
      if (at === null) return fresh ? [fresh] : [];
      return fresh ? [finishedTrendRuns.get(at, () => fresh)] : [finishedTrendRuns.peek(at)!];
    });
  }

  /** These runs' trend rows, decoded (any order). */
  private async read(ids: string[], options: { telemetry?: boolean }): Promise<StoredTrendRun[]> {
    const runs = await this.db.scoped.run.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        createdAt: true,
        status: true,
        verdict: true,
        diagnostics: true,
        jsonVersion: true,
        labels: true,
        planVersion: { select: { version: true } },
        telemetry: options.telemetry ?? false,
      },
    });
    const figures = await this.db.scoped.runFigure.findMany({
      where: { runId: { in: ids } },
      select: { runId: true, request: true, stat: true, value: true },
    });
    const byRun = new Map<string, StoredTrendRun['figures'][number][]>();
    for (const figure of figures) {
      if (!STATS.has(figure.stat)) continue;
      const list = byRun.get(figure.runId) ?? [];
      list.push({ request: figure.request, stat: figure.stat as StoredFigure, value: figure.value });
      byRun.set(figure.runId, list);
    }
    return runs.map((run) => ({
      runId: run.id,
      createdAt: run.createdAt.toISOString(),
      planVersion: run.planVersion.version,
      status: run.status as StoredTrendRun['status'],
      verdict: run.verdict as StoredTrendRun['verdict'],
      doubtful: decodeStored('Run.diagnostics', run.diagnostics, run.jsonVersion, run.id).some((diagnostic) => diagnostic.severity === 'critical'),
      figures: byRun.get(run.id) ?? [],
      labels: decodeStored('Run.labels', run.labels, run.jsonVersion, run.id),
      ...(options.telemetry ? { telemetry: decodeStored('Run.telemetry', run.telemetry, run.jsonVersion, run.id)?.figures ?? [] } : {}),
    }));
  }
}
