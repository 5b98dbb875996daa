import { z } from 'zod';
import { histogramSchema } from './histogram.js';
import { customMetricSecondSchema } from './custom-metrics.js';

/**
 * One second of one segment's measurements, as the runner's k6 output extension emits it
 * (one JSON object per line). Size grows with request names x distinct statuses, never with
 * the number of requests: latencies are histograms, everything else is counts.
 */
export const requestSecondSchema = z.object({
  /** k6 `name` tag: the plan's request name (or the URL when a custom script sets none). */
  name: z.string(),
  method: z.string(),
  /**
   * HTTP status; 0 when no response arrived (connection refused, timeout, ...). WebSocket
   * rows (method "WS"): 101 for a connection or round trip that succeeded. gRPC rows (method
   * "GRPC"): the gRPC status code, 0 being OK (the summary keys these by name; see
   * request-status.ts).
   */
  status: z.number().int().min(0),
  /** k6's expected_response (gRPC: the code is one the request expects): false counts as an error. */
  expected: z.boolean(),
  /** k6 error_code tag for failed requests (e.g. 1211 for a timeout), empty when none. */
  errorCode: z.string().default(''),
  scenario: z.string().default('default'),
  /**
   * Requests in the row. Those that failed before any answer (WebSocket and gRPC failures,
   * gRPC UNAVAILABLE / DEADLINE_EXCEEDED) have no latency, so `latency.count` can be lower.
   */
  count: z.number().int().nonnegative(),
  /**
   * Earliest start and latest end of this row's requests in this second (Unix ms): each scope
   * (request name, scenario) divides its requests by the time it applied load. Absent from
   * seconds recorded before the extension wrote them.
   */
  spanStartMs: z.number().optional(),
  spanEndMs: z.number().optional(),
  /** Milliseconds, of the row's requests that completed. */
  latency: histogramSchema,
  /**
   * Response body sizes (bytes) of the row's HTTP responses, in the same log buckets as
   * latency (values within 0.5 %). Absent for other protocols, custom scripts and seconds
   * recorded before sizes were kept.
   */
  responseBytes: histogramSchema.optional(),
});
export type RequestSecond = z.infer<typeof requestSecondSchema>;

export const checkSecondSchema = z.object({
  name: z.string(),
  passes: z.number().int().nonnegative(),
  fails: z.number().int().nonnegative(),
});
export type CheckSecond = z.infer<typeof checkSecondSchema>;

export const secondSampleSchema = z.object({
  v: z.literal(1),
  /** Unix time (seconds) of the start of this second. */
  t: z.number().int().positive(),
  requests: z.array(requestSecondSchema),
  vus: z.number().int().nonnegative().default(0),
  vusMax: z.number().int().nonnegative().default(0),
  iterations: z.number().int().nonnegative().default(0),
  droppedIterations: z.number().int().nonnegative().default(0),
  bytesReceived: z.number().nonnegative().default(0),
  bytesSent: z.number().nonnegative().default(0),
  /** WebSocket messages sent and received (k6/ws counts them), in seconds that had any. */
  messagesSent: z.number().int().nonnegative().optional(),
  messagesReceived: z.number().int().nonnegative().optional(),
  /**
   * Earliest request start and latest request end in this second (Unix ms). A 10 s test
   * touches 11 wall-clock seconds; these let the request rate be divided by the time load
   * was really applied, as k6 itself does.
   */
  spanStartMs: z.number().optional(),
  spanEndMs: z.number().optional(),
  checks: z.array(checkSecondSchema).default([]),
  /**
   * Iterations and dropped iterations per scenario (k6's scenario tag), so a phase whose
   * arrival rate was not delivered is told apart from one that was. Absent from seconds
   * recorded before the extension wrote them.
   */
  scenarioIterations: z
    .array(z.object({ name: z.string(), iterations: z.number().int().nonnegative(), droppedIterations: z.number().int().nonnegative() }))
    .optional(),
  /**
   * A custom script's own metrics (Trend, Counter, Rate, Gauge) in this second, by name (see
   * custom-metrics.ts). Absent from seconds without any, and from those recorded before.
   */
  customMetrics: z.array(customMetricSecondSchema).optional(),
});
export type SecondSample = z.infer<typeof secondSampleSchema>;
