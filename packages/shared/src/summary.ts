import { z } from 'zod';
import { HISTOGRAM_RELATIVE_ACCURACY, emptyHistogram, latencyStats, mergeHistogramInto, quantile, type Histogram } from './histogram.js';
import type { SecondSample } from './series.js';
import { statusKey } from './request-status.js';
import { percentileInterval } from './percentile-interval.js';
import { CustomMetricsMerger, customMetricSummarySchema, summarizeCustomMetric } from './custom-metrics.js';

const intervalSchema = z.object({ low: z.number(), high: z.number() });
import { failureReason } from './error-codes.js';

export const latencyStatsSchema = z.object({
  /**
   * How many latencies the figures are read from: the requests that completed. Requests that
   * failed before any answer (a WebSocket connection that did not open, a reply that did not
   * come, a gRPC call on a broken connection) count in `count` but have no latency. Absent
   * from summaries stored before it was kept.
   */
  samples: z.number().int().nonnegative().optional(),
  avg: z.number(),
  min: z.number(),
  p50: z.number(),
  p90: z.number(),
  p95: z.number(),
  p99: z.number(),
  max: z.number(),
  /**
   * 95 % confidence interval of each percentile (order statistics read from the histogram,
   * see percentile-interval.ts). Absent from summaries stored before it was computed.
   */
  intervals: z.object({ p50: intervalSchema, p90: intervalSchema, p95: intervalSchema, p99: intervalSchema }).optional(),
});
export type LatencyStatsWithIntervals = z.infer<typeof latencyStatsSchema>;

export const responseBytesStatsSchema = z.object({
  avg: z.number(),
  p95: z.number(),
  max: z.number(),
});
export type ResponseBytesStats = z.infer<typeof responseBytesStatsSchema>;

export const requestStatsSchema = z.object({
  count: z.number().int(),
  rps: z.number(),
  errors: z.number().int(),
  errorRate: z.number(),
  /** Status (as a string: the HTTP status, "0" = no response, or "grpc:OK" and the like for gRPC; see request-status.ts) -> count. */
  statusCounts: z.record(z.string(), z.number().int()),
  /**
   * Why requests failed, where the status alone does not say: k6 error code (as a string,
   * "1212" connection refused, "1050" timed out; see error-codes.ts) -> count.
   */
  errorCodes: z.record(z.string(), z.number().int()).default({}),
  /** Milliseconds, of the requests that completed (latency.samples of them); null when none did. */
  latency: latencyStatsSchema.nullable(),
  /**
   * Response body sizes in bytes (HTTP requests of generated plans: the body as k6 received
   * it, after content decoding, without headers); null when no response was sized (other
   * protocols, custom scripts, runs stored before sizes were kept).
   */
  responseBytes: responseBytesStatsSchema.nullable().default(null),
});
export type RequestStats = z.infer<typeof requestStatsSchema>;

