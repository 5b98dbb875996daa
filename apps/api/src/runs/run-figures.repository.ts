import { Injectable } from '@nestjs/common';
import { STORED_FIGURES, decodeStored, type StoredTrendRun, type StoredFigure } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';

const STATS = new Set<string>(STORED_FIGURES);

/**
 * The figures runs stored when they ended (RunFigure, written by RunsRepository.finalize), the
 * only read of them: a plan's trend is two indexed reads, whatever its runs' summaries hold.
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
    const runs = await this.db.scoped.run.findMany({
      where: {
        planId,
        targetId: range.targetId,
        createdAt: { gte: range.from, lte: range.to },
        figures: { some: { request: '', stat: 'count', value: { gt: 0 } } },
        ...(range.label ? { labels: { path: [range.label.key], equals: range.label.value } } : {}),
      },
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
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    if (!runs.length) return [];
    const figures = await this.db.scoped.runFigure.findMany({
      where: { runId: { in: runs.map((run) => run.id) } },
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
