import { useQuery } from '@tanstack/react-query';
import type { Health } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET /health: whether runs can start now (database, queue and live runners). */
export function useHealth() {
  return useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => api.get<Health>('/health', { signal, skipAuthRedirect: true }),
    refetchInterval: 15_000,
    retry: false,
  });
}
