import { LATENCY_STATS, THRESHOLD_OPS, type LatencyStat, type ThresholdOp } from '@loadline/shared';
import { SelectField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import type { FormUpdate } from './LoadSection';
import { METRIC_UNITS, newThresholdRow, patchRow, type MetricKind, type PlanFormState } from './plan-form-model';

interface SectionProps {
  state: PlanFormState;
  errors: FieldErrors;
  onChange: FormUpdate;
}

const METRICS = [
  { value: 'latency', label: 'Latency' },
  { value: 'error_rate', label: 'Error rate' },
  { value: 'rps', label: 'Requests / s' },
] as const;

const STATS = LATENCY_STATS.map((stat) => ({ value: stat, label: stat }));
const OP_LABELS: Record<ThresholdOp, string> = { '<': '< below', '<=': '≤ at most', '>': '> above', '>=': '≥ at least' };
const OPS = THRESHOLD_OPS.map((op) => ({ value: op, label: OP_LABELS[op] }));

const VALUE_HINT: Record<MetricKind, string> = {
  latency: 'milliseconds',
  error_rate: 'percent of requests, e.g. 1 for 1 %',
  rps: 'requests per second',
};

export function ThresholdsSection({ state, errors, onChange }: SectionProps) {
  const requestNames = [...new Set(state.requests.map((request) => request.name.trim()).filter(Boolean))];
  const scopes = [{ value: '', label: 'Whole run' }, ...requestNames.map((name) => ({ value: name, label: name }))];

  return (
    <fieldset className="fieldset section">
      <legend className="section__title">Thresholds (SLA)</legend>
      <p className="section__hint">
        Each requirement gets a PASS, FAIL or INCONCLUSIVE verdict. A run passes when all of them pass.
      </p>
      {state.thresholds.length === 0 ? <p className="muted">No thresholds: runs will be reported without a verdict.</p> : null}
      <div className="rows">
        {state.thresholds.map((threshold, index) => {
          const update = (patch: Partial<typeof threshold>) =>
            onChange((s) => ({ ...s, thresholds: patchRow(s.thresholds, threshold.id, patch) }));
          // A scope whose request was renamed or removed stays selectable, so the error can show.
          const scopeOptions =
            threshold.request && !requestNames.includes(threshold.request)
              ? [...scopes, { value: threshold.request, label: `${threshold.request} (missing)` }]
              : scopes;
          return (
            <div className="row-card row-card--compact" key={threshold.id} role="group" aria-label={`Threshold ${index + 1}`}>
              <div className="grid grid--threshold row-card__fields">
                <SelectField
                  path={`thresholds.${index}.metric`}
                  label="Metric"
                  errors={errors}
                  value={threshold.metric}
                  options={METRICS}
                  onValueChange={(metric) => update({ metric: metric as MetricKind })}
                />
                {threshold.metric === 'latency' ? (
                  <SelectField
                    path={`thresholds.${index}.stat`}
                    label="Statistic"
                    errors={errors}
                    value={threshold.stat}
                    options={STATS}
                    onValueChange={(stat) => update({ stat: stat as LatencyStat })}
                  />
                ) : (
                  <div className="field field--placeholder" aria-hidden="true" />
                )}
                <SelectField
                  path={`thresholds.${index}.op`}
                  label="Operator"
                  errors={errors}
                  value={threshold.op}
                  options={OPS}
                  onValueChange={(op) => update({ op: op as ThresholdOp })}
                />
                <TextField
                  path={`thresholds.${index}.value`}
                  label={`Value (${METRIC_UNITS[threshold.metric]})`}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={0}
                  hint={VALUE_HINT[threshold.metric]}
                  errors={errors}
                  value={threshold.value}
                  onValueChange={(value) => update({ value })}
                />
                <SelectField
                  path={`thresholds.${index}.request`}
                  label="Applies to"
                  errors={errors}
                  value={threshold.request}
                  options={scopeOptions}
                  onValueChange={(request) => update({ request })}
                />
              </div>
              <button
                type="button"
                className="button button--icon"
                aria-label={`Remove threshold ${index + 1}`}
                onClick={() => onChange((s) => ({ ...s, thresholds: s.thresholds.filter((row) => row.id !== threshold.id) }))}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange((s) => ({ ...s, thresholds: [...s.thresholds, newThresholdRow()] }))}
      >
        + Add threshold
      </button>
    </fieldset>
  );
}
