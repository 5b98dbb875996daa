import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { can, type MeView, type Permission } from '@loadline/shared';
import { api, unwrap } from '../api/client';
import { isOrganizationScoped, queryKeys } from '../api/query-keys';
import { sessionStore } from '../api/session';
import { loginNotice } from './login-notice';

/** Whether the browser holds a session (the CSRF cookie is there); GET /me confirms it. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.signedIn, () => false);
}

/** GET /me: who is signed in, for which organization, with which role, and their other organizations. */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: queryKeys.me,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => unwrap(api.GET('/me', { signal })),
  });
}

/**
 * The signed-in account, for components under RequireAuth (which renders nothing until
 * GET /me has answered, so the data is always there).
 */
export function useAccount(): MeView {
  const me = useMe();
  if (!me.data) throw new Error('useAccount is only for pages under RequireAuth');
  return me.data;
}

/** Whether the current role may do this; the API checks again and answers 403 FORBIDDEN. */
export function useCan(permission: Permission): boolean {
  return can(useAccount().role, permission);
}

/**
 * Forgets everything cached for the previous organization. Reset, not invalidate: a page must
 * show its loading state, never the other organization's data. `me` is replaced by the caller;
 * an invite preview is left alone (refetched, it would now say "already used" under the page
 * that just accepted it).
 */
function dropOrganizationData(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (query) => isOrganizationScoped(query.queryKey) });
}

/**
 * Takes a MeView the API answered after the session changed organization (switch, leave,
 * accepting an invite) and makes every page follow it.
 */
export function useApplyMe() {
  const queryClient = useQueryClient();
  return useCallback(
    async (me: MeView) => {
      queryClient.setQueryData(queryKeys.me, me);
      sessionStore.switched();
      await dropOrganizationData(queryClient);
    },
    [queryClient],
  );
}

/** Follows sign-outs and organization switches made in other tabs of this browser. */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      sessionStore.onRemoteChange((change) => {
        if (change === 'signed-out') return queryClient.clear();
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        void dropOrganizationData(queryClient);
      }),
    [queryClient],
  );
}

/** POST /auth/switch: the session acts for another of the person's organizations from now on. */
export const switchTo = (organizationId: string) => unwrap(api.POST('/auth/switch', { body: { organizationId } }));

export function useSwitchOrganization() {
  const applyMe = useApplyMe();
  return useMutation({ mutationFn: switchTo, onSuccess: applyMe });
}

/**
 * Forgets the session on this side: after logout, or when the API has already ended it (the
 * organization it acted for was deleted). `notice` is what the login page then says.
 */
export function useEndLocalSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (notice: string) => {
      loginNotice.set(notice);
      sessionStore.clear();
      queryClient.clear();
    },
    [queryClient],
  );
}

export function useLogout() {
  const endLocalSession = useEndLocalSession();
  return useMutation({
    mutationFn: async () => {
      try {
        await unwrap(api.POST('/auth/logout'), { skipAuthRedirect: true });
      } catch {
        // Signing out locally must work even when the API is unreachable or the session expired.
      }
    },
    onSettled: () => endLocalSession('You are signed out.'),
  });
}
