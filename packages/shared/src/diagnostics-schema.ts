import { z } from 'zod';

/** What a diagnostic can cast doubt on: threshold metrics it makes INCONCLUSIVE. */
export const AFFECTED_METRICS = ['latency', 'error_rate', 'rps', 'check_rate', 'status_share', 'count', 'custom'] as const;

export const DIAGNOSTIC_CODES = [
  'GENERATOR_SATURATED',
  'DROPPED_ITERATIONS',
  'ARRIVAL_RATE_SHORTFALL',
  'RATE_LIMITED',
  'CONFIGURATION_ERRORS',
  'CONNECTION_ERRORS',
  'TOO_FEW_SAMPLES',
  'PARTIAL_DATA',
  'SEGMENT_START_SKEW',
  /** A `unique` data set ran out: the run stopped or reused rows, as the plan says (data-usage.ts). */
  'DATA_EXHAUSTED',
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/**
 * A reason to doubt (part of) a run's result. `critical` ones make the verdicts of the
 * thresholds they affect INCONCLUSIVE; `warning` ones are shown but change nothing.
 */
export const diagnosticSchema = z.object({
  code: z.enum(DIAGNOSTIC_CODES),
  severity: z.enum(['warning', 'critical']),
  message: z.string(),
  /** The numbers behind the message, e.g. { share429: 0.42, requests: 1200 }. */
  evidence: z.record(z.string(), z.union([z.number(), z.string()])),
  affects: z.array(z.enum(AFFECTED_METRICS)),
  /**
   * The scope the diagnostic was judged on: one request name or one scenario (neither: the
   * whole run). Which thresholds it touches follows from it (diagnostic-scopes.ts).
   */
  request: z.string().optional(),
  scenario: z.string().optional(),
  /** Limits the effect to one threshold, by its position in the plan. */
  thresholdIndex: z.number().int().optional(),
  /**
   * The thresholds (positions in the plan) whose verdict it made INCONCLUSIVE, set where the
   * verdicts are decided (verdicts.ts): every view counts and names them from here. Absent
   * from runs judged before it was kept.
   */
  madeInconclusive: z.array(z.number().int()).optional(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

/** One phase of a phased plan (scenarios one after another at rising load), judged on its own requests. */
export const capacityPhaseSchema = z.object({
  name: z.string(),
  vus: z.number(),
  /** Arrival-rate phases: the iterations per second they offered. */
  offeredRate: z.number().optional(),
  rps: z.number(),
  requests: z.number().int(),
  /** The criterion's percentile (ms); null when too few requests to judge it. */
  latency: z.number().nullable(),
  errorRate: z.number().nullable(),
  /** null: not judged (too few requests). */
  holds: z.boolean().nullable(),
  reason: z.string().optional(),
});
export type CapacityPhase = z.infer<typeof capacityPhaseSchema>;

/** "Holds p95 < 500 ms up to 60 VUs / 1,100 RPS; degrades beyond." */
export const capacitySchema = z.object({
  statement: z.string(),
  /** The last load level that still held, or null when even the first level did not. */
  heldUpTo: z.object({ vus: z.number(), rps: z.number() }).nullable(),
  /** The first load level that broke, or null when the whole ramp held. */
  brokeAt: z.object({ vus: z.number(), rps: z.number(), reason: z.string() }).nullable(),
  criterion: z.string(),
  /** Phased plans: every phase in order of load. */
  phases: z.array(capacityPhaseSchema).optional(),
});
export type Capacity = z.infer<typeof capacitySchema>;
