import { z } from 'zod';
import { durationSchema, durationToSeconds } from './duration.js';
import { thresholdSchema, type Threshold } from './threshold.js';
import { checkedSeconds } from './threshold-time.js';
import { loadProfileSchema, peakVus, plannedDurationSeconds, type LoadProfile } from './plan-load.js';
import { planStepSchema, templateReferences, templatedStrings, thinkTimeSchema, type PlanStep } from './plan-steps.js';
import { wsConnectRowName } from './k6-script-ws.js';
import { k6ThresholdsSchema } from './k6-thresholds.js';
import { dataUseSchema } from './data-sets.js';
import { DATA_REFERENCE_PREFIX, checkPlanData } from './plan-data.js';

export * from './plan-load.js';
export * from './plan-steps.js';
export * from './plan-data.js';

/**
 * A test plan: one or more named scenarios, each a load profile and the requests it sends,
 * run in parallel or one after another (startTime); the SLA thresholds; how many runners
 * share the load. The single source for API validation, OpenAPI, the web form and the k6
 * script generator.
 */

export const scenarioNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'use letters, digits, _ and - only');

export const scenarioSchema = z.object({
  name: scenarioNameSchema,
  load: loadProfileSchema,
  /** When the scenario starts, from the start of the run: sequential scenarios start after the previous ones end. */
  startTime: durationSchema.default('0s'),
  /** How long k6 lets running iterations finish at the end (k6's default 30 s). */
  gracefulStop: durationSchema.default('30s'),
  /** weighted: each iteration sends one request, picked by weight; sequence: every request in order (a user flow). */
  flow: z.enum(['weighted', 'sequence']).default('weighted'),
  requests: z.array(planStepSchema).min(1).max(200),
  /** Pause at the end of each iteration. */
  thinkTime: thinkTimeSchema.optional(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** How gRPC steps learn the service: a .proto file given with the plan, or server reflection. */
export const grpcSettingsSchema = z
  .object({ proto: z.string().max(1_000_000).optional(), reflection: z.boolean().default(false) })
  .refine((grpc) => grpc.reflection || !!grpc.proto?.trim(), { message: 'give the .proto source or use server reflection', path: ['proto'] });

/**
 * A custom k6 script instead of scenarios. It reads the target like generated scripts do
 * (__ENV.LOADLINE_BASE_URL, LOADLINE_HEADERS, LOADLINE_VARS). `requirements` are what
 * `k6 inspect` found when it was saved (the API sets them; for quotas and deadlines), with the
 * script's `options.thresholds` as k6 read them (`k6Thresholds`; absent from scripts saved
 * before Loadline read them), which become the plan's thresholds marked `fromScript`.
 */
export const customScriptSchema = z.object({
  source: z.string().min(1).max(1_000_000),
  requirements: z
    .object({ maxVUs: z.number().int().nonnegative(), durationSeconds: z.number().nonnegative(), k6Thresholds: k6ThresholdsSchema.optional() })
    .optional(),
});
export type CustomScript = z.infer<typeof customScriptSchema>;

const specObject = z.object({
  scenarios: z.array(scenarioSchema).max(20).default([]),
  /** `null` reads as absent: clients that write every key (`"script": null`) mean no custom script. */
  script: z.preprocess((value) => (value === null ? undefined : value), customScriptSchema.optional()),
  thresholds: z.array(thresholdSchema).max(200).default([]),
  segments: z.number().int().min(1).max(32).default(1),
  grpc: grpcSettingsSchema.optional(),
  /** The data sets the plan uses and how their rows are handed out (docs/plans.md#data-sets). */
  data: z.array(dataUseSchema).max(10).default([]),
});

/** Plans written before scenarios had one `load` and one `requests` list: that is a scenario named "default". */
function liftSingleScenario(value: unknown): unknown {
  if (!value || typeof value !== 'object' || 'scenarios' in value || !('load' in value || 'requests' in value)) return value;
  const { load, requests, ...rest } = value as Record<string, unknown>;
  return { ...rest, scenarios: [{ name: 'default', load, requests }] };
}

function checkReferences(spec: z.infer<typeof specObject>, ctx: z.RefinementCtx): void {
  checkPlanData(spec, ctx);
  if (spec.script && spec.scenarios.length)
    ctx.addIssue({ code: 'custom', path: ['script'], message: 'a custom script replaces scenarios: give one or the other' });
  if (!spec.script && !spec.scenarios.length) ctx.addIssue({ code: 'custom', path: ['scenarios'], message: 'add at least one scenario (or a custom script)' });
  if (!spec.script) {
    spec.thresholds.forEach((threshold, t) => {
      if (threshold.fromScript)
        ctx.addIssue({ code: 'custom', path: ['thresholds', t, 'fromScript'], message: "read from a custom script's options, and this plan has no script" });
    });
  }
  // A custom script's request names are its own business: thresholds may name any.
  if (spec.script) return;
  const requestNames = new Set<string>();
  spec.scenarios.forEach((scenario, s) => {
    const captured = new Set(scenario.requests.flatMap((step) => (step.protocol === 'http' ? step.captures.map((capture) => capture.name) : [])));
    const before = new Set<string>();
    scenario.requests.forEach((step, r) => {
      const at = ['scenarios', s, 'requests', r];
      if (requestNames.has(step.name))
        ctx.addIssue({
          code: 'custom',
          path: [...at, 'name'],
          message: `duplicate request name "${step.name}" (names are report rows; make them unique across scenarios)`,
        });
      requestNames.add(step.name);
      for (const { path, text } of templatedStrings(step)) {
        for (const reference of templateReferences(text)) {
          // Data references are checked by checkPlanData.
          if (reference.startsWith('vars.') || reference.startsWith(DATA_REFERENCE_PREFIX)) continue;
          const known = scenario.flow === 'sequence' ? before.has(reference) : captured.has(reference);
          if (!known) {
            const where = scenario.flow === 'sequence' ? 'by an earlier request of this scenario' : 'by a request of this scenario';
            ctx.addIssue({ code: 'custom', path: [...at, ...path], message: `{{${reference}}} is not captured ${where} (target variables are {{vars.NAME}})` });
          }
        }
      }
      if (step.protocol === 'http') step.captures.forEach((capture) => before.add(capture.name));
    });
  });
  const scenarioNames = new Set<string>();
  spec.scenarios.forEach((scenario, s) => {
    if (scenarioNames.has(scenario.name))
      ctx.addIssue({ code: 'custom', path: ['scenarios', s, 'name'], message: `duplicate scenario name "${scenario.name}"` });
    scenarioNames.add(scenario.name);
  });
  // A WebSocket step that awaits replies also reports its connections, as "<name> (connect)".
  const rowNames = new Set(requestNames);
  for (const scenario of spec.scenarios) for (const step of scenario.requests) if (step.protocol === 'ws') rowNames.add(wsConnectRowName(step));
  const planned = plannedOrNull(spec);
  spec.thresholds.forEach((threshold, t) => {
    if (threshold.request !== undefined && !rowNames.has(threshold.request)) {
      ctx.addIssue({ code: 'custom', path: ['thresholds', t, 'request'], message: `no request named "${threshold.request}" in this plan` });
    }
    if (threshold.scenario !== undefined && !scenarioNames.has(threshold.scenario)) {
      ctx.addIssue({ code: 'custom', path: ['thresholds', t, 'scenario'], message: `no scenario named "${threshold.scenario}" in this plan` });
    }
    if (planned !== null) checkTiming(threshold, ['thresholds', t], planned, ctx);
  });
  const usesGrpc = spec.scenarios.some((scenario) => scenario.requests.some((step) => step.protocol === 'grpc'));
  if (usesGrpc && !spec.grpc) ctx.addIssue({ code: 'custom', path: ['grpc'], message: 'gRPC requests need the .proto source or server reflection' });
}

/** The plan's length, or null while a duration in it is malformed (its own field says so). */
function plannedOrNull(spec: z.infer<typeof specObject>): number | null {
  try {
    return planDurationSeconds(spec);
  } catch {
    return null;
  }
}

/** A window or stop rule the plan's load could never reach judges nothing: say so at save. */
function checkTiming(threshold: Threshold, at: Array<string | number>, planned: number, ctx: z.RefinementCtx): void {
  const after = checkedSeconds(threshold.window?.after);
  if (after !== null && after >= planned) {
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'window', 'after'],
      message: `the window starts at ${after} s, but the plan's load lasts ${planned} s: nothing would be judged`,
    });
  }
  const stop = checkedSeconds(threshold.stop?.after);
  if (stop !== null && stop > planned) {
    ctx.addIssue({ code: 'custom', path: [...at, 'stop', 'after'], message: `a breach of ${stop} s could never happen in the plan's ${planned} s of load` });
  }
}

