import type { ComponentPropsWithoutRef } from 'react';
import { formatDateTime } from '../format/time';

/** What can be revoked (API keys, share links, trigger URLs) is in one of these states. */
export type RevocableStatus = 'active' | 'revoked' | 'expired';

const STATUS_PILL: Record<RevocableStatus, string> = { active: 'pill--success', revoked: 'pill--danger', expired: 'pill--muted' };
const STATUS_LABEL: Record<RevocableStatus, string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };

type RevocableRowProps = Omit<ComponentPropsWithoutRef<'tr'>, 'className'> & { status: RevocableStatus };

/**
 * A table row of something revocable: `data-status` carries its state (the browser tests wait
 * on it) and a revoked or expired one is greyed out (`row--inactive`), so live ones stand out.
 */
export function RevocableRow({ status, children, ...row }: RevocableRowProps) {
  return (
    <tr {...row} data-status={status} className={status === 'active' ? undefined : 'row--inactive'}>
      {children}
    </tr>
  );
}

interface RevocableStatusPillProps {
  status: RevocableStatus;
  /** When it was revoked; given, hovering the pill tells. */
  revokedAt?: string | null;
  testId?: string;
}

/** The state of something revocable as a coloured word: Active, Revoked or Expired. */
export function RevocableStatusPill({ status, revokedAt, testId }: RevocableStatusPillProps) {
  return (
    <span className={`pill ${STATUS_PILL[status]}`} data-testid={testId} title={revokedAt ? `Revoked ${formatDateTime(revokedAt)}` : undefined}>
      {STATUS_LABEL[status]}
    </span>
  );
}
