import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView, CreateApiKeyInput, CreatedApiKey } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.apiKeys.list(),
    queryFn: ({ signal }) => api.get<{ items: ApiKeyView[] }>('/api-keys', { signal }).then((body) => body.items),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKey>('/api-keys', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ApiKeyView>(`/api-keys/${encodeURIComponent(id)}`),
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKeyView[]>(queryKeys.apiKeys.list(), (keys) =>
        keys?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
    },
  });
}

export type KeyStatus = 'active' | 'revoked' | 'expired';

export function keyStatus(key: Pick<ApiKeyView, 'revokedAt' | 'expiresAt'>, now: Date = new Date()): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}
