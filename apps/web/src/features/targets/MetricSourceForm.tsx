import { useState, type FormEvent } from 'react';
import { TELEMETRY_PRESETS, TELEMETRY_ROLES, createMetricSourceSchema, type MetricSourceView, type TelemetryPreset } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/States';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { SubmitButton } from '../../forms/SubmitButton';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  hasErrors,
  prefixErrors,
  unclaimedErrors,
  zodErrorToFieldErrors,
  type FieldErrors,
  withoutField,
} from '../../forms/field-errors';
import { ROLE_LABEL } from '../../format/telemetry';
import { useCreateMetricSource, useUpdateMetricSource } from './hooks';
import { draftFromSource, editedSourceInput, sourcePatch } from './source-edit';
import { emptySourceDraft, mapSourceErrors, newQueryRow, sourceFieldPaths, sourceInput, togglePreset, type SourceDraft, type SourceKind } from './source-form';

const PRESET_HINT: Record<TelemetryPreset, string> = {
  process: 'CPU, memory, start time (restarts), open fds',
  node: "node_exporter: the host's CPU, load, memory",
  container: 'cAdvisor: CPU and memory against limits',
  postgres: 'postgres_exporter: connections against max_connections',
  redis: 'redis_exporter: clients and memory',
  queue: 'job-queue depth, processed and enqueued per second',
  http: 'requests served per second and their p95',
};

const KIND_OPTIONS = [
  { value: 'scrape', label: 'Scrape a /metrics endpoint (Prometheus text)' },
  { value: 'promql', label: 'Query a Prometheus-compatible API (PromQL)' },
];
const AUTH_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'basic', label: 'Basic auth' },
];
const PREFIX = 'source';
const ROLE_OPTIONS = [{ value: '', label: 'None (shown and correlated only)' }, ...TELEMETRY_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))];

/**
 * Adds a metric source to a target, or edits `source` (its kind stays; blank credentials keep
 * the sealed ones): checked against the shared schema, then by the API (address and ownership).
 */
