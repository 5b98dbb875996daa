import { z } from 'zod';
import { runnerBuildSchema } from './run-manifest.js';
import { planSpecSchema } from './plan.js';
import { secondSampleSchema } from './series.js';
import { k6ThresholdsSchema } from './k6-thresholds.js';
import { telemetryJobSourceSchema } from './telemetry/job.js';
import { TELEMETRY_LIMITS } from './telemetry/source.js';
import { DATA_USE_MODES, dataColumnSchema, dataSetNameSchema } from './data-sets.js';
import { segmentDataUsageSchema } from './data-usage.js';
import { telemetryCatalogPayloadSchema, telemetrySecondPayloadSchema } from './telemetry/job.js';

/**
 * Queue contracts. Runners report on `results` and the API consumes them; both sides
 * validate every payload against the schema registered here for the job's name, and a
 * consumer refuses to start when it has no handler for a name. Runs reach runners another
 * way (reserved together, started together): run-dispatch.ts and queue/run-queue.ts; so do
 * script checks (per-organization lines served in turn): queue/check-queue.ts.
 */
export const QUEUE_NAMES = {
  results: 'loadline-results',
  /** Outbound webhook deliveries, sent (and retried) by the API processes. */
  webhooks: 'loadline-webhooks',
} as const;
export type QueueKey = keyof typeof QUEUE_NAMES;

/**
 * W3C trace context of the span that queued a run (only when the API traces, see
 * docs/tracing.md), so the runners' segment spans join the run's trace. Strict: a carrier
 * with other fields, or a traceparent that is not version 00 of the W3C format, is refused.
 */
export const traceCarrierSchema = z.strictObject({
  traceparent: z.string().regex(/^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/),
  tracestate: z.string().max(512).optional(),
});
export type TraceCarrier = z.infer<typeof traceCarrierSchema>;

/**
 * A name the run's k6 may resolve and the addresses it was pinned to when the run started
 * (the target's host). The runner's sandbox answers these and nothing else (run-resolver.ts).
 */
export const pinnedHostSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/, 'must be a lower-case host name (as URL parsing leaves it)'),
  addresses: z
    .array(z.union([z.ipv4(), z.ipv6()]))
    .min(1)
    .max(64),
});
export type PinnedHost = z.infer<typeof pinnedHostSchema>;

/**
 * One data set a run uses, as its job names it: no cell, only where each segment's rows wait
 * in Redis (sealed for runners, bound to the run, set and segment: queue/run-data.ts) and how
 * many there are. Every segment gets the same job; a runner takes `slices[its index]`.
 */
export const jobDataSetSchema = z.strictObject({
  set: dataSetNameSchema,
  version: z.number().int().positive(),
  mode: z.enum(DATA_USE_MODES),
  whenExhausted: z.enum(['stop', 'wrap']),
  /** Names and which are secret (the runner redacts those cells from all it reports and logs). */
  columns: z.array(dataColumnSchema).min(1).max(1_000),
  /** Rows of the version, all segments together. */
  rows: z.number().int().nonnegative(),
  slices: z
    .array(z.strictObject({ key: z.string().min(1).max(300), rows: z.number().int().nonnegative() }))
    .min(1)
    .max(32),
});
export type JobDataSet = z.infer<typeof jobDataSetSchema>;

