import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quotas } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useNavigate } from 'react-router';
import { useApplyMe } from '../../session';

export function useOrganization() {
  return useQuery({
    queryKey: queryKeys.organization.current(),
    queryFn: ({ signal }) => unwrap(api.GET('/organization', { signal })),
  });
}

/** Usage moves while runs go on; a minute-old figure is fine for a settings page. */
export function useUsage() {
  return useQuery({
    queryKey: queryKeys.organization.usage(),
    queryFn: ({ signal }) => unwrap(api.GET('/usage', { signal })),
    refetchInterval: 60_000,
  });
}

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.PATCH('/organization', { body: { name } })),
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.organization.current(), organization);
      // The header and the switcher show the name from GET /me.
      return queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useUpdateQuotas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Quotas>) => unwrap(api.PATCH('/organization/quotas', { body: changes })),
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.organization.current(), organization);
      return queryClient.invalidateQueries({ queryKey: queryKeys.organization.usage() });
    },
  });
}

/**
 * Deletes the current organization. The API moves this session to another of the person's
 * organizations (or a new one of their own) and answers where it acts now; every page follows.
 */
export function useDeleteOrganization() {
  const applyMe = useApplyMe();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ confirmSlug }: { confirmSlug: string; name: string }) => unwrap(api.DELETE('/organization', { body: { confirmSlug } })),
    // Here rather than at the call: the page that asked is unmounted once the session moves.
    onSuccess: async (me, { name }) => {
      void navigate('/', { state: { notice: `${name} was deleted. You are now in ${me.tenant.name}.` } });
      await applyMe(me);
    },
  });
}

/** A new organization owned by the caller; the session switches to it at once. */
export function useCreateOrganization() {
  const applyMe = useApplyMe();
  return useMutation({
    mutationFn: async (name: string) => {
      const created = await unwrap(api.POST('/organizations', { body: { name } }));
      return unwrap(api.POST('/auth/switch', { body: { organizationId: created.id } }));
    },
    onSuccess: applyMe,
  });
}

/** Leaves the current organization; the API moves the session to another one (MeView). */
export function useLeaveOrganization() {
  const applyMe = useApplyMe();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/organization/leave')),
    onSuccess: applyMe,
  });
}
