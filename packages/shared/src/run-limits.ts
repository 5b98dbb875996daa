import { peakVus } from './plan-load.js';
import { planReservedVus, type PlanSpec } from './plan.js';

/**
 * What one segment of a run may use while k6 runs, held by the runner against what k6 itself
 * reports (its REST API before the start, the vus and vus_max gauges every second after):
 * the VUs the run was allowed when it started, i.e. the VUs k6 reserves for the plan
 * (planReservedVus), which the quotas and the unverified-target cap were checked against. What a custom script said when it was saved
 * is no promise: its init code may answer differently when it runs.
 */
export interface SegmentLimits {
  /** VUs the whole run may have at once. */
  runVus: number;
  /** VUs this segment may have at once. */
  segmentVus: number;
}

/**
 * k6 splits each scenario's VUs across equal segments in whole VUs, so a segment of n gets at
 * most ceil(v / n) of a scenario of v VUs. For generated plans the bound adds that up over
 * the scenarios (capped by the run's peak); a custom script's scenarios are not known here,
 * so each of its segments is held to the run's peak, and the API holds the run's total over
 * the merged seconds (RunStopRules).
 */
export function segmentLimits(spec: PlanSpec, segmentCount: number): SegmentLimits {
  const runVus = planReservedVus(spec);
  if (segmentCount <= 1 || spec.script) return { runVus, segmentVus: runVus };
  const shares = spec.scenarios.reduce((sum, scenario) => sum + Math.ceil(peakVus(scenario.load) / segmentCount), 0);
  return { runVus, segmentVus: Math.min(runVus, shares) };
}

export const VU_LIMIT_EXCEEDED = 'VU_LIMIT_EXCEEDED';

/** Why a segment (or, with `scope: 'run'`, the run's segments together) broke its VU limit; null when within it. */
export function vuLimitBreach(
  limit: number,
  observed: { vus: number; vusMax: number },
  scope: 'segment' | 'run' = 'segment',
): { code: typeof VU_LIMIT_EXCEEDED; message: string } | null {
  const used = Math.max(observed.vus, observed.vusMax);
  if (used <= limit) return null;
  const who = scope === 'run' ? "The run's segments together" : 'The script';
  return {
    code: VU_LIMIT_EXCEEDED,
    message: `${who} started ${used} VUs, but this run may use ${limit} (the VUs k6 reserves for the plan, within the organization's quota and the target's cap); k6 was stopped. A custom script must ask for the same VUs when it runs as when it was checked.`,
  };
}

/**
 * VU-minutes a run used, as measured: the VUs k6 had busy in each second of each segment,
 * added up. What the monthly quota is charged, so that a script cannot be counted for less
 * than it ran.
 */
export function measuredVuMinutes(seconds: ReadonlyArray<{ vus: number }>): number {
  return seconds.reduce((sum, second) => sum + second.vus, 0) / 60;
}
