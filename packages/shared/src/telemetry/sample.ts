import { z } from 'zod';

/**
 * What a kept series is, so the findings (saturation, restarts, backlog, leaks, bottleneck)
 * can read it whatever exporter it came from. The presets (telemetry/presets.ts) map the
 * common exporters' metrics onto these; a user's selector or query may name one.
 */
export const TELEMETRY_ROLES = [
  /** Cores busy (a CPU-seconds counter read as a rate). */
  'cpu_cores',
  /** Cores it may use: its limit, or the host's cores. */
  'cpu_limit_cores',
  /** Resident / working-set memory, bytes. */
  'memory_bytes',
  'memory_limit_bytes',
  /** process_start_time_seconds: a change is a restart. */
  'start_time',
  'open_fds',
  'max_fds',
  /** Connections or workers of a pool in use, and its maximum (max_connections). */
  'pool_in_use',
  'pool_max',
  /** Jobs waiting in a queue (a gauge). */
  'queue_depth',
  /** Jobs taken off a queue per second (a counter read as a rate). */
  'queue_processed_rate',
  /** Jobs put on a queue per second. */
  'queue_enqueued_rate',
  /** 1-minute load average. */
  'load1',
  /** Requests per second the component served, and their p95 (seconds). */
  'http_rps',
  'http_p95_seconds',
] as const;
export type TelemetryRole = (typeof TELEMETRY_ROLES)[number];

/** One kept series of a source, described once per source and run. */
export const telemetrySeriesSchema = z.object({
  /** Stable key within the source: `metric{label="v",...}` with labels sorted, or a role's derived name. */
  key: z.string().max(300),
  /** How the stored value was made: a gauge as read, a counter as a per-second rate, a histogram's p95. */
  kind: z.enum(['gauge', 'rate', 'p95']),
  role: z.enum(TELEMETRY_ROLES).optional(),
  unit: z.enum(['cores', 'bytes', 'seconds', 'per_second', 'count', 'ratio', 'none']).default('none'),
});
export type TelemetrySeries = z.infer<typeof telemetrySeriesSchema>;

/** Why a read of a source gave nothing (or less than asked): told in words in the report. */
export const TELEMETRY_READ_ERRORS = ['REFUSED', 'TIMEOUT', 'TOO_LARGE', 'REDIRECT', 'BAD_STATUS', 'PARSE', 'TOO_MANY_SERIES', 'NOT_ALLOWED', 'QUERY'] as const;
export type TelemetryReadError = (typeof TELEMETRY_READ_ERRORS)[number];

/**
 * One second of one source, from the runner to the API (queue "results", job
 * `telemetry.second`): the kept series' values keyed as in the source's catalog, or why the
 * read failed. `t` is on the same Unix-second axis as the load's seconds.
 */
export const telemetrySecondSchema = z.object({
  v: z.literal(1),
  t: z.number().int().positive(),
  source: z.string().max(40),
  values: z.record(z.string().max(300), z.number()),
  /** Counters that went backwards since the read before (reduceScrape's counterResets): a restart's sign. */
  resets: z.array(z.string().max(300)).max(200).optional(),
  error: z.object({ code: z.enum(TELEMETRY_READ_ERRORS), message: z.string().max(500) }).optional(),
});
export type TelemetrySecond = z.infer<typeof telemetrySecondSchema>;

/** A source's catalog for one run: sent with its first second and whenever it changes. */
export const telemetryCatalogSchema = z.object({
  source: z.string().max(40),
  kind: z.enum(['scrape', 'promql']),
  /** The cores it may use when the user said so (MetricSource.cpuCores). */
  cpuCores: z.number().positive().optional(),
  series: z.array(telemetrySeriesSchema).max(200),
});
export type TelemetryCatalog = z.infer<typeof telemetryCatalogSchema>;