export function MetricSourceForm({ targetId, source, onDone }: { targetId: string; source?: MetricSourceView; onDone: () => void }) {
  const create = useCreateMetricSource(targetId);
  const update = useUpdateMetricSource(targetId);
  const pending = source ? update.isPending : create.isPending;
  const [draft, setDraft] = useState<SourceDraft>(() => (source ? draftFromSource(source) : emptySourceDraft()));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  // An edited field's message goes at once (the schema is checked again on submit).
  const set = (patch: Partial<SourceDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((shown) => Object.keys(patch).reduce((left, key) => withoutField(left, `${PREFIX}.${key}`), shown));
  };
  const setQuery = (id: number, patch: Partial<SourceDraft['queries'][number]>) => {
    setDraft((current) => ({ ...current, queries: current.queries.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
    setErrors((shown) => withoutField(shown, `${PREFIX}.queries`));
  };
  // Under "source." so the ids do not clash with the target form's on the same page ("name").
  const fields = sourceFieldPaths(draft).map((path) => `${PREFIX}.${path}`);

  function show(found: FieldErrors) {
    setErrors(found);
    focusFirstError(found, fields);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = createMetricSourceSchema.safeParse(source ? editedSourceInput(draft, source) : sourceInput(draft));
    if (!parsed.success) return show(prefixErrors(mapSourceErrors(zodErrorToFieldErrors(parsed.error), draft), PREFIX));
    setErrors(NO_ERRORS);
    const callbacks = {
      onSuccess: () => {
        if (!source) setDraft(emptySourceDraft(draft.kind));
        onDone();
      },
      onError: (error: unknown) => {
        const fromApi = isApiError(error) ? prefixErrors(mapSourceErrors(detailsToFieldErrors(error.details), draft), PREFIX) : NO_ERRORS;
        // The API's message is the headline (SOURCE_NOT_ALLOWED says why in words); the details sit at their fields.
        setFormError(errorMessage(error));
        if (hasErrors(fromApi)) show(fromApi);
      },
    };
    if (source) update.mutate({ sourceId: source.id, patch: sourcePatch(draft, source) }, callbacks);
    else create.mutate(sourceInput(draft), callbacks);
  }

  return (
    <form
      className="form subsection"
      onSubmit={submit}
      noValidate
      aria-label={source ? `Edit metric source ${source.name}` : 'New metric source'}
      data-testid={source ? `source-edit-${source.name}` : 'source-form'}
    >
      <FormErrorSummary message={formError} details={unclaimedErrors(errors, fields)} />
      <SelectField
        path="source.kind"
        label="Kind"
        errors={errors}
        value={draft.kind}
        options={source ? KIND_OPTIONS.filter((option) => option.value === source.kind) : KIND_OPTIONS}
        hint={source ? 'A source keeps its kind: remove it and add another to change it.' : undefined}
        onValueChange={(kind) => set({ kind: kind as SourceKind })}
      />
      <TextField
        path="source.name"
        label="Name"
        placeholder="api"
        hint="How the report names it: lower-case letters, digits, _ and -."
        autoComplete="off"
        spellCheck={false}
        errors={errors}
        value={draft.name}
        onValueChange={(name) => set({ name })}
        required
      />
      <TextField
        path="source.url"
        label={draft.kind === 'scrape' ? 'Metrics URL' : 'Prometheus base URL'}
        type="url"
        inputMode="url"
        placeholder={draft.kind === 'scrape' ? 'http://api.internal:9100/metrics' : 'http://prometheus.internal:9090'}
        hint="On the target's host, or (once the target is verified) at addresses it was verified at."
        errors={errors}
        value={draft.url}
        onValueChange={(url) => set({ url })}
        required
      />
      {draft.kind === 'scrape' ? (
        <>
          <fieldset className="fieldset" data-testid="source-presets">
            <legend className="fieldset__legend">Presets</legend>
            <p className="fieldset__hint">The series of common exporters to keep.</p>
            {TELEMETRY_PRESETS.map((preset) => (
              <CheckboxField
                key={preset}
                path={`source.presets.${preset}`}
                label={preset}
                hint={PRESET_HINT[preset]}
                checked={draft.presets.includes(preset)}
                onCheckedChange={(on) => set({ presets: togglePreset(draft.presets, preset, on) })}
              />
            ))}
            {errors['source.presets'] ? (
              <p className="field__error" role="alert">
                {errors['source.presets']}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            path="source.selectors"
            label="Selectors (optional)"
            placeholder={'jobs_waiting{queue="email"}\napp_pool_in_use'}
            hint={'More series to keep, one a line: a metric name, optionally with {label="value"} matchers.'}
            rows={3}
            spellCheck={false}
            errors={errors}
            value={draft.selectors}
            onValueChange={(selectors) => set({ selectors })}
          />
        </>
      ) : (
        <fieldset className="fieldset" data-testid="source-queries">
          <legend className="fieldset__legend">Queries</legend>
          {draft.queries.map((query, index) => (
            <div className="query-row" key={query.id} role="group" aria-label={`Query ${index + 1}`}>
              <TextField
                path={`source.queries.${index}.name`}
                label="Name"
                placeholder="api_cpu"
                spellCheck={false}
                errors={errors}
                value={query.name}
                onValueChange={(name) => setQuery(query.id, { name })}
              />
              <TextField
                path={`source.queries.${index}.expr`}
                label="PromQL"
                placeholder='rate(process_cpu_seconds_total{job="api"}[1m])'
                spellCheck={false}
                errors={errors}
                value={query.expr}
                onValueChange={(expr) => setQuery(query.id, { expr })}
              />
              <SelectField
                path={`source.queries.${index}.role`}
                label="Role"
                errors={errors}
                value={query.role}
                options={ROLE_OPTIONS}
                onValueChange={(role) => setQuery(query.id, { role })}
              />
              {draft.queries.length > 1 ? (
                <button
                  type="button"
                  className="button button--icon"
                  aria-label={`Remove query ${index + 1}`}
                  onClick={() => set({ queries: draft.queries.filter((row) => row.id !== query.id) })}
                >
                  ×
                </button>
              ) : null}
            </div>
          ))}
          <button type="button" className="button button--secondary button--small" onClick={() => set({ queries: [...draft.queries, newQueryRow()] })}>
            + Add query
          </button>
          <TextField
            path="source.stepSeconds"
            label="Step (seconds)"
            inputMode="numeric"
            errors={errors}
            value={draft.stepSeconds}
            onValueChange={(stepSeconds) => set({ stepSeconds })}
          />
        </fieldset>
      )}
      <TextField
        path="source.cpuCores"
        label="CPU cores (optional)"
        inputMode="decimal"
        placeholder="4"
        hint="The cores it may use, when its metrics do not say: CPU is judged against them."
        errors={errors}
        value={draft.cpuCores}
        onValueChange={(cpuCores) => set({ cpuCores })}
      />
      <SelectField
        path="source.auth"
        label="Credentials"
        errors={errors}
        value={draft.auth}
        options={AUTH_OPTIONS}
        onValueChange={(auth) => set({ auth: auth as SourceDraft['auth'] })}
      />
      {draft.auth === 'bearer' ? (
        <TextField
          path="source.auth.token"
          label="Token"
          type="password"
          autoComplete="off"
          errors={errors}
          value={draft.token}
          onValueChange={(token) => set({ token })}
        />
      ) : null}
      {draft.auth === 'basic' ? (
        <div className="kv-row">
          <TextField
            path="source.auth.username"
            label="Username"
            autoComplete="off"
            errors={errors}
            value={draft.username}
            onValueChange={(username) => set({ username })}
          />
          <TextField
            path="source.auth.password"
            label="Password"
            type="password"
            autoComplete="off"
            errors={errors}
            value={draft.password}
            onValueChange={(password) => set({ password })}
          />
        </div>
      ) : null}
      {draft.auth !== 'none' ? (
        <p className="field__hint">
          Stored encrypted, never shown again, never on a shared report.
          {source && draft.auth === source.authType ? ' Leave blank to keep the stored one.' : ''}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
        {source ? (
          <SubmitButton pending={pending} pendingLabel="Saving…" testId="save-source">
            Save changes
          </SubmitButton>
        ) : (
          <SubmitButton pending={pending} pendingLabel="Adding…" testId="add-source">
            Add source
          </SubmitButton>
        )}
      </div>
    </form>
  );
}
