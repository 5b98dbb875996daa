import { z } from 'zod';
import { RUN_STATUSES, runSchema } from '../runs.js';
import { VERDICTS } from '../threshold.js';
import { trendChangeSchema } from './trend.js';

/** A confirmed regression as PlanRegression stores it (versioned; decoded in its repository). */
export const storedRegressionSchema = z.object({ v: z.literal(1), change: trendChangeSchema });
export type StoredRegression = z.infer<typeof storedRegressionSchema>;

/** How long a confirmed regression stays on the dashboard. */
export const DASHBOARD_REGRESSION_DAYS = 14;

export const dashboardSchema = z.object({
  recentRuns: z.array(runSchema),
  /** Failing plans first, then inconclusive, passing, never run. */
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      version: z.number().int(),
      latest: z.object({ runId: z.string(), status: z.enum(RUN_STATUSES), verdict: z.enum(VERDICTS).nullable(), createdAt: z.string() }).nullable(),
      /** p95 of the last runs with measurements, oldest first, for a sparkline. */
      p95: z.array(z.number().nullable()),
    }),
  ),
  /**
   * Steps for the worse that a run confirmed in its plan's trend (plan.regression), newest
   * first, over the last DASHBOARD_REGRESSION_DAYS days.
   */
  regressions: z
    .array(
      z.object({
        planId: z.string(),
        planName: z.string(),
        /** The run whose end confirmed it, and when. */
        confirmedBy: z.object({ runId: z.string(), at: z.string() }),
        change: trendChangeSchema,
      }),
    )
    .default([]),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const EXPORT_FORMATS = ['json', 'csv', 'junit'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export const compareQuerySchema = z.object({ base: z.string().min(1).max(64), head: z.string().min(1).max(64) });
