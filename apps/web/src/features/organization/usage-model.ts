import type { Quotas } from '@loadline/shared';

export type UsageLevel = 'ok' | 'high' | 'full';

export interface UsageBar {
  used: number;
  limit: number;
  /** 0..1, for the bar's width; the text says by how much a limit is exceeded. */
  fraction: number;
  level: UsageLevel;
}

/** From 80 % the bar warns: the next long run may be refused (QUOTA_EXCEEDED). */
const HIGH = 0.8;

export function usageBar(used: number, limit: number): UsageBar {
  const ratio = limit > 0 ? used / limit : used > 0 ? 1 : 0;
  return {
    used,
    limit,
    fraction: Math.min(1, Math.max(0, ratio)),
    level: ratio >= 1 ? 'full' : ratio >= HIGH ? 'high' : 'ok',
  };
}

export const QUOTA_FIELDS = [
  { key: 'maxVusPerRun', label: 'Max VUs per run', unit: 'VUs' },
  { key: 'maxRunDurationSeconds', label: 'Max run duration', unit: 'seconds' },
  { key: 'maxConcurrentRuns', label: 'Concurrent runs', unit: 'runs' },
  { key: 'monthlyVuMinutes', label: 'VU-minutes per month', unit: 'VU-minutes' },
] as const satisfies readonly { key: keyof Quotas; label: string; unit: string }[];

export type QuotaDraft = Record<keyof Quotas, string>;

export function draftOf(quotas: Quotas): QuotaDraft {
  return {
    maxVusPerRun: String(quotas.maxVusPerRun),
    maxRunDurationSeconds: String(quotas.maxRunDurationSeconds),
    maxConcurrentRuns: String(quotas.maxConcurrentRuns),
    monthlyVuMinutes: String(quotas.monthlyVuMinutes),
  };
}

/**
 * Only the quotas that differ from the current ones, as numbers (PATCH sends just those, so
 * the audit log names only what changed). Text that is not a number is passed on as NaN for
 * the schema to refuse with the field's own message.
 */
export function changedQuotas(draft: QuotaDraft, current: Quotas): Partial<Record<keyof Quotas, number>> {
  const changes: Partial<Record<keyof Quotas, number>> = {};
  for (const { key } of QUOTA_FIELDS) {
    const text = draft[key].trim();
    const value = text === '' ? Number.NaN : Number(text);
    if (value !== current[key]) changes[key] = value;
  }
  return changes;
}
