import type { Executor } from '@loadline/shared';
import { SelectField, TextField } from '../../forms/Fields';
import { fieldId, type FieldErrors } from '../../forms/field-errors';
import { newStage, type LoadForm, type StageForm } from './model/form-types';
import { moveRow, patchById, removeById, type Update } from './editor-state';

const EXECUTORS: { value: Executor; label: string }[] = [
  { value: 'constant-vus', label: 'Constant VUs' },
  { value: 'ramping-vus', label: 'Ramping VUs' },
  { value: 'constant-arrival-rate', label: 'Constant arrival rate' },
  { value: 'ramping-arrival-rate', label: 'Ramping arrival rate' },
  { value: 'per-vu-iterations', label: 'Iterations per VU' },
  { value: 'shared-iterations', label: 'Shared iterations' },
];

const EXECUTOR_HINT: Record<Executor, string> = {
  'constant-vus': 'A fixed number of virtual users for the whole duration.',
  'ramping-vus': 'Virtual users ramp towards each stage’s target over its duration.',
  'constant-arrival-rate': 'A fixed number of iterations started per time unit, however slowly the target answers.',
  'ramping-arrival-rate': 'The iteration rate ramps towards each stage’s target; VUs come from the pool as needed.',
  'per-vu-iterations': 'Each VU runs the same number of iterations, then stops (or at the max duration).',
  'shared-iterations': 'The VUs share a total number of iterations; fast VUs do more of them.',
};

export const DURATION_HINT = 'k6 duration: 30s, 2m, 1m30s';

interface LoadFieldsProps {
  at: string;
  load: LoadForm;
  errors: FieldErrors;
  onLoad: Update<LoadForm>;
}

export function LoadFields({ at, load, errors, onLoad }: LoadFieldsProps) {
  const set = (patch: Partial<LoadForm>) => onLoad((current) => ({ ...current, ...patch }));
  const field = (name: keyof LoadForm, label: string, extra: { hint?: string; placeholder?: string; numeric?: boolean; min?: number } = {}) => (
    <TextField
      path={`${at}.${name}`}
      label={label}
      hint={extra.hint ?? (extra.numeric ? undefined : DURATION_HINT)}
      placeholder={extra.placeholder}
      {...(extra.numeric ? { type: 'number', inputMode: 'numeric' as const, min: extra.min ?? 0 } : {})}
      errors={errors}
      value={load[name] as string}
      onValueChange={(value) => set({ [name]: value } as Partial<LoadForm>)}
    />
  );
  const pool = (
    <div className="grid grid--2">
      {field('preAllocatedVUs', 'Pre-allocated VUs', { numeric: true, min: 1, hint: 'started before the load begins' })}
      {field('maxVUs', 'Max VUs (optional)', { numeric: true, min: 1, hint: 'more VUs when the target slows down; blank = no more' })}
    </div>
  );
  return (
    <>
      <SelectField
        path={`${at}.executor`}
        label="Executor"
        errors={errors}
        value={load.executor}
        options={EXECUTORS}
        hint={EXECUTOR_HINT[load.executor]}
        onValueChange={(executor) => set({ executor: executor as Executor })}
      />
      {load.executor === 'constant-vus' ? (
        <div className="grid grid--2">
          {field('vus', 'Virtual users', { numeric: true, min: 1 })}
          {field('duration', 'Duration')}
        </div>
      ) : null}
      {load.executor === 'ramping-vus' ? (
        <>
          <div className="grid grid--2">
            {field('startVUs', 'Start VUs', { numeric: true })}
            {field('gracefulRampDown', 'Graceful ramp-down', { hint: 'time iterations get to finish when a stage lowers the VUs' })}
          </div>
          <StagesEditor
            at={at}
            rows={load.vuStages}
            targetLabel="Target VUs"
            errors={errors}
            onRows={(fn) => onLoad((current) => ({ ...current, vuStages: fn(current.vuStages) }))}
          />
        </>
      ) : null}
      {load.executor === 'constant-arrival-rate' ? (
        <>
          <div className="grid grid--3">
            {field('rate', 'Rate', { numeric: true, min: 1, hint: 'iterations per time unit' })}
            {field('timeUnit', 'Time unit', { hint: '1s, 1m', placeholder: '1s' })}
            {field('duration', 'Duration')}
          </div>
          {pool}
        </>
      ) : null}
      {load.executor === 'ramping-arrival-rate' ? (
        <>
          <div className="grid grid--2">
            {field('startRate', 'Start rate', { numeric: true, hint: 'iterations per time unit' })}
            {field('timeUnit', 'Time unit', { hint: '1s, 1m', placeholder: '1s' })}
          </div>
          <StagesEditor
            at={at}
            rows={load.rateStages}
            targetLabel="Target rate"
            errors={errors}
            onRows={(fn) => onLoad((current) => ({ ...current, rateStages: fn(current.rateStages) }))}
          />
          {pool}
        </>
      ) : null}
      {load.executor === 'per-vu-iterations' || load.executor === 'shared-iterations' ? (
        <div className="grid grid--3">
          {field('vus', 'Virtual users', { numeric: true, min: 1 })}
          {field('iterations', load.executor === 'per-vu-iterations' ? 'Iterations per VU' : 'Iterations in total', { numeric: true, min: 1 })}
          {field('maxDuration', 'Max duration', { hint: 'stops here even if iterations remain' })}
        </div>
      ) : null}
    </>
  );
}

