import { LATENCY_STATS, STOP_MIN_OFFENDERS, THRESHOLD_OPS, type LatencyStat, type ThresholdOp } from '@loadline/shared';
import { CheckboxField, SelectField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { isPercentMetric, isRelativeThreshold } from './model/to-spec';
import { newThreshold, type ScopeKind, type ThresholdForm, type ThresholdMetric } from './model/form-types';
import { patchById, removeById, type Update } from './editor-state';
import { TelemetryThresholdFields, telemetryValueText } from './TelemetryThresholdFields';
import { isSecondFigure } from './model/telemetry-threshold';

const METRICS = [
  { value: 'latency', label: 'Latency' },
  { value: 'error_rate', label: 'Error rate' },
  { value: 'rps', label: 'Requests / s' },
  { value: 'check_rate', label: 'Check pass rate' },
  { value: 'status_share', label: 'Share of a status' },
  { value: 'telemetry', label: "Target's telemetry" },
];
const STATS = LATENCY_STATS.map((stat) => ({ value: stat, label: stat }));
const OP_LABELS: Record<ThresholdOp, string> = { '<': '< below', '<=': '≤ at most', '>': '> above', '>=': '≥ at least' };
const OPS = THRESHOLD_OPS.map((op) => ({ value: op, label: OP_LABELS[op] }));
const UNIT: Record<Exclude<ThresholdMetric, 'telemetry'>, string> = { latency: 'ms', error_rate: '%', rps: 'req/s', check_rate: '%', status_share: '%' };
const VALUE_HINT: Record<Exclude<ThresholdMetric, 'telemetry'>, string> = {
  latency: 'milliseconds',
  error_rate: 'percent of requests, e.g. 1 for 1 %',
  rps: 'requests per second achieved',
  check_rate: 'percent of checks passed, e.g. 99',
  status_share: 'percent of responses, e.g. 1 for 1 %',
};

interface ThresholdsSectionProps {
  thresholds: ThresholdForm[];
  /** Report rows the plan has (request names, WebSocket "(connect)" rows) and scenario names. */
  requestNames: string[];
  scenarioNames: string[];
  /** A custom script names its own requests: scopes are typed. */
  freeScopes: boolean;
  errors: FieldErrors;
  onThresholds: Update<ThresholdForm[]>;
}

/** The scope select's value: "" (whole run), "request:NAME", "scenario:NAME", or "<kind>:*" for a typed name. */
function scopeValue(threshold: ThresholdForm, requestNames: string[], scenarioNames: string[]): string {
  if (threshold.scopeKind === 'run') return '';
  const known = threshold.scopeKind === 'request' ? requestNames : scenarioNames;
  return known.includes(threshold.scopeName) ? `${threshold.scopeKind}:${threshold.scopeName}` : `${threshold.scopeKind}:*`;
}

export function ThresholdsSection({ thresholds, requestNames, scenarioNames, freeScopes, errors, onThresholds }: ThresholdsSectionProps) {
  return (
    <fieldset className="fieldset section">
      <legend className="section__title">Thresholds (SLA)</legend>
      <p className="section__hint">
        Each requirement gets a PASS, FAIL or INCONCLUSIVE verdict. A run passes when all of them pass. Times count from the start of the load, in whole
        seconds.
      </p>
      {thresholds.length === 0 ? <p className="muted">No thresholds: runs will be reported without a verdict.</p> : null}
      <div className="rows">
        {thresholds.map((threshold, index) => {
          const at = `thresholds.${index}`;
          const set = (patch: Partial<ThresholdForm>) => onThresholds((current) => patchById(current, threshold.id, (row) => ({ ...row, ...patch })));
          const value = scopeValue(threshold, requestNames, scenarioNames);
          const options = [
            { value: '', label: 'Whole run' },
            ...requestNames.map((name) => ({ value: `request:${name}`, label: `Request: ${name}` })),
            ...(threshold.metric === 'check_rate' ? [] : scenarioNames.map((name) => ({ value: `scenario:${name}`, label: `Scenario: ${name}` }))),
            { value: 'request:*', label: freeScopes ? 'A request named…' : 'Another request…' },
            ...(threshold.metric === 'check_rate' ? [] : [{ value: 'scenario:*', label: freeScopes ? 'A scenario named…' : 'Another scenario…' }]),
          ];
          const typed = value.endsWith(':*');
          const relative = isRelativeThreshold(threshold);
          const canBeRelative = threshold.metric === 'latency' || threshold.metric === 'rps';
          // Telemetry is read per source over the whole run and judged when it ends: no scope, no stop rule.
          const telemetry = threshold.metric === 'telemetry';
          const windowed = !telemetry || isSecondFigure(threshold.figure);
          const valueText =
            threshold.metric === 'telemetry'
              ? telemetryValueText(threshold.figure)
              : {
                  label: relative ? 'Value (% of baseline)' : `Value (${UNIT[threshold.metric]})`,
                  hint: relative
                    ? threshold.metric === 'rps'
                      ? 'e.g. 95: at least 95 % of the baseline'
                      : 'e.g. 110: at most 10 % above the baseline'
                    : VALUE_HINT[threshold.metric],
                };
          return (
            <div className="row-card row-card--compact" key={threshold.id} role="group" aria-label={`Threshold ${index + 1}`}>
              <div className="grid grid--threshold-editor row-card__fields">
                <SelectField
                  path={`${at}.metric`}
                  label="Metric"
                  errors={errors}
                  value={threshold.metric}
                  options={METRICS}
                  onValueChange={(metric) =>
                    set(
                      metric === 'telemetry'
                        ? { metric, scopeKind: 'run', scopeName: '', stopAfter: '', relative: false, value: '80' }
                        : { metric: metric as ThresholdMetric },
                    )
                  }
                />
                {telemetry ? (
                  <TelemetryThresholdFields at={at} threshold={threshold} errors={errors} set={set} />
                ) : threshold.metric === 'latency' ? (
                  <SelectField
                    path={`${at}.stat`}
                    label="Statistic"
                    errors={errors}
                    value={threshold.stat}
                    options={STATS}
                    onValueChange={(stat) => set({ stat: stat as LatencyStat })}
                  />
                ) : threshold.metric === 'status_share' ? (
                  <TextField
                    path={`${at}.status`}
                    label="Status"
                    placeholder="429"
                    hint="429, 5xx or grpc:UNAVAILABLE"
                    spellCheck={false}
                    errors={errors}
                    value={threshold.status}
                    onValueChange={(status) => set({ status })}
                  />
                ) : (
                  <div className="field field--placeholder" aria-hidden="true" />
                )}
                <SelectField
                  path={`${at}.op`}
                  label="Operator"
                  errors={errors}
                  value={threshold.op}
                  options={OPS}
                  onValueChange={(op) => set({ op: op as ThresholdOp })}
                />
                <TextField
                  path={`${at}.value`}
                  label={valueText.label}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={telemetry ? undefined : 0}
                  max={relative ? undefined : isPercentMetric(threshold.metric) ? 100 : undefined}
                  hint={valueText.hint}
                  errors={errors}
                  value={threshold.value}
                  onValueChange={(text) => set({ value: text })}
                />
                {telemetry ? null : (
                  <SelectField
                    className="grid__span-2"
                    path={`${at}.scope`}
                    label="Applies to"
                    errors={errors}
                    value={value}
                    options={options}
                    onValueChange={(next) => {
                      if (!next) return set({ scopeKind: 'run', scopeName: '' });
                      const [kind, ...rest] = next.split(':');
                      const name = rest.join(':');
                      set({ scopeKind: kind as ScopeKind, scopeName: name === '*' ? '' : name });
                    }}
                  />
                )}
                {typed && !telemetry ? (
                  <TextField
                    path={`${at}.scopeName`}
                    label={threshold.scopeKind === 'request' ? 'Request name' : 'Scenario name'}
                    spellCheck={false}
                    errors={errors}
                    value={threshold.scopeName}
                    onValueChange={(scopeName) => set({ scopeName })}
                  />
                ) : null}
                {canBeRelative ? (
                  <CheckboxField
                    className="grid__span-2"
                    path={`${at}.relativeTo`}
                    label="Relative to the baseline"
                    hint="judged against the same figure of the plan's baseline run, with the noise of both runs: PASS, FAIL, or INCONCLUSIVE when the runs cannot tell"
                    errors={errors}
                    checked={threshold.relative}
                    onCheckedChange={(checked) =>
                      set({ relative: checked, value: checked ? (threshold.metric === 'rps' ? '95' : '110') : threshold.metric === 'rps' ? '100' : '500' })
                    }
                  />
                ) : null}
                {windowed ? (
                  <>
                    <TextField
                      className="grid__row-start"
                      path={`${at}.window.after`}
                      label="Judge after"
                      placeholder="e.g. 30s"
                      hint="leave out a warm-up: only seconds from here on count"
                      spellCheck={false}
                      errors={errors}
                      value={threshold.windowAfter}
                      onValueChange={(windowAfter) => set({ windowAfter })}
                    />
                    <TextField
                      path={`${at}.window.until`}
                      label="Judge until"
                      placeholder="to the end"
                      hint="seconds from here on do not count"
                      spellCheck={false}
                      errors={errors}
                      value={threshold.windowUntil}
                      onValueChange={(windowUntil) => set({ windowUntil })}
                    />
                  </>
                ) : null}
                {['latency', 'error_rate', 'status_share'].includes(threshold.metric) && !threshold.relative ? (
                  <TextField
                    className="grid__span-2"
                    path={`${at}.compliance.share`}
                    label="Met in at least (% of seconds)"
                    placeholder="the whole run"
                    hint="e.g. 99: each second is judged on its own requests, and the limit must hold in that share of them (not with a stop rule)"
                    inputMode="decimal"
                    errors={errors}
                    value={threshold.compliancePercent}
                    onValueChange={(compliancePercent) => set({ compliancePercent })}
                    data-testid={`threshold-compliance-${index}`}
                  />
                ) : null}
                {telemetry ? null : (
                  <TextField
                    className="grid__span-2"
                    path={`${at}.stop.after`}
                    label="Stop the run when breached for"
                    placeholder="never"
                    hint={`e.g. 10s: every second that long in breach, with at least ${STOP_MIN_OFFENDERS} requests over the line, ends the run FAILED`}
                    spellCheck={false}
                    errors={errors}
                    value={threshold.stopAfter}
                    onValueChange={(stopAfter) => set({ stopAfter })}
                  />
                )}
              </div>
              <button
                type="button"
                className="button button--icon"
                aria-label={`Remove threshold ${index + 1}`}
                onClick={() => onThresholds((current) => removeById(current, threshold.id))}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" onClick={() => onThresholds((current) => [...current, newThreshold()])}>
          + Add threshold
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onThresholds((current) => [...current, newThreshold({ metric: 'status_share', status: '429', value: '1' })])}
        >
          + 429 under 1 %
        </button>
      </div>
    </fieldset>
  );
}
