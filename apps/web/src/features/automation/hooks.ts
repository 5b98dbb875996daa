import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateScheduleInput, CreateWebhookInput, WebhookDeliveryView } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

// --- Schedules ---

export function useSchedules(planId: string) {
  return useQuery({
    queryKey: queryKeys.schedules.list(planId),
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}/schedules', { params: { path: { id: planId } }, signal })).then((body) => body.items),
    // The next fire times move on as slots pass.
    refetchInterval: 60_000,
  });
}

export function useCreateSchedule(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateScheduleInput) => unwrap(api.POST('/plans/{id}/schedules', { params: { path: { id: planId } }, body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedules.list(planId) }),
  });
}

export function useUpdateSchedule(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: Partial<CreateScheduleInput> & { id: string }) =>
      unwrap(api.PATCH('/schedules/{id}', { params: { path: { id } }, body: change })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedules.list(planId) }),
  });
}

export function useDeleteSchedule(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/schedules/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedules.list(planId) }),
  });
}

export function useScheduleSlots(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.schedules.slots(id),
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/schedules/{id}/slots', { params: { path: { id } }, signal })).then((body) => body.items),
    refetchInterval: enabled ? 15_000 : false,
  });
}

// --- Triggers ---

export function useTriggers(planId: string) {
  return useQuery({
    queryKey: queryKeys.triggers.list(planId),
    queryFn: ({ signal }) => unwrap(api.GET('/plans/{id}/triggers', { params: { path: { id: planId } }, signal })).then((body) => body.items),
  });
}

export function useCreateTrigger(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; targetId: string | null }) =>
      unwrap(api.POST('/plans/{id}/triggers', { params: { path: { id: planId } }, body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.triggers.list(planId) }),
  });
}

export function useRevokeTrigger(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/triggers/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.triggers.list(planId) }),
  });
}

// --- Webhooks ---

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/webhooks', { signal })).then((body) => body.items),
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => unwrap(api.POST('/webhooks', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: Partial<CreateWebhookInput> & { id: string }) =>
      unwrap(api.PATCH('/webhooks/{id}', { params: { path: { id } }, body: change })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/webhooks/{id}/test', { params: { path: { id } } })),
    onSuccess: (delivery, id) => {
      // The log shows the queued delivery at once; polling then follows its attempts.
      queryClient.setQueryData<WebhookDeliveryView[]>(queryKeys.webhooks.deliveries(id), (items) => [
        delivery,
        ...(items ?? []).filter((item) => item.id !== delivery.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(id) });
    },
  });
}

export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id),
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/webhooks/{id}/deliveries', { params: { path: { id } }, signal })).then((body) => body.items),
    // Pending deliveries settle within seconds (or retry later): keep the log fresh while it is open.
    refetchInterval: (query) => (enabled && query.state.data?.some((delivery) => delivery.status === 'PENDING') ? 2_000 : enabled ? 15_000 : false),
  });
}

export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => unwrap(api.POST('/webhooks/deliveries/{id}/redeliver', { params: { path: { id: deliveryId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(webhookId) }),
  });
}
