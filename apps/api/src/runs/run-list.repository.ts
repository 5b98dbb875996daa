import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  BASELINE_RULES,
  decodeStored,
  isTerminalRunStatus,
  STORED_FIGURES,
  type RunListFigures,
  type RunListItem,
  type RunStatus,
  type Verdict,
} from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import type { RunFilter } from './runs.repository.js';
import { Memo } from '../common/memo.js';
import { CREATED_AT_ISO_SQL, FINISHED_ROW_KEY_SQL } from './run-keys.js';

const baselineRuleSchema = z.enum(BASELINE_RULES);

/** A run as a list reads it: its own light columns, its plan version's name, its stored figures. */
export interface RunListRow {
  id: string;
  planId: string;
  planName: string;
  planVersion: number;
  targetId: string;
  status: RunStatus;
  verdict: Verdict | null;
  trigger: RunListItem['trigger'];
  segments: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  cancelRequestedAt: Date | null;
  partial: boolean;
  labels: unknown;
  error: unknown;
  jsonVersion: number;
  baselineRunId: string | null;
  baselineRule: string | null;
  /** RunFigure's whole-run rows (request ''), stat -> value; null without any. */
  figures: Record<string, number | null> | null;
}

/**
 * The statement of a page of runs, newest first (keyset: created before the cursor's run), and
 * its parameters after the tenant ($1). Pure.
 */
