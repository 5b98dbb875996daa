import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type JsonBody } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { CreatePlanBody } from './model/validate';

/** Runners come and go (autoscaling, restarts); the segments hint follows them this closely. */
export const RUNNERS_POLL_MS = 5_000;

/** GET /runners: runners online and free right now, and the installation's ceiling (any member may ask). */
export function useRunners() {
  return useQuery({
    queryKey: queryKeys.runners,
    queryFn: ({ signal }) => unwrap(api.GET('/runners', { signal })),
    refetchInterval: RUNNERS_POLL_MS,
    refetchIntervalInBackground: false,
    // A hint, not a gate: the API decides at start; one retry is enough before saying nothing.
    retry: 1,
  });
}

/** POST /plans. Saving is the editor's; the plan pages only read plans. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => unwrap(api.POST('/plans', { body })),
    onSuccess: (plan) => {
      queryClient.setQueryData(queryKeys.plans.detail(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: queryKeys.plans.list() });
    },
  });
}

/** PATCH /plans/:id: every change is a new version. */
export function useUpdatePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JsonBody<'/plans/{id}', 'patch'>) => unwrap(api.PATCH('/plans/{id}', { params: { path: { id } }, body })),
    onSuccess: async (plan) => {
      queryClient.setQueryData(queryKeys.plans.detail(plan.id), plan);
      // The version list and the current script changed: drop them rather than show the old ones first.
      queryClient.removeQueries({ queryKey: queryKeys.plans.versions(plan.id) });
      queryClient.removeQueries({ queryKey: queryKeys.plans.script(plan.id, null) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.plans.list() });
    },
  });
}

/** POST /plans/check-script: k6 inspects a custom script on a runner; nothing is saved. */
export function useCheckScript() {
  return useMutation({ mutationFn: (source: string) => unwrap(api.POST('/plans/check-script', { body: { source } })) });
}
