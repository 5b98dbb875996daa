import { Link } from 'react-router';
import type { ShareView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { useCan } from '../auth/hooks';
import { useRevokeShare, useShares } from './hooks';
import { expiryLabel, shareStatus } from './report-format';

const STATUS_PILL = { active: 'pill--success', revoked: 'pill--danger', expired: 'pill--muted' } as const;
const STATUS_LABEL = { active: 'Active', revoked: 'Revoked', expired: 'Expired' } as const;

/** Settings → Share links: every public link of the organization, to revoke. */
export function SharesPage() {
  const shares = useShares();
  return (
    <Card title="Share links">
      <p className="muted small card__intro">
        Public, read-only pages of a run report or a plan's trend. Anyone with a link can open it until it expires or is revoked; a revoked link
        answers “not found”. Create them with “Share” on a run or trends page.
      </p>
      {shares.isPending ? (
        <LoadingState label="Loading share links…" />
      ) : shares.isError ? (
        <ErrorState title="Could not load share links" error={shares.error} onRetry={() => void shares.refetch()} />
      ) : shares.data.length === 0 ? (
        <EmptyState title="No share links yet">Share a run report or a trend to give people outside Loadline a read-only view.</EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table className="table table--dense" data-testid="shares-table">
            <caption className="sr-only">Share links of this organization</caption>
            <thead>
              <tr>
                <th scope="col">Shows</th>
                <th scope="col">Kind</th>
                <th scope="col">Created</th>
                <th scope="col">Expiry</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shares.data.map((share) => (
                <ShareRow key={share.id} share={share} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function ShareRow({ share }: { share: ShareView }) {
  const revoke = useRevokeShare();
  const canManage = useCan('shares:manage');
  const status = shareStatus(share);
  const to = share.kind === 'run' && share.runId ? `/runs/${encodeURIComponent(share.runId)}` : share.planId ? `/plans/${encodeURIComponent(share.planId)}/trends` : null;
  return (
    <tr data-testid={`share-${share.id}`} data-status={status} className={status === 'active' ? undefined : 'row--inactive'}>
      <th scope="row">{to ? <Link to={to}>{share.title}</Link> : share.title}</th>
      <td>{share.kind === 'run' ? 'Run report' : 'Trend'}</td>
      <td title={formatDateTime(share.createdAt)}>
        {formatRelative(share.createdAt)}
        {share.createdBy ? <span className="muted small"> by {share.createdBy}</span> : null}
      </td>
      <td title={share.expiresAt ? formatDateTime(share.expiresAt) : undefined}>{status === 'revoked' ? '—' : expiryLabel(share.expiresAt)}</td>
      <td>
        <span className={`pill ${STATUS_PILL[status]}`} data-testid="share-status" title={share.revokedAt ? `Revoked ${formatDateTime(share.revokedAt)}` : undefined}>
          {STATUS_LABEL[status]}
        </span>
      </td>
      <td className="cell-actions">
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
        {revoke.isError ? (
          <p className="text-danger small" role="alert">
            {errorMessage(revoke.error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
