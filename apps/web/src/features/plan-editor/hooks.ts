import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** Runners come and go (autoscaling, restarts); the segments hint follows them this closely. */
export const RUNNERS_POLL_MS = 5_000;

/** GET /runners: runners online and free right now, and the installation's ceiling (any member may ask). */
export function useRunners() {
  return useQuery({
    queryKey: queryKeys.runners,
    queryFn: ({ signal }) => unwrap(api.GET('/runners', { signal })),
    refetchInterval: RUNNERS_POLL_MS,
    refetchIntervalInBackground: false,
    // A hint, not a gate: the API decides at start; one retry is enough before saying nothing.
    retry: 1,
  });
}
