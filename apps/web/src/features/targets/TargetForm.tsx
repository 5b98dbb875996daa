import { useState, type FormEvent } from 'react';
import { createTargetSchema, type TargetView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/States';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  hasErrors,
  mergeFieldErrors,
  unclaimedErrors,
  zodErrorToFieldErrors,
  type FieldErrors,
} from '../../forms/field-errors';
import { headerRowsToRecord, mapHeaderErrorsToRows, newHeaderRow, type HeaderRow } from './header-rows';
import { useCreateTarget } from './hooks';

interface TargetFormProps {
  onCreated?: (target: TargetView) => void;
}

export function TargetForm({ onCreated }: TargetFormProps) {
  const create = useCreateTarget();
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [rows, setRows] = useState<HeaderRow[]>([]);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);

  const fieldPaths = ['name', 'baseUrl', ...rows.flatMap((_, i) => [`headers.${i}.name`, `headers.${i}.value`])];

  function updateRow(id: number, patch: Partial<HeaderRow>) {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    focusFirstError(next, fieldPaths);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const { headers, errors: rowErrors } = headerRowsToRecord(rows);
    const parsed = createTargetSchema.safeParse({ name, baseUrl: baseUrl.trim(), headers });
    const zodErrors = parsed.success ? NO_ERRORS : mapHeaderErrorsToRows(zodErrorToFieldErrors(parsed.error), rows);
    const clientErrors = mergeFieldErrors(rowErrors, zodErrors);
    if (hasErrors(clientErrors) || !parsed.success) return showErrors(clientErrors);

    setErrors(NO_ERRORS);
    create.mutate(parsed.data, {
      onSuccess: (target) => {
        setName('');
        setBaseUrl('');
        setRows([]);
        onCreated?.(target);
      },
      onError: (error) => {
        setFormError(errorMessage(error));
        if (isApiError(error)) showErrors(mapHeaderErrorsToRows(detailsToFieldErrors(error.details), rows));
      },
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="New target">
      <FormErrorSummary message={formError} details={unclaimedErrors(errors, fieldPaths)} />
      <TextField path="name" label="Name" placeholder="Checkout API" errors={errors} value={name} onValueChange={setName} required />
      <TextField
        path="baseUrl"
        label="Base URL"
        type="url"
        inputMode="url"
        placeholder="https://api.example.com"
        hint="Requests in your plans are relative to this URL."
        errors={errors}
        value={baseUrl}
        onValueChange={setBaseUrl}
        required
      />
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Default headers</legend>
        <p className="fieldset__hint">Sent with every request. Values are stored encrypted and never shown again.</p>
        {rows.map((row, index) => (
          <div className="kv-row" key={row.id} role="group" aria-label={`Header ${index + 1}`}>
            <TextField
              path={`headers.${index}.name`}
              label="Header name"
              placeholder="Authorization"
              autoComplete="off"
              errors={errors}
              value={row.name}
              onValueChange={(value) => updateRow(row.id, { name: value })}
            />
            <TextField
              path={`headers.${index}.value`}
              label="Value"
              placeholder="Bearer …"
              autoComplete="off"
              errors={errors}
              value={row.value}
              onValueChange={(value) => updateRow(row.id, { value })}
            />
            <button
              type="button"
              className="button button--icon"
              aria-label={`Remove header ${index + 1}`}
              onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
            >
              ×
            </button>
          </div>
        ))}
        <button type="button" className="button button--secondary button--small" onClick={() => setRows((r) => [...r, newHeaderRow()])}>
          + Add header
        </button>
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create target'}
        </button>
      </div>
    </form>
  );
}
