import type { InviteView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { useInvites, useRevokeInvite } from './hooks';
import { ROLE_LABEL } from './roles';

/** Invites not yet accepted, revoked or expired. Their links are not kept, so they cannot be shown again. */
export function InvitesCard() {
  const invites = useInvites(true);
  return (
    <Card title="Pending invites">
      {invites.isPending ? (
        <LoadingState label="Loading invites…" />
      ) : invites.isError ? (
        <ErrorState title="Could not load invites" error={invites.error} onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <EmptyState title="No pending invites">Links you create above show here until they are used or expire.</EmptyState>
      ) : (
        <ul className="item-list" aria-label="Pending invites" data-testid="invites-list">
          {invites.data.map((invite) => (
            <InviteItem key={invite.id} invite={invite} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function InviteItem({ invite }: { invite: InviteView }) {
  const revoke = useRevokeInvite();
  const who = invite.email ?? 'anyone with the link';
  return (
    <li className="item-list__item" data-testid="invite-item">
      <div className="item-list__main">
        <span className="item-list__title">
          {ROLE_LABEL[invite.role]} · {who}
        </span>
        <span className="item-list__sub">
          Created {formatRelative(invite.createdAt)}
          {invite.createdBy ? ` by ${invite.createdBy}` : ''} · expires {formatDateTime(invite.expiresAt)}
        </span>
        {revoke.isError ? (
          <span className="text-danger small" role="alert">
            {errorMessage(revoke.error)}
          </span>
        ) : null}
      </div>
      <div className="item-list__meta">
        <ConfirmButton
          label="Revoke"
          ariaLabel={`Revoke invite for ${who}`}
          question="Revoke this invite? Its link stops working."
          confirmLabel="Revoke invite"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate(invite.id)}
        />
      </div>
    </li>
  );
}
