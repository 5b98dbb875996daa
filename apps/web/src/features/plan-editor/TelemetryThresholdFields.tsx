import { LATENCY_STATS, type LatencyStat, type TelemetryFigure } from '@loadline/shared';
import { SelectField, TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import type { ThresholdForm } from './model/form-types';
import { addsUpOverSources, isSecondFigure, TELEMETRY_FIGURE_FORM, TELEMETRY_FIGURE_OPTIONS } from './model/telemetry-threshold';

const STATS = LATENCY_STATS.map((stat) => ({ value: stat, label: `${stat} of its seconds` }));

interface TelemetryThresholdFieldsProps {
  at: string;
  threshold: ThresholdForm;
  errors: FieldErrors;
  set: (patch: Partial<ThresholdForm>) => void;
}

/**
 * What a telemetry threshold asks beyond op and value: the metric source (by the name it has
 * on the target), its figure, and for a figure read every second which statistic of its
 * seconds to judge. Judged when the run ends; never scoped to a request, never a stop rule.
 */
export function TelemetryThresholdFields({ at, threshold, errors, set }: TelemetryThresholdFieldsProps) {
  const perSecond = isSecondFigure(threshold.figure);
  return (
    <>
      <TextField
        path={`${at}.source`}
        label="Metric source"
        placeholder={addsUpOverSources(threshold.figure) ? 'every source' : 'api'}
        hint={addsUpOverSources(threshold.figure) ? "a source's name on the target; empty: all of them added up" : "a source's name on the target"}
        spellCheck={false}
        errors={errors}
        value={threshold.source}
        onValueChange={(source) => set({ source })}
      />
      <SelectField
        path={`${at}.figure`}
        label="Figure"
        errors={errors}
        value={threshold.figure}
        options={TELEMETRY_FIGURE_OPTIONS}
        onValueChange={(figure) => set({ figure: figure as TelemetryFigure, windowAfter: '', windowUntil: '' })}
      />
      {perSecond ? (
        <SelectField
          path={`${at}.stat`}
          label="Statistic"
          errors={errors}
          value={threshold.stat}
          options={STATS}
          onValueChange={(stat) => set({ stat: stat as LatencyStat })}
        />
      ) : (
        <div className="field field--placeholder" aria-hidden="true" />
      )}
    </>
  );
}

/** The value's label and hint for a telemetry figure. */
export const telemetryValueText = (figure: TelemetryFigure) => ({
  label: `Value (${TELEMETRY_FIGURE_FORM[figure].unit})`,
  hint: TELEMETRY_FIGURE_FORM[figure].hint,
});
