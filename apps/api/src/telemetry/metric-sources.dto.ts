import { z } from 'zod';
import { TELEMETRY_LIMITS, TELEMETRY_PRESETS, promqlQuerySchema, seriesSelectorSchema, sourceAuthSchema, sourceNameSchema } from '@loadline/shared';

/**
 * A change to a metric source: what is given replaces, what is absent stays. `auth: null`
 * removes the credentials (they are never read back, so the only other way is to write new
 * ones); `cpuCores: null` forgets the cores. The kind does not change (delete and add). The
 * source as changed is validated again with createMetricSourceSchema, so a field of the
 * other kind (queries on a scrape source) is refused.
 */
export const updateMetricSourceSchema = z.strictObject({
  name: sourceNameSchema.optional(),
  url: z.string().max(2_048).optional(),
  auth: sourceAuthSchema.nullable().optional(),
  cpuCores: z.number().positive().max(4_096).nullable().optional(),
  presets: z.array(z.enum(TELEMETRY_PRESETS)).max(TELEMETRY_PRESETS.length).optional(),
  selectors: z.array(seriesSelectorSchema).max(TELEMETRY_LIMITS.maxSelectors).optional(),
  queries: z.array(promqlQuerySchema).min(1).max(TELEMETRY_LIMITS.maxSelectors).optional(),
  stepSeconds: z.number().int().min(1).max(60).optional(),
});
export type UpdateMetricSourceInput = z.infer<typeof updateMetricSourceSchema>;
