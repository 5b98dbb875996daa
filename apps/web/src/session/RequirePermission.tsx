import type { ReactNode } from 'react';
import { PERMISSION_MIN_ROLE, can, type Permission } from '@loadline/shared';
import { useAccount } from './hooks';
import { ROLE_LABEL, aRole } from './roles';

interface RequirePermissionProps {
  permission: Permission;
  /** What the page is for, in "You need … to {what}". */
  what: string;
  children: ReactNode;
}

/** A page the current role may not use says so plainly, instead of a table of 403 errors. */
export function RequirePermission({ permission, what, children }: RequirePermissionProps) {
  const me = useAccount();
  if (can(me.role, permission)) return <>{children}</>;
  return <Forbidden needed={PERMISSION_MIN_ROLE[permission]} what={what} role={me.role} />;
}

export function Forbidden({ needed, what, role }: { needed: keyof typeof ROLE_LABEL; what: string; role: keyof typeof ROLE_LABEL }) {
  return (
    <div className="state state--forbidden" role="alert" data-testid="forbidden">
      <p className="state__title">You do not have access to this page</p>
      <p className="state__text">
        You need the {ROLE_LABEL[needed]} role or higher to {what}; you are {aRole(role)} in this organization. Ask an admin or owner if you need it.
      </p>
    </div>
  );
}
