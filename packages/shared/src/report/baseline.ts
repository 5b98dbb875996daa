import { z } from 'zod';
import type { PlanSpec } from '../plan.js';
import { runComparisonSchema, type MetricDelta } from './compare.js';
import { runTargetIdSchema } from '../run-manifest.js';

/**
 * A plan's baseline: the run its runs are compared with. Pinned by a user (a release they
 * trust), or by default the plan's last PASSED run of the same load (see loadFamilyKey): a run
 * with another load profile is not like for like, whatever its verdict.
 */
export const BASELINE_RULES = ['pinned', 'last-passed'] as const;
export type BaselineRule = (typeof BASELINE_RULES)[number];

export const planBaselineSchema = z.object({
  planId: z.string(),
  /** Baselines are kept per target (environment): this is the baseline of the plan's runs against it. */
  targetId: z.string(),
  pinned: z.object({ runId: z.string(), pinnedAt: z.string() }).nullable(),
  /** The run the plan's next run will be compared with; null when there is none yet. */
  runId: z.string().nullable(),
  rule: z.enum(BASELINE_RULES),
  /** What the baseline is, in words ("the last passed run, of 24 Nov 10:02"). */
  message: z.string(),
});
export type PlanBaseline = z.infer<typeof planBaselineSchema>;

/** Pins a run: the baseline of its plan against the run's own target (one pinned run per plan and target). */
export const setBaselineSchema = z.object({ runId: z.string().min(1).max(64) }).strict();

/** GET and DELETE /plans/:id/baseline: which target's baseline; absent, the plan's own target's. */
export const baselineQuerySchema = z.object({ targetId: runTargetIdSchema.optional() });

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

/** The figures a baseline comparison is read by, in CI outputs: the whole run's. */
const BASELINE_METRICS = ['p50', 'p95', 'p99', 'errorRate', 'rps'] as const;
const LABELS: Record<string, string> = { p50: 'p50 latency', p95: 'p95 latency', p99: 'p99 latency', errorRate: 'error rate', rps: 'throughput' };

/** One figure against the baseline, in words: "p95 latency +12.3 % (95 % CI +8.1 % to +16.3 %): regression". */
export interface BaselineFinding {
  metric: string;
  change: MetricDelta['change'];
  text: string;
}

const pct = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)} %`;

function finding(delta: MetricDelta): BaselineFinding {
  const label = LABELS[delta.metric] ?? delta.metric;
  const relative = delta.base !== null && delta.base !== 0 && delta.metric !== 'errorRate';
  const amount = (value: number) =>
    relative
      ? pct(value / Math.abs(delta.base!))
      : delta.metric === 'errorRate'
        ? `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(2)} pp`
        : `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;
  const change = delta.delta === null ? 'not comparable' : amount(delta.delta);
  const interval = delta.interval ? ` (95 % CI ${amount(delta.interval.low)} to ${amount(delta.interval.high)})` : '';
  const word = delta.change === 'unchanged' ? 'within noise' : (delta.change ?? 'not judged');
  return { metric: delta.metric, change: delta.change, text: `${label} ${change}${interval}: ${word}` };
}

/** The whole run's key figures against the baseline; empty when there is no comparison. */
export function baselineFindings(baseline: RunBaseline): BaselineFinding[] {
  const overall = baseline.comparison?.overall ?? [];
  return BASELINE_METRICS.flatMap((metric) => {
    const delta = overall.find((candidate) => candidate.metric === metric);
    return delta ? [finding(delta)] : [];
  });
}
