import { Link, useLocation } from 'react-router';
import type { Dashboard, TargetView } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatRelative } from '../../format/time';
import { can, listFiguresOf } from '@loadline/shared';
import { useAccount } from '../../session';
import { useDashboard, Sparkline, describeTrendChange } from '../reports';
import { RunStatusBadge, VerdictBadge } from '../run-report';
import { RunsTable } from '../run-list';
import { useTargets } from '../targets';
import { HealthIndicator } from './HealthIndicator';

const RECENT_RUNS = 10;

export function DashboardPage() {
  const me = useAccount();
  const writePlans = can(me.role, 'plans:write');
  const writeTargets = can(me.role, 'targets:write');
  const targets = useTargets();
  const dashboard = useDashboard();
  const runs = { ...dashboard, data: dashboard.data?.recentRuns };
  const plans = { ...dashboard, data: dashboard.data?.plans };
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
        {dashboard.data?.regressions.length ? (
          <Card title="Regressions" actions={<span className="muted small">confirmed in the last 14 days</span>}>
            <RegressionList regressions={dashboard.data.regressions} />
          </Card>
        ) : null}
        <Card title="Recent runs" actions={runs.data && runs.data.length > RECENT_RUNS ? <span className="muted small">latest {RECENT_RUNS}</span> : null}>
          {runs.isError ? (
            <ErrorState title="Could not load runs" error={runs.error} onRetry={() => void runs.refetch()} />
          ) : runs.isPending || !runs.data ? (
            <LoadingState label="Loading runs…" />
          ) : runs.data.length === 0 ? (
            <EmptyState title="No runs yet">Open a plan and press “Run now” to get your first report.</EmptyState>
          ) : (
            <RunsTable
              runs={runs.data.slice(0, RECENT_RUNS).map((run) => ({ ...run, figures: listFiguresOf(run) }))}
              caption="Recent runs, newest first"
              showVerdict
            />
          )}
        </Card>
        <div className="layout-split layout-split--even">
          <Card title="Test plans" actions={writePlans ? <Link to="/plans/new">+ New plan</Link> : null}>
            {plans.isError ? (
              <ErrorState title="Could not load plans" error={plans.error} onRetry={() => void plans.refetch()} />
            ) : plans.isPending || !plans.data ? (
              <LoadingState label="Loading plans…" />
            ) : plans.data.length === 0 ? (
              <EmptyState
                title="No plans yet"
                action={
                  targets.data?.length && writePlans ? (
                    <Link className="button button--primary button--small" to="/plans/new">
                      Write a plan
                    </Link>
                  ) : null
                }
              >
                {targets.data?.length || !writeTargets
                  ? 'A plan says how much load to apply and what the SLA is.'
                  : 'Add a target first, then write a plan for it.'}
              </EmptyState>
            ) : (
              <PlanList plans={plans.data} />
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
                action={
                  writeTargets ? (
                    <Link className="button button--primary button--small" to="/targets">
                      Add a target
                    </Link>
                  ) : null
                }
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

type DashboardPlan = Dashboard['plans'][number];
type DashboardRegression = Dashboard['regressions'][number];

const figure = (stat: string, value: number) =>
  stat === 'errorRate' ? `${(value * 100).toFixed(2)} %` : stat === 'rps' ? `${value.toFixed(1)} req/s` : `${value.toFixed(value >= 100 ? 0 : 1)} ms`;

/** Steps for the worse runs confirmed in their plans' trends, newest first: what, where, from what to what. */
function RegressionList({ regressions }: { regressions: DashboardRegression[] }) {
  return (
    <ul className="item-list" aria-label="Regressions" data-testid="dashboard-regressions">
      {regressions.map((entry) => (
        <li key={`${entry.planId}-${entry.change.stat}-${entry.confirmedBy.runId}`} className="item-list__item" data-testid="dashboard-regression">
          <div className="item-list__main">
            <Link className="item-list__title" to={`/plans/${entry.planId}/trends`}>
              {entry.planName}: {describeTrendChange(entry.change)}
            </Link>
            <span className="item-list__sub inline-links">
              {figure(entry.change.stat, entry.change.before)} → {figure(entry.change.stat, entry.change.after)} from the{' '}
              <Link to={`/runs/${entry.change.runId}`}>run where it stepped</Link> · confirmed{' '}
              <Link to={`/runs/${entry.confirmedBy.runId}`}>{formatRelative(entry.confirmedBy.at)}</Link>
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Plans, failing first (the API's order): the latest verdict, when, and p95 over the last runs. */
function PlanList({ plans }: { plans: DashboardPlan[] }) {
  return (
    <ul className="item-list" aria-label="Test plans" data-testid="dashboard-plans">
      {plans.map((plan) => (
        <li key={plan.id} className="item-list__item" data-testid={`dashboard-plan-${plan.name}`} data-verdict={plan.latest?.verdict ?? ''}>
          <div className="item-list__main">
            <Link className="item-list__title" to={`/plans/${plan.id}`}>
              {plan.name}
            </Link>
            <span className="item-list__sub">
              <span className="pill pill--muted">v{plan.version}</span>{' '}
              {plan.latest ? (
                <>
                  last run <Link to={`/runs/${plan.latest.runId}`}>{formatRelative(plan.latest.createdAt)}</Link>
                  {' · '}
                  <Link to={`/plans/${plan.id}/trends`}>Trends</Link>
                </>
              ) : (
                'never run'
              )}
            </span>
          </div>
          <div className="item-list__meta">
            <Sparkline values={plan.p95} label={`p95 of the last ${plan.p95.length} runs of ${plan.name}`} />
            {plan.latest ? (
              plan.latest.verdict ? (
                <VerdictBadge verdict={plan.latest.verdict} />
              ) : (
                <RunStatusBadge status={plan.latest.status} />
              )
            ) : (
              <span className="pill pill--muted">No runs</span>
            )}
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
            <span className={`pill ${target.verified ? 'pill--success' : 'pill--muted'}`}>{target.verified ? 'Verified' : 'Unverified'}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
