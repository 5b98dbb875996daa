import { Link, NavLink, Outlet } from 'react-router';
import { useLogout, useSession } from '../features/auth/hooks';
import { Logo } from './Logo';

const NAV = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/targets', label: 'Targets', end: false },
  { to: '/plans/new', label: 'New plan', end: false },
] as const;

export function AppShell() {
  const session = useSession();
  const logout = useLogout();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Link to="/" className="topbar__brand" aria-label="Loadline home">
            <Logo />
          </Link>
          <nav className="topbar__nav" aria-label="Main">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) => `topbar__link${isActive ? ' topbar__link--active' : ''}`}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="topbar__account">
            {session ? (
              <span className="topbar__who" title={session.user.email}>
                <span className="topbar__org">{session.tenant.name}</span>
                <span className="topbar__user">{session.user.name}</span>
              </span>
            ) : null}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              Log out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
