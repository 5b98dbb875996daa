import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteInput, MemberView, Role } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useMembers() {
  return useQuery({
    queryKey: queryKeys.members.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/members', { signal })).then((body) => body.items),
  });
}

/** Pending invites; only admins and owners may list them (members:manage). */
export function useInvites(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.members.invites(),
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/invites', { signal })).then((body) => body.items),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => unwrap(api.PATCH('/members/{userId}', { params: { path: { userId } }, body: { role } })),
    onSuccess: (member) => {
      queryClient.setQueryData<MemberView[]>(queryKeys.members.list(), (members) => members?.map((m) => (m.user.id === member.user.id ? member : m)));
      // Changing one's own role changes what this session may do.
      return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.members.all }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
    },
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.DELETE('/members/{userId}', { params: { path: { userId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) => unwrap(api.POST('/invites', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.invites() }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/invites/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.invites() }),
  });
}

/** A one-time, one-hour password reset link for a member (shown once; a newer one replaces it). */
export function useIssuePasswordReset() {
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.POST('/members/{userId}/password-reset', { params: { path: { userId } } })),
  });
}
