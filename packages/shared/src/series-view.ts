import { z } from 'zod';
import { runQueueViewSchema } from './run-dispatch.js';
import { liveThresholdSchema } from './live-thresholds.js';

const percentiles = {
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
};

/** One second of a run, all segments merged (histograms added, then read). */
export const seriesPointSchema = z.object({
  t: z.number().int(),
  /** Seconds since the run's first measured second. */
  elapsed: z.number().int(),
  vus: z.number().int(),
  rps: z.number(),
  errors: z.number().int(),
  errorRate: z.number(),
  ...percentiles,
  requests: z.record(z.string(), z.object({ count: z.number().int(), errors: z.number().int(), ...percentiles })),
  droppedIterations: z.number().int(),
  /** Busiest generator this second (max over segments); null when not sampled. */
  generatorCpu: z.number().nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const runSeriesSchema = z.object({
  runId: z.string(),
  points: z.array(seriesPointSchema),
  percentileRelativeError: z.number(),
});
export type RunSeries = z.infer<typeof runSeriesSchema>;

/** What GET /runs/:id/events sends once a second (SSE event "progress"). */
export const liveProgressSchema = z.object({
  runId: z.string(),
  status: z.string(),
  elapsedSeconds: z.number(),
  remainingSeconds: z.number().nullable(),
  plannedSeconds: z.number(),
  vus: z.number().int(),
  rps: z.number(),
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
  errors: z.number().int(),
  errorRate: z.number(),
  /** Requests so far (vus, rps, percentiles and errors above are of the last second). */
  requests: z.number().int(),
  /** The last measured second, for charts. */
  point: seriesPointSchema.nullable(),
  /**
   * Every second completed since the previous event of this stream, oldest first (the first
   * event of a stream: every second completed so far), so charts miss none.
   */
  points: z.array(seriesPointSchema),
  /** Until the load begins: where the run stands ("waiting for 3 runners, 1 free, 1 online"). */
  queue: runQueueViewSchema.nullable().default(null),
  /**
   * Each threshold's standing on the seconds so far, judged with the final verdict's rules
   * (live-thresholds.ts). Provisional: the verdict is given when the run ends.
   */
  thresholds: z.array(liveThresholdSchema).default([]),
});
export type LiveProgress = z.infer<typeof liveProgressSchema>;
