import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteInput, CreatedInvite, InviteView, MemberView, Role } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useMembers() {
  return useQuery({
    queryKey: queryKeys.members.list(),
    queryFn: ({ signal }) => api.get<{ items: MemberView[] }>('/members', { signal }).then((body) => body.items),
  });
}

/** Pending invites; only admins and owners may list them (members:manage). */
export function useInvites(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.members.invites(),
    enabled,
    queryFn: ({ signal }) => api.get<{ items: InviteView[] }>('/invites', { signal }).then((body) => body.items),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api.patch<MemberView>(`/members/${encodeURIComponent(userId)}`, { role }),
    onSuccess: (member) => {
      queryClient.setQueryData<MemberView[]>(queryKeys.members.list(), (members) =>
        members?.map((m) => (m.user.id === member.user.id ? member : m)),
      );
      // Changing one's own role changes what this session may do.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(`/members/${encodeURIComponent(userId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.all }),
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) => api.post<CreatedInvite>('/invites', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.invites() }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/invites/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.members.invites() }),
  });
}
