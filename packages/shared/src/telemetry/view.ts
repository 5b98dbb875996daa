import { z } from 'zod';
import { TELEMETRY_READ_ERRORS, telemetrySeriesSchema } from './sample.js';

/**
 * A run's telemetry as charts read it (GET /runs/:id/telemetry, the JSON export and the share
 * page): per source its kept series on one axis of seconds. Series are listed, never keyed by
 * name, so every key is a value the public share page can clean. No URL, address or
 * credential of a source is in here.
 */
export const runTelemetrySourceSchema = z.object({
  source: z.string(),
  kind: z.enum(['scrape', 'promql']),
  /** The cores the component may use, when its source said so. */
  cpuCores: z.number().nullable(),
  /** Unix seconds read, ascending: `values[i]` of every series belongs to `t[i]`. */
  t: z.array(z.number().int()),
  series: z.array(telemetrySeriesSchema.extend({ values: z.array(z.number().nullable()) })),
  /** Seconds whose read failed, and why (in the runner's words). */
  errors: z.array(z.object({ t: z.number().int(), code: z.enum(TELEMETRY_READ_ERRORS), message: z.string() })),
});
export type RunTelemetrySource = z.infer<typeof runTelemetrySourceSchema>;

export const runTelemetrySchema = z.object({ sources: z.array(runTelemetrySourceSchema) });
export type RunTelemetry = z.infer<typeof runTelemetrySchema>;
