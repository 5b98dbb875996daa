import { z } from 'zod';

/**
 * A target's metric sources: where Loadline reads the target's own side of a run (CPU, memory,
 * restarts, pools, queues) while the load runs. Two kinds:
 *
 * - `scrape`: a Prometheus / OpenMetrics text endpoint (the service's /metrics, node_exporter,
 *   process-exporter, postgres/redis exporters, cAdvisor, a queue exporter), scraped about
 *   once a second by the runner of segment 0, from a few seconds before the load until a few
 *   seconds after it (a baseline and the recovery);
 * - `promql`: a Prometheus-compatible query API (Prometheus, Thanos, Mimir, VictoriaMetrics)
 *   and PromQL queries the user writes, read with query_range over the run's window.
 *
 * Contacted only by the runner side, at addresses that pass the address policy and belong to
 * the verified target (docs/telemetry.md); credentials sealed like target secrets.
 */

/** What a scrape keeps beyond what its presets name. */
export const TELEMETRY_PRESETS = ['process', 'node', 'container', 'postgres', 'redis', 'queue', 'http'] as const;
export type TelemetryPreset = (typeof TELEMETRY_PRESETS)[number];

/** Bounds of one source, held by the runner on every read. */
export const TELEMETRY_LIMITS = {
  /** Largest response body read; a larger one is cut off and the read reported as too large. */
  maxBodyBytes: 8 * 1024 * 1024,
  /** Series parsed from one scrape; more and the scrape is reported (kept series are far fewer). */
  maxParsedSeries: 20_000,
  /** Series kept and stored per source per second (presets' roles and the user's selectors). */
  maxKeptSeries: 50,
  /** A read that takes longer is abandoned and reported. */
  timeoutMs: 2_000,
  /** Sources per target. */
  maxSources: 8,
  /** Selectors per scrape source, queries per PromQL source. */
  maxSelectors: 20,
} as const;

/** "api", "worker", "postgres": how the report names the source. */
export const sourceNameSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'use lower-case letters, digits, _ and - (it names the source in the report)');

const httpUrlSchema = z
  .url()
  .max(2_048)
  .refine((value) => /^https?:\/\//.test(value), { message: 'must be an http:// or https:// URL' })
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
    message: 'must not carry credentials; use auth instead',
  });

/** Credentials of a source: written, never read back (sealed like target secrets). */
export const sourceAuthSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bearer'), token: z.string().min(1).max(8_192) }),
  z.object({ type: z.literal('basic'), username: z.string().min(1).max(200), password: z.string().max(8_192) }),
]);
export type SourceAuth = z.infer<typeof sourceAuthSchema>;

/**
 * A series selector in PromQL's instant-vector form without functions:
 * `metric_name{label="value",other=~"re.*"}`; the kept series are those it matches.
 */
export const seriesSelectorSchema = z
  .string()
  .min(1)
  .max(300)
  // The closing brace is checked apart: the OpenAPI document carries the pattern, and a fuzzer
  // (schemathesis) cannot read a literal "}" after a quantifier.
  .regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*([{].*)?$/, 'a metric name, optionally with {label="value"} matchers')
  .refine((selector) => !selector.includes('{') || selector.endsWith('}'), 'matchers end with "}"');

/** A PromQL query whose result becomes one kept series per returned series, named `name` (and its labels). */
export const promqlQuerySchema = z.object({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _')
    .max(60),
  expr: z.string().min(1).max(2_000),
  /** What the series is, so the findings can read it (telemetry/roles.ts); none: shown and correlated only. */
  role: z.string().max(40).optional(),
});
export type PromqlQuery = z.infer<typeof promqlQuerySchema>;

const common = {
  name: sourceNameSchema,
  url: httpUrlSchema,
  auth: sourceAuthSchema.optional(),
  /** The cores the component may use (its CPU limit or the host's cores), when the metrics do not say: CPU is judged against it. */
  cpuCores: z.number().positive().max(4_096).optional(),
};

export const createMetricSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('scrape'),
    ...common,
    presets: z.array(z.enum(TELEMETRY_PRESETS)).max(TELEMETRY_PRESETS.length).default(['process']),
    selectors: z.array(seriesSelectorSchema).max(TELEMETRY_LIMITS.maxSelectors).default([]),
  }),
  z.object({
    kind: z.literal('promql'),
    ...common,
    queries: z.array(promqlQuerySchema).min(1).max(TELEMETRY_LIMITS.maxSelectors),
    /** query_range step, seconds. */
    stepSeconds: z.number().int().min(1).max(60).default(1),
  }),
]);
export type CreateMetricSourceInput = z.input<typeof createMetricSourceSchema>;
export type MetricSourceSpec = z.output<typeof createMetricSourceSchema>;

/** A source as the API shows it: the credentials' kind, never their values. */
export const metricSourceViewSchema = z.object({
  id: z.string(),
  targetId: z.string(),
  kind: z.enum(['scrape', 'promql']),
  name: z.string(),
  url: z.string(),
  authType: z.enum(['none', 'bearer', 'basic']),
  cpuCores: z.number().nullable(),
  presets: z.array(z.enum(TELEMETRY_PRESETS)),
  selectors: z.array(z.string()),
  queries: z.array(promqlQuerySchema),
  stepSeconds: z.number().nullable(),
  createdAt: z.string(),
});
export type MetricSourceView = z.infer<typeof metricSourceViewSchema>;
