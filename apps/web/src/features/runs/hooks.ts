import { useQuery } from '@tanstack/react-query';
import { isTerminalRunStatus, type RunView } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys, type RunListFilter } from '../../api/query-keys';

export const RUN_POLL_MS = 1_000;
const LIST_POLL_MS = 5_000;

/** How often to poll a run: every second until it reaches a terminal status. */
export function runPollInterval(run: Pick<RunView, 'status'> | undefined): number | false {
  return run && isTerminalRunStatus(run.status) ? false : RUN_POLL_MS;
}

export function useRun(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.runs.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<RunView>(`/runs/${encodeURIComponent(id!)}`, { signal }),
    refetchInterval: (query) => (query.state.error ? false : runPollInterval(query.state.data)),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** Newest first. Refreshes every few seconds while any listed run is still in progress. */
export function useRuns(filter: RunListFilter = {}) {
  return useQuery({
    queryKey: queryKeys.runs.list(filter),
    queryFn: ({ signal }) =>
      api.get<{ items: RunView[] }>('/runs', { signal, query: { planId: filter.planId, status: filter.status } }).then(
        (body) => body.items,
      ),
    refetchInterval: (query) =>
      query.state.data?.some((run) => !isTerminalRunStatus(run.status)) ? LIST_POLL_MS : false,
  });
}
