import { useMemo, useState } from 'react';
import type { SourceFigures, SourceFigureKey, TrendPoint } from '@loadline/shared';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { TELEMETRY_FIGURE_LABEL, TREND_TELEMETRY_FIGURES, telemetryFigureUnit, telemetryTrendChart, trendTelemetrySources } from './telemetry-compare-format';

type Point = Pick<TrendPoint, 'createdAt' | 'planVersion'> & { telemetry?: readonly SourceFigures[] };

/** One metric source's figure over the plan's runs, chosen by source and figure; nothing when no run had sources. */
export function TrendTelemetryChart({ points, onPick }: { points: readonly Point[]; onPick?: (index: number) => void }) {
  const sources = useMemo(() => trendTelemetrySources(points), [points]);
  const [source, setSource] = useState('');
  const [figure, setFigure] = useState<SourceFigureKey>('cpuSecondsPer1kRequests');
  const chosen = sources.includes(source) ? source : (sources[0] ?? '');
  const chart = useMemo(() => telemetryTrendChart(points, chosen, figure), [points, chosen, figure]);
  if (!sources.length) return null;
  const unit = telemetryFigureUnit(figure);
  return (
    <section className="charts__panel charts__panel--wide" aria-labelledby="trend-telemetry-title" data-testid="trend-telemetry">
      <div className="charts__head">
        <h3 className="charts__title" id="trend-telemetry-title">
          Target telemetry {unit ? <span className="charts__unit">{unit === 'MiB' ? 'bytes' : unit}</span> : null}
        </h3>
      </div>
      <div className="trend-controls">
        <label className="field field--inline">
          <span className="field__label">Source</span>
          <select className="input select" value={chosen} onChange={(event) => setSource(event.target.value)} data-testid="trend-telemetry-source">
            {sources.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">Figure</span>
          <select
            className="input select"
            value={figure}
            onChange={(event) => setFigure(event.target.value as SourceFigureKey)}
            data-testid="trend-telemetry-figure"
          >
            {TREND_TELEMETRY_FIGURES.map((name) => (
              <option key={name} value={name}>
                {TELEMETRY_FIGURE_LABEL[name]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TimeSeriesChart
        model={chart}
        label={`${chosen}: ${TELEMETRY_FIGURE_LABEL[figure]} over runs`}
        height={220}
        testId="trend-telemetry-chart"
        pointsLabel="runs"
        emptyText={`No run has this figure of ${chosen}.`}
        onPick={onPick}
      />
      <p className="muted small">
        Each run’s figure from its telemetry report, as it ended; a gap where a run had no such source or figure. Lower is better for every figure here.
      </p>
    </section>
  );
}
