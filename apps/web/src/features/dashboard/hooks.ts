import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET /health: whether runs can start now (database, queue and live runners). */
export function useHealth() {
  return useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => unwrap(api.GET('/health', { signal }), { skipAuthRedirect: true }),
    refetchInterval: 15_000,
    retry: false,
  });
}
