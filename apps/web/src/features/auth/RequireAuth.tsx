import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe, useSession } from './hooks';

/** Layout route: renders its children only with a session, else sends the user to /login. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  // Validates the stored token in the background; a 401 clears the session and lands here again.
  useMe(session !== null);
  if (!session) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** Layout route for /login and /signup: a signed-in user has no business there. */
export function GuestOnly() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={returnPath(location.state)} replace />;
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
