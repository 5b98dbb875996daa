import { z } from 'zod';
import { telemetryCatalogSchema, telemetrySecondSchema } from './sample.js';
import { TELEMETRY_LIMITS, TELEMETRY_PRESETS, promqlQuerySchema, sourceAuthSchema, sourceNameSchema } from './source.js';

/**
 * A metric source as the runner of segment 0 gets it with the run's job (runExecutePayload's
 * `telemetry`): where to read, the addresses its host was pinned to when the run started (the
 * only ones the runner connects to, no redirects), and what to keep. Its credentials travel
 * sealed with the run's other secrets (jobSecrets `telemetry`, by source name).
 */
export const telemetryJobSourceSchema = z.object({
  name: sourceNameSchema,
  kind: z.enum(['scrape', 'promql']),
  url: z.url(),
  addresses: z
    .array(z.union([z.ipv4(), z.ipv6()]))
    .min(1)
    .max(64),
  presets: z.array(z.enum(TELEMETRY_PRESETS)).default([]),
  selectors: z.array(z.string().max(300)).max(TELEMETRY_LIMITS.maxSelectors).default([]),
  queries: z.array(promqlQuerySchema).max(TELEMETRY_LIMITS.maxSelectors).default([]),
  stepSeconds: z.number().int().min(1).max(60).default(1),
  cpuCores: z.number().positive().optional(),
});
export type TelemetryJobSource = z.infer<typeof telemetryJobSourceSchema>;

/** Credentials of a run's sources, by source name, inside the sealed job secrets. */
export const telemetryJobSecretsSchema = z.record(sourceNameSchema, sourceAuthSchema);

/** Runner -> API, queue "results": one second of one source (job `telemetry.second`). */
export const telemetrySecondPayloadSchema = z.object({ runId: z.string().min(1), sample: telemetrySecondSchema });
/** Runner -> API, queue "results": a source's catalog for the run (job `telemetry.catalog`). */
export const telemetryCatalogPayloadSchema = z.object({ runId: z.string().min(1), catalog: telemetryCatalogSchema });
