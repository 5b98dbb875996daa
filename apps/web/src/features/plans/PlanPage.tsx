import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { PlanView } from '@loadline/shared';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime, formatSeconds } from '../../format/time';
import { isApiError } from '../../api/client';
import { useCan } from '../../session';
import { LoadProfileChart, scenariosToForm } from '../plan-editor';
import { RunsTable, useRuns } from '../run-list';
import { TargetSelect, useTarget } from '../targets';
import { PlanRequestsTable, PlanThresholdsList, ScenariosTable } from './PlanDetails';
import { DeletePlanButton } from './DeletePlanButton';
import { PlanVersions } from './PlanVersions';
import { ScriptPreview } from './ScriptPreview';
import { SchedulesSection, TriggersSection } from '../automation';
import { usePlan, usePlanVersion, useStartRun } from './hooks';
import { parseLabels } from './run-labels';
import { startErrorNeedsPlanChange, startErrorTitle } from './start-errors';

export function PlanPage() {
  const { id } = useParams<{ id: string }>();
  const plan = usePlan(id);
  if (plan.isPending) return <LoadingState label="Loading plan…" />;
  if (plan.isError) return <ErrorState title="Could not load this plan" error={plan.error} onRetry={() => void plan.refetch()} />;
  return <PlanScreen key={plan.data.id} plan={plan.data} />;
}

