import { z } from 'zod';
import { RUN_STATUSES, runSchema } from '../runs.js';
import { VERDICTS } from '../threshold.js';

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
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const EXPORT_FORMATS = ['json', 'csv', 'junit'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export const compareQuerySchema = z.object({ base: z.string().min(1).max(64), head: z.string().min(1).max(64) });
