import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PlanView, TargetView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { Card } from '../../components/PageHeader';
import { errorMessage } from '../../components/States';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { NO_ERRORS, focusFirstError, hasErrors, mergeFieldErrors, unclaimedErrors, type FieldErrors } from '../../forms/field-errors';
import { useCreatePlan, useUpdatePlan } from './hooks';
import { BasicsSection } from './BasicsSection';
import { GrpcSettingsSection } from './GrpcSettingsSection';
import { LoadProfileChart } from './LoadProfileChart';
import { ScenariosSection } from './ScenariosSection';
import { ScriptSection } from './ScriptSection';
import { ThresholdsSection } from './ThresholdsSection';
import { DataSection, dataReferences } from './DataSection';
import { useDataSets } from '../data-sets';
import type { TargetContext } from './editor-state';
import { planFieldPaths } from './model/field-paths';
import { apiErrorsToForm, validatePlanForm, type CreatePlanBody } from './model/validate';
import type { PlanForm } from './model/form-types';

interface PlanEditorProps {
  initial: PlanForm;
  targets: TargetView[];
  /** Editing a saved plan: PATCH makes its next version. */
  editing?: PlanView;
  /** Above the form, e.g. what an import left out. */
  notice?: ReactNode;
}

/** WebSocket steps that await replies also report their connections as "<name> (connect)". */
const connectRow = (name: string) => `${name} (connect)`;

