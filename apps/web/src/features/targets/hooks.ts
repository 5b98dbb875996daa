import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTargetInput, TargetView, UpdateTargetInput } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useTargets() {
  return useQuery({
    queryKey: queryKeys.targets.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/targets', { signal })).then((body) => body.items),
  });
}

export function useTarget(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.targets.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => unwrap(api.GET('/targets/{id}', { params: { path: { id: id! } }, signal })),
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
  return useMutation({ mutationFn: (input: CreateTargetInput) => unwrap(api.POST('/targets', { body: input })), onSuccess: saved });
}

/** PATCH: a header or variable value sets, null removes, a name left out keeps its value. */
export function useUpdateTarget(id: string) {
  const saved = useTargetSaved();
  return useMutation({
    mutationFn: (input: UpdateTargetInput) => unwrap(api.PATCH('/targets/{id}', { params: { path: { id } }, body: input })),
    onSuccess: saved,
  });
}

/** POST /targets/:id/verify: 200 with the verified target, or 422 VERIFICATION_FAILED with a detail per method tried. */
export function useVerifyTarget(id: string) {
  const saved = useTargetSaved();
  return useMutation({
    mutationFn: (method: 'http' | 'dns' | undefined) => unwrap(api.POST('/targets/{id}/verify', { params: { path: { id } }, body: method ? { method } : {} })),
    onSuccess: saved,
  });
}
