import { Link, useLocation } from 'react-router';
import type { PlanView, TargetView } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatRelative } from '../../format/time';
import { can } from '@loadline/shared';
import { useAccount } from '../auth/hooks';
import { planDescription } from '../plans/PlanDetails';
import { usePlans } from '../plans/hooks';
import { RunsTable } from '../runs/RunsTable';
import { useRuns } from '../runs/hooks';
import { useTargets } from '../targets/hooks';
import { HealthIndicator } from './HealthIndicator';

const RECENT_RUNS = 10;

export function DashboardPage() {
  const me = useAccount();
  const writePlans = can(me.role, 'plans:write');
  const writeTargets = can(me.role, 'targets:write');
  const targets = useTargets();
  const plans = usePlans();
  const runs = useRuns();
  const targetsById = new Map((targets.data ?? []).map((target) => [target.id, target]));
  // Set by pages that send the user here after something they should know about (an organization deleted).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  return (
    <>
      {notice ? (
        <p className="alert alert--info" role="status" data-testid="dashboard-notice">
          {notice}
        </p>
      ) : null}
      <PageHeader
        eyebrow={me.tenant.name}
        title="Dashboard"
        description={<HealthIndicator />}
        actions={
          <>
            {writeTargets ? (
              <Link className="button button--secondary" to="/targets">
                Add target
              </Link>
            ) : null}
            {writePlans ? (
              <Link className="button button--primary" to="/plans/new">
                New plan
              </Link>
            ) : null}
          </>
        }
      />
      <div className="stack">
        <Card
          title="Recent runs"
          actions={runs.data && runs.data.length > RECENT_RUNS ? <span className="muted small">latest {RECENT_RUNS}</span> : null}
        >
          {runs.isPending ? (
            <LoadingState label="Loading runs…" />
          ) : runs.isError ? (
            <ErrorState title="Could not load runs" error={runs.error} onRetry={() => void runs.refetch()} />
          ) : runs.data.length === 0 ? (
            <EmptyState title="No runs yet">Open a plan and press “Run now” to get your first report.</EmptyState>
          ) : (
            <RunsTable runs={runs.data.slice(0, RECENT_RUNS)} caption="Recent runs, newest first" />
          )}
        </Card>
        <div className="layout-split layout-split--even">
          <Card title="Test plans" actions={writePlans ? <Link to="/plans/new">+ New plan</Link> : null}>
            {plans.isPending ? (
              <LoadingState label="Loading plans…" />
            ) : plans.isError ? (
              <ErrorState title="Could not load plans" error={plans.error} onRetry={() => void plans.refetch()} />
            ) : plans.data.length === 0 ? (
              <EmptyState
                title="No plans yet"
                action={targets.data?.length && writePlans ? <Link className="button button--primary button--small" to="/plans/new">Write a plan</Link> : null}
              >
                {targets.data?.length || !writeTargets
                  ? 'A plan says how much load to apply and what the SLA is.'
                  : 'Add a target first, then write a plan for it.'}
              </EmptyState>
            ) : (
              <PlanList plans={plans.data} targetsById={targetsById} />
            )}
          </Card>
          <Card title="Targets" actions={<Link to="/targets">Manage</Link>}>
            {targets.isPending ? (
              <LoadingState label="Loading targets…" />
            ) : targets.isError ? (
              <ErrorState title="Could not load targets" error={targets.error} onRetry={() => void targets.refetch()} />
            ) : targets.data.length === 0 ? (
              <EmptyState
                title="No targets yet"
                action={writeTargets ? <Link className="button button--primary button--small" to="/targets">Add a target</Link> : null}
              >
                A target is the base URL of a service you own{writeTargets ? '' : '; admins and owners add them'}.
              </EmptyState>
            ) : (
              <TargetList targets={targets.data} />
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

function PlanList({ plans, targetsById }: { plans: PlanView[]; targetsById: Map<string, TargetView> }) {
  return (
    <ul className="item-list" aria-label="Test plans">
      {plans.map((plan) => (
        <li key={plan.id} className="item-list__item">
          <div className="item-list__main">
            <Link className="item-list__title" to={`/plans/${plan.id}`}>
              {plan.name}
            </Link>
            <span className="item-list__sub">
              {targetsById.get(plan.targetId)?.name ?? 'unknown target'} · {planDescription(plan.spec)}
            </span>
          </div>
          <div className="item-list__meta">
            <span className="pill pill--muted">v{plan.version}</span>
            <span className="muted small">{formatRelative(plan.updatedAt)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function TargetList({ targets }: { targets: TargetView[] }) {
  return (
    <ul className="item-list" aria-label="Targets">
      {targets.map((target) => (
        <li key={target.id} className="item-list__item">
          <div className="item-list__main">
            <span className="item-list__title">{target.name}</span>
            <code className="item-list__sub">{target.baseUrl}</code>
          </div>
          <div className="item-list__meta">
            <span className={`pill ${target.verified ? 'pill--success' : 'pill--muted'}`}>
              {target.verified ? 'Verified' : 'Unverified'}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
