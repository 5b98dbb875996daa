import { TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { newKvRow, type KvRow } from './model/form-types';
import { removeById, patchById, type Update } from './editor-state';

interface KvRowsEditorProps {
  /** The contract path of the record ("scenarios.0.requests.1.headers"). */
  at: string;
  legend: string;
  /** Singular, for row labels and buttons: "header", "query parameter". */
  noun: string;
  keyLabel: string;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
  rows: KvRow[];
  errors: FieldErrors;
  onRows: Update<KvRow[]>;
  hint?: string;
}

/** Name/value rows (query, headers, form fields, metadata); an empty list is just its add button. */
export function KvRowsEditor({ at, legend, noun, keyLabel, keyPlaceholder, valuePlaceholder, rows, errors, onRows, hint }: KvRowsEditorProps) {
  const listError = errors[at];
  const add = (
    <button type="button" className="button button--ghost button--small" onClick={() => onRows((current) => [...current, newKvRow()])}>
      + {noun[0]!.toUpperCase() + noun.slice(1)}
    </button>
  );
  if (rows.length === 0 && !listError) return add;
  return (
    <fieldset className="fieldset subsection">
      <legend className="fieldset__legend">{legend}</legend>
      {hint ? <p className="fieldset__hint">{hint}</p> : null}
      {listError ? (
        <p className="field__error" role="alert">
          {listError}
        </p>
      ) : null}
      {rows.map((row, index) => (
        <div className="kv-row" key={row.id} role="group" aria-label={`${legend} ${index + 1}`}>
          <TextField
            path={`${at}.${index}.key`}
            label={keyLabel}
            placeholder={keyPlaceholder}
            autoComplete="off"
            spellCheck={false}
            errors={errors}
            value={row.key}
            onValueChange={(key) => onRows((current) => patchById(current, row.id, (r) => ({ ...r, key })))}
          />
          <TextField
            path={`${at}.${index}.value`}
            label="Value"
            placeholder={valuePlaceholder}
            autoComplete="off"
            spellCheck={false}
            errors={errors}
            value={row.value}
            onValueChange={(value) => onRows((current) => patchById(current, row.id, (r) => ({ ...r, value })))}
          />
          <button
            type="button"
            className="button button--icon"
            aria-label={`Remove ${noun} ${index + 1}`}
            onClick={() => onRows((current) => removeById(current, row.id))}
          >
            ×
          </button>
        </div>
      ))}
      {add}
    </fieldset>
  );
}
