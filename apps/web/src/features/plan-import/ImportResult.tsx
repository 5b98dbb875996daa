import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ImportedPlan, TargetView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { ErrorState, LoadingState, errorMessage } from '../../components/States';
import { SelectField, TextField } from '../../forms/Fields';
import { detailsToFieldErrors, NO_ERRORS, type FieldErrors } from '../../forms/field-errors';
import { useCan } from '../../session';
import type { ImportedDraftState } from '../plans';
import { useCreateTarget, useTargets } from '../targets';

/** The same service: scheme, host, port and path, ignoring a trailing slash. */
export function sameBaseUrl(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.protocol === y.protocol && x.host === y.host && x.pathname.replace(/\/+$/, '') === y.pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

export function matchingTarget(targets: readonly TargetView[], suggested: string | null): TargetView | undefined {
  return suggested ? targets.find((target) => sameBaseUrl(target.baseUrl, suggested)) : undefined;
}

/** The draft read from the document, its warnings, and the target it will run against. */
export function ImportResult({ result }: { result: ImportedPlan }) {
  const targets = useTargets();
  const requests = result.draft.spec.scenarios.flatMap((scenario) => scenario.requests);
  return (
    <div className="section" data-testid="import-result">
      <h2 className="section__title">Draft: {result.draft.name}</h2>
      <p className="muted small">
        {result.draft.spec.scenarios.length} scenario{result.draft.spec.scenarios.length === 1 ? '' : 's'}, {requests.length} request
        {requests.length === 1 ? '' : 's'}
        {result.suggestedBaseUrl ? (
          <>
            {' '}
            against <code>{result.suggestedBaseUrl}</code>
          </>
        ) : null}
        .
      </p>
      <ul className="plain-list mono small" data-testid="import-requests">
        {requests.slice(0, 12).map((request) => (
          <li key={request.name}>
            {request.protocol === 'http' ? `${request.method} ${request.path}` : request.name} <span className="muted">({request.name})</span>
          </li>
        ))}
        {requests.length > 12 ? <li className="muted">and {requests.length - 12} more</li> : null}
      </ul>
      {result.warnings.length ? (
        <div className="alert alert--warning" data-testid="import-warnings">
          <p className="alert__title">Check these before a run</p>
          <ul className="alert__list">
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="small text-success">Nothing was left out.</p>
      )}
      {targets.isPending ? (
        <LoadingState label="Loading targets…" />
      ) : targets.isError ? (
        <ErrorState title="Could not load your targets" error={targets.error} onRetry={() => void targets.refetch()} />
      ) : (
        <TargetChoice key={result.suggestedBaseUrl ?? ''} result={result} targets={targets.data} />
      )}
    </div>
  );
}

function TargetChoice({ result, targets }: { result: ImportedPlan; targets: TargetView[] }) {
  const navigate = useNavigate();
  const canCreate = useCan('targets:write');
  const create = useCreateTarget();
  const match = matchingTarget(targets, result.suggestedBaseUrl);
  const [mode, setMode] = useState<'existing' | 'new'>(match || !canCreate || !result.suggestedBaseUrl ? 'existing' : 'new');
  const [targetId, setTargetId] = useState(match?.id ?? (targets.length === 1 ? targets[0]!.id : ''));
  const [name, setName] = useState(result.suggestedBaseUrl ? new URL(result.suggestedBaseUrl).host : '');
  const [baseUrl, setBaseUrl] = useState(result.suggestedBaseUrl ?? '');
  const errors: FieldErrors = isApiError(create.error) ? detailsToFieldErrors(create.error.details) : NO_ERRORS;

  const open = (id: string) => {
    const state: ImportedDraftState = { imported: result, targetId: id };
    void navigate('/plans/new', { state });
  };

  return (
    <fieldset className="fieldset subsection" data-testid="import-target">
      <legend className="fieldset__legend">Target</legend>
      <div className="radio-row" role="radiogroup" aria-label="Target">
        <label className="checkbox-label">
          <input type="radio" name="import-target" checked={mode === 'existing'} onChange={() => setMode('existing')} disabled={!targets.length} />
          <span>An existing target{match ? ' (matches the document)' : ''}</span>
        </label>
        {canCreate ? (
          <label className="checkbox-label">
            <input type="radio" name="import-target" checked={mode === 'new'} onChange={() => setMode('new')} />
            <span>A new target</span>
          </label>
        ) : null}
      </div>
      {mode === 'existing' ? (
        <>
          <SelectField
            path="import.targetId"
            label="Existing target"
            placeholder="Choose a target…"
            errors={NO_ERRORS}
            value={targetId}
            options={targets.map((target) => ({ value: target.id, label: `${target.name} — ${target.baseUrl}` }))}
            onValueChange={setTargetId}
          />
          <button type="button" className="button button--primary" disabled={!targetId} onClick={() => open(targetId)} data-testid="import-open">
            Open in the editor
          </button>
        </>
      ) : (
        <>
          <TextField path="name" label="Target name" errors={errors} value={name} onValueChange={setName} />
          <TextField path="baseUrl" label="Base URL" hint="request paths are relative to it" errors={errors} value={baseUrl} onValueChange={setBaseUrl} />
          {create.isError && !Object.keys(errors).length ? (
            <p className="field__error" role="alert">
              {errorMessage(create.error)}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={create.isPending || !name.trim() || !baseUrl.trim()}
            onClick={() => create.mutate({ name: name.trim(), baseUrl: baseUrl.trim() }, { onSuccess: (target) => open(target.id) })}
            data-testid="import-create-target"
          >
            {create.isPending ? 'Creating…' : 'Create the target and open the editor'}
          </button>
        </>
      )}
    </fieldset>
  );
}
