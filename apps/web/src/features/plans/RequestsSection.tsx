import { HTTP_METHODS } from '@loadline/shared';
import { SelectField, TextAreaField, TextField } from '../../forms/Fields';
import { errorAt, type FieldErrors } from '../../forms/field-errors';
import type { FormUpdate } from './LoadSection';
import { BODY_METHODS, newRequestRow, patchRow, type HttpMethod, type PlanFormState } from './plan-form-model';

interface SectionProps {
  state: PlanFormState;
  errors: FieldErrors;
  onChange: FormUpdate;
}

const METHOD_OPTIONS = HTTP_METHODS.map((method) => ({ value: method, label: method }));

export function RequestsSection({ state, errors, onChange }: SectionProps) {
  const listError = errors['requests'];
  return (
    <fieldset className="fieldset section">
      <legend className="section__title">Requests</legend>
      <p className="section__hint">
        Each virtual user picks requests by weight. Paths are relative to the target's base URL.
      </p>
      {listError ? (
        <p className="field__error" role="alert">
          {listError}
        </p>
      ) : null}
      <div className="rows">
        {state.requests.map((request, index) => {
          const update = (patch: Partial<typeof request>) =>
            onChange((s) => ({ ...s, requests: patchRow(s.requests, request.id, patch) }));
          const showBody = BODY_METHODS.includes(request.method) || errorAt(errors, `requests.${index}.body`);
          return (
            <div className="row-card" key={request.id} role="group" aria-label={`Request ${index + 1}`}>
              <div className="row-card__head">
                <span className="row-card__title">Request {index + 1}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Remove request ${index + 1}`}
                  disabled={state.requests.length <= 1}
                  onClick={() => onChange((s) => ({ ...s, requests: s.requests.filter((row) => row.id !== request.id) }))}
                >
                  Remove
                </button>
              </div>
              <div className="grid grid--request">
                <TextField
                  path={`requests.${index}.name`}
                  label="Name"
                  placeholder="GetListing"
                  hint="Shown in reports"
                  errors={errors}
                  value={request.name}
                  onValueChange={(name) => update({ name })}
                />
                <SelectField
                  path={`requests.${index}.method`}
                  label="Method"
                  errors={errors}
                  value={request.method}
                  options={METHOD_OPTIONS}
                  onValueChange={(method) => update({ method: method as HttpMethod })}
                />
                <TextField
                  path={`requests.${index}.path`}
                  label="Path"
                  placeholder="/listings/1"
                  className="grid__wide"
                  spellCheck={false}
                  errors={errors}
                  value={request.path}
                  onValueChange={(path) => update({ path })}
                />
                <TextField
                  path={`requests.${index}.expect`}
                  label="Expected statuses"
                  placeholder="200, 204"
                  hint="Comma list; blank = any 2xx/3xx"
                  errors={errors}
                  value={request.expectedStatuses}
                  onValueChange={(expectedStatuses) => update({ expectedStatuses })}
                />
                <TextField
                  path={`requests.${index}.weight`}
                  label="Weight"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  errors={errors}
                  value={request.weight}
                  onValueChange={(weight) => update({ weight })}
                />
              </div>
              {showBody ? (
                <TextAreaField
                  path={`requests.${index}.body`}
                  label="Body (optional)"
                  placeholder='{"q": "shoes"}'
                  rows={3}
                  spellCheck={false}
                  errors={errors}
                  value={request.body}
                  onValueChange={(body) => update({ body })}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange((s) => ({ ...s, requests: [...s.requests, newRequestRow({ name: `request${s.requests.length + 1}` })] }))}
      >
        + Add request
      </button>
    </fieldset>
  );
}
