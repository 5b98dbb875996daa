import { planDurationSeconds, planReservedVus, planVuMinutes, reservedVusNote, type PlanSpec, type Quotas } from '@loadline/shared';

export interface QuotaUsage {
  activeRuns: number;
  vuMinutesThisMonth: number;
}

export interface QuotaViolation {
  quota: keyof Quotas;
  limit: number;
  /** What is in use now (or what the run asks for, for per-run limits). */
  current: number;
  message: string;
}

/** VU-minutes a run of this plan is counted for when it starts: each scenario's peak VUs for its duration. */
export const plannedVuMinutes = (spec: PlanSpec) => planVuMinutes(spec);

const fmt = (value: number) => Math.round(value).toLocaleString('en-US');

/** Which of the organization's quotas starting a run of `spec` would break (empty: none). Pure. */
export function quotaViolations(quotas: Quotas, usage: QuotaUsage, spec: PlanSpec): QuotaViolation[] {
  const violations: QuotaViolation[] = [];
  const vus = planReservedVus(spec);
  const seconds = planDurationSeconds(spec);
  const vuMinutes = plannedVuMinutes(spec);
  if (vus > quotas.maxVusPerRun) {
    violations.push({
      quota: 'maxVusPerRun',
      limit: quotas.maxVusPerRun,
      current: vus,
      message: `the plan needs ${fmt(vus)} VUs${reservedVusNote(spec)}; the limit is ${fmt(quotas.maxVusPerRun)} VUs per run`,
    });
  }
  if (seconds > quotas.maxRunDurationSeconds) {
    violations.push({
      quota: 'maxRunDurationSeconds',
      limit: quotas.maxRunDurationSeconds,
      current: seconds,
      message: `the plan runs for ${fmt(seconds)} s; the limit is ${fmt(quotas.maxRunDurationSeconds)} s per run`,
    });
  }
  if (usage.activeRuns + 1 > quotas.maxConcurrentRuns) {
    violations.push({
      quota: 'maxConcurrentRuns',
      limit: quotas.maxConcurrentRuns,
      current: usage.activeRuns,
      message: `${usage.activeRuns} run(s) are already queued or running; the limit is ${quotas.maxConcurrentRuns} at a time`,
    });
  }
  if (usage.vuMinutesThisMonth + vuMinutes > quotas.monthlyVuMinutes) {
    violations.push({
      quota: 'monthlyVuMinutes',
      limit: quotas.monthlyVuMinutes,
      current: usage.vuMinutesThisMonth,
      message: `${fmt(usage.vuMinutesThisMonth)} of ${fmt(quotas.monthlyVuMinutes)} VU-minutes used this month; this run needs ${fmt(vuMinutes)} more`,
    });
  }
  return violations;
}

/** The calendar month (UTC) that VU-minutes are counted in. */
export function monthOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
