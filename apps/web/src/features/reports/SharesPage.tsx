import { Link } from 'react-router';
import type { ShareView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ActionsCell, DataTable } from '../../components/DataTable';
import { Card } from '../../components/PageHeader';
import { RevocableRow, RevocableStatusPill } from '../../components/Revocable';
import { EmptyState, LoadedList } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { useCan } from '../../session';
import { useRevokeShare, useShares } from './hooks';
import { expiryLabel, shareStatus } from './report-format';

/** Settings → Share links: every public link of the organization, to revoke. */
export function SharesPage() {
  const shares = useShares();
  return (
    <Card
      title="Share links"
      intro={
        <>
          Public, read-only pages of a run report or a plan's trend. Anyone with a link can open it until it expires or is revoked; a revoked link answers “not
          found”. Create them with “Share” on a run or trends page.
        </>
      }
    >
      <LoadedList
        query={shares}
        loadingLabel="Loading share links…"
        errorTitle="Could not load share links"
        empty={<EmptyState title="No share links yet">Share a run report or a trend to give people outside Loadline a read-only view.</EmptyState>}
      >
        {(items) => (
          <DataTable caption="Share links of this organization" columns={['Shows', 'Kind', 'Created', 'Expiry', 'Status']} actions testId="shares-table">
            {items.map((share) => (
              <ShareRow key={share.id} share={share} />
            ))}
          </DataTable>
        )}
      </LoadedList>
    </Card>
  );
}

function ShareRow({ share }: { share: ShareView }) {
  const revoke = useRevokeShare();
  const canManage = useCan('shares:manage');
  const status = shareStatus(share);
  const to =
    share.kind === 'run' && share.runId
      ? `/runs/${encodeURIComponent(share.runId)}`
      : share.planId
        ? `/plans/${encodeURIComponent(share.planId)}/trends`
        : null;
  return (
    <RevocableRow data-testid={`share-${share.id}`} status={status}>
      <th scope="row">{to ? <Link to={to}>{share.title}</Link> : share.title}</th>
      <td>{share.kind === 'run' ? 'Run report' : 'Trend'}</td>
      <td title={formatDateTime(share.createdAt)}>
        {formatRelative(share.createdAt)}
        {share.createdBy ? <span className="muted small"> by {share.createdBy}</span> : null}
      </td>
      <td title={share.expiresAt ? formatDateTime(share.expiresAt) : undefined}>{status === 'revoked' ? '—' : expiryLabel(share.expiresAt)}</td>
      <td>
        <RevocableStatusPill status={status} revokedAt={share.revokedAt} testId="share-status" />
      </td>
      <ActionsCell error={revoke.error}>
        {status === 'active' && canManage ? (
          <ConfirmButton
            label="Revoke"
            ariaLabel={`Revoke share link to ${share.title}`}
            question="Revoke this link? Anyone opening it gets “not found” from now on."
            confirmLabel="Revoke link"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(share.id)}
            testId={`revoke-share-${share.id}`}
          />
        ) : null}
      </ActionsCell>
    </RevocableRow>
  );
}
