import { Injectable } from '@nestjs/common';
import {
  TERMINAL_RUN_STATUSES,
  trendFigureRows,
  type BaselineRule,
  type Capacity,
  type Recovery,
  type Diagnostic,
  type RunLabels,
  type RunManifest,
  type RunnerBuild,
  type SegmentDataUsage,
  type RunStatus,
  type RunSummary,
  type SegmentHealth,
  type ThresholdResult,
  type ThresholdStop,
  STORED_JSON_VERSION,
} from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import { Prisma, type RunTrigger, type SegmentStatus, type Verdict } from '../generated/prisma/client.js';
import { decodeRun, decodeSegment, type RunRecord, type SegmentRow } from './run-rows.js';
import { FINISHED_KEY_SQL } from './run-keys.js';

export interface NewRun {
  planId: string;
  planVersionId: string;
  targetId: string;
  baseUrl: string;
  segments: number;
  trigger: RunTrigger;
  deadlineAt: Date;
  createdById?: string;
  vuMinutes: number;
  idempotencyKey?: string;
  labels: RunLabels;
  manifest: RunManifest;
}

export interface FinalOutcome {
  status: Extract<RunStatus, 'PASSED' | 'FAILED' | 'INCONCLUSIVE' | 'ERRORED' | 'CANCELLED'>;
  verdict: Verdict | null;
  summary: RunSummary | null;
  /** Why it ERRORED, or why a FAILED run was stopped early (a ThresholdStop, kept whole). */
  error: { code: string; message: string } | null;
  partial: boolean;
  thresholds: ThresholdResult[];
  diagnostics: Diagnostic[];
  capacity: Capacity | null;
  recovery: Recovery | null;
  /** Per segment index, how its generator did. */
  segmentHealth: Map<number, SegmentHealth>;
  startSpreadMs: number | null;
  /** The run it was judged and compared against; null when there was none. */
  baseline: { runId: string; rule: BaselineRule } | null;
}

export interface RunFilter {
  planId?: string;
  targetId?: string;
  status?: RunStatus;
  verdict?: Verdict;
  from?: Date;
  to?: Date;
  /** Only runs carrying this label. */
  label?: { key: string; value: string };
}

const NOT_TERMINAL = { notIn: [...TERMINAL_RUN_STATUSES] as RunStatus[] };
const runInclude = { planVersion: true, thresholds: { orderBy: { position: 'asc' } }, runSegments: true } as const;

/**
 * Tenant-scoped, except the one lookup that finds which tenant a result job belongs to. Rows
 * come out decoded (run-rows.ts): JSON columns strictly, by the version that wrote them.
 */
