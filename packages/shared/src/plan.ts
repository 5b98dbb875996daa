import { z } from 'zod';
import { durationSchema, durationToSeconds } from './duration.js';
import { thresholdSchema } from './threshold.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Request names become k6 `name` tags and report rows; keep them readable and tag-safe. */
export const requestNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:\- ]+$/, 'use letters, digits, spaces and _ . : - only');

const headersSchema = z.record(z.string().min(1).max(200), z.string().max(8_192));

export const planRequestSchema = z.object({
  name: requestNameSchema,
  method: z.enum(HTTP_METHODS).default('GET'),
  path: z.string().startsWith('/', 'must start with "/"').max(2_048),
  headers: headersSchema.default({}),
  body: z.string().max(1_000_000).optional(),
  /** Statuses that count as success; k6's default (200-399) when absent. */
  expect: z
    .object({ status: z.array(z.number().int().min(100).max(599)).min(1).max(50) })
    .optional(),
  weight: z.number().int().min(1).max(1_000).default(1),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

const stageSchema = z.object({
  duration: durationSchema,
  target: z.number().int().min(0).max(100_000),
});

export const loadProfileSchema = z.discriminatedUnion('executor', [
  z.object({
    executor: z.literal('constant-vus'),
    vus: z.number().int().min(1).max(100_000),
    duration: durationSchema,
  }),
  z
    .object({
      executor: z.literal('ramping-vus'),
      startVUs: z.number().int().min(0).max(100_000).default(0),
      stages: z.array(stageSchema).min(1).max(100),
      gracefulRampDown: durationSchema.default('10s'),
    })
    // k6 refuses such a scenario; say so before a run is queued.
    .refine((load) => load.startVUs > 0 || load.stages.some((stage) => stage.target > 0), {
      message: 'startVUs or at least one stage target must be above 0',
      path: ['stages'],
    }),
  // Arrival-rate executors start `rate` iterations per `timeUnit` whatever the target's
  // latency; when the VU pool runs dry k6 drops iterations, which the report flags.
  z
    .object({
      executor: z.literal('constant-arrival-rate'),
      rate: z.number().int().min(1).max(1_000_000),
      timeUnit: durationSchema.default('1s'),
      duration: durationSchema,
      preAllocatedVUs: z.number().int().min(1).max(100_000),
      maxVUs: z.number().int().min(1).max(100_000).optional(),
    })
    .refine((load) => load.maxVUs === undefined || load.maxVUs >= load.preAllocatedVUs, {
      message: 'maxVUs must be at least preAllocatedVUs',
      path: ['maxVUs'],
    }),
  z
    .object({
      executor: z.literal('ramping-arrival-rate'),
      startRate: z.number().int().min(0).max(1_000_000).default(0),
      timeUnit: durationSchema.default('1s'),
      stages: z.array(stageSchema).min(1).max(100),
      preAllocatedVUs: z.number().int().min(1).max(100_000),
      maxVUs: z.number().int().min(1).max(100_000).optional(),
    })
    .refine((load) => load.maxVUs === undefined || load.maxVUs >= load.preAllocatedVUs, {
      message: 'maxVUs must be at least preAllocatedVUs',
      path: ['maxVUs'],
    }),
]);
export type LoadProfile = z.infer<typeof loadProfileSchema>;

/** What a run executes: the load, the requests and the SLA. Stored per plan version. */
export const planSpecSchema = z
  .object({
    load: loadProfileSchema,
    requests: z.array(planRequestSchema).min(1).max(200),
    thresholds: z.array(thresholdSchema).max(200).default([]),
    segments: z.number().int().min(1).max(32).default(1),
  })
  .superRefine((spec, ctx) => {
    const seen = new Set<string>();
    spec.requests.forEach((request, index) => {
      if (seen.has(request.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['requests', index, 'name'],
          message: `duplicate request name "${request.name}"`,
        });
      }
      seen.add(request.name);
    });
    spec.thresholds.forEach((threshold, index) => {
      if (threshold.request !== undefined && !seen.has(threshold.request)) {
        ctx.addIssue({
          code: 'custom',
          path: ['thresholds', index, 'request'],
          message: `no request named "${threshold.request}" in this plan`,
        });
      }
    });
  });
export type PlanSpec = z.infer<typeof planSpecSchema>;
/** The spec as a client writes it, before defaults are applied. */
export type PlanSpecInput = z.input<typeof planSpecSchema>;

export const planNameSchema = z.string().trim().min(1).max(200);

export const createPlanSchema = z.intersection(
  z.object({ name: planNameSchema, targetId: z.string().min(1) }),
  planSpecSchema,
);
export type CreatePlanInput = z.input<typeof createPlanSchema>;

/** Planned wall-clock length of the load profile, without graceful stop or ramp-down. */
export function plannedDurationSeconds(load: LoadProfile): number {
  switch (load.executor) {
    case 'constant-vus':
      return durationToSeconds(load.duration);
    case 'constant-arrival-rate':
      return durationToSeconds(load.duration);
    case 'ramping-vus':
    case 'ramping-arrival-rate':
      return load.stages.reduce((sum, stage) => sum + durationToSeconds(stage.duration), 0);
  }
}

/** The most VUs the profile asks for at any moment. */
export function peakVus(load: LoadProfile): number {
  switch (load.executor) {
    case 'constant-vus':
      return load.vus;
    case 'ramping-vus':
      return Math.max(load.startVUs, ...load.stages.map((stage) => stage.target));
    case 'constant-arrival-rate':
    case 'ramping-arrival-rate':
      return load.maxVUs ?? load.preAllocatedVUs;
  }
}

/** Iterations per second the profile asks for at its peak (arrival-rate executors only). */
export function peakArrivalRate(load: LoadProfile): number | null {
  switch (load.executor) {
    case 'constant-arrival-rate':
      return load.rate / durationToSeconds(load.timeUnit);
    case 'ramping-arrival-rate':
      return Math.max(load.startRate, ...load.stages.map((stage) => stage.target)) / durationToSeconds(load.timeUnit);
    default:
      return null;
  }
}