/** What a run executes. Stored per plan version. */
export const planSpecSchema = z.preprocess(liftSingleScenario, specObject.superRefine(checkReferences));
export type PlanSpec = z.infer<typeof planSpecSchema>;
/** The spec as a client writes it, before defaults are applied. */
export type PlanSpecInput = z.input<typeof specObject> | ({ load: unknown; requests: unknown } & Omit<z.input<typeof specObject>, 'scenarios'>);

export const planNameSchema = z.string().trim().min(1).max(200);

export const createPlanSchema = z.preprocess(
  liftSingleScenario,
  z.intersection(z.object({ name: planNameSchema, targetId: z.string().min(1) }), specObject.superRefine(checkReferences)),
);
export type CreatePlanInput = z.input<typeof createPlanSchema>;

// ---- what a plan asks for, across its scenarios ----------------------------------------

const startOf = (scenario: Scenario) => durationToSeconds(scenario.startTime);
const endOf = (scenario: Scenario) => startOf(scenario) + plannedDurationSeconds(scenario.load);

/** Planned wall-clock length of the run: until the last scenario's profile ends (no graceful stop). */
export function planDurationSeconds(spec: PlanSpec): number {
  if (spec.script) return spec.script.requirements?.durationSeconds ?? 0;
  return Math.max(...spec.scenarios.map(endOf));
}

