import { z } from 'zod';
import { baseUrlSchema, variableNameSchema } from './targets.js';
import { runLabelsSchema, runTargetIdSchema } from './run-manifest.js';

export const createTriggerSchema = z.object({
  name: z.string().trim().min(1).max(200).default('deploy hook'),
  /** Labels every run it starts carries (a call's own labels win over these). */
  labels: runLabelsSchema.default({}),
  /**
   * The target (environment) its runs go to instead of the plan's own. Fixed when the trigger is
   * made: a trigger URL needs no login, so whoever holds it cannot point it at another target.
   */
  targetId: runTargetIdSchema.nullable().default(null),
});

export const triggerViewSchema = z.object({
  id: z.string(),
  planId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  labels: runLabelsSchema.default({}),
  /** The target its runs go to; null: the plan's own. */
  targetId: z.string().nullable().default(null),
});
export type TriggerView = z.infer<typeof triggerViewSchema>;

/** The answer to creating a trigger: its secret URL, shown once (only a hash is kept). */
export const createdTriggerSchema = z.object({ trigger: triggerViewSchema, token: z.string(), url: z.string() });
export type CreatedTrigger = z.infer<typeof createdTriggerSchema>;

/**
 * The body of POST /triggers/:token (all optional): run against another base URL, e.g. a
 * preview deployment (checked by the address policy; a host other than the verified one runs
 * under the unverified limits), and/or with some variables set for this run only.
 */
export const fireTriggerSchema = z.object({
  baseUrl: baseUrlSchema.optional(),
  variables: z.record(variableNameSchema, z.string().max(8_192)).optional(),
  /** This run's labels, over the trigger's own: `{"commit": "ab12cd3", "branch": "main"}`. */
  labels: runLabelsSchema.optional(),
});
export type FireTriggerInput = z.infer<typeof fireTriggerSchema>;

/** Idempotency-Key header values: what clients generate (UUIDs, commit SHAs, build ids). */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
