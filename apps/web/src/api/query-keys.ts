/**
 * Every react-query key in one place, so invalidation after a mutation is a lookup rather
 * than a guess. Keys nest: invalidating `queryKeys.runs.all` also refreshes every run list
 * and every single run.
 */
export interface RunListFilter {
  planId?: string;
  status?: string;
}

export const queryKeys = {
  me: ['me'] as const,
  health: ['health'] as const,
  targets: {
    all: ['targets'] as const,
    list: () => [...queryKeys.targets.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.targets.all, 'detail', id] as const,
  },
  plans: {
    all: ['plans'] as const,
    list: () => [...queryKeys.plans.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.plans.all, 'detail', id] as const,
  },
  runs: {
    all: ['runs'] as const,
    list: (filter: RunListFilter = {}) => [...queryKeys.runs.all, 'list', filter] as const,
    detail: (id: string) => [...queryKeys.runs.all, 'detail', id] as const,
    series: (id: string) => [...queryKeys.runs.all, 'series', id] as const,
  },
};