@Injectable()
export class RunsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Creates the run and its segments. `admit` (the quota check) runs first, under a lock per
   * organization held until the run is committed: two runs started at once are counted one
   * after the other, so neither slips past a concurrency or monthly limit.
   */
  create(run: NewRun, admit: () => Promise<void>) {
    return this.db.scoped.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`run-quota:${currentTenantId()}`}))`;
      await admit();
      const created = await tx.run.create({
        data: withTenant({
          ...run,
          labels: run.labels as Prisma.InputJsonObject,
          manifest: run.manifest as unknown as Prisma.InputJsonObject,
          jsonVersion: STORED_JSON_VERSION,
        }),
      });
      await tx.runSegment.createMany({
        data: Array.from({ length: run.segments }, (_, index) => withTenant({ runId: created.id, index })),
      });
      return decodeRun(await tx.run.findUniqueOrThrow({ where: { id: created.id }, include: runInclude }));
    });
  }

  async find(id: string): Promise<RunRecord | null> {
    const row = await this.db.scoped.run.findUnique({ where: { id }, include: runInclude });
    return row ? decodeRun(row) : null;
  }

  activeCountForPlan(planId: string) {
    return this.db.scoped.run.count({ where: { planId, status: NOT_TERMINAL } });
  }

  async findByIdempotencyKey(idempotencyKey: string): Promise<RunRecord | null> {
    const row = await this.db.scoped.run.findFirst({ where: { idempotencyKey }, include: runInclude });
    return row ? decodeRun(row) : null;
  }

  async list(filter: { planId?: string; status?: RunStatus; from?: Date; to?: Date }, take = 100): Promise<RunRecord[]> {
    const rows = await this.db.scoped.run.findMany({
      where: { planId: filter.planId, status: filter.status, createdAt: { gte: filter.from, lte: filter.to } },
      include: runInclude,
      orderBy: { createdAt: 'desc' },
      take,
    });
    return rows.map(decodeRun);
  }

  /**
   * The runs a list shows, newest first, with only what tells whether a view built earlier
   * still holds (status, end, segments' state): no summaries, no plan specs.
   */
  listKeys(filter: RunFilter, take = 100, before?: { createdAt: Date; id: string }) {
    return this.db.scoped.run.findMany({
      where: {
        planId: filter.planId,
        targetId: filter.targetId,
        status: filter.status,
        verdict: filter.verdict,
        createdAt: { gte: filter.from, lte: filter.to },
        ...(filter.label ? { labels: { path: [filter.label.key], equals: filter.label.value } } : {}),
        ...(before ? { OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] } : {}),
      },
      select: { id: true, status: true, finishedAt: true, runSegments: { select: { index: true, status: true, finishedAt: true } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
    });
  }

  /** Whether the run is this organization's, and its finished key (run-keys.ts): every read of one run asks this first. */
  async findKey(id: string): Promise<{ id: string; finishedKey: string | null } | null> {
    const rows = await this.db.sql.rows<{ id: string; finishedKey: string | null }>(
      `SELECT r.id, ${FINISHED_KEY_SQL} AS "finishedKey" FROM "Run" r WHERE r.id = $2 AND r."tenantId" = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findMany(ids: string[]): Promise<RunRecord[]> {
    return (await this.db.scoped.run.findMany({ where: { id: { in: ids } }, include: runInclude })).map(decodeRun);
  }

  /**
   * Result jobs name a run but not its tenant; this is the system-level lookup that lets the
   * consumer then act as that tenant. Returns null for unknown runs.
   */
  async tenantOfRun(runId: string): Promise<string | null> {
    const run = await this.db.system.run.findUnique({ where: { id: runId }, select: { tenantId: true } });
    return run?.tenantId ?? null;
  }

  async createdAt(runId: string): Promise<Date | null> {
    return (await this.db.scoped.run.findUnique({ where: { id: runId }, select: { createdAt: true } }))?.createdAt ?? null;
  }

  /** Moves a run forward only: never out of a terminal status, never back to an earlier one. */
  async advanceStatus(runId: string, to: 'STARTING' | 'RUNNING' | 'FINISHING', from: RunStatus[], at?: Date) {
    const data: Prisma.RunUncheckedUpdateManyInput = { status: to };
    if (to === 'RUNNING' && at) data.startedAt = at;
    return this.db.scoped.run.updateMany({ where: { id: runId, status: { in: from } }, data });
  }

  markFailedToQueue(runId: string, message: string) {
    return this.db.scoped.run.updateMany({
      where: { id: runId, status: NOT_TERMINAL },
      data: { status: 'ERRORED', error: { code: 'QUEUE_UNAVAILABLE', message }, finishedAt: new Date(), vuMinutes: 0 },
    });
  }

  /**
   * The dispatcher reserved the run's runners: it is STARTING, each segment has its runner,
   * and its deadline now counts from here.
   */
  markReserved(runId: string, runners: string[], deadlineAt: Date) {
    return this.db.scoped.$transaction(async (tx) => {
      await tx.run.updateMany({ where: { id: runId, status: { in: ['QUEUED', 'STARTING'] } }, data: { status: 'STARTING', deadlineAt } });
      for (const [index, runnerId] of runners.entries()) {
        await tx.runSegment.updateMany({ where: { runId, index, status: { in: ['QUEUED', 'STARTING'] } }, data: { status: 'STARTING', runnerId } });
      }
    });
  }

  /** A reservation given up before the start: the run is back in line, its segments free. */
  returnToQueue(runId: string) {
    return this.db.scoped.$transaction(async (tx) => {
      await tx.run.updateMany({ where: { id: runId, status: 'STARTING' }, data: { status: 'QUEUED' } });
      await tx.runSegment.updateMany({ where: { runId, status: 'STARTING' }, data: { status: 'QUEUED', runnerId: null } });
    });
  }

  /** Segments that never began the load, for a run that ends before its start. */
  cancelUnstartedSegments(runId: string, at: Date) {
    return this.db.scoped.runSegment.updateMany({
      where: { runId, status: { in: ['QUEUED', 'STARTING'] } },
      data: { status: 'CANCELLED', finishedAt: at, secondsSent: 0 },
    });
  }

  updateSegment(
    runId: string,
    index: number,
    data: {
      status: SegmentStatus;
      runnerId?: string;
      exitCode?: number | null;
      secondsSent?: number;
      error?: { code: string; message: string } | null;
      startedAt?: Date;
      finishedAt?: Date;
    },
  ) {
    const { error, ...rest } = data;
    return this.db.scoped.runSegment.updateMany({
      where: { runId, index },
      data: { ...rest, ...(error !== undefined ? { error: error ?? undefined } : {}) },
    });
  }

  /**
   * Moves a segment to STARTING or RUNNING, never backwards: a `started` job processed after
   * the segment's `finished` job (jobs are consumed in parallel) must not revive it.
   */
  markSegmentStarted(runId: string, index: number, phase: 'STARTING' | 'RUNNING', runnerId: string, at: Date, build?: RunnerBuild) {
    const from: SegmentStatus[] = phase === 'STARTING' ? ['QUEUED'] : ['QUEUED', 'STARTING'];
    return this.db.scoped.runSegment.updateMany({
      where: { runId, index, status: { in: from } },
      data: { status: phase, runnerId, startedAt: at, ...(build ? { runner: build } : {}) },
    });
  }

  /**
   * A segment's rows used of the run's data sets, into its manifest (`dataUsage.<segment>`).
   * One statement, so segments ending together do not overwrite each other's; the tenant is
   * named here because a raw statement passes by the tenant scope.
   */
  async recordDataUsage(runId: string, index: number, usage: SegmentDataUsage[]): Promise<void> {
    await this.db.scoped.$executeRaw`
      UPDATE "Run" SET manifest = jsonb_set(manifest, '{dataUsage}', COALESCE(manifest->'dataUsage', '{}'::jsonb) || jsonb_build_object(${String(index)}::text, ${JSON.stringify(usage)}::jsonb))
      WHERE id = ${runId} AND "tenantId" = ${currentTenantId()} AND manifest IS NOT NULL`;
  }

  async segments(runId: string): Promise<SegmentRow[]> {
    return (await this.db.scoped.runSegment.findMany({ where: { runId }, orderBy: { index: 'asc' } })).map(decodeSegment);
  }

  /**
   * Records that a threshold's stop rule was breached, once, and only while the run is
   * applying load and nobody asked to cancel it: of two API processes that both see the
   * breach, one records it. Returns whether this call did.
   */
  async recordThresholdStop(runId: string, stop: ThresholdStop): Promise<boolean> {
    const updated = await this.db.scoped.run.updateMany({
      where: { id: runId, status: { in: ['STARTING', 'RUNNING'] }, cancelRequestedAt: null, error: { equals: Prisma.DbNull } },
      data: { error: stop as unknown as Prisma.InputJsonValue },
    });
    return updated.count > 0;
  }

  requestCancel(runId: string, at: Date) {
    return this.db.scoped.run.updateMany({
      where: { id: runId, status: NOT_TERMINAL, cancelRequestedAt: null },
      data: { cancelRequestedAt: at },
    });
  }

  /**
   * Writes the final outcome once: the status guard makes a second finaliser (another API
   * process, a retried job) a no-op. Returns whether this call did it.
   */
  finalize(runId: string, outcome: FinalOutcome, vuMinutes: number): Promise<boolean> {
    return this.db.scoped.$transaction(async (tx) => {
      const updated = await tx.run.updateMany({
        where: { id: runId, status: NOT_TERMINAL },
        data: {
          status: outcome.status,
          verdict: outcome.verdict,
          summary: (outcome.summary ?? undefined) as Prisma.InputJsonValue | undefined,
          // Written either way: a stop rule's breach recorded while this outcome was decided
          // without it must not linger beside a verdict that did not count it.
          error: (outcome.error ?? Prisma.DbNull) as Prisma.InputJsonValue | typeof Prisma.DbNull,
          partial: outcome.partial,
          vuMinutes,
          diagnostics: outcome.diagnostics as unknown as Prisma.InputJsonValue,
          capacity: (outcome.capacity ?? undefined) as Prisma.InputJsonValue | undefined,
          recovery: (outcome.recovery ?? undefined) as Prisma.InputJsonValue | undefined,
          startSpreadMs: outcome.startSpreadMs,
          baselineRunId: outcome.baseline?.runId ?? null,
          baselineRule: outcome.baseline?.rule ?? null,
          jsonVersion: STORED_JSON_VERSION,
          finishedAt: new Date(),
        },
      });
      if (updated.count === 0) return false;
      for (const [index, health] of outcome.segmentHealth) {
        await tx.runSegment.updateMany({
          where: { runId, index },
          data: { health: health as unknown as Prisma.InputJsonValue, jsonVersion: STORED_JSON_VERSION },
        });
      }
      await tx.thresholdResult.createMany({
        data: outcome.thresholds.map((result, position) =>
          withTenant({
            runId,
            position,
            metric: result.threshold.metric,
            stat:
              result.threshold.metric === 'latency' || result.threshold.metric === 'custom' || result.threshold.metric === 'telemetry'
                ? (result.threshold.stat ?? null)
                : null,
            request: result.threshold.request ?? null,
            scenario: result.threshold.scenario ?? null,
            status: result.threshold.metric === 'status_share' ? result.threshold.status : null,
            op: result.threshold.op,
            value: result.threshold.value,
            verdict: result.verdict,
            measured: result.measured,
            explanation: result.explanation,
            relative: (result.relative ?? undefined) as Prisma.InputJsonValue | undefined,
            jsonVersion: STORED_JSON_VERSION,
          }),
        ),
      });
      // What trends read: the run's figures, whole run and per request (RunFigure).
      if (outcome.summary && outcome.summary.overall.count > 0) {
        const { planId, createdAt } = await tx.run.findUniqueOrThrow({ where: { id: runId }, select: { planId: true, createdAt: true } });
        await tx.runFigure.createMany({
          data: trendFigureRows(outcome.summary).map((row) => withTenant({ runId, planId, createdAt, ...row })),
          skipDuplicates: true,
        });
      }
      return true;
    });
  }

  /** Segments whose runner is applying load right now, across tenants, to check the runners live. */
  activeSegments() {
    return this.db.system.runSegment.findMany({
      where: { status: 'RUNNING', runnerId: { not: null } },
      select: { runId: true, tenantId: true, index: true, runnerId: true, startedAt: true, run: { select: { segments: true } } },
      take: 500,
    });
  }

  /**
   * Runs past their deadline, stuck finishing, or whose other segments have not ended long
   * after one failed (they were told to stop), across tenants, for the watchdog.
   */
  overdue(now: Date, finishingSince: Date) {
    return this.db.system.run.findMany({
      where: {
        OR: [
          { status: NOT_TERMINAL, deadlineAt: { lt: now } },
          { status: 'FINISHING', runSegments: { every: { finishedAt: { lt: finishingSince } } } },
          { status: NOT_TERMINAL, runSegments: { some: { status: 'ERRORED', finishedAt: { lt: finishingSince } } } },
        ],
      },
      select: { id: true, tenantId: true, status: true, deadlineAt: true },
      take: 100,
    });
  }
}
