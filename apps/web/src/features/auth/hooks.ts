import { useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionView, SignupInput } from '@loadline/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { sessionStore, type Session } from '../../api/session';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}

type MeView = Omit<SessionView, 'token'>;

/** GET /me: confirms the stored token is still good and refreshes the names shown. */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: queryKeys.me,
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const me = await api.get<MeView>('/me', { signal });
      sessionStore.refresh(me);
      return me;
    },
  });
}

export interface LoginInput {
  email: string;
  password: string;
}

function useStartSession<TInput>(call: (input: TInput) => Promise<SessionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (session) => {
      // Nothing cached from a previous account may show in this one.
      queryClient.clear();
      sessionStore.set(session);
    },
  });
}

export function useLogin() {
  return useStartSession((input: LoginInput) =>
    api.post<SessionView>('/auth/login', input, { skipAuthRedirect: true }),
  );
}

export function useSignup() {
  return useStartSession((input: SignupInput) =>
    api.post<SessionView>('/auth/signup', input, { skipAuthRedirect: true }),
  );
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post<void>('/auth/logout', undefined, { skipAuthRedirect: true });
      } catch {
        // Signing out locally must work even when the API is unreachable or the token expired.
      }
    },
    onSettled: () => {
      sessionStore.clear();
      queryClient.clear();
    },
  });
}
