import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { TargetView, TargetWarning } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatRelative } from '../../format/time';
import { useCan } from '../../session';
import { TargetForm } from './TargetForm';
import { useTargets } from './hooks';

export function TargetsPage() {
  const targets = useTargets();
  const canWrite = useCan('targets:write');
  const [created, setCreated] = useState<(TargetView & { warnings?: TargetWarning[] }) | null>(null);
  const location = useLocation();
  const deleted = (location.state as { deleted?: string } | null)?.deleted;

  return (
    <>
      <PageHeader title="Targets" description="The services you load test. Each plan runs against one target's base URL." />
      {deleted ? (
        <div className="alert alert--success" role="status" data-testid="target-deleted">
          <p>{deleted}</p>
        </div>
      ) : null}
      <div className="layout-split">
        <Card title="Your targets">
          {targets.isPending ? (
            <LoadingState label="Loading targets…" />
          ) : targets.isError ? (
            <ErrorState title="Could not load targets" error={targets.error} onRetry={() => void targets.refetch()} />
          ) : targets.data.length === 0 ? (
            <EmptyState title="No targets yet">Add the first service you want to test with the form.</EmptyState>
          ) : (
            <ul className="item-list" aria-label="Targets" data-testid="targets-list">
              {targets.data.map((target) => (
                <li key={target.id} className="item-list__item" data-testid={`target-${target.name}`}>
                  <div className="item-list__main">
                    <Link className="item-list__title" to={`/targets/${encodeURIComponent(target.id)}`}>
                      {target.name}
                    </Link>
                    <code className="item-list__sub">{target.baseUrl}</code>
                    {target.headerNames.length > 0 || target.variableNames.length > 0 ? (
                      <span className="chips" aria-label="Default headers and variables">
                        {target.headerNames.map((header) => (
                          <span className="chip" key={`h-${header}`}>
                            {header}
                          </span>
                        ))}
                        {target.variableNames.map((name) => (
                          <span className="chip chip--secret" key={`v-${name}`}>
                            {`{{vars.${name}}}`}
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </div>
                  <div className="item-list__meta">
                    <Link to={`/targets/${encodeURIComponent(target.id)}#verification`} className={`pill ${target.verified ? 'pill--success' : 'pill--muted'}`}>
                      {target.verified ? 'Verified' : 'Unverified'}
                    </Link>
                    <span className="muted small">{formatRelative(target.createdAt)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {canWrite ? (
          <Card title="New target">
            {created ? (
              <div className="alert alert--success" role="status" data-testid="target-created">
                <p className="alert__title">Target “{created.name}” created.</p>
                <p>
                  <Link to={`/plans/new?targetId=${encodeURIComponent(created.id)}`}>Write a test plan for it →</Link>
                  {created.verified ? null : (
                    <>
                      {' '}
                      · <Link to={`/targets/${encodeURIComponent(created.id)}#verification`}>Verify it</Link> to run more than{' '}
                      {created.unverifiedLimits?.maxVus ?? 'a few'} VUs
                    </>
                  )}
                </p>
                {created.warnings?.map((warning) => (
                  <p key={warning.code} className="text-warning" data-testid="target-created-warning">
                    {warning.message}
                  </p>
                ))}
              </div>
            ) : null}
            <TargetForm onSaved={setCreated} />
          </Card>
        ) : (
          <Card title="New target">
            <p className="muted" data-testid="targets-read-only">
              Admins and owners add targets, since a target decides where load goes. Ask one of them to add yours.
            </p>
          </Card>
        )}
      </div>
    </>
  );
}
