import { useMemo } from 'react';
import type { RunTelemetry, SeriesPoint } from '@loadline/shared';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { READ_ERROR_WORDS, loadStrip, sourceCharts, telemetryAxis, type SourceCharts } from './telemetry-charts';

interface TelemetryChartsProps {
  telemetry: RunTelemetry;
  /** The load's seconds (the run's series): the VUs above, and x = 0 at its first second. */
  points: readonly SeriesPoint[];
  live?: boolean;
  /** While live, the x axis spans the planned duration so the lines grow across it. */
  plannedSeconds?: number;
  /**
   * The public share page: failed reads are told by their kind only ("connection refused"),
   * never in the runner's words, which may name an address.
   */
  publicView?: boolean;
}

/**
 * The target's metrics over the run's seconds: the VUs on top, then per source one chart per
 * unit (cores, bytes, counts…) with a line per kept series, all on the load charts' time axis
 * (0 = the load's first second; the baseline before it is negative).
 */
export function TelemetryCharts({ telemetry, points, live = false, plannedSeconds, publicView = false }: TelemetryChartsProps) {
  const axis = useMemo(() => telemetryAxis(points, telemetry), [points, telemetry]);
  const load = useMemo(() => loadStrip(points, axis), [points, axis]);
  const sources = useMemo(() => telemetry.sources.map((source) => sourceCharts(source, axis)), [telemetry, axis]);
  const xMax = live ? plannedSeconds : undefined;

  return (
    <div className="charts" data-testid="telemetry-charts">
      <section className="charts__panel charts__panel--wide" aria-labelledby="telemetry-load-title">
        <div className="charts__head">
          <h3 className="charts__title" id="telemetry-load-title">
            Load <span className="charts__unit">VUs</span>
          </h3>
        </div>
        <TimeSeriesChart model={load} label="Virtual users over time" height={110} minXMax={xMax} zoomable={!live} testId="telemetry-load" />
      </section>
      {sources.map((source) => (
        <SourcePanel key={source.source} source={source} xMax={xMax} live={live} publicView={publicView} />
      ))}
    </div>
  );
}

function SourcePanel({ source, xMax, live, publicView }: { source: SourceCharts; xMax?: number; live: boolean; publicView: boolean }) {
  const titleId = `telemetry-source-${source.source}`;
  return (
    <section className="charts__panel charts__panel--wide" aria-labelledby={titleId} data-testid={`telemetry-source-${source.source}`}>
      <div className="charts__head">
        <h3 className="charts__title" id={titleId}>
          {source.source} <span className="charts__unit">{source.kind === 'promql' ? 'PromQL' : 'scraped'}</span>
        </h3>
      </div>
      {source.failures.length ? (
        <p className="small text-warning" data-testid="telemetry-read-failures">
          Not read for{' '}
          {source.failures
            .map((failure) => `${failure.seconds} s (${publicView ? READ_ERROR_WORDS[failure.code] : `${READ_ERROR_WORDS[failure.code]}: ${failure.message}`})`)
            .join(', ')}
          .
        </p>
      ) : null}
      {source.charts.length ? (
        source.charts.map((chart) => (
          <div key={chart.unit} className="stack-item">
            <p className="small muted">{chart.title}</p>
            <TimeSeriesChart
              model={chart.model}
              label={`${source.source}, ${chart.title}, over time`}
              height={160}
              minXMax={xMax}
              zoomable={!live}
              emptyText="No value read yet…"
              testId={`telemetry-chart-${source.source}-${chart.unit}`}
            />
          </div>
        ))
      ) : (
        <p className="muted small">{live ? 'Waiting for the first read…' : 'No series were kept from this source.'}</p>
      )}
    </section>
  );
}
