import { Link, useNavigate, useParams } from 'react-router';
import type { PlanView } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { isApiError } from '../../api/client';
import { useCan } from '../auth/hooks';
import { RunsTable } from '../runs/RunsTable';
import { useRuns } from '../runs/hooks';
import { useTarget } from '../targets/hooks';
import { LoadFacts, PlanRequestsTable, PlanThresholdsList } from './PlanDetails';
import { usePlan, useStartRun } from './hooks';

export function PlanPage() {
  const { id } = useParams<{ id: string }>();
  const plan = usePlan(id);
  if (plan.isPending) return <LoadingState label="Loading plan…" />;
  if (plan.isError) return <ErrorState title="Could not load this plan" error={plan.error} onRetry={() => void plan.refetch()} />;
  return <PlanScreen plan={plan.data} />;
}

function PlanScreen({ plan }: { plan: PlanView }) {
  const navigate = useNavigate();
  const target = useTarget(plan.targetId);
  const start = useStartRun(plan.id);
  const canRun = useCan('runs:start');
  const canWrite = useCan('plans:write');
  const overQuota = isApiError(start.error) && start.error.code === 'QUOTA_EXCEEDED';

  const runNow = () => start.mutate(undefined, { onSuccess: (run) => void navigate(`/runs/${run.id}`) });

  return (
    <>
      <PageHeader
        documentTitle={plan.name}
        eyebrow={<Link to="/">Dashboard</Link>}
        title={
          <span className="title-with-badge">
            {plan.name} <span className="pill pill--muted">v{plan.version}</span>
          </span>
        }
        description={
          <>
            Against{' '}
            {target.data ? (
              <>
                <strong>{target.data.name}</strong> <code>{target.data.baseUrl}</code>
              </>
            ) : (
              <span className="muted">{target.isError ? 'an unknown target' : '…'}</span>
            )}{' '}
            · updated {formatDateTime(plan.updatedAt)}
          </>
        }
        actions={
          <>
            {canWrite ? (
              <Link className="button button--secondary" to={`/plans/new?from=${encodeURIComponent(plan.id)}`}>
                Duplicate
              </Link>
            ) : null}
            <button
              type="button"
              className="button button--primary"
              onClick={runNow}
              disabled={start.isPending || !canRun}
              title={canRun ? undefined : 'Viewers cannot start runs; members and above can.'}
              data-testid="run-now"
            >
              {start.isPending ? 'Starting…' : '▶ Run now'}
            </button>
          </>
        }
      />
      {start.isError ? (
        <div className="alert alert--error" role="alert" data-testid="run-start-error">
          <p className="alert__title">
            {overQuota ? "The run would go over your organization's quota." : 'The run could not be started.'}
          </p>
          <p>{errorMessage(start.error)}</p>
          {overQuota ? (
            <p>
              See this month's usage and the limits in <Link to="/settings/organization">organization settings</Link>; owners can
              raise them.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="stack">
        <Card title="Load">
          <LoadFacts plan={plan} />
        </Card>
        <div className="layout-split layout-split--even">
          <Card title="Requests">
            <PlanRequestsTable plan={plan} />
          </Card>
          <Card title="Thresholds">
            <PlanThresholdsList plan={plan} />
          </Card>
        </div>
        <PlanRuns planId={plan.id} />
      </div>
    </>
  );
}

function PlanRuns({ planId }: { planId: string }) {
  const runs = useRuns({ planId });
  return (
    <Card title="Runs">
      {runs.isPending ? (
        <LoadingState label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorState title="Could not load runs" error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
        <EmptyState title="No runs yet">Press “Run now” to apply the load and get a verdict.</EmptyState>
      ) : (
        <RunsTable runs={runs.data} showPlan={false} caption="Runs of this plan, newest first" />
      )}
    </Card>
  );
}
