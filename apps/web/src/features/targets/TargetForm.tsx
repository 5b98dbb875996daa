import { useState, type FormEvent } from 'react';
import { createTargetSchema, updateTargetSchema, type TargetView, type TargetWarning } from '@loadline/shared';
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
  withoutField,
} from '../../forms/field-errors';
import { DuplicateUrlNote } from './DuplicateUrlNote';
import { SecretsEditor, schemeHint } from './SecretsEditor';
import { mapSecretErrors, secretEdits, secretPatch, secretValues, type SecretEdits } from './secret-edits';
import { useCreateTarget, useUpdateTarget } from './hooks';

interface TargetFormProps {
  /** Editing a stored target (PATCH); without it the form creates one. */
  target?: TargetView;
  /** With the creation's warnings (another target has this base URL); none after an edit. */
  onSaved?: (target: TargetView & { warnings?: TargetWarning[] }) => void;
}

export function TargetForm({ target, onSaved }: TargetFormProps) {
  const create = useCreateTarget();
  const update = useUpdateTarget(target?.id ?? '');
  const saving = target ? update : create;
  const [name, setName] = useState(target?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(target?.baseUrl ?? '');
  const [headers, setHeaders] = useState<SecretEdits>(() => secretEdits(target?.headerNames));
  const [variables, setVariables] = useState<SecretEdits>(() => secretEdits(target?.variableNames));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);

  const rowPaths = (kind: 'headers' | 'variables', edits: SecretEdits) => [
    ...edits.existing.map((_, i) => `${kind}.existing.${i}`),
    ...edits.added.flatMap((_, i) => [`${kind}.${i}.name`, `${kind}.${i}.value`]),
  ];
  const fieldPaths = ['name', 'baseUrl', ...rowPaths('headers', headers), ...rowPaths('variables', variables)];
  const mapErrors = (raw: FieldErrors) => mapSecretErrors(mapSecretErrors(raw, 'headers', headers), 'variables', variables);

  function showErrors(next: FieldErrors) {
    setErrors(next);
    focusFirstError(next, fieldPaths);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setSavedNote(null);
    const headerPart = target ? secretPatch(headers, 'headers') : secretValues(headers, 'headers');
    const variablePart = target ? secretPatch(variables, 'variables') : secretValues(variables, 'variables');
    const input = { name, baseUrl: baseUrl.trim(), headers: headerPart.record, variables: variablePart.record };
    const parsed = target ? updateTargetSchema.safeParse(input) : createTargetSchema.safeParse(input);
    const clientErrors = mergeFieldErrors(
      headerPart.errors,
      variablePart.errors,
      parsed.success
        ? NO_ERRORS
        : mapErrors(zodErrorToFieldErrors(parsed.error, { input, nouns: { baseUrl: 'the base URL, such as https://api.example.com' } })),
    );
    if (hasErrors(clientErrors) || !parsed.success) return showErrors(clientErrors);
    setErrors(NO_ERRORS);

    const onError = (error: unknown) => {
      const fromApi = isApiError(error) ? mapErrors(detailsToFieldErrors(error.details)) : NO_ERRORS;
      // When fields show every problem, the headline need not repeat them.
      const claimed = hasErrors(fromApi) && unclaimedErrors(fromApi, fieldPaths).length === 0;
      setFormError(claimed ? 'The target was not saved: see the highlighted field.' : errorMessage(error));
      if (hasErrors(fromApi)) showErrors(fromApi);
    };
    const onSuccess = (saved: TargetView) => {
      if (target) {
        setHeaders(secretEdits(saved.headerNames));
        setVariables(secretEdits(saved.variableNames));
        setSavedNote('Saved.');
      } else {
        setName('');
        setBaseUrl('');
        setHeaders(secretEdits());
        setVariables(secretEdits());
      }
      onSaved?.(saved);
    };
    if (target) update.mutate(parsed.data as Parameters<typeof update.mutate>[0], { onSuccess, onError });
    else create.mutate(parsed.data as Parameters<typeof create.mutate>[0], { onSuccess, onError });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={target ? 'Edit target' : 'New target'}>
      <FormErrorSummary message={formError} details={unclaimedErrors(errors, fieldPaths)} />
      <TextField
        path="name"
        label="Name"
        placeholder="Checkout API"
        errors={errors}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setErrors((shown) => withoutField(shown, 'name'));
        }}
        required
      />
      <TextField
        path="baseUrl"
        label="Base URL"
        type="url"
        inputMode="url"
        placeholder="https://api.example.com"
        hint={schemeHint(baseUrl)}
        errors={errors}
        value={baseUrl}
        onValueChange={(value) => {
          setBaseUrl(value);
          setErrors((shown) => withoutField(shown, 'baseUrl'));
        }}
        required
      />
      <DuplicateUrlNote baseUrl={baseUrl} exceptId={target?.id} />
      <SecretsEditor kind="headers" edits={headers} errors={errors} onEdits={setHeaders} />
      <SecretsEditor kind="variables" edits={variables} errors={errors} onEdits={setVariables} />
      <div className="form__actions">
        {savedNote ? (
          <span className="small text-success" role="status">
            {savedNote}
          </span>
        ) : null}
        <button type="submit" className="button button--primary" disabled={saving.isPending}>
          {saving.isPending ? 'Saving…' : target ? 'Save target' : 'Create target'}
        </button>
      </div>
    </form>
  );
}
