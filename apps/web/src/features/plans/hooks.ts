import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportedPlan, ImportPlanInput, PlanDiff, PlanScript, PlanVersionSummary, PlanView, RunView, ScriptInspection, UpdatePlanInput } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { CreatePlanBody } from '../plan-editor/model/validate';

const planPath = (id: string) => `/plans/${encodeURIComponent(id)}`;

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
    queryFn: ({ signal }) => api.get<PlanView>(planPath(id!), { signal }),
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

/** PATCH /plans/:id: every change is a new version. */
export function useUpdatePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlanInput & { script?: { source: string } }) => api.patch<PlanView>(planPath(id), body),
    onSuccess: async (plan) => {
      queryClient.setQueryData(queryKeys.plans.detail(plan.id), plan);
      // The version list and the current script changed: drop them rather than show the old ones first.
      queryClient.removeQueries({ queryKey: queryKeys.plans.versions(plan.id) });
      queryClient.removeQueries({ queryKey: queryKeys.plans.script(plan.id, null) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.plans.list() });
    },
  });
}

export function usePlanVersions(id: string) {
  return useQuery({
    queryKey: queryKeys.plans.versions(id),
    queryFn: ({ signal }) => api.get<{ items: PlanVersionSummary[] }>(`${planPath(id)}/versions`, { signal }).then((body) => body.items),
  });
}

/** One version of a plan as it was (a PlanView); disabled until a version is chosen. */
export function usePlanVersion(id: string, version: number | null) {
  return useQuery({
    queryKey: queryKeys.plans.version(id, version ?? 0),
    enabled: version !== null,
    queryFn: ({ signal }) => api.get<PlanView>(`${planPath(id)}/versions/${version}`, { signal }),
  });
}

export function usePlanDiff(id: string, from: number | null, to: number | null) {
  return useQuery({
    queryKey: queryKeys.plans.diff(id, from ?? 0, to ?? 0),
    enabled: from !== null && to !== null,
    queryFn: ({ signal }) => api.get<PlanDiff>(`${planPath(id)}/diff`, { signal, query: { from, to } }),
  });
}

/** The exact k6 script of a version (null: the current one). */
export function usePlanScript(id: string, version: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.plans.script(id, version),
    enabled,
    queryFn: ({ signal }) => api.get<PlanScript>(`${planPath(id)}/script`, { signal, query: { version } }),
  });
}

/** POST /plans/check-script: k6 inspects a custom script on a runner; nothing is saved. */
export function useCheckScript() {
  return useMutation({ mutationFn: (source: string) => api.post<ScriptInspection>('/plans/check-script', { source }) });
}

/** POST /plans/import: a draft from OpenAPI, HAR or curl; nothing is saved. */
export function useImportPlan() {
  return useMutation({ mutationFn: (input: ImportPlanInput) => api.post<ImportedPlan>('/plans/import', input) });
}

/** POST /plans/:id/runs -> 202 {run}. */
export function useStartRun(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ run: RunView }>(`${planPath(planId)}/runs`).then((body) => body.run),
    onSuccess: (run) => {
      queryClient.setQueryData(queryKeys.runs.detail(run.id), run);
      return queryClient.invalidateQueries({ queryKey: queryKeys.runs.all, exact: false, refetchType: 'active' });
    },
  });
}
