import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTerminalRunStatus, type RunSeries, type RunView } from '@loadline/shared';
import { api, isApiError, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { mergePoints } from '../run-report';

/** Without a working event stream (fallback), the run is polled this often. */
export const RUN_POLL_MS = 1_000;
/** Without a stream (fallback), the charts refresh from GET /runs/:id/series this often. */
export const SERIES_POLL_MS = 2_000;

/** How often to poll a run: every `everyMs` (false: never) until it reaches a terminal status. */
export function runPollInterval(run: Pick<RunView, 'status'> | undefined, everyMs: number | false = RUN_POLL_MS): number | false {
  return run && isTerminalRunStatus(run.status) ? false : everyMs;
}

/** GET /runs/:id, polled every `pollMs` while the run goes (false: the event stream keeps it current). */
export function useRun(id: string | undefined, pollMs: number | false = RUN_POLL_MS) {
  return useQuery({
    queryKey: queryKeys.runs.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => unwrap(api.GET('/runs/{id}', { params: { path: { id: id! } }, signal })),
    refetchInterval: (query) => (query.state.error ? false : runPollInterval(query.state.data, pollMs)),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

interface SeriesOptions {
  enabled: boolean;
  /** The run is still going: keep live points the stream added that the fetch lacks. */
  live: boolean;
  refetchMs: number | false;
}

/**
 * GET /runs/:id/series. While the run is live the event stream appends points to the same
 * cache entry, so a fetch merges with what is there; once the run is over the fetched series
 * is the truth.
 */
export function useRunSeries(id: string | undefined, { enabled, live, refetchMs }: SeriesOptions) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.runs.series(id ?? ''),
    enabled: Boolean(id) && enabled,
    queryFn: async ({ signal }) => {
      const fetched = await unwrap(api.GET('/runs/{id}/series', { params: { path: { id: id! } }, signal }));
      const run = queryClient.getQueryData<RunView>(queryKeys.runs.detail(id!));
      const stillLive = run ? !isTerminalRunStatus(run.status) : live;
      const cached = queryClient.getQueryData<RunSeries>(queryKeys.runs.series(id!));
      return stillLive && cached ? { ...fetched, points: mergePoints(cached.points, fetched.points) } : fetched;
    },
    refetchInterval: refetchMs,
    // A finished run's series never changes.
    staleTime: live ? 0 : Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: live,
    retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

/** POST /runs/:id/cancel -> 202 RunView (cancelRequestedAt set); 409 when already over. */
export function useCancelRun(id: string) {
  const queryClient = useQueryClient();
  const detail = queryKeys.runs.detail(id);
  return useMutation({
    mutationFn: () => unwrap(api.POST('/runs/{id}/cancel', { params: { path: { id } } })),
    onSuccess: (run) => {
      queryClient.setQueryData(detail, run);
    },
    // 409 RUN_NOT_CANCELLABLE: it finished meanwhile; show what it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: detail, exact: true }),
  });
}

/** While the run goes, its telemetry is read again this often (the runner sends a second every second)... */
export const TELEMETRY_POLL_MS = 3_000;
/** ...or, while the live stream pushes `telemetry` events, this often: only in case a signal was lost. */
export const TELEMETRY_PUSHED_POLL_MS = 15_000;

/**
 * GET /runs/:id/telemetry: the target's metrics per source on the run's seconds. Refetched
 * while the run goes (on the live stream's `telemetry` events when `pushed`, useLiveRun; else
 * polled); once it is over the stored telemetry no longer changes, so it is kept (useLiveRun
 * reads it once more as the run ends).
 */
export function useRunTelemetry(id: string | undefined, { enabled, live, pushed = false }: { enabled: boolean; live: boolean; pushed?: boolean }) {
  return useQuery({
    queryKey: queryKeys.runs.telemetry(id ?? ''),
    enabled: Boolean(id) && enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/runs/{id}/telemetry', { params: { path: { id: id! } }, signal })),
    refetchInterval: live ? (pushed ? TELEMETRY_PUSHED_POLL_MS : TELEMETRY_POLL_MS) : false,
    staleTime: live ? 0 : Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: live,
    retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}
