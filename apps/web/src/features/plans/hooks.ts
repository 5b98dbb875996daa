import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportPlanInput } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function usePlans() {
  return useQuery({
    queryKey: queryKeys.plans.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/plans', { signal })).then((body) => body.items),
  });
}

export function usePlan(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.plans.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}', { params: { path: { id: id! } }, signal })),
  });
}

export function usePlanVersions(id: string) {
  return useQuery({
    queryKey: queryKeys.plans.versions(id),
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}/versions', { params: { path: { id } }, signal })).then((body) => body.items),
  });
}

/** One version of a plan as it was (a PlanView); disabled until a version is chosen. */
export function usePlanVersion(id: string, version: number | null) {
  return useQuery({
    queryKey: queryKeys.plans.version(id, version ?? 0),
    enabled: version !== null,
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}/versions/{version}', { params: { path: { id, version: version! } }, signal })),
  });
}

export function usePlanDiff(id: string, from: number | null, to: number | null) {
  return useQuery({
    queryKey: queryKeys.plans.diff(id, from ?? 0, to ?? 0),
    enabled: from !== null && to !== null,
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}/diff', { params: { path: { id }, query: { from: from!, to: to ?? undefined } }, signal })),
  });
}

/** The exact k6 script of a version (null: the current one). */
export function usePlanScript(id: string, version: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.plans.script(id, version),
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}/script', { params: { path: { id }, query: { version: version ?? undefined } }, signal })),
  });
}

/** POST /plans/import: a draft from OpenAPI, HAR or curl; nothing is saved. */
export function useImportPlan() {
  return useMutation({ mutationFn: (input: ImportPlanInput) => unwrap(api.POST('/plans/import', { body: input })) });
}

/**
 * POST /plans/:id/runs -> 202 {run}, with the run's labels when given, against `targetId`
 * when given (another environment; absent: the plan's own target).
 */
export function useStartRun(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ labels, targetId }: { labels?: Record<string, string>; targetId?: string } = {}) => {
      const body = { ...(labels && Object.keys(labels).length ? { labels } : {}), ...(targetId ? { targetId } : {}) };
      return unwrap(api.POST('/plans/{id}/runs', { params: { path: { id: planId } }, ...(Object.keys(body).length ? { body } : {}) })).then(
        (answer) => answer.run,
      );
    },
    onSuccess: (run) => {
      queryClient.setQueryData(queryKeys.runs.detail(run.id), run);
      return queryClient.invalidateQueries({ queryKey: queryKeys.runs.all, exact: false, refetchType: 'active' });
    },
  });
}

/** DELETE /plans/:id: 204. The plan leaves every list; its runs and their reports stay. */
export function useDeletePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/plans/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.plans.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.plans.list() });
    },
  });
}
