import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignupInput } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { sessionStore } from '../../api/session';
import { switchTo, useApplyMe } from '../../session';

export interface LoginInput {
  email: string;
  password: string;
}

const login = (input: LoginInput) => unwrap(api.POST('/auth/login', { body: input }), { skipAuthRedirect: true });
const signup = (input: SignupInput) => unwrap(api.POST('/auth/signup', { body: input }), { skipAuthRedirect: true });

function useStartSession<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  const start = () => {
    // Nothing cached from a previous account may show in this one.
    queryClient.clear();
    sessionStore.started();
  };
  return useMutation({
    mutationFn: call,
    onSuccess: start,
    onError: (error) => {
      if (error instanceof AcceptAfterLoginError) start();
    },
  });
}

export function useLogin() {
  return useStartSession(login);
}

export function useSignup() {
  return useStartSession(signup);
}

export class AcceptAfterLoginError extends Error {
  override readonly name = 'AcceptAfterLoginError';
  constructor(readonly acceptError: unknown) {
    super('Signed in, but the invite could not be accepted');
  }
}

/**
 * Invite links for people who already have an account: log in, accept, and act for the
 * organization they just joined. A failure after the login succeeded is an
 * AcceptAfterLoginError: the person is signed in either way.
 */
export function useLoginAndAccept(token: string) {
  return useStartSession(async (input: LoginInput) => {
    await login(input);
    try {
      const joined = await unwrap(api.POST('/invitations/{token}/accept', { params: { path: { token } } }));
      return await switchTo(joined.id);
    } catch (error) {
      throw new AcceptAfterLoginError(error);
    }
  });
}

/** A signed-in person accepts an invite and switches to the organization it is for. */
export function useAcceptInvite(token: string) {
  const applyMe = useApplyMe();
  return useMutation({
    mutationFn: async () => {
      const joined = await unwrap(api.POST('/invitations/{token}/accept', { params: { path: { token } } }));
      return switchTo(joined.id);
    },
    onSuccess: applyMe,
  });
}

/** GET /invitations/:token: public, so a dead link can say why before anyone signs in. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => unwrap(api.GET('/invitations/{token}', { params: { path: { token } }, signal }), { skipAuthRedirect: true }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}