/** How long k6 may legitimately run: the profiles, plus ramp-down and graceful stop of the last to end. */
export function planExpectedSeconds(spec: PlanSpec): number {
  // k6 inspect's total duration of a script already includes graceful stops.
  if (spec.script) return spec.script.requirements?.durationSeconds ?? 0;
  return Math.max(
    ...spec.scenarios.map((scenario) => {
      const load = scenario.load;
      const rampDown = load.executor === 'ramping-vus' ? durationToSeconds(load.gracefulRampDown) : 0;
      return endOf(scenario) + rampDown + durationToSeconds(scenario.gracefulStop);
    }),
  );
}

/** The most VUs in use at once: the peaks of the scenarios that overlap in time, added up. */
export function planPeakVus(spec: PlanSpec): number {
  if (spec.script) return spec.script.requirements?.maxVUs ?? 0;
  const instants = spec.scenarios.map(startOf);
  return Math.max(
    ...instants.map((instant) =>
      spec.scenarios
        .filter((scenario) => startOf(scenario) <= instant && instant < Math.max(endOf(scenario), startOf(scenario) + 1e-9))
        .reduce((sum, scenario) => sum + peakVus(scenario.load), 0),
    ),
  );
}

/**
 * VUs k6 reserves for the plan, which is what it may have running at once and what limits
 * hold: like planPeakVus, but a scenario keeps its VUs through its graceful stop, as k6 plans
 * them (its executors' execution requirements), so scenarios one after another overlap there
 * (warmup 2 VUs, then checkout 3 VUs, 30 s graceful stop: k6 reserves 5). An upper bound: a
 * scenario is counted at its peak over the whole span; `k6 inspect`'s maxVUs is never above it.
 * A custom script's figure is k6 inspect's own.
 */
export function planReservedVus(spec: PlanSpec): number {
  if (spec.script) return spec.script.requirements?.maxVUs ?? 0;
  const heldUntil = (scenario: Scenario) => Math.max(endOf(scenario) + durationToSeconds(scenario.gracefulStop), startOf(scenario) + 1e-9);
  return Math.max(
    ...spec.scenarios
      .map(startOf)
      .map((instant) =>
        spec.scenarios
          .filter((scenario) => startOf(scenario) <= instant && instant < heldUntil(scenario))
          .reduce((sum, scenario) => sum + peakVus(scenario.load), 0),
      ),
  );
}

/** Said beside the reserved VUs when they are above the load profile's peak, so the figure is not a mystery; '' otherwise. */
export function reservedVusNote(spec: PlanSpec): string {
  if (spec.script) return '';
  const peak = planPeakVus(spec);
  return planReservedVus(spec) > peak
    ? ` (the load peaks at ${peak}, but k6 keeps each scenario's VUs through its graceful stop, so scenarios one after another overlap there; a shorter gracefulStop reserves fewer)`
    : '';
}

/** VU-minutes the plan is counted for when a run starts: each scenario's peak VUs over its duration. */
export function planVuMinutes(spec: PlanSpec): number {
  if (spec.script) return ((spec.script.requirements?.maxVUs ?? 0) * (spec.script.requirements?.durationSeconds ?? 0)) / 60;
  return spec.scenarios.reduce((sum, scenario) => sum + (peakVus(scenario.load) * plannedDurationSeconds(scenario.load)) / 60, 0);
}

/** The only scenario's load, for what is defined for one profile (capacity of a ramp); null with several. */
export function singleLoad(spec: PlanSpec): LoadProfile | null {
  return spec.scenarios.length === 1 ? spec.scenarios[0]!.load : null;
}

export function allSteps(spec: PlanSpec): PlanStep[] {
  return spec.scenarios.flatMap((scenario) => scenario.requests);
}
