import { TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { GrpcStepFields } from './GrpcStepFields';
import { HttpStepFields } from './HttpStepFields';
import { WsStepFields } from './WsStepFields';
import type { StepForm, ThinkForm } from './model/form-types';
import type { Update } from './editor-state';

const PROTOCOL_LABEL = { http: 'HTTP', ws: 'WebSocket', grpc: 'gRPC' } as const;

interface StepCardProps {
  at: string;
  index: number;
  count: number;
  step: StepForm;
  weighted: boolean;
  /** Captures this step may use, and the target's variables. */
  captures: string[];
  variableNames: string[];
  /** Columns of the plan's data sets, as {{data.set.column}}. */
  dataReferences?: { text: string; secret: boolean }[];
  /** The protocol the target speaks, when this step speaks another. */
  mismatch: string | null;
  errors: FieldErrors;
  onStep: Update<StepForm>;
  onMove: (delta: -1 | 1) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

export function StepCard({
  at,
  index,
  count,
  step,
  weighted,
  captures,
  variableNames,
  dataReferences = [],
  mismatch,
  errors,
  onStep,
  onMove,
  onDuplicate,
  onRemove,
}: StepCardProps) {
  const set = (patch: Partial<StepForm>) => onStep((current) => ({ ...current, ...patch }));
  const n = index + 1;
  return (
    <div className="row-card step-card" role="group" aria-label={`Request ${n}`} data-protocol={step.protocol}>
      <div className="row-card__head">
        <span className="row-card__title">
          <span className="step-card__order" aria-hidden="true">
            {weighted ? '⚖' : `${n}.`}
          </span>{' '}
          {step.name.trim() || `Request ${n}`} <span className="pill pill--muted">{PROTOCOL_LABEL[step.protocol]}</span>
        </span>
        <span className="row-card__tools">
          <button type="button" className="button button--icon" aria-label={`Move request ${n} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className="button button--icon" aria-label={`Move request ${n} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            ↓
          </button>
          <button type="button" className="button button--ghost button--small" aria-label={`Duplicate request ${n}`} onClick={onDuplicate}>
            Duplicate
          </button>
          <button type="button" className="button button--ghost button--small" aria-label={`Remove request ${n}`} disabled={count <= 1} onClick={onRemove}>
            Remove
          </button>
        </span>
      </div>
      {mismatch ? (
        <p className="field__hint text-warning" role="note">
          This is a {PROTOCOL_LABEL[step.protocol]} step, but the target speaks {mismatch}.
        </p>
      ) : null}
      <div className={`grid ${weighted ? 'grid--name-weight' : ''}`}>
        <TextField
          path={`${at}.name`}
          label="Name"
          placeholder="GetListing"
          hint="a row in the report"
          errors={errors}
          value={step.name}
          onValueChange={(name) => set({ name })}
        />
        {weighted ? (
          <TextField
            path={`${at}.weight`}
            label="Weight"
            type="number"
            inputMode="numeric"
            min={1}
            hint="how often it is picked"
            errors={errors}
            value={step.weight}
            onValueChange={(weight) => set({ weight })}
          />
        ) : null}
      </div>
      {step.protocol === 'http' ? <HttpStepFields at={at} step={step} errors={errors} onStep={onStep} /> : null}
      {step.protocol === 'ws' ? <WsStepFields at={at} step={step} errors={errors} onStep={onStep} /> : null}
      {step.protocol === 'grpc' ? <GrpcStepFields at={at} step={step} errors={errors} onStep={onStep} /> : null}
      <ThinkTimeFields at={at} think={step.think} label="Pause after this request" errors={errors} onThink={(think) => set({ think })} />
      <TemplateHint captures={captures} variableNames={variableNames} dataReferences={dataReferences} />
    </div>
  );
}

interface ThinkTimeFieldsProps {
  at: string;
  think: ThinkForm;
  label: string;
  errors: FieldErrors;
  onThink: (think: ThinkForm) => void;
}

/** A pause drawn between min and max; one value is a fixed pause, none is no pause. */
export function ThinkTimeFields({ at, think, label, errors, onThink }: ThinkTimeFieldsProps) {
  return (
    <fieldset className="fieldset think-time">
      <legend className="fieldset__legend">{label}</legend>
      <div className="grid grid--2">
        <TextField
          path={`${at}.thinkTime.min`}
          label="Min"
          placeholder="1s"
          hint="blank = no pause"
          errors={errors}
          value={think.min}
          onValueChange={(min) => onThink({ ...think, min })}
        />
        <TextField
          path={`${at}.thinkTime.max`}
          label="Max"
          placeholder="3s"
          hint="random between min and max"
          errors={errors}
          value={think.max}
          onValueChange={(max) => onThink({ ...think, max })}
        />
      </div>
    </fieldset>
  );
}

/** What {{…}} may name at this step. */
function TemplateHint({
  captures,
  variableNames,
  dataReferences,
}: {
  captures: string[];
  variableNames: string[];
  dataReferences: { text: string; secret: boolean }[];
}) {
  if (!captures.length && !variableNames.length && !dataReferences.length) return null;
  return (
    <p className="template-hint">
      <span className="muted small">Usable in path, query, headers and body:</span>{' '}
      {captures.map((name) => (
        <code className="chip chip--capture" key={`c-${name}`}>{`{{${name}}}`}</code>
      ))}
      {variableNames.map((name) => (
        <code className="chip chip--secret" key={`v-${name}`} title="a secret variable of the target">{`{{vars.${name}}}`}</code>
      ))}
      {dataReferences.map((reference) => (
        <code
          className={reference.secret ? 'chip chip--secret' : 'chip chip--capture'}
          key={`d-${reference.text}`}
          title={reference.secret ? 'a secret column of a data set' : 'a column of a data set'}
        >
          {reference.text}
        </code>
      ))}
    </p>
  );
}
