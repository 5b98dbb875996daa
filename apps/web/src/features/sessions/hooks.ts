import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionListItem } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The signed-in person's live sessions (every browser and device they are signed in on). */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => api.get<{ items: SessionListItem[] }>('/auth/sessions', { signal }).then((body) => body.items),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
