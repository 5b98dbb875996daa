import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateScheduleInput,
  CreateWebhookInput,
  CreatedTrigger,
  ScheduleSlotView,
  ScheduleView,
  TriggerView,
  WebhookDeliveryView,
  WebhookView,
  WebhookWithSecret,
} from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

const enc = encodeURIComponent;

// --- Schedules ---

export function useSchedules(planId: string) {
  return useQuery({
    queryKey: queryKeys.schedules.list(planId),
    queryFn: ({ signal }) => api.get<{ items: ScheduleView[] }>(`/plans/${enc(planId)}/schedules`, { signal }).then((body) => body.items),
    // The next fire times move on as slots pass.
    refetchInterval: 60_000,
  });
}

export function useCreateSchedule(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateScheduleInput) => api.post<ScheduleView>(`/plans/${enc(planId)}/schedules`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedules.list(planId) }),
  });
}

export function useUpdateSchedule(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: Partial<CreateScheduleInput> & { id: string }) => api.patch<ScheduleView>(`/schedules/${enc(id)}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedules.list(planId) }),
  });
}

export function useDeleteSchedule(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/schedules/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedules.list(planId) }),
  });
}

export function useScheduleSlots(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.schedules.slots(id),
    enabled,
    queryFn: ({ signal }) => api.get<{ items: ScheduleSlotView[] }>(`/schedules/${enc(id)}/slots`, { signal }).then((body) => body.items),
    refetchInterval: enabled ? 15_000 : false,
  });
}

// --- Triggers ---

export function useTriggers(planId: string) {
  return useQuery({
    queryKey: queryKeys.triggers.list(planId),
    queryFn: ({ signal }) => api.get<{ items: TriggerView[] }>(`/plans/${enc(planId)}/triggers`, { signal }).then((body) => body.items),
  });
}

export function useCreateTrigger(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<CreatedTrigger>(`/plans/${enc(planId)}/triggers`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.triggers.list(planId) }),
  });
}

export function useRevokeTrigger(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/triggers/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.triggers.list(planId) }),
  });
}

// --- Webhooks ---

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.list(),
    queryFn: ({ signal }) => api.get<{ items: WebhookView[] }>('/webhooks', { signal }).then((body) => body.items),
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => api.post<WebhookWithSecret>('/webhooks', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: Partial<CreateWebhookInput> & { id: string }) => api.patch<WebhookView>(`/webhooks/${enc(id)}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/webhooks/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookWithSecret>(`/webhooks/${enc(id)}/rotate-secret`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/webhooks/${enc(id)}/test`),
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(id) }),
  });
}

export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id),
    enabled,
    queryFn: ({ signal }) => api.get<{ items: WebhookDeliveryView[] }>(`/webhooks/${enc(id)}/deliveries`, { signal }).then((body) => body.items),
    // Pending deliveries settle within seconds (or retry later): keep the log fresh while it is open.
    refetchInterval: (query) => (enabled && query.state.data?.some((delivery) => delivery.status === 'PENDING') ? 2_000 : enabled ? 15_000 : false),
  });
}

export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<WebhookDeliveryView>(`/webhooks/deliveries/${enc(deliveryId)}/redeliver`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(webhookId) }),
  });
}
