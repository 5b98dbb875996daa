import { useMemo } from 'react';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { formatRps } from '../../format/numbers';
import { formatSeconds } from '../../format/time';
import { loadChartModel, planFigures, scenarioCurves } from './model/load-chart';
import type { ScenarioForm } from './model/form-types';

interface LoadProfileChartProps {
  scenarios: readonly ScenarioForm[];
  /** Limits of an unverified target, to compare the plan with. */
  limits?: { maxVus: number; maxDurationSeconds: number } | null;
  height?: number;
}

/** The planned load over time, redrawn as stages are edited, with what quotas will count. */
export function LoadProfileChart({ scenarios, limits, height = 200 }: LoadProfileChartProps) {
  const { curves, skipped } = useMemo(() => scenarioCurves(scenarios), [scenarios]);
  const model = useMemo(() => loadChartModel(curves), [curves]);
  const figures = planFigures(curves);
  const bounded = curves.filter((curve) => curve.upperBound).map((curve) => curve.name);
  const overLimits = !!limits && !!figures && (figures.reservedVus > limits.maxVus || figures.durationSeconds > limits.maxDurationSeconds);

  return (
    <div className="load-profile" data-testid="load-profile" data-peak-vus={figures?.peakVus ?? ''} data-duration={figures?.durationSeconds ?? ''}>
      <TimeSeriesChart
        model={model}
        label="Planned load over time"
        height={height}
        testId="load-chart"
        emptyText="Fix the load fields to see the profile."
        pointsLabel="points"
      />
      <dl className="facts facts--inline load-profile__facts">
        <div>
          <dt>Planned duration</dt>
          <dd data-testid="plan-duration">{figures ? formatSeconds(figures.durationSeconds) : '—'}</dd>
        </div>
        <div>
          <dt>Peak VUs</dt>
          <dd data-testid="plan-peak-vus">{figures ? figures.peakVus.toLocaleString('en-US') : '—'}</dd>
        </div>
        <div>
          <dt>VU-minutes</dt>
          <dd data-testid="plan-vu-minutes">{figures ? figures.vuMinutes.toLocaleString('en-US', { maximumFractionDigits: 1 }) : '—'}</dd>
        </div>
        {figures?.peakRate != null ? (
          <div>
            <dt>Peak rate</dt>
            <dd>{formatRps(figures.peakRate)} it/s</dd>
          </div>
        ) : null}
      </dl>
      {figures && figures.reservedVus > figures.peakVus ? (
        <p className="field__hint" data-testid="reserved-vus">
          k6 reserves {figures.reservedVus.toLocaleString('en-US')} VUs: it keeps each scenario&apos;s VUs through its graceful stop, so scenarios one after
          another overlap there. Quotas and the unverified-target limit count {figures.reservedVus.toLocaleString('en-US')}; a shorter graceful stop reserves
          fewer.
        </p>
      ) : null}
      {skipped.length ? <p className="field__hint text-warning">Not drawn until their load is valid: {skipped.join(', ')}.</p> : null}
      {bounded.length ? <p className="field__hint">{bounded.join(', ')}: iteration counts end when done; drawn up to their max duration.</p> : null}
      {overLimits && limits ? (
        <p className="field__hint text-warning" data-testid="over-unverified-limits">
          Above what an unverified target takes ({limits.maxVus} VUs, {formatSeconds(limits.maxDurationSeconds)}): verify the target before running this.
        </p>
      ) : null}
    </div>
  );
}