export function runListStatement(
  filter: RunFilter,
  take: number,
  before?: { createdAt: Date; id: string },
  /** Other columns than a list row's, one more condition (a trend's: runs that stored figures), only these runs. */
  shape: { select?: string; where?: string; ids?: readonly string[] } = {},
): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length + 1}`;
  };
  // Instants as ISO text read as UTC: the columns are UTC timestamps without a zone.
  const instant = (at: Date) => `(${param(at.toISOString())}::timestamptz AT TIME ZONE 'UTC')`;
  const where = ['r."tenantId" = $1'];
  if (filter.planId !== undefined) {
    // A deleted plan's runs are not listed by it (its id answers 404, as on its own route).
    where.push(`r."planId" = ${param(filter.planId)}`);
    where.push(`EXISTS (SELECT 1 FROM "TestPlan" p WHERE p.id = r."planId" AND p."tenantId" = $1 AND p."deletedAt" IS NULL)`);
  }
  if (filter.targetId !== undefined) where.push(`r."targetId" = ${param(filter.targetId)}`);
  if (filter.status !== undefined) where.push(`r.status = ${param(filter.status)}::"RunStatus"`);
  if (filter.verdict !== undefined) where.push(`r.verdict = ${param(filter.verdict)}::"Verdict"`);
  if (filter.from !== undefined) where.push(`r."createdAt" >= ${instant(filter.from)}`);
  if (filter.to !== undefined) where.push(`r."createdAt" <= ${instant(filter.to)}`);
  if (filter.label !== undefined) where.push(`r.labels -> ${param(filter.label.key)}::text = to_jsonb(${param(filter.label.value)}::text)`);
  if (shape.where !== undefined) where.push(shape.where);
  if (shape.ids !== undefined) where.push(`r.id = ANY(${param(shape.ids)}::text[])`);
  if (before !== undefined) {
    const at = instant(before.createdAt);
    where.push(`(r."createdAt" < ${at} OR (r."createdAt" = ${at} AND r.id < ${param(before.id)}))`);
  }
  const select =
    shape.select ??
    `r.id, r."planId", v.name AS "planName", v.version AS "planVersion", r."targetId", r.status::text AS status,
         r.verdict::text AS verdict, r.trigger::text AS trigger, r.segments,
         r."createdAt" AT TIME ZONE 'UTC' AS "createdAt", r."startedAt" AT TIME ZONE 'UTC' AS "startedAt",
         r."finishedAt" AT TIME ZONE 'UTC' AS "finishedAt", r."cancelRequestedAt" AT TIME ZONE 'UTC' AS "cancelRequestedAt",
         r.partial, r.labels, r.error, r."jsonVersion", r."baselineRunId", r."baselineRule",
         (SELECT json_object_agg(f.stat, f.value) FROM "RunFigure" f
           WHERE f."runId" = r.id AND f.request = '' AND f."tenantId" = $1) AS figures`;
  const text = `SELECT ${select}
  FROM "Run" r JOIN "PlanVersion" v ON v.id = r."planVersionId" AND v."tenantId" = $1
  WHERE ${where.join(' AND ')}
  ORDER BY r."createdAt" DESC, r.id DESC
  LIMIT ${param(take)}`;
  return { text, params };
}

/** The whole run's figures from its stored rows; null for a run that stored none (or counted no request). Pure. */
export function listFigures(stored: RunListRow['figures']): RunListFigures | null {
  if (!stored || !STORED_FIGURES.every((stat) => stat in stored)) return null;
  const count = stored.count ?? 0;
  if (count <= 0) return null;
  return { requests: count, rps: stored.rps ?? 0, errorRate: stored.errorRate ?? 0, p50: stored.p50 ?? null, p95: stored.p95 ?? null, p99: stored.p99 ?? null };
}

/** A list row as the API shows it. Pure. */
export function toRunListItem(row: RunListRow): RunListItem {
  const error = decodeStored('Run.error', row.error, row.jsonVersion, row.id);
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    planVersion: row.planVersion,
    targetId: row.targetId,
    status: row.status,
    verdict: row.verdict,
    trigger: row.trigger,
    segments: row.segments,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: error ? { code: error.code, message: error.message } : null,
    partial: row.partial,
    cancelRequestedAt: row.cancelRequestedAt?.toISOString() ?? null,
    labels: decodeStored('Run.labels', row.labels, row.jsonVersion, row.id),
    baseline: row.baselineRunId ? { runId: row.baselineRunId, rule: baselineRuleSchema.parse(row.baselineRule) } : null,
    figures: isTerminalRunStatus(row.status) ? listFigures(row.figures) : null,
  };
}

/**
 * The JSON text of finished runs' list rows, by finished row key (run-keys.ts: a late segment
 * report changes it, and so does any change of the run's own columns): a page of finished runs
 * is one light read and these texts joined.
 */
const finishedRows = new Memo<string>(20_000);

/** A listed run: what its cursor is made of, and its row as JSON text. */
export interface ListedRun {
  id: string;
  createdAt: string;
  /** Null while the run may still change (run-keys.ts). */
  finishedKey: string | null;
  json: string;
}

/**
 * Pages of runs for GET /runs: one plain statement for which runs a page holds and their
 * finished keys, then the light rows (own columns and the figures each run stored when it
 * ended, RunFigure) of only those this process has not written yet; never a run's report
 * (docs/benchmarks.md "API reads").
 */
@Injectable()
export class RunListRepository {
  constructor(private readonly db: DatabaseService) {}

  async page(filter: RunFilter, take: number, before?: { createdAt: Date; id: string }): Promise<ListedRun[]> {
    const keys = await this.db.sql.rows<{ id: string; createdAt: string; finishedKey: string | null }>(
      ...statementArgs(
        runListStatement(filter, take, before, { select: `r.id, ${CREATED_AT_ISO_SQL} AS "createdAt", ${FINISHED_ROW_KEY_SQL} AS "finishedKey"` }),
      ),
    );
    const missing = keys.filter((key) => key.finishedKey === null || finishedRows.peek(key.finishedKey) === undefined).map((key) => key.id);
    const read = new Map<string, RunListItem>();
    if (missing.length) {
      const rows = await this.db.sql.rows<RunListRow>(...statementArgs(runListStatement({}, missing.length, undefined, { ids: missing })));
      for (const row of rows) read.set(row.id, toRunListItem(row));
    }
    return keys.flatMap((key) => {
      const item = read.get(key.id);
      if (key.finishedKey === null) return item ? [{ ...key, json: JSON.stringify(item) }] : [];
      const json = item ? finishedRows.get(key.finishedKey, () => JSON.stringify(item)) : finishedRows.peek(key.finishedKey)!;
      return [{ ...key, json }];
    });
  }
}

const statementArgs = (statement: { text: string; params: unknown[] }) => [statement.text, statement.params] as const;
