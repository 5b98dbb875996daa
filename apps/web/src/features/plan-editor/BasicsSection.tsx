import { Link } from 'react-router';
import type { TargetView } from '@loadline/shared';
import { SelectField, TextField } from '../../forms/Fields';
import { fieldId, type FieldErrors } from '../../forms/field-errors';
import { formatSeconds } from '../../format/time';
import type { PlanForm, PlanMode } from './model/form-types';
import { SegmentsField } from './SegmentsField';

const PROTOCOL_LABEL = { http: 'HTTP', ws: 'WebSocket', grpc: 'gRPC' } as const;

interface BasicsSectionProps {
  form: PlanForm;
  targets: TargetView[];
  errors: FieldErrors;
  /** A saved plan keeps its kind (scenarios or script). */
  modeLocked: boolean;
  onChange: (patch: Partial<PlanForm>) => void;
}

export function BasicsSection({ form, targets, errors, modeLocked, onChange }: BasicsSectionProps) {
  const target = targets.find((candidate) => candidate.id === form.targetId);
  const options = targets.map((candidate) => ({ value: candidate.id, label: `${candidate.name} — ${candidate.baseUrl}` }));
  return (
    <fieldset className="fieldset section">
      <legend className="section__title">Basics</legend>
      <div className="grid grid--2">
        <TextField
          path="name"
          label="Plan name"
          placeholder="listings baseline"
          errors={errors}
          value={form.name}
          onValueChange={(name) => onChange({ name })}
        />
        <SelectField
          path="targetId"
          label="Target"
          placeholder="Choose a target…"
          errors={errors}
          value={form.targetId}
          options={options}
          hint={target ? <TargetFacts target={target} /> : undefined}
          onValueChange={(targetId) => onChange({ targetId })}
        />
      </div>
      <div className="grid grid--2">
        <fieldset className="fieldset">
          <legend className="field__label">What the run executes</legend>
          <div className="radio-row" role="radiogroup" aria-label="What the run executes">
            {(
              [
                ['scenarios', 'Scenarios built here'],
                ['script', 'A custom k6 script'],
              ] as const
            ).map(([value, label], i) => (
              <label className="checkbox-label" key={value}>
                <input
                  id={i === 0 ? fieldId('mode') : undefined}
                  type="radio"
                  name="plan-mode"
                  value={value}
                  checked={form.mode === value}
                  disabled={modeLocked && form.mode !== value}
                  onChange={() => onChange({ mode: value as PlanMode })}
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
          {modeLocked ? <p className="field__hint">A saved plan keeps its kind; duplicate it to start the other way.</p> : null}
        </fieldset>
        <SegmentsField form={form} errors={errors} onSegments={(segments) => onChange({ segments })} />
      </div>
    </fieldset>
  );
}

function TargetFacts({ target }: { target: TargetView }) {
  return (
    <span className="target-facts" data-testid="target-facts">
      {PROTOCOL_LABEL[target.protocol]} target
      {target.variableNames.length ? (
        <>
          {' '}
          · variables{' '}
          {target.variableNames.map((name) => (
            <code key={name} className="chip chip--secret">{`{{vars.${name}}}`}</code>
          ))}
        </>
      ) : (
        ' · no secret variables'
      )}
      {target.unverifiedLimits ? (
        <>
          {' '}
          · unverified: runs up to {target.unverifiedLimits.maxVus} VUs for {formatSeconds(target.unverifiedLimits.maxDurationSeconds)} (
          <Link to={`/targets/${encodeURIComponent(target.id)}`}>verify</Link>)
        </>
      ) : null}
    </span>
  );
}
