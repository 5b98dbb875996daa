import type { InviteView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ItemList, ItemListItem } from '../../components/ItemList';
import { Card } from '../../components/PageHeader';
import { EmptyState, LoadedList } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { useInvites, useRevokeInvite } from './hooks';
import { ROLE_LABEL } from '../../session';

/** Invites not yet accepted, revoked or expired. Their links are not kept, so they cannot be shown again. */
export function InvitesCard() {
  const invites = useInvites(true);
  return (
    <Card title="Pending invites">
      <LoadedList
        query={invites}
        loadingLabel="Loading invites…"
        errorTitle="Could not load invites"
        empty={<EmptyState title="No pending invites">Links you create above show here until they are used or expire.</EmptyState>}
      >
        {(items) => (
          <ItemList label="Pending invites" testId="invites-list">
            {items.map((invite) => (
              <InviteItem key={invite.id} invite={invite} />
            ))}
          </ItemList>
        )}
      </LoadedList>
    </Card>
  );
}

function InviteItem({ invite }: { invite: InviteView }) {
  const revoke = useRevokeInvite();
  const who = invite.email ?? 'anyone with the link';
  return (
    <ItemListItem
      data-testid="invite-item"
      title={
        <>
          {ROLE_LABEL[invite.role]} · {who}
        </>
      }
      sub={
        <>
          Created {formatRelative(invite.createdAt)}
          {invite.createdBy ? ` by ${invite.createdBy}` : ''} · expires {formatDateTime(invite.expiresAt)}
        </>
      }
      error={revoke.error}
      action={
        <ConfirmButton
          label="Revoke"
          ariaLabel={`Revoke invite for ${who}`}
          question="Revoke this invite? Its link stops working."
          confirmLabel="Revoke invite"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate(invite.id)}
        />
      }
    />
  );
}