export const runSummarySchema = z.object({
  /**
   * How long load was applied: from the first request's start to the last one's end (whole
   * seconds from first to last measured second when those times are unknown). RPS divides by it.
   */
  durationSeconds: z.number(),
  overall: requestStatsSchema.extend({
    bytesReceived: z.number(),
    bytesSent: z.number(),
    /** WebSocket messages, when the run sent or received any. */
    messagesSent: z.number().int().optional(),
    messagesReceived: z.number().int().optional(),
  }),
  requests: z.array(requestStatsSchema.extend({ name: z.string() })),
  /**
   * Per scenario (k6's scenario tag). RPS divides by the whole seconds the scenario had
   * requests in: sequential scenarios each get their own time.
   */
  scenarios: z.array(requestStatsSchema.extend({ name: z.string() })).default([]),
  /** Most VUs busy at once (k6's vus gauge, sampled each second, summed over segments). */
  vusMax: z.number().int(),
  /**
   * Most VUs k6 had allocated (vus_max). Arrival-rate executors keep a pool and use what the
   * rate needs, so their busy count can sit far below it (0 or 1 against a fast target).
   */
  vusAllocated: z.number().int().default(0),
  iterations: z.number().int(),
  droppedIterations: z.number().int(),
  checks: z.array(z.object({ name: z.string(), passes: z.number().int(), fails: z.number().int() })),
  /**
   * A custom script's own k6 metrics (Trend, Counter, Rate, Gauge), merged over every second
   * and segment, by name (custom-metrics.ts). Empty for generated scripts.
   */
  customMetrics: z.array(customMetricSummarySchema).default([]),
  /** Every percentile above is within this relative error of the exact value. */
  percentileRelativeError: z.number(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

/**
 * The time one scope (the run, a request name, a scenario) applied load: from its first
 * request's start to its last request's end, where the seconds say (spans), else the whole
 * wall-clock seconds it had requests in. Rate, for every scope, is requests / this time.
 */
class ActiveTime {
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;
  private start = Number.POSITIVE_INFINITY;
  private end = Number.NEGATIVE_INFINITY;
  private spansKnown = true;

  /** A second of this scope without requests (a VU gauge): counted only when spans are unknown. */
  touch(t: number): void {
    this.first = Math.min(this.first, t);
    this.last = Math.max(this.last, t);
  }

  add(t: number, spanStartMs: number | undefined, spanEndMs: number | undefined): void {
    this.touch(t);
    if (spanStartMs === undefined || spanEndMs === undefined) this.spansKnown = false;
    else {
      this.start = Math.min(this.start, spanStartMs);
      this.end = Math.max(this.end, spanEndMs);
    }
  }

  get seconds(): number {
    if (this.first > this.last) return 0;
    if (this.spansKnown && this.end > this.start) return (this.end - this.start) / 1000;
    return this.last - this.first + 1;
  }

  get firstSecond(): number {
    return this.first;
  }
}

interface Accumulator {
  count: number;
  errors: number;
  statusCounts: Record<string, number>;
  errorCodes: Record<string, number>;
  latency: Histogram;
  responseBytes: Histogram;
  active: ActiveTime;
}

function newAccumulator(): Accumulator {
  return { count: 0, errors: 0, statusCounts: {}, errorCodes: {}, latency: emptyHistogram(), responseBytes: emptyHistogram(), active: new ActiveTime() };
}

/** Average, p95 and largest response size, merged like latencies; null when none was sized. */
export function responseBytesStats(histogram: Histogram): ResponseBytesStats | null {
  if (histogram.count === 0) return null;
  return { avg: histogram.sum / histogram.count, p95: quantile(histogram, 0.95)!, max: histogram.max };
}

function finish(acc: Accumulator, durationSeconds: number): RequestStats {
  return {
    count: acc.count,
    rps: durationSeconds > 0 ? acc.count / durationSeconds : 0,
    errors: acc.errors,
    errorRate: acc.count > 0 ? acc.errors / acc.count : 0,
    statusCounts: acc.statusCounts,
    errorCodes: acc.errorCodes,
    latency: latencyWithIntervals(acc.latency),
    responseBytes: responseBytesStats(acc.responseBytes),
  };
}

const PERCENTILES = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 } as const;

function latencyWithIntervals(histogram: Histogram): LatencyStatsWithIntervals | null {
  const stats = latencyStats(histogram);
  if (!stats) return null;
  const interval = (q: number) => percentileInterval(histogram, q)!;
  return {
    ...stats,
    intervals: { p50: interval(PERCENTILES.p50), p90: interval(PERCENTILES.p90), p95: interval(PERCENTILES.p95), p99: interval(PERCENTILES.p99) },
  };
}

/**
 * Builds the run summary from per-second samples of any number of segments by merging
 * histograms (never by averaging percentiles). `requestOrder` puts the plan's requests first,
 * in plan order; names the plan does not know (custom scripts) follow alphabetically.
 */
export function summarizeSeconds(seconds: readonly SecondSample[], requestOrder: readonly string[] = []): RunSummary {
  const overall = newAccumulator();
  const byName = new Map<string, Accumulator>();
  const byScenario = new Map<string, Accumulator>();
  const checks = new Map<string, { passes: number; fails: number }>();
  const customMetrics = new CustomMetricsMerger();
  const vusBySecond = new Map<number, number>();
  const allocatedBySecond = new Map<number, number>();
  let bytesReceived = 0;
  let bytesSent = 0;
  let messagesSent = 0;
  let messagesReceived = 0;
  let iterations = 0;
  let droppedIterations = 0;
  // The run's time counts every second measured, even one without requests.
  const runTime = new ActiveTime();

  for (const second of seconds) {
    if (second.requests.length) runTime.add(second.t, second.spanStartMs, second.spanEndMs);
    else runTime.touch(second.t);
    // Segments run side by side: their VUs add up within the same second.
    vusBySecond.set(second.t, (vusBySecond.get(second.t) ?? 0) + second.vus);
    allocatedBySecond.set(second.t, (allocatedBySecond.get(second.t) ?? 0) + second.vusMax);
    bytesReceived += second.bytesReceived;
    bytesSent += second.bytesSent;
    messagesSent += second.messagesSent ?? 0;
    messagesReceived += second.messagesReceived ?? 0;
    iterations += second.iterations;
    droppedIterations += second.droppedIterations;
    customMetrics.add(second.customMetrics);
    for (const request of second.requests) {
      const acc = byName.get(request.name) ?? newAccumulator();
      byName.set(request.name, acc);
      const scenario = byScenario.get(request.scenario) ?? newAccumulator();
      byScenario.set(request.scenario, scenario);
      for (const target of [acc, scenario]) target.active.add(second.t, request.spanStartMs ?? second.spanStartMs, request.spanEndMs ?? second.spanEndMs);
      for (const target of [acc, overall, scenario]) {
        target.count += request.count;
        if (!request.expected) target.errors += request.count;
        const status = statusKey(request);
        target.statusCounts[status] = (target.statusCounts[status] ?? 0) + request.count;
        const reason = failureReason(request);
        if (reason !== null && request.count > 0) target.errorCodes[reason] = (target.errorCodes[reason] ?? 0) + request.count;
        mergeHistogramInto(target.latency, request.latency);
        if (request.responseBytes) mergeHistogramInto(target.responseBytes, request.responseBytes);
      }
    }
    for (const check of second.checks) {
      const acc = checks.get(check.name) ?? { passes: 0, fails: 0 };
      acc.passes += check.passes;
      acc.fails += check.fails;
      checks.set(check.name, acc);
    }
  }

  const durationSeconds = runTime.seconds;
  const rank = new Map(requestOrder.map((name, index) => [name, index]));
  const names = [...byName.keys()].sort((a, b) => {
    const ra = rank.get(a) ?? Number.MAX_SAFE_INTEGER;
    const rb = rank.get(b) ?? Number.MAX_SAFE_INTEGER;
    return ra !== rb ? ra - rb : a.localeCompare(b);
  });

  return {
    durationSeconds,
    overall: {
      ...finish(overall, durationSeconds),
      bytesReceived,
      bytesSent,
      ...(messagesSent || messagesReceived ? { messagesSent, messagesReceived } : {}),
    },
    requests: names.map((name) => ({ name, ...finish(byName.get(name)!, byName.get(name)!.active.seconds) })),
    scenarios: [...byScenario.entries()]
      .sort(([, a], [, b]) => a.active.firstSecond - b.active.firstSecond)
      .map(([name, acc]) => ({ name, ...finish(acc, acc.active.seconds) })),
    vusMax: Math.max(0, ...vusBySecond.values()),
    vusAllocated: Math.max(0, ...allocatedBySecond.values()),
    iterations,
    droppedIterations,
    checks: [...checks.entries()].map(([name, acc]) => ({ name, ...acc })),
    customMetrics: customMetrics.result().map((metric) => summarizeCustomMetric(metric, durationSeconds)),
    percentileRelativeError: HISTOGRAM_RELATIVE_ACCURACY,
  };
}
