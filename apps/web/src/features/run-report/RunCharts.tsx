import { useMemo, useState } from 'react';
import type { SeriesPoint } from '@loadline/shared';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import {
  ALL_REQUESTS,
  DEFAULT_LATENCY_SELECTION,
  PERCENTILES,
  latencyChart,
  loadChart,
  requestNames,
  throughputChart,
  type ComplianceBand,
  type LatencySelection,
  type Percentile,
} from './series-data';
import { NO_ANNOTATIONS, type ChartAnnotations } from './chart-annotations';

const NO_BANDS: readonly ComplianceBand[] = [];

interface RunChartsProps {
  points: readonly SeriesPoint[];
  /** Request names in plan order (the rest follow alphabetically). */
  requestOrder?: readonly string[];
  live?: boolean;
  /** While live, the x axis spans the planned duration so the lines grow across it. */
  plannedSeconds?: number;
  /** Latency thresholds on a share of seconds: their limit and the seconds over it. */
  bands?: readonly ComplianceBand[];
  /** Latency limits, the plan's phases and the moment a stop rule stopped the run. */
  annotations?: ChartAnnotations;
}

/** Latency (selectable requests and percentiles), throughput with errors, and load over time. */
export function RunCharts({ points, requestOrder = [], live = false, plannedSeconds, bands = NO_BANDS, annotations = NO_ANNOTATIONS }: RunChartsProps) {
  const [selection, setSelection] = useState<LatencySelection>(DEFAULT_LATENCY_SELECTION);
  const names = useMemo(() => requestNames(points, requestOrder), [points, requestOrder]);
  // A request that vanished from the series (another run, a renamed request) drops out.
  const effective = useMemo<LatencySelection>(() => {
    const requests = selection.requests.filter((name) => name === ALL_REQUESTS || names.includes(name));
    return { ...selection, requests: requests.length ? requests : [ALL_REQUESTS] };
  }, [selection, names]);
  // Rebuilt when the points or the selection change (not on every render: uPlot would redraw).
  const latency = useMemo(() => latencyChart(points, effective, bands, annotations), [points, effective, bands, annotations]);
  const throughput = useMemo(() => throughputChart(points, annotations), [points, annotations]);
  const load = useMemo(() => loadChart(points, annotations), [points, annotations]);
  const xMax = live ? plannedSeconds : undefined;

  const toggleRequest = (name: string) =>
    setSelection((current) => {
      const has = current.requests.includes(name);
      const next = has ? current.requests.filter((r) => r !== name) : [...current.requests, name];
      return next.length ? { ...current, requests: next } : current;
    });
  const togglePercentile = (stat: Percentile) =>
    setSelection((current) => {
      const has = current.percentiles.includes(stat);
      const next = has ? current.percentiles.filter((p) => p !== stat) : [...current.percentiles, stat];
      return next.length ? { ...current, percentiles: PERCENTILES.filter((p) => next.includes(p)) } : current;
    });

  return (
    <div className="charts" data-testid="run-charts">
      <section className="charts__panel charts__panel--wide" aria-labelledby="chart-latency-title">
        <div className="charts__head">
          <h3 className="charts__title" id="chart-latency-title">
            Latency <span className="charts__unit">ms</span>
          </h3>
          <div className="charts__controls">
            {names.length > 1 ? (
              <fieldset className="toggle-group">
                <legend className="toggle-group__legend">Requests</legend>
                {[ALL_REQUESTS, ...names].map((name) => (
                  <label key={name || '(all)'} className="toggle">
                    <input
                      type="checkbox"
                      checked={effective.requests.includes(name)}
                      onChange={() => toggleRequest(name)}
                      data-testid={`chart-request-${name || 'all'}`}
                    />
                    <span>{name === ALL_REQUESTS ? 'All requests' : name}</span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <fieldset className="toggle-group">
              <legend className="toggle-group__legend">Percentiles</legend>
              {PERCENTILES.map((stat) => (
                <label key={stat} className="toggle">
                  <input type="checkbox" checked={effective.percentiles.includes(stat)} onChange={() => togglePercentile(stat)} />
                  <span>{stat}</span>
                </label>
              ))}
            </fieldset>
          </div>
        </div>
        <TimeSeriesChart model={latency} label="Latency over time" height={240} minXMax={xMax} zoomable={!live} testId="chart-latency" />
      </section>
      <section className="charts__panel" aria-labelledby="chart-throughput-title">
        <div className="charts__head">
          <h3 className="charts__title" id="chart-throughput-title">
            Throughput and errors <span className="charts__unit">req/s · error %</span>
          </h3>
        </div>
        <TimeSeriesChart
          model={throughput}
          label="Requests per second and error rate over time"
          height={200}
          minXMax={xMax}
          zoomable={!live}
          testId="chart-throughput"
        />
      </section>
      <section className="charts__panel" aria-labelledby="chart-load-title">
        <div className="charts__head">
          <h3 className="charts__title" id="chart-load-title">
            Virtual users{load.lines.length > 1 ? ' and generator CPU' : ''} <span className="charts__unit">VUs{load.lines.length > 1 ? ' · %' : ''}</span>
          </h3>
        </div>
        <TimeSeriesChart model={load} label="Virtual users over time" height={200} minXMax={xMax} zoomable={!live} testId="chart-load" />
      </section>
    </div>
  );
}
