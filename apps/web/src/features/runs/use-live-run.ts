import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isTerminalRunStatus, type LiveProgress, type RunSeries, type RunView } from '@loadline/shared';
import { queryKeys } from '../../api/query-keys';
import { RUN_POLL_MS, SERIES_POLL_MS, SERIES_RESYNC_MS, STREAMING_RUN_POLL_MS, useRun, useRunSeries } from './hooks';
import { followRunEvents, type LiveMode } from './run-events';
import { leavesGap, withLivePoints } from './series-data';

const GAP_FILL_MIN_MS = 3_000;

export interface LiveRun {
  run: ReturnType<typeof useRun>;
  series: ReturnType<typeof useRunSeries>;
  /** The latest progress event while the run is live (null before the first, or when polling). */
  progress: LiveProgress | null;
  mode: LiveMode;
}

/**
 * Everything the run page shows, kept current: the run (polled), its per-second series
 * (fetched once to seed the charts, then appended to from the event stream) and the live
 * progress. Without a working stream it polls the run every second and the series every
 * two seconds instead.
 */
export function useLiveRun(id: string | undefined): LiveRun {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('connecting');
  const [progress, setProgress] = useState<LiveProgress | null>(null);
  const run = useRun(id, mode === 'streaming' ? STREAMING_RUN_POLL_MS : RUN_POLL_MS);
  const status = run.data?.status;
  const live = status !== undefined && !isTerminalRunStatus(status);
  const series = useRunSeries(id, {
    enabled: status !== undefined && status !== 'QUEUED',
    live,
    refetchMs: !live ? false : mode === 'streaming' ? SERIES_RESYNC_MS : mode === 'polling' ? SERIES_POLL_MS : false,
  });

  useEffect(() => {
    if (!id || !live) return undefined;
    const detailKey = queryKeys.runs.detail(id);
    const seriesKey = queryKeys.runs.series(id);
    // Each event carries only the newest second; when seconds were skipped, fetch the series
    // (at most every few seconds) to fill them in.
    let lastFill = 0;
    return followRunEvents(id, {
      onMode: setMode,
      onProgress: (next) => {
        setProgress(next);
        if (next.point) {
          const point = next.point;
          const held = queryClient.getQueryData<RunSeries>(seriesKey);
          if (leavesGap(held, point) && Date.now() - lastFill > GAP_FILL_MIN_MS) {
            lastFill = Date.now();
            void queryClient.invalidateQueries({ queryKey: seriesKey, exact: true });
          }
          queryClient.setQueryData<RunSeries>(seriesKey, (old) => withLivePoints(old, id, [point]));
        }
        const cached = queryClient.getQueryData<RunView>(detailKey);
        if (cached && cached.status !== next.status) void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
      },
      onEnd: (finished) => {
        if (finished) queryClient.setQueryData(detailKey, finished);
        void queryClient.invalidateQueries({ queryKey: detailKey, exact: true, refetchType: finished ? 'none' : 'active' });
        // The stored series is final now (late seconds, every segment merged).
        void queryClient.invalidateQueries({ queryKey: seriesKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: queryKeys.runs.list(), exact: false });
      },
      onDrop: () => void queryClient.invalidateQueries({ queryKey: detailKey, exact: true }),
    });
  }, [id, live, queryClient]);

  // Once polling, the last event is stale: the panel then reads the clock and the series.
  return { run, series, progress: live && mode !== 'polling' ? progress : null, mode };
}
