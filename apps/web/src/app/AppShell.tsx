import { Link, NavLink, Outlet } from 'react-router';
import { can, type Permission } from '@loadline/shared';
import { useAccount, useLogout } from '../session';
import { OrgSwitcher } from '../features/organization';
import { Logo } from '../components/Logo';

interface NavItem {
  to: string;
  label: string;
  end: boolean;
  /** Hidden from roles without it (the page would only say "forbidden"). */
  needs?: Permission;
}

const NAV: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/targets', label: 'Targets', end: false },
  { to: '/data-sets', label: 'Data sets', end: false },
  { to: '/plans', label: 'Plans', end: true },
  { to: '/runs', label: 'Runs', end: true },
  { to: '/plans/new', label: 'New plan', end: false, needs: 'plans:write' },
  { to: '/settings', label: 'Settings', end: false },
];

export function AppShell() {
  const me = useAccount();
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
            {NAV.filter((item) => !item.needs || can(me.role, item.needs)).map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={({ isActive }) => `topbar__link${isActive ? ' topbar__link--active' : ''}`}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="topbar__account">
            <OrgSwitcher />
            {me.user ? (
              <span className="topbar__who" title={me.user.email}>
                <span className="topbar__user-name">{me.user.name}</span>
                <span className="topbar__user">{me.user.email}</span>
              </span>
            ) : null}
            <button type="button" className="button button--ghost button--small" onClick={() => logout.mutate()} disabled={logout.isPending}>
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
