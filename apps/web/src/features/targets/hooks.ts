import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTargetInput, TargetView } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useTargets() {
  return useQuery({
    queryKey: queryKeys.targets.list(),
    queryFn: ({ signal }) => api.get<{ items: TargetView[] }>('/targets', { signal }).then((body) => body.items),
  });
}

export function useTarget(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.targets.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<TargetView>(`/targets/${encodeURIComponent(id!)}`, { signal }),
  });
}

export function useCreateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTargetInput) => api.post<TargetView>('/targets', input),
    onSuccess: (target) => {
      queryClient.setQueryData(queryKeys.targets.detail(target.id), target);
      return queryClient.invalidateQueries({ queryKey: queryKeys.targets.all });
    },
  });
}
