import { z } from 'zod';
import { durationSchema, durationToSeconds } from './duration.js';

/**
 * Load profiles: k6's executors, with the options Loadline lets a plan set. Each scenario of a
 * plan has one. Pure functions below answer what the profile asks for (peak VUs, duration,
 * iterations) for quotas, deadlines and the validity diagnostics.
 */

const vusSchema = z.number().int().min(1).max(100_000);
const stageSchema = z.object({
  duration: durationSchema,
  target: z.number().int().min(0).max(1_000_000),
});
export type Stage = z.infer<typeof stageSchema>;

const maxVusRefinement = {
  check: (load: { maxVUs?: number; preAllocatedVUs: number }) => load.maxVUs === undefined || load.maxVUs >= load.preAllocatedVUs,
  message: { message: 'maxVUs must be at least preAllocatedVUs', path: ['maxVUs'] },
};

export const EXECUTORS = ['constant-vus', 'ramping-vus', 'constant-arrival-rate', 'ramping-arrival-rate', 'per-vu-iterations', 'shared-iterations'] as const;
export type Executor = (typeof EXECUTORS)[number];

export const loadProfileSchema = z.discriminatedUnion('executor', [
  z.object({ executor: z.literal('constant-vus'), vus: vusSchema, duration: durationSchema }),
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
      preAllocatedVUs: vusSchema,
      maxVUs: vusSchema.optional(),
    })
    .refine(maxVusRefinement.check, maxVusRefinement.message),
  z
    .object({
      executor: z.literal('ramping-arrival-rate'),
      startRate: z.number().int().min(0).max(1_000_000).default(0),
      timeUnit: durationSchema.default('1s'),
      stages: z.array(stageSchema).min(1).max(100),
      preAllocatedVUs: vusSchema,
      maxVUs: vusSchema.optional(),
    })
    .refine(maxVusRefinement.check, maxVusRefinement.message),
  // Iteration-count executors end when the iterations are done, or at maxDuration.
  z.object({
    executor: z.literal('per-vu-iterations'),
    vus: vusSchema,
    iterations: z.number().int().min(1).max(10_000_000),
    maxDuration: durationSchema.default('10m'),
  }),
  z
    .object({
      executor: z.literal('shared-iterations'),
      vus: vusSchema,
      iterations: z.number().int().min(1).max(100_000_000),
      maxDuration: durationSchema.default('10m'),
    })
    .refine((load) => load.iterations >= load.vus, { message: 'iterations must be at least vus (k6 refuses fewer)', path: ['iterations'] }),
]);
export type LoadProfile = z.infer<typeof loadProfileSchema>;

const stagesSeconds = (stages: readonly Stage[]) => stages.reduce((sum, stage) => sum + durationToSeconds(stage.duration), 0);

/** Planned wall-clock length of the profile (iteration executors: their maxDuration), without graceful stop. */
export function plannedDurationSeconds(load: LoadProfile): number {
  switch (load.executor) {
    case 'constant-vus':
    case 'constant-arrival-rate':
      return durationToSeconds(load.duration);
    case 'ramping-vus':
    case 'ramping-arrival-rate':
      return stagesSeconds(load.stages);
    case 'per-vu-iterations':
    case 'shared-iterations':
      return durationToSeconds(load.maxDuration);
  }
}

/** The most VUs the profile may use at any moment. */
export function peakVus(load: LoadProfile): number {
  switch (load.executor) {
    case 'constant-vus':
    case 'per-vu-iterations':
    case 'shared-iterations':
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

/**
 * The profile as points (seconds from the scenario's start, VUs or iterations/s), for the
 * editor's live chart and for "what ran when" in the report.
 */
export function loadCurve(load: LoadProfile): { t: number; value: number }[] {
  switch (load.executor) {
    case 'constant-vus':
    case 'per-vu-iterations':
    case 'shared-iterations': {
      const end = plannedDurationSeconds(load);
      return [
        { t: 0, value: load.vus },
        { t: end, value: load.vus },
      ];
    }
    case 'constant-arrival-rate': {
      const perSecond = load.rate / durationToSeconds(load.timeUnit);
      return [
        { t: 0, value: perSecond },
        { t: durationToSeconds(load.duration), value: perSecond },
      ];
    }
    case 'ramping-vus':
    case 'ramping-arrival-rate': {
      const perUnit = load.executor === 'ramping-arrival-rate' ? 1 / durationToSeconds(load.timeUnit) : 1;
      const start = load.executor === 'ramping-vus' ? load.startVUs : load.startRate;
      const points = [{ t: 0, value: start * perUnit }];
      let t = 0;
      for (const stage of load.stages) {
        t += durationToSeconds(stage.duration);
        points.push({ t, value: stage.target * perUnit });
      }
      return points;
    }
  }
}

export const isArrivalRate = (load: LoadProfile) => load.executor === 'constant-arrival-rate' || load.executor === 'ramping-arrival-rate';
export const isRamping = (load: LoadProfile) => load.executor === 'ramping-vus' || load.executor === 'ramping-arrival-rate';
