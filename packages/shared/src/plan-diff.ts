import { z } from 'zod';

/** One difference between two plan versions, at a dotted path such as `scenarios.0.load.vus`. */
export const planChangeSchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The leaf-level differences between two JSON values (plan versions as stored), in document
 * order. Arrays are compared position by position, which is how the editor shows them.
 */
export function diffJson(before: unknown, after: unknown, path: string[] = []): PlanChange[] {
  const at = path.join('.') || '(root)';
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ path: at, kind: 'added', after }];
  if (after === undefined) return [{ path: at, kind: 'removed', before }];
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => diffJson(before[index], after[index], [...path, String(index)])).flat();
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffJson(before[key], after[key], [...path, key]));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: at, kind: 'changed', before, after }];
}

export const planVersionSummarySchema = z.object({
  version: z.number().int(),
  name: z.string(),
  targetId: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  current: z.boolean(),
});
export type PlanVersionSummary = z.infer<typeof planVersionSummarySchema>;

export const planDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(planChangeSchema),
});
export type PlanDiff = z.infer<typeof planDiffSchema>;

/** A plan version number as it comes in a path or query: a PostgreSQL integer, so at most 2^31 - 1. */
export const planVersionNumberSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const planDiffQuerySchema = z.object({
  from: planVersionNumberSchema,
  to: planVersionNumberSchema.optional(),
});

/** The exact script a run of the version would execute, and the environment it reads. */
export const planScriptSchema = z.object({
  version: z.number().int(),
  filename: z.string(),
  script: z.string(),
  /** Environment variables to set when running it locally (values are the target's, not shown). */
  env: z.array(z.string()),
});
export type PlanScript = z.infer<typeof planScriptSchema>;

export const planVersionQuerySchema = z.object({ version: planVersionNumberSchema.optional() });
