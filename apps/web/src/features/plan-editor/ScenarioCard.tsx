import { CheckboxField, SelectField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { LoadFields, DURATION_HINT } from './LoadFields';
import { StepCard, ThinkTimeFields } from './StepCard';
import { capturesAvailable, focus, moveRow, patchById, removeById, type TargetContext, type Update } from './editor-state';
import { defaultStep, rowId, type Flow, type ScenarioForm } from './model/form-types';
import { formatDuration, type ScenarioTiming } from './model/timeline';

const FLOWS = [
  { value: 'weighted', label: 'Weighted mix' },
  { value: 'sequence', label: 'Sequence (a user flow)' },
];
const FLOW_HINT = {
  weighted: 'each iteration sends one request, picked by weight',
  sequence: 'each iteration sends every request, in order',
} as const;
const PROTOCOL_NAME = { http: 'HTTP', ws: 'WebSocket', grpc: 'gRPC' } as const;

interface ScenarioCardProps {
  index: number;
  count: number;
  scenario: ScenarioForm;
  timing: ScenarioTiming | undefined;
  target: TargetContext | null;
  errors: FieldErrors;
  onScenario: Update<ScenarioForm>;
  onMove: (delta: -1 | 1) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  /** A request name not used anywhere in the plan. */
  freeName: () => string;
}

export function ScenarioCard({ index, count, scenario, timing, target, errors, onScenario, onMove, onDuplicate, onRemove, freeName }: ScenarioCardProps) {
  const at = `scenarios.${index}`;
  const n = index + 1;
  const set = (patch: Partial<ScenarioForm>) => onScenario((current) => ({ ...current, ...patch }));
  const onSteps = focus(onScenario, 'steps');
  const computedStart = timing?.start;
  const weighted = scenario.flow === 'weighted';
  const protocol = target?.protocol ?? 'http';
  const stepsError = errors[`${at}.requests`];

  return (
    <section className="section scenario-card" role="group" aria-label={`Scenario ${n}`} data-testid={`scenario-${n}`}>
      <div className="scenario-card__head">
        <h3 className="section__title scenario-card__title">
          Scenario {n}
          {scenario.name.trim() ? <span className="muted"> · {scenario.name.trim()}</span> : null}
        </h3>
        <span className="row-card__tools">
          <button type="button" className="button button--icon" aria-label={`Move scenario ${n} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className="button button--icon" aria-label={`Move scenario ${n} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            ↓
          </button>
          <button type="button" className="button button--ghost button--small" aria-label={`Duplicate scenario ${n}`} onClick={onDuplicate}>
            Duplicate
          </button>
          <button type="button" className="button button--ghost button--small" aria-label={`Remove scenario ${n}`} disabled={count <= 1} onClick={onRemove}>
            Remove
          </button>
        </span>
      </div>
      <div className="grid grid--2">
        <TextField
          path={`${at}.name`}
          label="Scenario name"
          placeholder="baseline"
          hint="letters, digits, _ and -"
          errors={errors}
          value={scenario.name}
          onValueChange={(name) => set({ name })}
        />
        <SelectField
          path={`${at}.flow`}
          label="Flow"
          hint={FLOW_HINT[scenario.flow]}
          errors={errors}
          value={scenario.flow}
          options={FLOWS}
          onValueChange={(flow) => set({ flow: flow as Flow })}
        />
      </div>
      <LoadFields at={`${at}.load`} load={scenario.load} errors={errors} onLoad={focus(onScenario, 'load')} />
      <fieldset className="fieldset subsection">
        <legend className="fieldset__legend">When it runs</legend>
        <div className="grid grid--3 grid--timing">
          {index > 0 ? (
            <CheckboxField
              path={`${at}.startAfterPrevious`}
              label="Start after the previous scenario"
              hint="its start follows the scenario above"
              checked={scenario.startAfterPrevious}
              onCheckedChange={(on) =>
                // Switching it off keeps the start it had, as a time to edit.
                set(
                  on
                    ? { startAfterPrevious: true }
                    : { startAfterPrevious: false, startTime: computedStart != null ? formatDuration(computedStart) : scenario.startTime },
                )
              }
            />
          ) : null}
          <TextField
            path={`${at}.startTime`}
            label="Start time"
            hint={scenario.startAfterPrevious ? 'computed from the scenarios above' : `from the start of the run; ${DURATION_HINT}`}
            readOnly={scenario.startAfterPrevious && index > 0}
            errors={errors}
            value={scenario.startAfterPrevious && index > 0 ? (computedStart != null ? formatDuration(computedStart) : '—') : scenario.startTime}
            onValueChange={(startTime) => set({ startTime })}
          />
          <TextField
            path={`${at}.gracefulStop`}
            label="Graceful stop"
            hint="time running iterations get at the end"
            errors={errors}
            value={scenario.gracefulStop}
            onValueChange={(gracefulStop) => set({ gracefulStop })}
          />
        </div>
        <ThinkTimeFields at={at} think={scenario.think} label="Pause at the end of each iteration" errors={errors} onThink={(think) => set({ think })} />
      </fieldset>
      <fieldset className="fieldset subsection">
        <legend className="fieldset__legend">Requests</legend>
        <p className="fieldset__hint">
          {weighted ? 'Each iteration picks one request by weight.' : 'Each iteration sends these requests in order; captures feed later requests.'} Paths are
          relative to the target’s base URL
          {target?.baseUrl ? (
            <>
              {' '}
              (<code>{target.baseUrl}</code>)
            </>
          ) : null}
          .
        </p>
        {stepsError ? (
          <p className="field__error" role="alert">
            {stepsError}
          </p>
        ) : null}
        <div className="rows">
          {scenario.steps.map((step, r) => (
            <StepCard
              key={step.id}
              at={`${at}.requests.${r}`}
              index={r}
              count={scenario.steps.length}
              step={step}
              weighted={weighted}
              captures={capturesAvailable(scenario, r)}
              variableNames={target?.variableNames ?? []}
              dataReferences={target?.dataReferences ?? []}
              mismatch={target && step.protocol !== protocol ? PROTOCOL_NAME[protocol] : null}
              errors={errors}
              onStep={(fn) => onSteps((steps) => patchById(steps, step.id, fn))}
              onMove={(delta) => onSteps((steps) => moveRow(steps, r, delta))}
              onDuplicate={() =>
                onSteps((steps) => [...steps.slice(0, r + 1), { ...structuredClone(step), id: rowId(), name: freeName() }, ...steps.slice(r + 1)])
              }
              onRemove={() => onSteps((steps) => removeById(steps, step.id))}
            />
          ))}
        </div>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onSteps((steps) => [...steps, defaultStep(protocol, freeName())])}
        >
          + Add {PROTOCOL_NAME[protocol]} request
        </button>
      </fieldset>
    </section>
  );
}
