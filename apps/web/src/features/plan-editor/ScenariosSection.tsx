import type { FieldErrors } from '../../forms/field-errors';
import { ScenarioCard } from './ScenarioCard';
import { moveRow, patchById, removeById, type TargetContext, type Update } from './editor-state';
import { copySteps, freeRequestName, freeScenarioName, scenarioTimings, sequentialPreset } from './model/timeline';
import { defaultStep, newScenario, rowId, type ScenarioForm } from './model/form-types';

interface ScenariosSectionProps {
  scenarios: ScenarioForm[];
  target: TargetContext | null;
  errors: FieldErrors;
  onScenarios: Update<ScenarioForm[]>;
}

export function ScenariosSection({ scenarios, target, errors, onScenarios }: ScenariosSectionProps) {
  const timings = scenarioTimings(scenarios);
  const protocol = target?.protocol ?? 'http';
  const listError = errors['scenarios'];

  const addScenario = () =>
    onScenarios((current) => {
      const name = freeScenarioName(current);
      return [...current, newScenario({ name, startAfterPrevious: true, steps: [defaultStep(protocol, freeRequestName(current, `${name} request`))] })];
    });
  const duplicate = (index: number) =>
    onScenarios((current) => {
      const source = current[index]!;
      const name = freeScenarioName(current, `${source.name.trim() || 'scenario'}-`);
      const copy = { ...structuredClone(source), id: rowId(), name, startAfterPrevious: true, steps: copySteps(source.steps, name) };
      return [...current.slice(0, index + 1), copy, ...current.slice(index + 1)];
    });
  const applyPreset = () => {
    const replacing = scenarios.length > 1 || scenarios[0]!.steps.length > 0;
    if (replacing && !window.confirm('Replace the scenarios with baseline → normal → peak? Their requests become copies of scenario 1’s.')) return;
    onScenarios((current) => sequentialPreset(current[0]?.steps.length ? current[0].steps : [defaultStep(protocol, 'home')]));
  };

  return (
    <div className="scenarios" aria-labelledby="scenarios-heading">
      <div className="scenarios__head">
        <h2 className="scenarios__title" id="scenarios-heading">
          Scenarios
        </h2>
        <p className="muted small">
          Scenarios run in parallel, or one after another with “Start after the previous scenario”. Each has its own load and requests; request names are report
          rows and must be unique across the plan.
        </p>
        {listError ? (
          <p className="field__error" role="alert">
            {listError}
          </p>
        ) : null}
      </div>
      {scenarios.map((scenario, index) => (
        <ScenarioCard
          key={scenario.id}
          index={index}
          count={scenarios.length}
          scenario={scenario}
          timing={timings[index]}
          target={target}
          errors={errors}
          onScenario={(fn) => onScenarios((current) => patchById(current, scenario.id, fn))}
          onMove={(delta) => onScenarios((current) => moveRow(current, index, delta))}
          onDuplicate={() => duplicate(index)}
          onRemove={() => onScenarios((current) => removeById(current, scenario.id))}
          freeName={() => freeRequestName(scenarios)}
        />
      ))}
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={addScenario}>
          + Add scenario
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={applyPreset}
          title="5 VUs for 2 min, then 30 VUs for 5 min, then 10 → 100 VUs over 3 min"
        >
          Use baseline → normal → peak
        </button>
      </div>
    </div>
  );
}