function PlanScreen({ plan }: { plan: PlanView }) {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const target = useTarget(plan.targetId);
  const start = useStartRun(plan.id);
  const canRun = useCan('runs:start');
  const canWrite = useCan('plans:write');
  // ?version=N (from a run report): open on the version that ran.
  const [params] = useSearchParams();
  const [viewing, setViewing] = useState<number | null>(() => {
    const asked = Number(params.get('version'));
    return Number.isInteger(asked) && asked > 0 && asked !== plan.version ? asked : null;
  });
  const old = usePlanVersion(plan.id, viewing);
  const shown = viewing !== null && old.data ? old.data : plan;
  const code = isApiError(start.error) ? start.error.code : null;

  const [labelsText, setLabelsText] = useState('');
  const labels = parseLabels(labelsText);
  // Which target (environment) the run goes to: the plan's own unless another is chosen.
  const [chosenTargetId, setRunTargetId] = useState<string | null>(null);
  const runTargetId = chosenTargetId ?? plan.targetId;
  const runNow = () => {
    if ('error' in labels) return;
    start.mutate(
      { labels: labels.labels, ...(runTargetId !== plan.targetId ? { targetId: runTargetId } : {}) },
      { onSuccess: (run) => void navigate(`/runs/${run.id}`) },
    );
  };

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
                <Link to={`/targets/${encodeURIComponent(target.data.id)}`}>
                  <strong>{target.data.name}</strong>
                </Link>{' '}
                <code>{target.data.baseUrl}</code>
                {target.data.verified ? null : <span className="pill pill--muted">unverified</span>}
              </>
            ) : (
              <span className="muted">{target.isError ? 'an unknown target' : '…'}</span>
            )}{' '}
            · updated {formatDateTime(plan.updatedAt)}
          </>
        }
        actions={
          <>
            <Link className="button button--secondary" to={`/plans/${encodeURIComponent(plan.id)}/trends`} data-testid="plan-trends">
              Trends
            </Link>
            {canWrite ? (
              <>
                <Link className="button button--secondary" to={`/plans/${encodeURIComponent(plan.id)}/edit`} data-testid="edit-plan">
                  Edit
                </Link>
                <Link className="button button--secondary" to={`/plans/new?from=${encodeURIComponent(plan.id)}`}>
                  Duplicate
                </Link>
                <DeletePlanButton plan={plan} />
              </>
            ) : null}
            {canRun ? <TargetSelect label="Run against" ownTargetId={plan.targetId} value={runTargetId} onChange={setRunTargetId} testId="run-target" /> : null}
            {canRun ? (
              <label className="field field--inline">
                <span className="sr-only">Labels of the run</span>
                <input
                  className="input input--small mono"
                  value={labelsText}
                  onChange={(event) => setLabelsText(event.target.value)}
                  placeholder="labels: commit=ab12cd3 env=staging"
                  aria-invalid={'error' in labels}
                  title={
                    'error' in labels
                      ? labels.error
                      : 'Optional labels of the run: key=value, separated by spaces. Comparisons name the labels that differ; trends filter by them.'
                  }
                  data-testid="run-labels"
                />
              </label>
            ) : null}
            <button
              type="button"
              className="button button--primary"
              onClick={runNow}
              disabled={start.isPending || !canRun || 'error' in labels}
              title={canRun ? undefined : 'Viewers cannot start runs; members and above can.'}
              data-testid="run-now"
            >
              {start.isPending ? 'Starting…' : '▶ Run now'}
            </button>
          </>
        }
      />
      {'error' in labels ? (
        <p className="field__error" role="alert" data-testid="run-labels-error">
          {labels.error}
        </p>
      ) : null}
      {notice ? (
        <div className="alert alert--success" role="status" data-testid="plan-notice">
          <p className="alert__title">{notice}</p>
        </div>
      ) : null}
      {start.isError ? (
        <div className="alert alert--error" role="alert" data-testid="run-start-error" data-code={code ?? ''}>
          <p className="alert__title">{startErrorTitle(code)}</p>
          <p>{errorMessage(start.error)}</p>
          {startErrorNeedsPlanChange(code) ? (
            <>
              <p>The “Runners (segments)” field of the plan editor shows how many runners this installation has, and which scenarios are too small to split.</p>
              {canWrite ? (
                <p>
                  <Link className="button button--secondary button--small" to={`/plans/${encodeURIComponent(plan.id)}/edit`} data-testid="edit-segments-link">
                    Edit the plan
                  </Link>
                </p>
              ) : null}
            </>
          ) : null}
          {code === 'QUOTA_EXCEEDED' ? (
            <p>
              See this month's usage and the limits in <Link to="/settings/organization">organization settings</Link>; owners can raise them.
            </p>
          ) : null}
          {code === 'TARGET_UNVERIFIED' ? (
            <p>
              <Link to={`/targets/${encodeURIComponent(runTargetId)}#verification`} data-testid="verify-target-link">
                Verify the target
              </Link>{' '}
              to lift the limit
              {target.data?.unverifiedLimits
                ? ` (${target.data.unverifiedLimits.maxVus} VUs for ${formatSeconds(target.data.unverifiedLimits.maxDurationSeconds)} until then)`
                : ''}
              , or make the plan smaller.
            </p>
          ) : null}
        </div>
      ) : null}
      {viewing !== null ? (
        <div className="alert alert--info" role="status" data-testid="viewing-version">
          <p className="alert__title">
            Viewing version {viewing}
            {old.isPending ? '…' : ''} (the current version is {plan.version}).
          </p>
          {old.isError ? <p>{errorMessage(old.error)}</p> : null}
          <button type="button" className="button button--secondary button--small" onClick={() => setViewing(null)}>
            Back to the current version
          </button>
        </div>
      ) : null}
      <div className="stack">
        {/* The runs first: what a plan's page is opened for most; the script, folded, last of the plan. */}
        <PlanRuns planId={plan.id} />
        <PlanContents plan={shown} limits={target.data?.unverifiedLimits ?? null} />
        <PlanVersions planId={plan.id} current={plan.version} viewing={viewing} onView={setViewing} spec={plan.spec} />
        <ScriptPreview planId={plan.id} version={viewing} current={plan.version} collapsed />
        <SchedulesSection planId={plan.id} planTargetId={plan.targetId} />
        <TriggersSection planId={plan.id} planTargetId={plan.targetId} />
      </div>
    </>
  );
}

function PlanContents({ plan, limits }: { plan: PlanView; limits: { maxVus: number; maxDurationSeconds: number } | null }) {
  const scenarios = useMemo(() => scenariosToForm(plan.spec.scenarios), [plan.spec.scenarios]);
  const script = plan.spec.script;
  return (
    <>
      {script ? (
        <Card title="Custom k6 script">
          <p>
            This plan runs its own k6 script
            {script.requirements ? `: k6 said it needs up to ${script.requirements.maxVUs} VUs for ${formatSeconds(script.requirements.durationSeconds)}` : ''}.
            The script is below.
          </p>
        </Card>
      ) : (
        <Card title="Load profile">
          <div className="layout-split layout-split--chart">
            <LoadProfileChart scenarios={scenarios} limits={limits} height={220} />
            <ScenariosTable spec={plan.spec} />
          </div>
        </Card>
      )}
      {script ? null : (
        <Card title="Requests">
          <PlanRequestsTable plan={plan} />
        </Card>
      )}
      <Card title="Thresholds">
        <PlanThresholdsList spec={plan.spec} />
        <p className="muted small">Runners (segments): {plan.spec.segments}</p>
      </Card>
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
