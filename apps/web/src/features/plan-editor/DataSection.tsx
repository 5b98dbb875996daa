import { Link } from 'react-router';
import { DATA_USE_MODES, type DataSetView, type DataUseMode } from '@loadline/shared';
import { SelectField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { useDataSets } from '../data-sets';
import { patchById, removeById, type Update } from './editor-state';
import { newDataUse, type DataUseForm } from './model/form-types';

const MODE_LABEL: Record<DataUseMode, string> = {
  unique: 'Unique: each row at most once in the run',
  'per-vu': 'Per VU: each VU keeps one row',
  sequential: 'Sequential: round robin',
  random: 'Random: a row drawn each iteration',
};

interface DataSectionProps {
  data: DataUseForm[];
  /** Custom scripts read the files themselves: the section then says where they are. */
  script: boolean;
  errors: FieldErrors;
  onData: Update<DataUseForm[]>;
}

/** A {{data.set.column}} the editor offers, and whether its cells are secret. */
export interface DataReference {
  text: string;
  secret: boolean;
}

/** The references the plan's chosen sets offer, in the order of the section. */
export function dataReferences(data: readonly DataUseForm[], sets: readonly DataSetView[] | undefined): DataReference[] {
  return data.flatMap((use) => {
    const set = sets?.find((candidate) => candidate.name === use.set);
    return set ? set.latest.columns.map((column) => ({ text: `{{data.${set.name}.${column.name}}}`, secret: column.secret })) : [];
  });
}

/** The data sets the plan uses (docs/plans.md#plans-that-use-data-sets): which, how rows are handed out, and their columns. */
export function DataSection({ data, script, errors, onData }: DataSectionProps) {
  const sets = useDataSets();
  const available = sets.data ?? [];
  return (
    <fieldset className="fieldset section" data-testid="data-section">
      <legend className="section__title">Test data</legend>
      <p className="section__hint">
        Rows of an organization’s <Link to="/data-sets">data set</Link> for each iteration: use a column as <code>{'{{data.<set>.<column>}}'}</code> in paths,
        headers, bodies and checks.
        {script ? ' A custom script finds the file of its segment’s rows at __ENV.LOADLINE_DATA_<SET>.' : ''}
      </p>
      {sets.isError ? <p className="field__error">The data sets could not be loaded.</p> : null}
      <div className="rows">
        {data.map((use, index) => {
          const at = `data.${index}`;
          const set = available.find((candidate) => candidate.name === use.set);
          const change = (values: Partial<DataUseForm>) => onData((current) => patchById(current, use.id, (row) => ({ ...row, ...values })));
          return (
            <div className="row-card row-card--compact" key={use.id} role="group" aria-label={`Data set ${index + 1}`}>
              <div className="grid row-card__fields">
                <SelectField
                  path={`${at}.set`}
                  label="Data set"
                  placeholder={available.length ? 'Choose a data set' : 'No data sets yet'}
                  errors={errors}
                  value={use.set}
                  options={available.map((candidate) => ({ value: candidate.name, label: `${candidate.name} (${candidate.latest.rowCount} rows)` }))}
                  onValueChange={(name) => change({ set: name })}
                />
                <SelectField
                  path={`${at}.mode`}
                  label="Rows handed out"
                  errors={errors}
                  value={use.mode}
                  options={DATA_USE_MODES.map((mode) => ({ value: mode, label: MODE_LABEL[mode] }))}
                  onValueChange={(mode) => change({ mode: mode as DataUseMode })}
                />
                {use.mode === 'unique' ? (
                  <SelectField
                    path={`${at}.whenExhausted`}
                    label="When rows run out"
                    errors={errors}
                    value={use.whenExhausted}
                    options={[
                      { value: 'stop', label: 'Stop the run' },
                      { value: 'wrap', label: 'Start over from the first row' },
                    ]}
                    onValueChange={(whenExhausted) => change({ whenExhausted: whenExhausted as DataUseForm['whenExhausted'] })}
                  />
                ) : null}
              </div>
              {set ? (
                <p className="template-hint">
                  <span className="muted small">Columns:</span>{' '}
                  {dataReferences([use], available).map((reference) => (
                    <code
                      key={reference.text}
                      className={reference.secret ? 'chip chip--secret' : 'chip chip--capture'}
                      title={reference.secret ? 'a secret column: sent to the target, never shown in reports' : undefined}
                    >
                      {reference.text}
                    </code>
                  ))}
                </p>
              ) : null}
              <button
                type="button"
                className="button button--icon"
                aria-label={`Remove data set ${index + 1}`}
                onClick={() => onData((current) => removeById(current, use.id))}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" onClick={() => onData((current) => [...current, newDataUse()])}>
          + Use a data set
        </button>
      </div>
    </fieldset>
  );
}
