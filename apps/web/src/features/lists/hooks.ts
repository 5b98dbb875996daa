import { useQuery } from '@tanstack/react-query';
import { isTerminalRunStatus } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { runListQuery, type RunFilters } from './list-filters';

const LIST_POLL_MS = 5_000;

/** GET /runs with the list's filters: one page (newest first) and the cursor of the next. */
export function useRunPage(filters: RunFilters, limit: number, before: string | undefined) {
  return useQuery({
    // Under runs.all: a run started or finished anywhere refreshes the list.
    queryKey: [...queryKeys.runs.all, 'page', filters, limit, before ?? null] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/runs', { params: { query: runListQuery(filters, limit, before) }, signal })),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.items.some((run) => !isTerminalRunStatus(run.status)) ? LIST_POLL_MS : false),
  });
}

/** GET /plans?targetId=&q=. */
export function usePlanList(filters: { targetId?: string; q?: string }) {
  return useQuery({
    // Under plans.list(): invalidating the plans list refreshes every filtered one too.
    queryKey: [...queryKeys.plans.list(), filters] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/plans', { params: { query: { targetId: filters.targetId, q: filters.q } }, signal })).then((body) => body.items),
    placeholderData: (previous) => previous,
  });
}
