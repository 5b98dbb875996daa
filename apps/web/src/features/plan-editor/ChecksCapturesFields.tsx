import { SelectField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { captureSourcePath, checkValuePath } from './model/field-paths';
import { newCapture, newCheck, type CaptureForm, type CheckForm, type JsonScalarType } from './model/form-types';
import { patchById, removeById, type Update } from './editor-state';

const CHECK_TYPES = [
  { value: 'status', label: 'Status equals' },
  { value: 'bodyContains', label: 'Body contains' },
  { value: 'jsonPath', label: 'JSON path equals' },
];
const SCALARS = [
  { value: 'string', label: 'text' },
  { value: 'number', label: 'number' },
  { value: 'boolean', label: 'true/false' },
  { value: 'null', label: 'null' },
];
const CAPTURE_FROM = [
  { value: 'json', label: 'JSON path' },
  { value: 'header', label: 'Response header' },
  { value: 'regex', label: 'Regular expression' },
];
const SOURCE_LABEL = { json: 'JSON path', header: 'Header name', regex: 'Pattern' } as const;
const SOURCE_PLACEHOLDER = { json: 'data.token', header: 'X-Session', regex: 'csrf=([a-z0-9]+)' } as const;

interface ChecksProps {
  at: string;
  checks: CheckForm[];
  errors: FieldErrors;
  onChecks: Update<CheckForm[]>;
}

/** Checks of an HTTP response; each counts in the run's check pass rate. */
export function ChecksFields({ at, checks, errors, onChecks }: ChecksProps) {
  const set = (id: number, patch: Partial<CheckForm>) => onChecks((current) => patchById(current, id, (row) => ({ ...row, ...patch })));
  const add = (
    <button type="button" className="button button--ghost button--small" onClick={() => onChecks((current) => [...current, newCheck()])}>
      + Check
    </button>
  );
  if (!checks.length) return add;
  return (
    <fieldset className="fieldset subsection">
      <legend className="fieldset__legend">Checks</legend>
      {checks.map((check, c) => {
        const path = `${at}.checks.${c}`;
        return (
          <div className="kv-row kv-row--wide" key={check.id} role="group" aria-label={`Check ${c + 1}`}>
            <SelectField
              path={`${path}.type`}
              label="Check"
              errors={errors}
              value={check.type}
              options={CHECK_TYPES}
              onValueChange={(type) => set(check.id, { type: type as CheckForm['type'], value: type === 'status' ? '200' : '' })}
            />
            <div className="inline-fields">
              {check.type === 'jsonPath' ? (
                <>
                  <TextField
                    path={`${path}.path`}
                    label="Path"
                    placeholder="data.items[0].id"
                    spellCheck={false}
                    errors={errors}
                    value={check.path}
                    onValueChange={(value) => set(check.id, { path: value })}
                  />
                  <SelectField
                    path={`${path}.equalsType`}
                    label="Type"
                    errors={errors}
                    value={check.equalsType}
                    options={SCALARS}
                    onValueChange={(value) => set(check.id, { equalsType: value as JsonScalarType })}
                  />
                </>
              ) : null}
              {check.type === 'jsonPath' && check.equalsType === 'null' ? null : (
                <TextField
                  path={`${path}.${checkValuePath(check.type)}`}
                  label={check.type === 'status' ? 'Status' : check.type === 'bodyContains' ? 'Text' : 'Equals'}
                  placeholder={check.type === 'status' ? '200' : check.type === 'bodyContains' ? '"ok":true' : check.equalsType === 'boolean' ? 'true' : ''}
                  {...(check.type === 'status' ? { type: 'number', inputMode: 'numeric' as const } : {})}
                  spellCheck={false}
                  errors={errors}
                  value={check.value}
                  onValueChange={(value) => set(check.id, { value })}
                />
              )}
            </div>
            <button
              type="button"
              className="button button--icon"
              aria-label={`Remove check ${c + 1}`}
              onClick={() => onChecks((current) => removeById(current, check.id))}
            >
              ×
            </button>
          </div>
        );
      })}
      {add}
    </fieldset>
  );
}

interface CapturesProps {
  at: string;
  captures: CaptureForm[];
  errors: FieldErrors;
  onCaptures: Update<CaptureForm[]>;
}

/** Values taken from a response, for later requests as {{name}}. */
export function CapturesFields({ at, captures, errors, onCaptures }: CapturesProps) {
  const set = (id: number, patch: Partial<CaptureForm>) => onCaptures((current) => patchById(current, id, (row) => ({ ...row, ...patch })));
  const add = (
    <button type="button" className="button button--ghost button--small" onClick={() => onCaptures((current) => [...current, newCapture()])}>
      + Capture
    </button>
  );
  if (!captures.length) return add;
  return (
    <fieldset className="fieldset subsection">
      <legend className="fieldset__legend">Captures</legend>
      <p className="fieldset__hint">Later requests use a captured value as {'{{name}}'}.</p>
      {captures.map((capture, c) => {
        const path = `${at}.captures.${c}`;
        return (
          <div className="kv-row kv-row--wide" key={capture.id} role="group" aria-label={`Capture ${c + 1}`}>
            <TextField
              path={`${path}.name`}
              label="Capture as"
              placeholder="token"
              spellCheck={false}
              autoComplete="off"
              errors={errors}
              value={capture.name}
              onValueChange={(name) => set(capture.id, { name })}
            />
            <div className="inline-fields">
              <SelectField
                path={`${path}.from`}
                label="From"
                errors={errors}
                value={capture.from}
                options={CAPTURE_FROM}
                onValueChange={(from) => set(capture.id, { from: from as CaptureForm['from'] })}
              />
              <TextField
                path={`${path}.${captureSourcePath(capture.from)}`}
                label={SOURCE_LABEL[capture.from]}
                placeholder={SOURCE_PLACEHOLDER[capture.from]}
                spellCheck={false}
                errors={errors}
                value={capture.source}
                onValueChange={(source) => set(capture.id, { source })}
              />
              {capture.from === 'regex' ? (
                <TextField
                  path={`${path}.group`}
                  label="Group"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  hint="0 = whole match"
                  errors={errors}
                  value={capture.group}
                  onValueChange={(group) => set(capture.id, { group })}
                />
              ) : null}
            </div>
            <button
              type="button"
              className="button button--icon"
              aria-label={`Remove capture ${c + 1}`}
              onClick={() => onCaptures((current) => removeById(current, capture.id))}
            >
              ×
            </button>
          </div>
        );
      })}
      {add}
    </fieldset>
  );
}
