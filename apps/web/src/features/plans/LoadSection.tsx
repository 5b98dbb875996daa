import { SelectField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { newStageRow, patchRow, type Executor, type PlanFormState, type StageRow } from './plan-form-model';

export type FormUpdate = (update: (state: PlanFormState) => PlanFormState) => void;

interface SectionProps {
  state: PlanFormState;
  errors: FieldErrors;
  onChange: FormUpdate;
}

const EXECUTORS = [
  { value: 'constant-vus', label: 'Constant VUs' },
  { value: 'ramping-vus', label: 'Ramping VUs' },
  { value: 'constant-arrival-rate', label: 'Constant arrival rate' },
  { value: 'ramping-arrival-rate', label: 'Ramping arrival rate' },
] as const;

const EXECUTOR_HINT: Record<Executor, string> = {
  'constant-vus': 'A fixed number of virtual users for the whole duration.',
  'ramping-vus': 'Virtual users ramp towards each stage’s target over its duration.',
  'constant-arrival-rate': 'A fixed number of requests started per time unit, however slowly the target answers.',
  'ramping-arrival-rate': 'The request rate ramps towards each stage’s target; VUs are added from the pool as needed.',
};

const DURATION_HINT = 'k6 duration: 30s, 2m, 1m30s';

export function LoadSection({ state, errors, onChange }: SectionProps) {
  const executor = state.executor;
  return (
    <fieldset className="fieldset section">
      <legend className="section__title">Load profile</legend>
      <SelectField
        path="load.executor"
        label="Executor"
        errors={errors}
        value={executor}
        options={EXECUTORS}
        hint={EXECUTOR_HINT[executor]}
        onValueChange={(value) => onChange((s) => ({ ...s, executor: value as Executor }))}
      />
      {executor === 'constant-vus' ? (
        <div className="grid grid--2">
          <NumberField path="load.vus" label="Virtual users" min={1} errors={errors} value={state.vus} onValueChange={(vus) => onChange((s) => ({ ...s, vus }))} />
          <DurationField path="load.duration" label="Duration" errors={errors} value={state.duration} onValueChange={(duration) => onChange((s) => ({ ...s, duration }))} />
        </div>
      ) : null}

      {executor === 'ramping-vus' ? (
        <>
          <div className="grid grid--2">
            <NumberField path="load.startVUs" label="Start VUs" min={0} errors={errors} value={state.startVUs} onValueChange={(startVUs) => onChange((s) => ({ ...s, startVUs }))} />
          </div>
          <StagesEditor
            rows={state.stages}
            targetLabel="Target VUs"
            errors={errors}
            onRows={(update) => onChange((s) => ({ ...s, stages: update(s.stages) }))}
          />
        </>
      ) : null}

      {executor === 'constant-arrival-rate' ? (
        <>
          <div className="grid grid--3">
            <NumberField
              path="load.rate"
              label="Rate"
              min={1}
              hint="requests per time unit"
              errors={errors}
              value={state.rate}
              onValueChange={(rate) => onChange((s) => ({ ...s, rate }))}
            />
            <DurationField path="load.timeUnit" label="Time unit" placeholder="1s" hint="1s, 1m" errors={errors} value={state.timeUnit} onValueChange={(timeUnit) => onChange((s) => ({ ...s, timeUnit }))} />
            <DurationField path="load.duration" label="Duration" errors={errors} value={state.duration} onValueChange={(duration) => onChange((s) => ({ ...s, duration }))} />
          </div>
          <VuPool state={state} errors={errors} onChange={onChange} />
        </>
      ) : null}

      {executor === 'ramping-arrival-rate' ? (
        <>
          <div className="grid grid--2">
            <NumberField
              path="load.startRate"
              label="Start rate"
              min={0}
              hint="requests per time unit"
              errors={errors}
              value={state.startRate}
              onValueChange={(startRate) => onChange((s) => ({ ...s, startRate }))}
            />
            <DurationField path="load.timeUnit" label="Time unit" placeholder="1s" hint="1s, 1m" errors={errors} value={state.timeUnit} onValueChange={(timeUnit) => onChange((s) => ({ ...s, timeUnit }))} />
          </div>
          <StagesEditor
            rows={state.rateStages}
            targetLabel="Target rate"
            errors={errors}
            onRows={(update) => onChange((s) => ({ ...s, rateStages: update(s.rateStages) }))}
          />
          <VuPool state={state} errors={errors} onChange={onChange} />
        </>
      ) : null}
    </fieldset>
  );
}

type FieldProps = {
  path: string;
  label: string;
  errors: FieldErrors;
  value: string;
  hint?: string;
  placeholder?: string;
  min?: number;
  onValueChange: (value: string) => void;
};

function NumberField({ min, ...props }: FieldProps) {
  return <TextField {...props} type="number" inputMode="numeric" min={min} />;
}

function DurationField({ hint = DURATION_HINT, placeholder = '30s', ...props }: FieldProps) {
  return <TextField {...props} hint={hint} placeholder={placeholder} />;
}

/** The pool an arrival-rate executor starts its iterations from. */
function VuPool({ state, errors, onChange }: SectionProps) {
  return (
    <div className="grid grid--2">
      <NumberField
        path="load.preAllocatedVUs"
        label="Pre-allocated VUs"
        min={1}
        hint="started before the load begins"
        errors={errors}
        value={state.preAllocatedVUs}
        onValueChange={(preAllocatedVUs) => onChange((s) => ({ ...s, preAllocatedVUs }))}
      />
      <NumberField
        path="load.maxVUs"
        label="Max VUs (optional)"
        min={1}
        hint="more VUs when the target slows down; blank = no more"
        errors={errors}
        value={state.maxVUs}
        onValueChange={(maxVUs) => onChange((s) => ({ ...s, maxVUs }))}
      />
    </div>
  );
}

interface StagesEditorProps {
  rows: StageRow[];
  targetLabel: string;
  targetHint?: string;
  errors: FieldErrors;
  onRows: (update: (rows: StageRow[]) => StageRow[]) => void;
}

function StagesEditor({ rows, targetLabel, targetHint, errors, onRows }: StagesEditorProps) {
  return (
    <>
      <div className="rows" aria-label="Stages">
        {rows.map((stage, index) => (
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
                onValueChange={(duration) => onRows((current) => patchRow(current, stage.id, { duration }))}
              />
              <TextField
                path={`load.stages.${index}.target`}
                label={targetLabel}
                type="number"
                inputMode="numeric"
                min={0}
                hint={targetHint}
                errors={errors}
                value={stage.target}
                onValueChange={(target) => onRows((current) => patchRow(current, stage.id, { target }))}
              />
            </div>
            <button
              type="button"
              className="button button--icon"
              aria-label={`Remove stage ${index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => onRows((current) => current.filter((row) => row.id !== stage.id))}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      <button type="button" className="button button--secondary button--small" onClick={() => onRows((current) => [...current, newStageRow('30s', '0')])}>
        + Add stage
      </button>
    </>
  );
}