interface StagesEditorProps {
  at: string;
  rows: StageForm[];
  targetLabel: string;
  errors: FieldErrors;
  onRows: Update<StageForm[]>;
}

/** Ramp shapes people ask for most, as stages (the targets can be edited afterwards). */
function shapeStages(kind: 'ramp-hold' | 'ramp-hold-down' | 'spike' | 'steps', peak: number): StageForm[] {
  const p = String(peak);
  switch (kind) {
    case 'ramp-hold':
      return [newStage('1m', p), newStage('3m', p)];
    case 'ramp-hold-down':
      return [newStage('1m', p), newStage('3m', p), newStage('1m', '0')];
    case 'spike':
      return [
        newStage('1m', String(Math.max(1, Math.round(peak / 10)))),
        newStage('10s', p),
        newStage('1m', p),
        newStage('10s', String(Math.max(1, Math.round(peak / 10)))),
      ];
    case 'steps':
      return [1, 2, 3, 4].flatMap((step) => [newStage('10s', String(Math.round((peak * step) / 4))), newStage('1m', String(Math.round((peak * step) / 4)))]);
  }
}

function StagesEditor({ at, rows, targetLabel, errors, onRows }: StagesEditorProps) {
  const listError = errors[`${at}.stages`];
  const peak = Math.max(1, ...rows.map((row) => Number(row.target) || 0));
  return (
    <fieldset className="fieldset subsection">
      <legend className="fieldset__legend">Stages</legend>
      {listError ? (
        <p className="field__error" id={fieldId(`${at}.stages`)} tabIndex={-1} role="alert">
          {listError}
        </p>
      ) : null}
      <div className="rows">
        {rows.map((stage, index) => (
          <div className="row-card row-card--compact row-card--stage" key={stage.id} role="group" aria-label={`Stage ${index + 1}`}>
            <span className="row-card__index" aria-hidden="true">
              {index + 1}
            </span>
            <div className="grid grid--2 row-card__fields">
              <TextField
                path={`${at}.stages.${index}.duration`}
                label="Duration"
                placeholder="30s"
                errors={errors}
                value={stage.duration}
                onValueChange={(duration) => onRows((current) => patchById(current, stage.id, (row) => ({ ...row, duration })))}
              />
              <TextField
                path={`${at}.stages.${index}.target`}
                label={targetLabel}
                type="number"
                inputMode="numeric"
                min={0}
                errors={errors}
                value={stage.target}
                onValueChange={(target) => onRows((current) => patchById(current, stage.id, (row) => ({ ...row, target })))}
              />
            </div>
            <div className="row-card__tools">
              <button
                type="button"
                className="button button--icon"
                aria-label={`Move stage ${index + 1} up`}
                disabled={index === 0}
                onClick={() => onRows((current) => moveRow(current, index, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--icon"
                aria-label={`Remove stage ${index + 1}`}
                disabled={rows.length <= 1}
                onClick={() => onRows((current) => removeById(current, stage.id))}
              >
                ×
              </button>
            </div>
          </div>
        ))}
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onRows((current) => [...current, newStage('30s', current.at(-1)?.target ?? '0')])}
        >
          + Add stage
        </button>
        <label className="inline-select">
          <span className="sr-only">Replace the stages with a shape</span>
          <select
            className="input select input--small"
            value=""
            onChange={(event) => {
              const kind = event.target.value as Parameters<typeof shapeStages>[0];
              if (kind) onRows(() => shapeStages(kind, peak));
            }}
          >
            <option value="">Shape…</option>
            <option value="ramp-hold">Ramp up, hold</option>
            <option value="ramp-hold-down">Ramp up, hold, ramp down</option>
            <option value="spike">Spike</option>
            <option value="steps">Four steps up</option>
          </select>
        </label>
      </div>
    </fieldset>
  );
}