/** What a runner runs: one segment of a run (built from the run's RunJob and its assignment). */
export const runExecutePayloadSchema = z.object({
  runId: z.string().min(1),
  tenantId: z.string().min(1),
  planName: z.string(),
  planVersion: z.number().int().positive(),
  segment: z
    .object({ index: z.number().int().nonnegative(), count: z.number().int().positive() })
    .refine((segment) => segment.index < segment.count, 'segment index must be below the count'),
  spec: planSpecSchema,
  target: z.strictObject({
    baseUrl: z.url(),
    /**
     * The target's default headers and variables, sealed for runners (queue/job-secrets.ts):
     * never in plaintext in Redis. Strict: a job carrying plaintext headers is refused.
     */
    secrets: z.string().min(1),
  }),
  /**
   * The installation's address policy, for k6 itself (K6_BLACKLIST_IPS / K6_BLOCK_HOSTNAMES):
   * checked on every connection, so redirects and DNS changes cannot reach refused networks.
   */
  policy: z
    .object({
      blacklistIPs: z.array(z.string()),
      blockHostnames: z.array(z.string()),
      /**
       * The only names k6 may resolve, with their pinned addresses (empty for a target given
       * by address: nothing resolves). Absent in jobs of a release before it: the runner then
       * lets k6 use the machine's resolver, as that release did.
       */
      hosts: z.array(pinnedHostSchema).max(8).optional(),
    })
    .default({ blacklistIPs: [], blockHostnames: [] }),
  /** k6 is stopped when it runs longer than this (planned duration plus a grace period). */
  deadlineSeconds: z.number().positive(),
  trace: traceCarrierSchema.optional(),
  /**
   * The target's metric sources, read by the runner of segment 0 while the load runs
   * (docs/telemetry.md). Absent: none (and in jobs of the release before).
   */
  telemetry: z.array(telemetryJobSourceSchema).max(TELEMETRY_LIMITS.maxSources).optional(),
  /** The plan's data sets (docs/plans.md#data-sets). Absent: none (and in jobs of the release before). */
  data: z.array(jobDataSetSchema).max(10).optional(),
});
export type RunExecutePayload = z.infer<typeof runExecutePayloadSchema>;

const segmentRef = {
  runId: z.string().min(1),
  segmentIndex: z.number().int().nonnegative(),
};

export const segmentStartedPayloadSchema = z.object({
  ...segmentRef,
  runnerId: z.string(),
  /**
   * RUNNING: the start signal reached this segment and k6 resumed; `at` is when (the
   * segments' start spread is measured from these). STARTING is recorded by the API itself
   * when it reserves the runners.
   */
  phase: z.enum(['STARTING', 'RUNNING']),
  at: z.iso.datetime(),
  /** RUNNING: the runner's k6 and own versions and image, for the run's manifest. */
  build: runnerBuildSchema.optional(),
});

/**
 * How busy the load generator was during one second, sampled by the runner from /proc. If
 * the machine (or k6) was saturated, the latencies measured the generator, not the target.
 */
export const generatorSampleSchema = z.object({
  /** Busy share of all the machine's cores, 0..1. */
  hostCpu: z.number().min(0).max(1),
  /** Cores k6 kept busy (1.0 = one full core). */
  k6Cpu: z.number().min(0),
  cores: z.number().int().positive(),
  /** Resident memory of the runner process, MiB. */
  runnerRssMb: z.number().nonnegative(),
});
export type GeneratorSample = z.infer<typeof generatorSampleSchema>;

export const segmentSecondPayloadSchema = z.object({
  ...segmentRef,
  sample: secondSampleSchema,
  generator: generatorSampleSchema.nullable().default(null),
});

export const SEGMENT_OUTCOMES = ['completed', 'errored', 'cancelled'] as const;
export const segmentFinishedPayloadSchema = z.object({
  ...segmentRef,
  runnerId: z.string(),
  outcome: z.enum(SEGMENT_OUTCOMES),
  exitCode: z.number().int().nullable(),
  /** Why k6 failed, in k6's own words where it gave any. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** How many per-second samples the runner sent, so the API can tell when all arrived. */
  secondsSent: z.number().int().nonnegative(),
  at: z.iso.datetime(),
  /** What this segment did with the run's data sets (rows used, ran out); absent without any. */
  data: z.array(segmentDataUsageSchema).max(10).optional(),
});

/** A custom script to check (POST /plans/check-script), at most 1 MB. */
export const scriptInspectPayloadSchema = z.object({ source: z.string().min(1).max(1_000_000) });

