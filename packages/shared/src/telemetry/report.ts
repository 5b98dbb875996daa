import { z } from 'zod';

/**
 * What the target's telemetry says about a run, in words with evidence and time, worked out
 * once when the run ends (telemetry/findings) and stored with it (Run.telemetry, versioned).
 */
export const TELEMETRY_FINDING_CODES = [
  /** A resource at its ceiling: CPU >= 90 % of its cores or limit, memory at its limit, a pool at its max. */
  'TARGET_SATURATED',
  /** A process restarted: start time changed, a counter reset, or a scrape gap. */
  'TARGET_RESTARTED',
  /** A queue grew while the load was steady; with its growth, size at the end and drain time. */
  'BACKLOG_GROWING',
  /** Memory or file descriptors grew linearly through a steady phase. */
  'RESOURCE_LEAK',
  /** The load generator saturated before any component of the target did. */
  'GENERATOR_FIRST',
  /** A source could not be read for part of the run (never fails the run by itself). */
  'TELEMETRY_READ_FAILED',
] as const;
export type TelemetryFindingCode = (typeof TELEMETRY_FINDING_CODES)[number];

export const telemetryFindingSchema = z.object({
  code: z.enum(TELEMETRY_FINDING_CODES),
  severity: z.enum(['info', 'warning', 'critical']),
  /** The source it is about ("api", "worker"); "generator" for the load generator. */
  source: z.string(),
  /** "p95 crossed 150 ms at 18 VUs, 2 s after api CPU reached 97 % of 4 cores". */
  message: z.string(),
  /** Seconds from the start of the load when it began; null when it holds for the whole run. */
  atSeconds: z.number().nullable(),
  /** The scenario (phase) it happened in, when the plan has several. */
  phase: z.string().optional(),
  evidence: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type TelemetryFinding = z.infer<typeof telemetryFindingSchema>;

/** One row of "where the bottleneck is": a component of the target or a load generator. */
export const bottleneckRowSchema = z.object({
  component: z.string(),
  kind: z.enum(['target', 'generator']),
  /** Busy share of what it may use (CPU cores / limit), 0..1+; null when unknown. */
  peakUtilisation: z.number().nullable(),
  averageUtilisation: z.number().nullable(),
  /** Seconds from the start of the load when it first reached 90 %; null when it never did. */
  saturatedAtSeconds: z.number().nullable(),
});
export type BottleneckRow = z.infer<typeof bottleneckRowSchema>;

/** A kept series ranked by how closely it followed p95 (and errors) over the run's seconds. */
export const movedWithLatencySchema = z.object({
  source: z.string(),
  key: z.string(),
  /** Rank correlation with p95 over the load's seconds, -1..1. */
  withLatency: z.number(),
  withErrors: z.number().nullable(),
});
export type MovedWithLatency = z.infer<typeof movedWithLatencySchema>;

/**
 * One source's figures over the load, the ones a before/after comparison and a trend are
 * about (telemetry/figures.ts): how hot it ran, what a request cost it, whether it restarted
 * or fell behind. Null: the source has no series to tell it (or no limit to share it of).
 */
export const sourceFiguresSchema = z.object({
  source: z.string(),
  /** Highest second's CPU busy share of its cores or limit during the load, 0..1+. */
  peakCpuShare: z.number().nullable(),
  /** Highest second's cores busy during the load. */
  peakCpuCores: z.number().nullable(),
  /** CPU-seconds it spent during the load per 1,000 requests the run completed: the efficiency a fix bought. */
  cpuSecondsPer1kRequests: z.number().nullable(),
  /** Highest second's resident / working-set memory during the load, bytes. */
  peakMemoryBytes: z.number().nullable(),
  /** Restarts seen from the start of the load to the end of the recovery (the TARGET_RESTARTED findings' count). */
  restarts: z.number().int().nonnegative(),
  /** Growth of its queues while the load was steady, jobs/s added over its queues; null without a queue or a steady stretch. */
  backlogGrowthPerSecond: z.number().nullable(),
  /** Share of the load's seconds it was read without error, 0..1. */
  coverage: z.number(),
});
export type SourceFigures = z.infer<typeof sourceFiguresSchema>;

export const telemetryReportSchema = z.object({
  v: z.literal(1),
  findings: z.array(telemetryFindingSchema),
  bottleneck: z.array(bottleneckRowSchema),
  movedWithLatency: z.array(movedWithLatencySchema).max(20),
  /** Per source (added after the first reports: absent in those, read as none). */
  figures: z.array(sourceFiguresSchema).default([]),
});
export type TelemetryReport = z.infer<typeof telemetryReportSchema>;