export function PlanEditor({ initial, targets, editing, notice }: PlanEditorProps) {
  const navigate = useNavigate();
  const create = useCreatePlan();
  const update = useUpdatePlan(editing?.id ?? '');
  const saving = editing ? update : create;
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [apiErrors, setApiErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);

  const validation = useMemo(() => validatePlanForm(form), [form]);
  const errors = useMemo(() => mergeFieldErrors(apiErrors, submitted ? validation.errors : NO_ERRORS), [apiErrors, submitted, validation.errors]);
  const fieldPaths = planFieldPaths(form);
  const inlineCount = Object.keys(errors).length - unclaimedErrors(errors, fieldPaths).length;

  const targetView = targets.find((target) => target.id === form.targetId);
  const dataSets = useDataSets();
  const target: TargetContext | null = targetView
    ? {
        protocol: targetView.protocol,
        variableNames: targetView.variableNames,
        baseUrl: targetView.baseUrl,
        dataReferences: dataReferences(form.data, dataSets.data),
      }
    : null;
  const change = (fn: (current: PlanForm) => PlanForm) => {
    setForm(fn);
    setApiErrors(NO_ERRORS);
  };
  const patch = (values: Partial<PlanForm>) => change((current) => ({ ...current, ...values }));

  // What the saved plan read from its script's options, while the script is the one saved.
  const savedScriptThresholds = editing?.spec.script?.source === form.script ? editing.spec.thresholds.filter((threshold) => threshold.fromScript) : [];
  const requestNames = form.scenarios.flatMap((scenario) =>
    scenario.steps.flatMap((step) => {
      const name = step.name.trim();
      if (!name) return [];
      return step.protocol === 'ws' && step.awaitReply && step.messages.length ? [name, connectRow(name)] : [name];
    }),
  );
  const scenarioNames = form.scenarios.map((scenario) => scenario.name.trim()).filter(Boolean);
  const usesGrpc =
    form.grpcSource !== 'none' || target?.protocol === 'grpc' || form.scenarios.some((scenario) => scenario.steps.some((step) => step.protocol === 'grpc'));

  function onSaved(plan: PlanView) {
    void navigate(`/plans/${plan.id}`, { state: editing ? { notice: `Saved as version ${plan.version}.` } : undefined });
  }

  function onFailed(error: unknown) {
    const fromApi = isApiError(error) ? apiErrorsToForm(error.details, form) : NO_ERRORS;
    // When fields show every problem, the summary counts them instead of repeating the API's sentence.
    const claimed = hasErrors(fromApi) && unclaimedErrors(fromApi, fieldPaths).length === 0;
    const quota = isApiError(error) && error.code === 'QUOTA_EXCEEDED';
    setFormError(
      claimed ? null : quota ? `${errorMessage(error)}. Lower the load, or ask an owner to raise the limits (Settings › Organization).` : errorMessage(error),
    );
    setApiErrors(fromApi);
    if (hasErrors(fromApi)) focusFirstError(fromApi, fieldPaths);
  }

  /** mutateAsync, not mutate: saving a new version re-renders the page that hosts the editor, and the promise survives that. */
  async function save(body: CreatePlanBody) {
    try {
      if (!editing) return onSaved(await create.mutateAsync(body));
      const common = { name: body.name, targetId: body.targetId, thresholds: body.thresholds, segments: body.segments, data: body.data };
      const change = body.script
        ? { ...common, script: { source: body.script.source } }
        : { ...common, scenarios: body.scenarios, ...(body.grpc ? { grpc: body.grpc } : {}) };
      const plan = await update.mutateAsync(change);
      // The API must keep what was sent; say so rather than pretend when it did not.
      if (body.script && plan.spec.script?.source !== body.script.source) {
        setFormError(`Version ${plan.version} was saved, but the API kept the previous script: the script change was not applied.`);
        return;
      }
      onSaved(plan);
    } catch (error) {
      onFailed(error);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!validation.body) {
      focusFirstError(validation.errors, fieldPaths);
      return;
    }
    void save(validation.body);
  }

  return (
    <form className="plan-form plan-editor" onSubmit={submit} noValidate aria-label={editing ? 'Edit test plan' : 'New test plan'}>
      <div className="plan-form__main">
        {notice}
        <FormErrorSummary message={formError} details={unclaimedErrors(errors, fieldPaths)} inlineCount={submitted ? inlineCount : 0} />
        <BasicsSection form={form} targets={targets} errors={errors} modeLocked={!!editing} onChange={patch} />
        {form.mode === 'scenarios' ? (
          <>
            <ScenariosSection
              scenarios={form.scenarios}
              target={target}
              errors={errors}
              onScenarios={(fn) => change((current) => ({ ...current, scenarios: fn(current.scenarios) }))}
            />
            {usesGrpc ? <GrpcSettingsSection source={form.grpcSource} proto={form.proto} errors={errors} onChange={patch} /> : null}
          </>
        ) : (
          <ScriptSection
            source={form.script}
            savedScriptThresholds={savedScriptThresholds}
            errors={errors}
            variableNames={target?.variableNames ?? []}
            onSource={(script) => patch({ script })}
          />
        )}
        <DataSection
          data={form.data}
          script={form.mode === 'script'}
          errors={errors}
          onData={(fn) => change((current) => ({ ...current, data: fn(current.data) }))}
        />
        <ThresholdsSection
          thresholds={form.thresholds}
          requestNames={[...new Set(requestNames)]}
          scenarioNames={[...new Set(scenarioNames)]}
          freeScopes={form.mode === 'script'}
          errors={errors}
          onThresholds={(fn) => change((current) => ({ ...current, thresholds: fn(current.thresholds) }))}
        />
      </div>
      <aside className="plan-form__side" aria-label="Summary">
        <Card title={form.mode === 'scenarios' ? 'Load profile' : 'Summary'} className="sticky">
          {form.mode === 'scenarios' ? (
            <LoadProfileChart scenarios={form.scenarios} limits={targetView?.unverifiedLimits} />
          ) : (
            <p className="muted small">k6 reads the load from the script’s options; “Check with k6” shows the VUs and duration it asks for.</p>
          )}
          <dl className="facts facts--inline">
            {form.mode === 'scenarios' ? (
              <>
                <div>
                  <dt>Scenarios</dt>
                  <dd>{form.scenarios.length}</dd>
                </div>
                <div>
                  <dt>Requests</dt>
                  <dd>{form.scenarios.reduce((sum, scenario) => sum + scenario.steps.length, 0)}</dd>
                </div>
              </>
            ) : null}
            <div>
              <dt>Thresholds</dt>
              <dd>{form.thresholds.length}</dd>
            </div>
          </dl>
          <button type="submit" className="button button--primary button--block" disabled={saving.isPending} data-testid="save-plan">
            {saving.isPending ? 'Saving…' : editing ? `Save as version ${editing.version + 1}` : 'Create plan'}
          </button>
          <Link to={editing ? `/plans/${editing.id}` : '/'} className="button button--ghost button--block">
            Cancel
          </Link>
        </Card>
      </aside>
    </form>
  );
}
