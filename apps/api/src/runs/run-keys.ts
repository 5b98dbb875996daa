import { TERMINAL_RUN_STATUSES } from '@loadline/shared';

/**
 * SQL for run `r` (tenant $1): its finished key, the very text run-view.ts finishedViewKey makes
 * of the whole run (its id, then each segment's status and end in milliseconds, in index order),
 * or NULL while the run may still change. Written by PostgreSQL as text, so a list of 100 runs
 * is checked against what this process already holds without a date or JSON parsed per row
 * (run-keys.integration.test.ts holds both forms to the same text).
 */
export const FINISHED_KEY_SQL = `CASE WHEN r.status::text IN (${TERMINAL_RUN_STATUSES.map((status) => `'${status}'`).join(', ')}) AND r."finishedAt" IS NOT NULL
  THEN r.id || '|' || COALESCE((SELECT string_agg(g.status::text || COALESCE(((extract(epoch FROM g."finishedAt") * 1000)::bigint)::text, ''), ',' ORDER BY g.index)
                                FROM "RunSegment" g WHERE g."runId" = r.id AND g."tenantId" = $1), '') END`;

/** A run's creation time as the API writes it (ISO 8601, UTC, milliseconds), as SQL text. */
export const CREATED_AT_ISO_SQL = `to_char(r."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * SQL for run `r` (tenant $1): FINISHED_KEY_SQL and the version of the run's own row (`xmin`, the
 * transaction that last wrote it: PostgreSQL gives the row a new one with every change), or NULL
 * while the run may still change. For what is kept of a finished run's own columns (its list
 * row, its trend row): a finished run changed in place (labels, verdict) gets a new key, where
 * its finished key, which follows its segments, would stay.
 */
export const FINISHED_ROW_KEY_SQL = `(${FINISHED_KEY_SQL}) || '|' || r.xmin::text`;
