import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isTerminalRunStatus, type LiveProgress, type RunSeries, type RunView } from '@loadline/shared';
import { queryKeys } from '../../api/query-keys';
import { RUN_POLL_MS, SERIES_POLL_MS, useRun, useRunSeries } from './hooks';
import { followRunEvents, type LiveMode } from './run-events';
import { withLivePoints } from '../run-report';

export interface LiveRun {
  run: ReturnType<typeof useRun>;
  series: ReturnType<typeof useRunSeries>;
  /** The latest progress event while the run is live (null before the first, or when polling). */
  progress: LiveProgress | null;
  mode: LiveMode;
}

/**
 * Everything the run page shows, kept current. While the run goes, the event stream pushes
 * it: each stream's first event carries every completed second (a reconnect fills what was
 * missed), later ones the seconds completed since and the newest as it stands; a change of
 * status fetches the run once, and a `telemetry` event the target's metrics. Nothing else is polled then. Without a working stream it polls the
 * run every second and the series every two seconds instead. A finished run is read once.
 */
export function useLiveRun(id: string | undefined): LiveRun {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('connecting');
  const [progress, setProgress] = useState<LiveProgress | null>(null);
  const streaming = mode === 'streaming' || mode === 'reconnecting';
  const run = useRun(id, streaming ? false : RUN_POLL_MS);
  const status = run.data?.status;
  const live = status !== undefined && !isTerminalRunStatus(status);
  const series = useRunSeries(id, {
    // While streaming, the events fill the series: fetched when over, or when polling.
    enabled: status !== undefined && status !== 'QUEUED' && (!live || mode === 'polling'),
    live,
    refetchMs: live && mode === 'polling' ? SERIES_POLL_MS : false,
  });

  // The run just ended (told by the stream or by polling): its telemetry's last seconds (the
  // recovery after the load) are read once more; after that the cached copy is final.
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live && id) void queryClient.invalidateQueries({ queryKey: queryKeys.runs.telemetry(id), exact: true });
    wasLive.current = live;
  }, [id, live, queryClient]);

  useEffect(() => {
    if (!id || !live) return undefined;
    const detailKey = queryKeys.runs.detail(id);
    const seriesKey = queryKeys.runs.series(id);
    return followRunEvents(id, {
      onMode: setMode,
      onProgress: (next) => {
        setProgress(next);
        const points = next.point ? [...next.points, next.point] : next.points;
        if (points.length) queryClient.setQueryData<RunSeries>(seriesKey, (old) => withLivePoints(old, id, points));
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
      // Pushed: the target's metrics are read when they have new seconds (useRunTelemetry polls only as a fallback then).
      onTelemetry: () => void queryClient.invalidateQueries({ queryKey: queryKeys.runs.telemetry(id), exact: true }),
    });
  }, [id, live, queryClient]);

  // Once polling, the last event is stale: the panel then reads the clock and the series.
  return { run, series, progress: live && mode !== 'polling' ? progress : null, mode };
}
