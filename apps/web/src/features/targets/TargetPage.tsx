import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Card, PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/States';
import { useCan } from '../../session';
import { DeleteTargetButton } from './DeleteTargetButton';
import { TargetForm } from './TargetForm';
import { MetricSourcesSection } from './MetricSourcesSection';
import { VerificationPanel } from './VerificationPanel';
import { useTarget } from './hooks';

const PROTOCOL_LABEL = { http: 'HTTP', ws: 'WebSocket', grpc: 'gRPC' } as const;

export function TargetPage() {
  const { id } = useParams<{ id: string }>();
  const target = useTarget(id);
  const canWrite = useCan('targets:write');
  const { hash } = useLocation();

  useEffect(() => {
    if (hash && target.data) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, target.data]);

  if (target.isPending) return <LoadingState label="Loading target…" />;
  if (target.isError) return <ErrorState title="Could not load this target" error={target.error} onRetry={() => void target.refetch()} />;
  const view = target.data;
  return (
    <>
      <PageHeader
        documentTitle={view.name}
        eyebrow={<Link to="/targets">Targets</Link>}
        title={
          <span className="title-with-badge">
            {view.name} <span className={`pill ${view.verified ? 'pill--success' : 'pill--muted'}`}>{view.verified ? 'Verified' : 'Unverified'}</span>
          </span>
        }
        description={
          <>
            <code>{view.baseUrl}</code> · {PROTOCOL_LABEL[view.protocol]}
          </>
        }
        actions={
          <>
            <Link className="button button--primary" to={`/plans/new?targetId=${encodeURIComponent(view.id)}`}>
              Write a plan for it
            </Link>
            {canWrite ? <DeleteTargetButton target={view} /> : null}
          </>
        }
      />
      <div className="stack">
        <div className="layout-split layout-split--even">
          <section id="verification" aria-label="Verification">
            <Card title="Ownership verification">
              <VerificationPanel target={view} />
            </Card>
          </section>
          <Card title={canWrite ? 'Settings' : 'Headers and variables'}>
            {canWrite ? (
              <TargetForm key={view.id} target={view} />
            ) : (
              <p className="muted">
                Headers: {view.headerNames.join(', ') || 'none'}. Variables: {view.variableNames.join(', ') || 'none'}. Admins and owners change them.
              </p>
            )}
          </Card>
        </div>
        <MetricSourcesSection targetId={view.id} />
      </div>
    </>
  );
}
