import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** POST /auth/password: the other sessions end, so the session list changes too. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // A wrong current password is a 403, never a 401: the session stays.
    mutationFn: (input: ChangePasswordInput) => unwrap(api.POST('/auth/password', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** GET /password-resets/:token: public, so a dead link can say why before anything is typed. */
export function usePasswordReset(token: string) {
  return useQuery({
    queryKey: queryKeys.passwordReset(token),
    queryFn: ({ signal }) => unwrap(api.GET('/password-resets/{token}', { params: { path: { token } }, signal }), { skipAuthRedirect: true }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(api.POST('/password-resets/{token}', { params: { path: { token } }, body: { password } }), { skipAuthRedirect: true }),
  });
}
