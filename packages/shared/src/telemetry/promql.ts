import { z } from 'zod';
import { TelemetryDataError } from './exposition-error.js';
import type { TelemetryJobSource } from './job.js';
import { seriesKey } from './reduce-index.js';
import { TELEMETRY_ROLES, type TelemetryRole, type TelemetrySeries } from './sample.js';
import { TELEMETRY_LIMITS, type PromqlQuery } from './source.js';

/** A query_range answer of a Prometheus-compatible API (Prometheus, Thanos, Mimir, VictoriaMetrics). */
export const queryRangeAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    resultType: z.literal('matrix'),
    result: z.array(
      z.object({
        metric: z.record(z.string(), z.string()),
        values: z.array(z.tuple([z.number(), z.string()])),
      }),
    ),
  }),
});

const errorAnswerSchema = z.object({ status: z.literal('error'), errorType: z.string().optional(), error: z.string().optional() });

/** How a query's values are read, by the role the user gave it: the query itself made the rate or the quantile. */
const ROLE_SHAPES: Record<TelemetryRole, Pick<TelemetrySeries, 'kind' | 'unit'>> = {
  cpu_cores: { kind: 'rate', unit: 'cores' },
  cpu_limit_cores: { kind: 'gauge', unit: 'cores' },
  memory_bytes: { kind: 'gauge', unit: 'bytes' },
  memory_limit_bytes: { kind: 'gauge', unit: 'bytes' },
  start_time: { kind: 'gauge', unit: 'seconds' },
  open_fds: { kind: 'gauge', unit: 'count' },
  max_fds: { kind: 'gauge', unit: 'count' },
  pool_in_use: { kind: 'gauge', unit: 'count' },
  pool_max: { kind: 'gauge', unit: 'count' },
  queue_depth: { kind: 'gauge', unit: 'count' },
  queue_processed_rate: { kind: 'rate', unit: 'per_second' },
  queue_enqueued_rate: { kind: 'rate', unit: 'per_second' },
  load1: { kind: 'gauge', unit: 'none' },
  http_rps: { kind: 'rate', unit: 'per_second' },
  http_p95_seconds: { kind: 'p95', unit: 'seconds' },
};

function isRole(value: string | undefined): value is TelemetryRole {
  return value !== undefined && (TELEMETRY_ROLES as readonly string[]).includes(value);
}

function parseSampleValue(text: string): number | undefined {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

export interface PromqlRangeReduction {
  /** The kept series: per query in the source's order, its result series sorted by key (`name{labels}`). */
  series: TelemetrySeries[];
  /** Values per Unix second (the answer's timestamps rounded), by series key, in time order. */
  seconds: Map<number, Record<string, number>>;
}

/**
 * Reads the query_range answers of a PromQL source: one series per returned series, keyed
 * `query.name{labels}` (labels sorted, `__name__` left out), with the query's role when it names
 * one of TELEMETRY_ROLES; at most TELEMETRY_LIMITS.maxKeptSeries. An answer that is not a
 * successful matrix throws TelemetryDataError('QUERY') naming the query; a caller that wants the
 * other queries' series despite it reduces each answer on its own.
 */
export function reducePromqlRange(source: TelemetryJobSource, answers: { query: PromqlQuery; body: unknown }[]): PromqlRangeReduction {
  const series: TelemetrySeries[] = [];
  const seconds = new Map<number, Record<string, number>>();
  const keys = new Set<string>();
  const done = (): PromqlRangeReduction => ({ series, seconds: new Map([...seconds].sort((a, b) => a[0] - b[0])) });
  for (const { query, body } of answers) {
    const parsed = queryRangeAnswerSchema.safeParse(body);
    if (!parsed.success) {
      const failed = errorAnswerSchema.safeParse(body);
      const why = failed.success
        ? `${failed.data.errorType ?? 'error'}: ${failed.data.error ?? 'no message'}`
        : `not a query_range matrix (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message ?? 'invalid'})`;
      throw new TelemetryDataError('QUERY', `query ${query.name} of ${source.name}: ${why}`.slice(0, 500));
    }
    const shape: Pick<TelemetrySeries, 'kind' | 'unit'> = isRole(query.role) ? ROLE_SHAPES[query.role] : { kind: 'gauge', unit: 'none' };
    const results = parsed.data.data.result
      .map((result) => {
        const labels = { ...result.metric };
        delete labels.__name__;
        return { key: seriesKey(query.name, labels), values: result.values };
      })
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const result of results) {
      if (series.length >= TELEMETRY_LIMITS.maxKeptSeries) return done();
      if (keys.has(result.key) || result.key.length > 300) continue;
      keys.add(result.key);
      series.push({ key: result.key, ...shape, ...(isRole(query.role) ? { role: query.role } : {}) });
      for (const [ts, text] of result.values) {
        const value = parseSampleValue(text);
        if (value === undefined) continue;
        const t = Math.round(ts);
        let second = seconds.get(t);
        if (!second) {
          second = {};
          seconds.set(t, second);
        }
        second[result.key] = value;
      }
    }
  }
  return done();
}
