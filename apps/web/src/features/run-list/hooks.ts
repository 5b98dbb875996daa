import { useQuery } from '@tanstack/react-query';
import { isTerminalRunStatus } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys, type RunListFilter } from '../../api/query-keys';

const LIST_POLL_MS = 5_000;

/** Newest first. Refreshes every few seconds while any listed run is still in progress. */
export function useRuns(filter: RunListFilter = {}) {
  return useQuery({
    queryKey: queryKeys.runs.list(filter),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/runs', { params: { query: { planId: filter.planId, status: filter.status } }, signal })).then((body) => body.items),
    refetchInterval: (query) => (query.state.data?.some((run) => !isTerminalRunStatus(run.status)) ? LIST_POLL_MS : false),
  });
}
