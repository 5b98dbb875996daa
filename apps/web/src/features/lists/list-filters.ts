import { RUN_STATUSES, VERDICTS, parseLabelArgument, type RunStatus, type Verdict } from '@loadline/shared';

/**
 * The Runs and Plans lists' filters as they live in the address (so a filtered list can be
 * bookmarked and shared) and as the API takes them. Pure: unit-tested without a DOM.
 */

export interface RunFilters {
  status?: RunStatus;
  verdict?: Verdict;
  /** key=value */
  label?: string;
  targetId?: string;
  planId?: string;
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string;
  to?: string;
}

export const RUN_FILTER_KEYS = ['status', 'verdict', 'label', 'targetId', 'planId', 'from', 'to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the address says, ignoring what no filter could mean (a status that does not exist). */
export function runFiltersFrom(params: URLSearchParams): RunFilters {
  const filters: RunFilters = {};
  const status = params.get('status');
  if (status && (RUN_STATUSES as readonly string[]).includes(status)) filters.status = status as RunStatus;
  const verdict = params.get('verdict');
  if (verdict && (VERDICTS as readonly string[]).includes(verdict)) filters.verdict = verdict as Verdict;
  const label = params.get('label');
  if (label && !('error' in parseLabelArgument(label))) filters.label = label;
  for (const key of ['targetId', 'planId'] as const) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && DAY.test(value)) filters[key] = value;
  }
  return filters;
}

/** The address of a filter change: the other filters kept, an empty value removes its filter. */
export function withFilter(params: URLSearchParams, key: (typeof RUN_FILTER_KEYS)[number] | 'q', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** GET /runs query: days become the instants that bound them (UTC), the whole of the last day included. */
export function runListQuery(filters: RunFilters, limit: number, before: string | undefined) {
  return {
    status: filters.status,
    verdict: filters.verdict,
    label: filters.label,
    targetId: filters.targetId,
    planId: filters.planId,
    from: filters.from ? `${filters.from}T00:00:00.000Z` : undefined,
    to: filters.to ? `${filters.to}T23:59:59.999Z` : undefined,
    limit,
    before,
  };
}

export function hasFilters(filters: object): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}

/** A label typed into the filter: null when it reads, else why not ("x" is not key=value). */
export function labelError(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  const parsed = parseLabelArgument(value);
  return 'error' in parsed ? `${parsed.error}: write a label as key=value, e.g. branch=main` : null;
}

/** One page of a list held whole (plans): its items and whether pages come before and after. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
