import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadProfileSchema, peakArrivalRate, peakVus, plannedDurationSeconds } from '@loadline/shared';
import { formatRps } from '../../format/numbers';
import { isApiError } from '../../api/client';
import { Card, PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { SelectField, TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  hasErrors,
  mergeFieldErrors,
  unclaimedErrors,
  type FieldErrors,
} from '../../forms/field-errors';
import { formatSeconds } from '../../format/time';
import { useCan } from '../auth/hooks';
import { RequirePermission } from '../settings/RequirePermission';
import { useTargets } from '../targets/hooks';
import { LoadSection } from './LoadSection';
import { RequestsSection } from './RequestsSection';
import { ThresholdsSection } from './ThresholdsSection';
import { useCreatePlan, usePlan } from './hooks';
import {
  initialPlanForm,
  planFieldPaths,
  planViewToForm,
  toCreatePlanInput,
  validatePlanForm,
  type PlanFormState,
} from './plan-form-model';

export function PlanFormPage() {
  return (
    <RequirePermission permission="plans:write" what="write test plans">
      <PlanFormLoader />
    </RequirePermission>
  );
}

function PlanFormLoader() {
  const canAddTargets = useCan('targets:write');
  const [params] = useSearchParams();
  const fromId = params.get('from') ?? undefined;
  const source = usePlan(fromId);
  const targets = useTargets();

  const header = <PageHeader eyebrow={<Link to="/">Dashboard</Link>} title="New test plan" description="Describe the load, the requests and the SLA the run is judged by." />;

  if (targets.isPending || (fromId && source.isPending)) return <>{header}<LoadingState /></>;
  if (targets.isError) {
    return <>{header}<ErrorState title="Could not load your targets" error={targets.error} onRetry={() => void targets.refetch()} /></>;
  }
  if (fromId && source.isError) return <>{header}<ErrorState title="Could not load the plan to copy" error={source.error} /></>;
  if (targets.data.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          title="Add a target first"
          action={canAddTargets ? <Link className="button button--primary" to="/targets">Add a target</Link> : null}
        >
          A plan runs against a target: the base URL of the service you want to test
          {canAddTargets ? '' : '. Ask an admin or owner to add one'}.
        </EmptyState>
      </>
    );
  }

  const initial = source.data
    ? { ...planViewToForm(source.data), name: `${source.data.name} (copy)` }
    : initialPlanForm(params.get('targetId') ?? (targets.data.length === 1 ? targets.data[0]!.id : ''));
  const targetOptions = targets.data.map((target) => ({ value: target.id, label: `${target.name} — ${target.baseUrl}` }));
  return (
    <>
      {header}
      <PlanForm key={fromId ?? 'new'} initial={initial} targetOptions={targetOptions} />
    </>
  );
}

interface PlanFormProps {
  initial: PlanFormState;
  targetOptions: { value: string; label: string }[];
}

function PlanForm({ initial, targetOptions }: PlanFormProps) {
  const navigate = useNavigate();
  const create = useCreatePlan();
  const [state, setState] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [apiErrors, setApiErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);

  const validation = useMemo(() => validatePlanForm(state), [state]);
  const errors = useMemo(
    () => mergeFieldErrors(apiErrors, submitted ? validation.errors : NO_ERRORS),
    [apiErrors, submitted, validation.errors],
  );
  const fieldPaths = planFieldPaths(state);
  const inlineCount = Object.keys(errors).length - unclaimedErrors(errors, fieldPaths).length;

  const onChange = (update: (s: PlanFormState) => PlanFormState) => {
    setState(update);
    setApiErrors(NO_ERRORS);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!validation.body) {
      focusFirstError(validation.errors, fieldPaths);
      return;
    }
    create.mutate(validation.body, {
      onSuccess: (plan) => void navigate(`/plans/${plan.id}`),
      onError: (error) => {
        setFormError(errorMessage(error));
        if (isApiError(error)) {
          const fromApi = detailsToFieldErrors(error.details);
          setApiErrors(fromApi);
          if (hasErrors(fromApi)) focusFirstError(fromApi, fieldPaths);
        }
      },
    });
  }

  const summary = loadSummary(state);
  return (
    <form className="plan-form" onSubmit={submit} noValidate aria-label="New test plan">
      <div className="plan-form__main">
        <FormErrorSummary
          message={formError}
          details={unclaimedErrors(errors, fieldPaths)}
          inlineCount={submitted ? inlineCount : 0}
        />
        <fieldset className="fieldset section">
          <legend className="section__title">Basics</legend>
          <div className="grid grid--2">
            <TextField
              path="name"
              label="Plan name"
              placeholder="listings baseline"
              errors={errors}
              value={state.name}
              onValueChange={(name) => onChange((s) => ({ ...s, name }))}
            />
            <SelectField
              path="targetId"
              label="Target"
              placeholder="Choose a target…"
              errors={errors}
              value={state.targetId}
              options={targetOptions}
              onValueChange={(targetId) => onChange((s) => ({ ...s, targetId }))}
            />
          </div>
        </fieldset>
        <LoadSection state={state} errors={errors} onChange={onChange} />
        <RequestsSection state={state} errors={errors} onChange={onChange} />
        <ThresholdsSection state={state} errors={errors} onChange={onChange} />
      </div>
      <aside className="plan-form__side">
        <Card title="Summary" className="sticky">
          <dl className="facts">
            <div>
              <dt>Planned duration</dt>
              <dd>{summary ? formatSeconds(summary.seconds) : '—'}</dd>
            </div>
            <div>
              <dt>{summary?.rate !== null && summary?.rate !== undefined ? 'Max virtual users' : 'Peak virtual users'}</dt>
              <dd>{summary ? summary.peak.toLocaleString('en-US') : '—'}</dd>
            </div>
            {summary && summary.rate !== null ? (
              <div>
                <dt>Peak rate</dt>
                <dd>{formatRps(summary.rate)} req/s</dd>
              </div>
            ) : null}
            <div>
              <dt>Requests</dt>
              <dd>{state.requests.length}</dd>
            </div>
            <div>
              <dt>Thresholds</dt>
              <dd>{state.thresholds.length}</dd>
            </div>
            <div>
              <dt>Segments</dt>
              <dd>1 runner</dd>
            </div>
          </dl>
          <button type="submit" className="button button--primary button--block" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Create plan'}
          </button>
          <Link to="/" className="button button--ghost button--block">
            Cancel
          </Link>
        </Card>
      </aside>
    </form>
  );
}

function loadSummary(state: PlanFormState): { seconds: number; peak: number; rate: number | null } | null {
  const parsed = loadProfileSchema.safeParse(toCreatePlanInput(state).input.load);
  if (!parsed.success) return null;
  return { seconds: plannedDurationSeconds(parsed.data), peak: peakVus(parsed.data), rate: peakArrivalRate(parsed.data) };
}
