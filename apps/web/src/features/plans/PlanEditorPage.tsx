import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { protocolOf, type ImportedPlan, type TargetView } from '@loadline/shared';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { useCan, RequirePermission } from '../../session';
import { useTargets } from '../targets';
import { usePlan } from './hooks';
import { PlanEditor, specToForm, initialPlanForm } from '../plan-editor';

/** What the import page hands to the editor (router state). */
export interface ImportedDraftState {
  imported: ImportedPlan;
  targetId: string;
}

export function NewPlanPage() {
  return (
    <RequirePermission permission="plans:write" what="write test plans">
      <NewPlanLoader />
    </RequirePermission>
  );
}

export function EditPlanPage() {
  return (
    <RequirePermission permission="plans:write" what="edit test plans">
      <EditPlanLoader />
    </RequirePermission>
  );
}

function NoTargets() {
  const canAddTargets = useCan('targets:write');
  return (
    <EmptyState
      title="Add a target first"
      action={
        canAddTargets ? (
          <Link className="button button--primary" to="/targets">
            Add a target
          </Link>
        ) : null
      }
    >
      A plan runs against a target: the base URL of the service you want to test{canAddTargets ? '' : '. Ask an admin or owner to add one'}.
    </EmptyState>
  );
}

function NewPlanLoader() {
  const [params] = useSearchParams();
  const location = useLocation();
  const imported = (location.state as Partial<ImportedDraftState> | null)?.imported ? (location.state as ImportedDraftState) : null;
  const fromId = params.get('from') ?? undefined;
  const source = usePlan(fromId);
  const targets = useTargets();
  const header = (
    <PageHeader
      eyebrow={<Link to="/">Dashboard</Link>}
      title={imported ? 'New test plan from an import' : 'New test plan'}
      description="Describe the scenarios, their requests and the SLA the run is judged by."
      actions={
        <Link className="button button--secondary" to="/plans/import">
          Import OpenAPI, HAR or curl
        </Link>
      }
    />
  );
  if (targets.isPending || (fromId && source.isPending))
    return (
      <>
        {header}
        <LoadingState />
      </>
    );
  if (targets.isError)
    return (
      <>
        {header}
        <ErrorState title="Could not load your targets" error={targets.error} onRetry={() => void targets.refetch()} />
      </>
    );
  if (fromId && source.isError)
    return (
      <>
        {header}
        <ErrorState title="Could not load the plan to copy" error={source.error} />
      </>
    );
  if (targets.data.length === 0)
    return (
      <>
        {header}
        <NoTargets />
      </>
    );

  const chosen = params.get('targetId') ?? (targets.data.length === 1 ? targets.data[0]!.id : '');
  const initial = imported
    ? specToForm(imported.imported.draft.spec, imported.imported.draft.name, imported.targetId)
    : source.data
      ? { ...specToForm(source.data.spec, `${source.data.name} (copy)`, source.data.targetId) }
      : initialPlanForm(chosen, protocolFor(targets.data, chosen));
  const notice = imported?.imported.warnings.length ? (
    <div className="alert alert--warning" role="status" data-testid="import-warnings">
      <p className="alert__title">Check these before a run: the import left them out or guessed.</p>
      <ul className="alert__list">
        {imported.imported.warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  ) : null;
  return (
    <>
      {header}
      <PlanEditor key={fromId ?? (imported ? 'import' : 'new')} initial={initial} targets={targets.data} notice={notice} />
    </>
  );
}

function protocolFor(targets: TargetView[], id: string) {
  const target = targets.find((candidate) => candidate.id === id);
  return target ? protocolOf(target.baseUrl) : 'http';
}

function EditPlanLoader() {
  const { id } = useParams<{ id: string }>();
  const plan = usePlan(id);
  const targets = useTargets();
  const header = (
    <PageHeader
      eyebrow={plan.data ? <Link to={`/plans/${plan.data.id}`}>{plan.data.name}</Link> : <Link to="/">Dashboard</Link>}
      title={plan.data ? `Edit ${plan.data.name}` : 'Edit test plan'}
      description={
        plan.data ? `Editing version ${plan.data.version}. Saving makes version ${plan.data.version + 1}; runs keep the version they ran.` : undefined
      }
    />
  );
  if (plan.isPending || targets.isPending)
    return (
      <>
        {header}
        <LoadingState label="Loading the plan…" />
      </>
    );
  if (plan.isError)
    return (
      <>
        {header}
        <ErrorState title="Could not load this plan" error={plan.error} onRetry={() => void plan.refetch()} />
      </>
    );
  if (targets.isError)
    return (
      <>
        {header}
        <ErrorState title="Could not load your targets" error={targets.error} onRetry={() => void targets.refetch()} />
      </>
    );
  return (
    <>
      {header}
      <PlanEditor key={plan.data.id} initial={specToForm(plan.data.spec, plan.data.name, plan.data.targetId)} targets={targets.data} editing={plan.data} />
    </>
  );
}
