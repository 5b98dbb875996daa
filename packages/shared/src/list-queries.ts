import { z } from 'zod';
import { RUN_STATUSES } from './runs.js';
import { VERDICTS } from './threshold.js';
import { labelFilterSchema } from './run-manifest.js';

/** GET /runs: the Runs list's filters (each optional, all combined) and its keyset page. */
export const runListQuerySchema = z.object({
  planId: z.string().min(1).optional(),
  targetId: z.string().min(1).optional(),
  status: z.enum(RUN_STATUSES).optional(),
  /** PASS, FAIL or INCONCLUSIVE: runs still going (or errored before a verdict) have none. */
  verdict: z.enum(VERDICTS).optional(),
  /** Only runs carrying this label: `commit=ab12cd3`. */
  label: labelFilterSchema.optional(),
  /** Runs created at or after this instant. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Runs created at or before this instant. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** Runs per page, newest first. */
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The `next` of the previous page: runs older than its last. */
  before: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be the next cursor of a previous page')
    .optional(),
});
export type RunListQuery = z.infer<typeof runListQuerySchema>;

/** GET /plans: the Plans list's filters. */
export const planListQuerySchema = z.object({
  targetId: z.string().min(1).optional(),
  /** Plans whose name contains this, any case. */
  q: z.string().trim().min(1).max(200).optional(),
});
export type PlanListQuery = z.infer<typeof planListQuerySchema>;
