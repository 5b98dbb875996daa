import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTargetInput, TargetView, UpdateTargetInput } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

const targetPath = (id: string) => `/targets/${encodeURIComponent(id)}`;

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
    queryFn: ({ signal }) => api.get<TargetView>(targetPath(id!), { signal }),
  });
}

function useTargetSaved() {
  const queryClient = useQueryClient();
  return (target: TargetView) => {
    queryClient.setQueryData(queryKeys.targets.detail(target.id), target);
    return queryClient.invalidateQueries({ queryKey: queryKeys.targets.list() });
  };
}

export function useCreateTarget() {
  const saved = useTargetSaved();
  return useMutation({ mutationFn: (input: CreateTargetInput) => api.post<TargetView>('/targets', input), onSuccess: saved });
}

/** PATCH: a header or variable value sets, null removes, a name left out keeps its value. */
export function useUpdateTarget(id: string) {
  const saved = useTargetSaved();
  return useMutation({ mutationFn: (input: UpdateTargetInput) => api.patch<TargetView>(targetPath(id), input), onSuccess: saved });
}

/** POST /targets/:id/verify: 200 with the verified target, or 422 VERIFICATION_FAILED with a detail per method tried. */
export function useVerifyTarget(id: string) {
  const saved = useTargetSaved();
  return useMutation({ mutationFn: (method: 'http' | 'dns' | undefined) => api.post<TargetView>(`${targetPath(id)}/verify`, method ? { method } : {}), onSuccess: saved });
}
