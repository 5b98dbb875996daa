import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMetricSourceInput, CreateTargetInput, TargetView, UpdateTargetInput } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { SourcePatch } from './source-edit';

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

/** GET /targets/:id/sources: the target's metric sources (credentials' kind only, never their values). */
export function useMetricSources(targetId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.targets.sources(targetId ?? ''),
    enabled: Boolean(targetId),
    queryFn: ({ signal }) => unwrap(api.GET('/targets/{id}/sources', { params: { path: { id: targetId! } }, signal })).then((body) => body.items),
  });
}

/** POST /targets/:id/sources: 201, or 422 SOURCE_NOT_ALLOWED (the address is refused or not the target's), 409 name taken. */
export function useCreateMetricSource(targetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMetricSourceInput) => unwrap(api.POST('/targets/{id}/sources', { params: { path: { id: targetId } }, body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.targets.sources(targetId) }),
  });
}

/**
 * PATCH /targets/:id/sources/:sourceId: 200, or 422 SOURCE_NOT_ALLOWED (the new address is
 * refused or not the target's), 409 name taken. Credentials only when they change (source-edit.ts).
 */
export function useUpdateMetricSource(targetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceId, patch }: { sourceId: string; patch: SourcePatch }) =>
      unwrap(api.PATCH('/targets/{id}/sources/{sourceId}', { params: { path: { id: targetId, sourceId } }, body: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.targets.sources(targetId) }),
  });
}

/** DELETE /targets/:id/sources/:sourceId: 204. */
export function useDeleteMetricSource(targetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => unwrap(api.DELETE('/targets/{id}/sources/{sourceId}', { params: { path: { id: targetId, sourceId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.targets.sources(targetId) }),
  });
}

/**
 * The organization's plans that point at a target, for what deleting it means. The same query
 * (key and shape) as the plans feature's list, so the cache is shared; read here rather than
 * through the plans feature, which itself reads targets.
 */
export function usePlansOfTarget(targetId: string) {
  return useQuery({
    queryKey: queryKeys.plans.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/plans', { signal })).then((body) => body.items),
    select: (plans) => plans.filter((plan) => plan.targetId === targetId),
  });
}

/** DELETE /targets/:id: 204. The target leaves every list; its runs and their reports stay. */
export function useDeleteTarget(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/targets/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.targets.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.targets.list() });
    },
  });
}
