import { z } from 'zod';
import { durationSchema, durationToSeconds } from './duration.js';
import { summarizeSeconds, type RunSummary } from './summary.js';
import type { SecondSample } from './series.js';

/**
 * When a threshold applies: its window, and how long a breach must last before it stops the
 * run. Times count from the run's load start in whole seconds: the run's first measured
 * second is second 0 (it is usually partial: the load begins somewhere inside it).
 */

/**
 * Seconds of a duration that may not have passed its own check: zod runs an object's
 * refinements even when a field inside failed, and they must not throw on it.
 */
export function checkedSeconds(duration: string | undefined): number | null {
  return duration !== undefined && durationSchema.safeParse(duration).success ? durationToSeconds(duration) : null;
}

/** Below this a "sustained" breach is a blip: a GC pause, one slow deploy step. */
export const STOP_AFTER_MIN_SECONDS = 5;

/**
 * Judge a threshold only on the seconds inside [after, until): after a warm-up, before a
 * cool-down, or both. At least one bound.
 */
export const thresholdWindowSchema = z
  .object({
    /** Leave out the seconds before this (a warm-up, a ramp). */
    after: durationSchema.optional(),
    /** Leave out the seconds from this on. */
    until: durationSchema.optional(),
  })
  .strict()
  .refine((window) => window.after !== undefined || window.until !== undefined, { message: 'a window needs an "after", an "until", or both' })
  .refine(
    (window) => checkedSeconds(window.after) === null || checkedSeconds(window.until) === null || checkedSeconds(window.after)! < checkedSeconds(window.until)!,
    {
      message: '"after" must come before "until"',
      path: ['until'],
    },
  );
export type ThresholdWindow = z.infer<typeof thresholdWindowSchema>;

/** Stop the run once the threshold has been breached, second after second, for `after`. */
export const stopRuleSchema = z
  .object({ after: durationSchema })
  .strict()
  .refine((stop) => Number.isInteger(checkedSeconds(stop.after) ?? 0), { message: 'a stop rule counts whole seconds, e.g. "10s"', path: ['after'] })
  .refine((stop) => (checkedSeconds(stop.after) ?? STOP_AFTER_MIN_SECONDS) >= STOP_AFTER_MIN_SECONDS, {
    message: `a breach must last at least ${STOP_AFTER_MIN_SECONDS} s to stop a run (shorter is noise, not a sustained breach)`,
    path: ['after'],
  });
export type StopRule = z.infer<typeof stopRuleSchema>;

/**
 * Compliance over time: the threshold is met when its limit holds in at least `share` of the
 * run's seconds (its window's), each second judged on its own requests: "p95 < 200 ms in
 * ≥ 99 % of seconds" (threshold-compliance.ts judges it).
 */
export const complianceSchema = z
  .object({
    /** The share of seconds that must meet the limit, 0.5 to 1 (0.99: 99 % of seconds). */
    share: z.number().min(0.5).max(1),
  })
  .strict();
export type Compliance = z.infer<typeof complianceSchema>;

/** Why a threshold cannot be judged second by second as it is written; empty when it can. */
export function complianceIssues(threshold: {
  metric: string;
  compliance?: Compliance;
  stop?: unknown;
  relativeTo?: string;
  fromScript?: unknown;
}): { path: string[]; message: string }[] {
  if (!threshold.compliance) return [];
  const issues: { path: string[]; message: string }[] = [];
  if (!['latency', 'error_rate', 'status_share'].includes(threshold.metric))
    issues.push({ path: ['compliance'], message: 'a share of seconds judges each second on its own: latency, error rate or a status share' });
  if (threshold.stop)
    issues.push({ path: ['stop'], message: 'a stop rule already judges second by second: give a threshold a share of seconds or a stop rule, not both' });
  if (threshold.relativeTo) issues.push({ path: ['relativeTo'], message: 'a share of seconds is judged against its own limit, not against the baseline' });
  if (threshold.fromScript) issues.push({ path: ['compliance'], message: "k6's own thresholds have no share of seconds" });
  return issues;
}

/**
 * The whole seconds a window takes, as elapsed-second indexes: `from` inclusive, `to`
 * exclusive (null: to the end). Only seconds wholly inside count, so a fractional bound
 * rounds inwards: after 2.5 s starts at second 3, until 7.5 s ends before second 7.
 */
export function windowSeconds(window: ThresholdWindow | undefined): { from: number; to: number | null } {
  return {
    from: window?.after !== undefined ? Math.ceil(durationToSeconds(window.after)) : 0,
    to: window?.until !== undefined ? Math.floor(durationToSeconds(window.until)) : null,
  };
}

const seconds = (duration: string) => `${durationToSeconds(duration).toLocaleString('en-US', { maximumFractionDigits: 3 })} s`;

/** "after 30 s", "until 1,200 s", "from 30 s to 90 s"; "" for no window. */
export function describeWindow(window: ThresholdWindow | undefined): string {
  if (!window) return '';
  if (window.after !== undefined && window.until !== undefined) return `from ${seconds(window.after)} to ${seconds(window.until)}`;
  if (window.after !== undefined) return `after ${seconds(window.after)}`;
  return `until ${seconds(window.until!)}`;
}

/** Whether the second at `elapsed` (whole seconds from the run's first) lies in the window. */
export function inWindow(window: ThresholdWindow | undefined, elapsed: number): boolean {
  const { from, to } = windowSeconds(window);
  return elapsed >= from && (to === null || elapsed < to);
}

/** A stable key per window, so seconds are summarised once per distinct window. */
export function windowKey(window: ThresholdWindow | undefined): string {
  const { from, to } = windowSeconds(window);
  return `${from}-${to ?? ''}`;
}

/** A run's figures over the seconds of a window; null when no measured second lies in it. */
export type WindowSummaries = (window: ThresholdWindow) => RunSummary | null;

/**
 * Window summaries from the run's merged seconds (all segments, time order): each window's
 * figures are the summary of the seconds inside it, histograms merged as for the whole run,
 * and computed once per distinct window.
 */
export function windowSummaries(merged: readonly SecondSample[], requestOrder: readonly string[] = []): WindowSummaries {
  const firstT = merged[0]?.t ?? 0;
  const cache = new Map<string, RunSummary | null>();
  return (window) => {
    const key = windowKey(window);
    if (!cache.has(key)) {
      const inside = merged.filter((second) => inWindow(window, second.t - firstT));
      cache.set(key, inside.length ? summarizeSeconds(inside, requestOrder) : null);
    }
    return cache.get(key)!;
  };
}
