import { z } from 'zod';
import type { PlanSpec } from '../plan.js';
import { runComparisonSchema } from './compare.js';

/**
 * A plan's baseline: the run its runs are compared with. Pinned by a user (a release they
 * trust), or by default the plan's last PASSED run of the same load (see loadFamilyKey): a run
 * with another load profile is not like for like, whatever its verdict.
 */
export const BASELINE_RULES = ['pinned', 'last-passed'] as const;
export type BaselineRule = (typeof BASELINE_RULES)[number];

export const planBaselineSchema = z.object({
  planId: z.string(),
  pinned: z.object({ runId: z.string(), pinnedAt: z.string() }).nullable(),
  /** The run the plan's next run will be compared with; null when there is none yet. */
  runId: z.string().nullable(),
  rule: z.enum(BASELINE_RULES),
  /** What the baseline is, in words ("the last passed run, of 24 Nov 10:02"). */
  message: z.string(),
});
export type PlanBaseline = z.infer<typeof planBaselineSchema>;

export const setBaselineSchema = z.object({ runId: z.string().min(1).max(64) }).strict();

export const runBaselineSchema = z.object({
  runId: z.string(),
  baseline: z.object({ runId: z.string(), rule: z.enum(BASELINE_RULES), createdAt: z.string() }).nullable(),
  /** The baseline (base) against this run (head); null when there is no baseline. */
  comparison: runComparisonSchema.nullable(),
  /** Why there is no comparison, or which baseline it is, in words. */
  message: z.string(),
});
export type RunBaseline = z.infer<typeof runBaselineSchema>;

/**
 * What makes two runs' loads like for like: the scenarios' load profiles and start times, the
 * segments, a custom script's declared needs. Thresholds and requests' checks may differ.
 */
export function loadFamilyKey(spec: PlanSpec): string {
  return JSON.stringify({
    scenarios: spec.scenarios.map((scenario) => ({ name: scenario.name, load: scenario.load, startTime: scenario.startTime })),
    segments: spec.segments,
    script: spec.script?.requirements ?? null,
  });
}
