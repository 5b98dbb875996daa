import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView, CreateApiKeyInput } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.apiKeys.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/api-keys', { signal })).then((body) => body.items),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => unwrap(api.POST('/api-keys', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKeyView[]>(queryKeys.apiKeys.list(), (keys) => keys?.map((key) => (key.id === revoked.id ? revoked : key)));
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
