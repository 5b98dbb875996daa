import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, unwrap } from '../../api/client';
import { queryKeys, type TrendRange } from '../../api/query-keys';

const DASHBOARD_POLL_MS = 5_000;

/** GET /dashboard: recent runs and plans (failing first) with a p95 sparkline. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => unwrap(api.GET('/dashboard', { signal })),
    // Runs finish elsewhere (schedules, triggers, other people): always ask again on opening.
    staleTime: 0,
    // While a run is going, its status and the plan's latest verdict change.
    refetchInterval: (query) =>
      query.state.data?.recentRuns.some((run) => !['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED'].includes(run.status))
        ? DASHBOARD_POLL_MS
        : false,
  });
}

/** GET /plans/:id/trends?from=&to=&label=&targetId=&limit= (oldest first). */
export function usePlanTrend(planId: string | undefined, range: TrendRange = {}) {
  return useQuery({
    queryKey: queryKeys.reports.trend(planId ?? '', range),
    enabled: Boolean(planId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/plans/{id}/trends', {
          params: { path: { id: planId! }, query: { from: range.from, to: range.to, label: range.label, targetId: range.targetId, limit: 200 } },
          signal,
        }),
      ),
  });
}

/** GET /comparisons?base=&head=. */
export function useComparison(base: string | null, head: string | null) {
  return useQuery({
    queryKey: queryKeys.reports.comparison(base ?? '', head ?? ''),
    enabled: Boolean(base && head),
    queryFn: ({ signal }) => unwrap(api.GET('/comparisons', { params: { query: { base: base!, head: head! } }, signal })),
    staleTime: 60_000,
  });
}

/** GET /runs/:id/baseline: the run against its plan's baseline (once the run is over). */
export function useRunBaseline(runId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reports.runBaseline(runId),
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/runs/{id}/baseline', { params: { path: { id: runId } }, signal })),
  });
}

/**
 * GET /plans/:id/baseline?targetId=: the run the plan's next run against that target (default
 * its own) will be compared with (pinned, or the last passed there).
 */
export function usePlanBaseline(planId: string, targetId?: string) {
  return useQuery({
    queryKey: queryKeys.reports.planBaseline(planId, targetId),
    enabled: Boolean(planId),
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}/baseline', { params: { path: { id: planId }, query: { targetId } }, signal })),
  });
}

/** PUT /plans/:id/baseline: pins a run as its plan's baseline. */
export function usePinBaseline(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => unwrap(api.PUT('/plans/{id}/baseline', { params: { path: { id: planId } }, body: { runId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
  });
}

export function useShares() {
  return useQuery({
    queryKey: queryKeys.shares.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/share-links', { signal })).then((body) => body.items),
  });
}

/** A trend's link follows one target (environment) of the plan: absent, the plan's own. */
export type ShareSubject = { kind: 'run'; runId: string } | { kind: 'trend'; planId: string; targetId?: string };

/** POST /runs/:id/share-links or /plans/:id/share-links -> {share, token, url}: the URL is shown once. */
export function useCreateShare(subject: ShareSubject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number | undefined) => {
      const body = expiresInDays ? { expiresInDays } : {};
      return subject.kind === 'run'
        ? unwrap(api.POST('/runs/{id}/share-links', { params: { path: { id: subject.runId } }, body }))
        : unwrap(
            api.POST('/plans/{id}/share-links', {
              params: { path: { id: subject.planId } },
              body: subject.targetId ? { ...body, targetId: subject.targetId } : body,
            }),
          );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shares.all }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/share-links/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shares.all }),
  });
}

/** GET /public/reports/:token, without a session; 404 for unknown, expired and revoked links alike. */
export function usePublicShare(token: string | undefined) {
  return useQuery({
    queryKey: queryKeys.publicShare(token ?? ''),
    enabled: Boolean(token),
    queryFn: ({ signal }) => unwrap(api.GET('/public/reports/{token}', { params: { path: { token: token! } }, signal }), { skipAuthRedirect: true }),
    retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
    staleTime: 60_000,
  });
}

/** GET /runs/:id/export?format=… as a link the browser downloads (the session cookie goes along). */
export function exportUrl(runId: string, format: 'json' | 'csv' | 'junit'): string {
  return `/api/v1/runs/${encodeURIComponent(runId)}/export?format=${format}`;
}
