import { z } from 'zod';
import { runExecutePayloadSchema } from './jobs.js';

/**
 * How runs reach runners (contracts only; the Redis side is `@loadline/shared/queue`'s
 * RunQueue). A run of N segments is one unit: it waits until N distinct idle runners can be
 * reserved in one atomic step, each reserved runner starts k6 paused and reports ready, and
 * the last one ready releases them all with one start signal. See docs/results.md.
 */

/** What the API stores for a waiting run: what every segment runs, but for its run id and index. */
export const runJobSchema = runExecutePayloadSchema.omit({ runId: true, segment: true }).extend({
  segments: z.number().int().positive(),
});
export type RunJob = z.infer<typeof runJobSchema>;

/**
 * What PostgreSQL keeps of a run put in line (RunDispatch.record), so that a run whose queue
 * entry Redis lost is queued again as it was. Versioned: a row written by an older release
 * that does not decode is a run that cannot be re-queued, said so, never guessed at.
 */
export const runDispatchRecordSchema = z.object({ v: z.literal(1), job: runJobSchema }).strict();
export type RunDispatchRecord = z.infer<typeof runDispatchRecordSchema>;

/**
 * What one reserved runner finds in its inbox: its segment of the run. `attempt` counts
 * reservations of the run; a reservation released (a runner died before the start) makes
 * every message of the older attempt stale.
 */
export const runAssignmentSchema = z.object({
  runId: z.string().min(1),
  attempt: z.number().int().positive(),
  segmentIndex: z.number().int().nonnegative(),
  job: runJobSchema,
});
export type RunAssignment = z.infer<typeof runAssignmentSchema>;

/**
 * Why the runs's segments are told to stop: a user's cancel, the run's deadline, a segment
 * lost or failed (one run, one fate), a reservation given up on, or a threshold's stop rule
 * (breached for its sustained time, judged by the API from all segments' seconds).
 */
export const RUN_STOP_REASONS = [
  'cancelled',
  'deadline',
  'segment-lost',
  'segment-failed',
  'not-ready',
  'not-enough-runners',
  'threshold-breached',
  'queue-entry-lost',
  /** The run's segments together had more VUs than the run may use (RunStopRules). */
  'vu-limit',
] as const;
export type RunStopReason = (typeof RUN_STOP_REASONS)[number];

/** Pushed to every runner holding a segment of the run (Redis pub/sub, one channel per run). */
export const runControlMessageSchema = z.discriminatedUnion('type', [
  /** Every segment is ready: resume k6 at `at` (Redis's clock, ms; a moment slightly ahead). */
  z.object({ type: z.literal('start'), attempt: z.number().int().positive(), at: z.number() }),
  /** Stop the run's k6 (gracefully once started: what was measured is kept). */
  z.object({ type: z.literal('stop'), reason: z.enum(RUN_STOP_REASONS) }),
  /** The reservation of this attempt is given up before the start: kill k6, send nothing. */
  z.object({ type: z.literal('release'), attempt: z.number().int().positive() }),
]);
export type RunControlMessage = z.infer<typeof runControlMessageSchema>;

/** Runners of the installation right now, for the plan form and GET /runners. */
export const runnersViewSchema = z.object({
  /** Runners whose heartbeat is fresh. */
  online: z.number().int().nonnegative(),
  /** Online runners waiting for work. */
  free: z.number().int().nonnegative(),
  /** The most runners this installation can have (LOADLINE_MAX_RUNNERS); null: no ceiling set. */
  ceiling: z.number().int().positive().nullable(),
});
export type RunnersView = z.infer<typeof runnersViewSchema>;

/** Where a run that has not started yet stands. */
export const runQueueViewSchema = z.object({
  /** waiting: for enough free runners; starting: runners reserved, k6 getting ready. */
  state: z.enum(['waiting', 'starting']),
  runnersNeeded: z.number().int().positive(),
  runnersFree: z.number().int().nonnegative(),
  runnersOnline: z.number().int().nonnegative(),
  /** Runs queued before this one that are still waiting. */
  runsAhead: z.number().int().nonnegative(),
  /** When the run will end NOT_ENOUGH_RUNNERS if nothing changes (null: not counting down). */
  giveUpAt: z.string().nullable(),
  /** One line for people: "waiting for 3 runners, 1 free, 1 online". */
  message: z.string(),
});
export type RunQueueView = z.infer<typeof runQueueViewSchema>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The line the web app, the CLI and the API show for a run that has not started. */
export function describeRunQueue(view: Omit<RunQueueView, 'message'>): string {
  if (view.state === 'starting') return `starting: ${plural(view.runnersNeeded, 'runner')} reserved, k6 getting ready`;
  const base = `waiting for ${plural(view.runnersNeeded, 'runner')}, ${view.runnersFree} free, ${view.runnersOnline} online`;
  const ahead = view.runsAhead > 0 ? `; ${plural(view.runsAhead, 'run')} ahead` : '';
  const giveUp = view.giveUpAt ? `; gives up at ${view.giveUpAt.slice(11, 19)} UTC unless more runners come online` : '';
  return base + ahead + giveUp;
}

/**
 * How one segment's load generator did, beside the run's merged figures: a generator that
 * lagged shows here (fewer requests than its share, dropped iterations, a busy CPU). Stored
 * per segment when the run ends; `v` versions the stored JSON.
 */
export const segmentHealthSchema = z.object({
  v: z.literal(1),
  requests: z.number().int().nonnegative(),
  /** Requests per second over the seconds this segment applied load. */
  rps: z.number().nonnegative(),
  /**
   * Arrival-rate plans: iterations this segment started / iterations the plan asked of it
   * (k6's split, see arrivalRateSegmentShares); below 1 the generator lagged. Null otherwise.
   */
  deliveredShare: z.number().nonnegative().nullable(),
  iterations: z.number().int().nonnegative(),
  droppedIterations: z.number().int().nonnegative(),
  seconds: z.number().int().nonnegative(),
  /** Cores k6 kept busy, average and peak; null when the generator was not sampled. */
  k6CpuAvg: z.number().nonnegative().nullable(),
  k6CpuMax: z.number().nonnegative().nullable(),
  /** Busy share of the runner machine's cores at its peak, 0..1. */
  hostCpuMax: z.number().min(0).max(1).nullable(),
  runnerRssMbMax: z.number().nonnegative().nullable(),
});
export type SegmentHealth = z.infer<typeof segmentHealthSchema>;

export const SEGMENT_STATUSES = ['QUEUED', 'STARTING', 'RUNNING', 'COMPLETED', 'ERRORED', 'CANCELLED'] as const;

export const segmentViewSchema = z.object({
  index: z.number().int().nonnegative(),
  status: z.enum(SEGMENT_STATUSES),
  runnerId: z.string().nullable(),
  /** When this segment's k6 began the load (the start signal, as the runner saw it). */
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Filled in when the run ends. */
  health: segmentHealthSchema.nullable(),
});
export type SegmentView = z.infer<typeof segmentViewSchema>;

/**
 * Loopback addresses the runners bind k6's REST API (its control port) to. Every k6 a runner
 * starts has this network on its --blacklist-ip, so no tenant script can pause, resume or
 * scale another run (or its own); targets in it are refused.
 */
export const K6_CONTROL_NETWORK = '127.77.0.0/16';
