import { SelectField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { newStageRow, patchRow, type Executor, type PlanFormState } from './plan-form-model';

export type FormUpdate = (update: (state: PlanFormState) => PlanFormState) => void;

interface SectionProps {
  state: PlanFormState;
  errors: FieldErrors;
  onChange: FormUpdate;
}

const EXECUTORS = [
  { value: 'constant-vus', label: 'Constant VUs' },
  { value: 'ramping-vus', label: 'Ramping VUs' },
] as const;

const EXECUTOR_HINT: Record<Executor, string> = {
  'constant-vus': 'A fixed number of virtual users for the whole duration.',
  'ramping-vus': 'Virtual users ramp towards each stage’s target over its duration.',
};

const DURATION_HINT = 'k6 duration: 30s, 2m, 1m30s';

export function LoadSection({ state, errors, onChange }: SectionProps) {
  return (
    <fieldset className="fieldset section">
      <legend className="section__title">Load profile</legend>
      <SelectField
        path="load.executor"
        label="Executor"
        errors={errors}
        value={state.executor}
        options={EXECUTORS}
        hint={EXECUTOR_HINT[state.executor]}
        onValueChange={(value) => onChange((s) => ({ ...s, executor: value as Executor }))}
      />
      {state.executor === 'constant-vus' ? (
        <div className="grid grid--2">
          <TextField
            path="load.vus"
            label="Virtual users"
            type="number"
            inputMode="numeric"
            min={1}
            errors={errors}
            value={state.vus}
            onValueChange={(vus) => onChange((s) => ({ ...s, vus }))}
          />
          <TextField
            path="load.duration"
            label="Duration"
            placeholder="30s"
            hint={DURATION_HINT}
            errors={errors}
            value={state.duration}
            onValueChange={(duration) => onChange((s) => ({ ...s, duration }))}
          />
        </div>
      ) : (
        <>
          <div className="grid grid--2">
            <TextField
              path="load.startVUs"
              label="Start VUs"
              type="number"
              inputMode="numeric"
              min={0}
              errors={errors}
              value={state.startVUs}
              onValueChange={(startVUs) => onChange((s) => ({ ...s, startVUs }))}
            />
          </div>
          <div className="rows" aria-label="Stages">
            {state.stages.map((stage, index) => (
              <div className="row-card row-card--compact" key={stage.id} role="group" aria-label={`Stage ${index + 1}`}>
                <span className="row-card__index" aria-hidden="true">
                  {index + 1}
                </span>
                <div className="grid grid--2 row-card__fields">
                  <TextField
                    path={`load.stages.${index}.duration`}
                    label="Duration"
                    placeholder="30s"
                    errors={errors}
                    value={stage.duration}
                    onValueChange={(duration) => onChange((s) => ({ ...s, stages: patchRow(s.stages, stage.id, { duration }) }))}
                  />
                  <TextField
                    path={`load.stages.${index}.target`}
                    label="Target VUs"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    errors={errors}
                    value={stage.target}
                    onValueChange={(target) => onChange((s) => ({ ...s, stages: patchRow(s.stages, stage.id, { target }) }))}
                  />
                </div>
                <button
                  type="button"
                  className="button button--icon"
                  aria-label={`Remove stage ${index + 1}`}
                  disabled={state.stages.length <= 1}
                  onClick={() => onChange((s) => ({ ...s, stages: s.stages.filter((row) => row.id !== stage.id) }))}
                >
                  ×
                </button>
              </div>
            ))}
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onChange((s) => ({ ...s, stages: [...s.stages, newStageRow('30s', '0')] }))}
          >
            + Add stage
          </button>
        </>
      )}
    </fieldset>
  );
}
