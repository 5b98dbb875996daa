import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanView, RunView } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { CreatePlanBody } from './plan-form-model';

export function usePlans() {
  return useQuery({
    queryKey: queryKeys.plans.list(),
    queryFn: ({ signal }) => api.get<{ items: PlanView[] }>('/plans', { signal }).then((body) => body.items),
  });
}

export function usePlan(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.plans.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<PlanView>(`/plans/${encodeURIComponent(id!)}`, { signal }),
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => api.post<PlanView>('/plans', body),
    onSuccess: (plan) => {
      queryClient.setQueryData(queryKeys.plans.detail(plan.id), plan);
      return queryClient.invalidateQueries({ queryKey: queryKeys.plans.list() });
    },
  });
}

/** POST /plans/:id/runs -> 202 {run}. */
export function useStartRun(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ run: RunView }>(`/plans/${encodeURIComponent(planId)}/runs`).then((body) => body.run),
    onSuccess: (run) => {
      queryClient.setQueryData(queryKeys.runs.detail(run.id), run);
      return queryClient.invalidateQueries({ queryKey: queryKeys.runs.all, exact: false, refetchType: 'active' });
    },
  });
}
