import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, LoadingState } from '../components/States';
import { loginNotice, useMe, useSessionSync, useSignedIn } from '../session';

/**
 * Layout route: renders its children only once GET /me has confirmed the session, else sends
 * the user to /login. A 401 (expired or revoked session) clears the session and lands here again.
 */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const location = useLocation();
  const me = useMe(signedIn);
  useSessionSync();
  if (!signedIn) {
    // Signed out on purpose (logout, organization deleted): start afresh after the next login.
    const from = loginNotice.peek() ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from ? { from } : null} />;
  }
  if (me.isPending) {
    return (
      <div className="page-center">
        <LoadingState label="Loading your account…" />
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className="page-center">
        <ErrorState title="Could not load your account" error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  return <Outlet />;
}

/** Layout route for /login and /signup: a signed-in user has no business there. */
export function GuestOnly() {
  const signedIn = useSignedIn();
  const location = useLocation();
  useSessionSync();
  if (signedIn) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}

/** Where to go after signing in: the page that sent the user to /login, else the dashboard. */
function returnPath(state: unknown): string {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return '/';
}
