import { NavLink, Outlet } from 'react-router';
import { can, type Permission } from '@loadline/shared';
import { PageHeader } from '../../components/PageHeader';
import { useAccount } from '../../session';

interface SettingsItem {
  to: string;
  label: string;
  needs?: Permission;
  /** About the signed-in person, so not there for an API key's view. */
  person?: boolean;
}

const ITEMS: readonly SettingsItem[] = [
  { to: '/settings/organization', label: 'Organization' },
  { to: '/settings/members', label: 'Members' },
  { to: '/settings/api-keys', label: 'API keys', needs: 'keys:manage' },
  { to: '/settings/webhooks', label: 'Webhooks', needs: 'webhooks:manage' },
  { to: '/settings/shares', label: 'Share links' },
  { to: '/settings/audit', label: 'Audit log', needs: 'audit:read' },
  { to: '/settings/sessions', label: 'Your sessions' },
  { to: '/settings/password', label: 'Your password', person: true },
];

/** `/settings/*`: a section nav listing only what the current role may open. */
export function SettingsLayout() {
  const me = useAccount();
  return (
    <>
      <PageHeader
        eyebrow={me.tenant.name}
        title="Settings"
        documentTitle="Settings"
        description="Your organization, who is in it, how machines reach it, and what happened in it."
      />
      <div className="settings">
        <nav className="settings__nav" aria-label="Settings">
          {ITEMS.filter((item) => (!item.needs || can(me.role, item.needs)) && (!item.person || me.user)).map((item) => (
            <NavLink key={item.to} to={item.to} className={({ isActive }) => `settings__link${isActive ? ' settings__link--active' : ''}`}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="settings__content">
          <Outlet />
        </div>
      </div>
    </>
  );
}