/**
 * What `k6 inspect` made of a custom script: what it needs and its `options.thresholds` as k6
 * printed them (the API translates those, k6-thresholds.ts), or k6's error and where.
 */
export const scriptInspectionSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), maxVUs: z.number().int().nonnegative(), durationSeconds: z.number().nonnegative(), thresholds: k6ThresholdsSchema }),
  z.object({ ok: z.literal(false), message: z.string(), line: z.number().int().optional(), column: z.number().int().optional() }),
]);
export type ScriptInspection = z.infer<typeof scriptInspectionSchema>;

export const jobPayloadSchemas = {
  webhooks: {
    /** `redeliver`: sent even if an earlier series of attempts delivered it (a manual redelivery). */
    'webhook.deliver': z.object({ deliveryId: z.string().min(1), tenantId: z.string().min(1), redeliver: z.boolean().default(false) }),
  },
  results: {
    'segment.started': segmentStartedPayloadSchema,
    'segment.second': segmentSecondPayloadSchema,
    'segment.finished': segmentFinishedPayloadSchema,
    'telemetry.second': telemetrySecondPayloadSchema,
    'telemetry.catalog': telemetryCatalogPayloadSchema,
  },
} as const;

export type JobNames<Q extends QueueKey> = keyof (typeof jobPayloadSchemas)[Q] & string;
export type JobPayload<Q extends QueueKey, N extends JobNames<Q>> = z.infer<
  (typeof jobPayloadSchemas)[Q][N] extends z.ZodType ? (typeof jobPayloadSchemas)[Q][N] : never
>;
/** Handlers may answer (BullMQ keeps it as the job's return value), e.g. a script inspection. */
export type JobHandlers<Q extends QueueKey> = {
  [N in JobNames<Q>]: (payload: JobPayload<Q, N>) => Promise<unknown>;
};

export class JobPayloadError extends Error {
  constructor(
    readonly queue: QueueKey,
    readonly jobName: string,
    readonly issues: string[],
  ) {
    super(`invalid ${queue}/${jobName} payload: ${issues.join('; ')}`);
    this.name = 'JobPayloadError';
  }
}

export function isJobName<Q extends QueueKey>(queue: Q, name: string): name is JobNames<Q> {
  return Object.hasOwn(jobPayloadSchemas[queue], name);
}

/** Validates a payload for (queue, job name); throws JobPayloadError on unknown name or bad data. */
export function parseJobPayload<Q extends QueueKey, N extends JobNames<Q>>(queue: Q, name: N, data: unknown): JobPayload<Q, N> {
  if (!isJobName(queue, name)) throw new JobPayloadError(queue, name, ['unknown job name']);
  const schema = jobPayloadSchemas[queue][name] as unknown as z.ZodType<JobPayload<Q, N>>;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new JobPayloadError(
      queue,
      name,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/** Throws unless `handlers` has exactly one handler for every job name of the queue. */
export function assertHandlersComplete<Q extends QueueKey>(queue: Q, handlers: Partial<Record<string, unknown>>): void {
  const missing = Object.keys(jobPayloadSchemas[queue]).filter((name) => typeof handlers[name] !== 'function');
  if (missing.length) {
    throw new Error(`queue ${QUEUE_NAMES[queue]}: no handler for job name(s) ${missing.join(', ')}`);
  }
}

/** BullMQ job ids that make re-sending the same result a no-op. */
export const resultJobId = {
  started: (runId: string, segment: number, phase: string) => `${runId}.${segment}.started.${phase}`,
  second: (runId: string, segment: number, t: number) => `${runId}.${segment}.s.${t}`,
  finished: (runId: string, segment: number) => `${runId}.${segment}.finished`,
  telemetry: (runId: string, source: string, t: number) => `${runId}.tm.${source}.${t}`,
  catalog: (runId: string, source: string, n: number) => `${runId}.tc.${source}.${n}`,
};
