import { z } from 'zod';
import { customScriptSchema, grpcSettingsSchema, loadProfileSchema, planNameSchema, planSpecSchema, planStepSchema, scenarioSchema } from './plan.js';
import { thresholdSchema } from './threshold.js';
import { dataUseSchema } from './data-sets.js';
import { scriptInspectionSchema } from './jobs.js';

/**
 * PATCH /plans/:id: each field given replaces the current one; the merged spec is validated
 * again with planSpecSchema (cross-field rules such as threshold -> request names).
 */
export const updatePlanSchema = z.object({
  name: planNameSchema.optional(),
  targetId: z.string().min(1).optional(),
  scenarios: z.array(scenarioSchema).min(1).max(20).optional(),
  /** Shorthands for a plan with one scenario: replace its load profile or its requests. */
  load: loadProfileSchema.optional(),
  requests: z.array(planStepSchema).min(1).max(200).optional(),
  grpc: grpcSettingsSchema.nullable().optional(),
  /** Replaces the plan's custom script (null: back to scenarios, given with `scenarios`). */
  script: customScriptSchema.nullable().optional(),
  thresholds: z.array(thresholdSchema).max(200).optional(),
  segments: z.number().int().min(1).max(32).optional(),
  /** Replaces the data sets the plan uses ([]: none). */
  data: z.array(dataUseSchema).max(10).optional(),
});
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

export const planViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  targetId: z.string(),
  version: z.number().int(),
  spec: planSpecSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanView = z.infer<typeof planViewSchema>;

/**
 * POST /plans/check-script: what k6 made of a script and the thresholds Loadline reads from
 * its options; not ok when k6 cannot load it (its message and line) or when a threshold of
 * its options cannot be judged (`unsupportedThresholds`, each named with why).
 */
export const scriptCheckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), maxVUs: z.number().int().nonnegative(), durationSeconds: z.number().nonnegative(), thresholds: z.array(thresholdSchema) }),
  scriptInspectionSchema.options[1].extend({
    unsupportedThresholds: z.array(z.object({ metric: z.string(), expression: z.string(), reason: z.string() })).optional(),
  }),
]);
export type ScriptCheck = z.infer<typeof scriptCheckSchema>;
