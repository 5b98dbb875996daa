import { describeThreshold, runPhases, type RunPhase, type RunView, type Threshold } from '@loadline/shared';
import type { ChartBand, ChartMark } from '../../components/charts/chart-model';

/**
 * What the latency charts draw beside the measured lines, on the live view, the report and the
 * share page alike: the plan's latency limits as lines, its phases (scenarios in time) as
 * bands, and the moment a stop rule stopped the run. Pure: unit-tested without a DOM.
 */

/** A latency threshold's limit, drawn as a dashed line at its value. */
export interface LimitLine {
  label: string;
  valueMs: number;
}

export interface ChartAnnotations {
  limits: readonly LimitLine[];
  phases: readonly ChartBand[];
  marks: readonly ChartMark[];
}

export const NO_ANNOTATIONS: ChartAnnotations = { limits: [], phases: [], marks: [] };

/**
 * The plan's latency thresholds with a limit in milliseconds. Left out: limits relative to the
 * baseline (a share, not a time) and shares of seconds (drawn with the seconds over them,
 * complianceBands).
 */
export function limitLines(thresholds: readonly Threshold[]): LimitLine[] {
  const seen = new Set<string>();
  return thresholds.flatMap((threshold) => {
    if (threshold.metric !== 'latency' || threshold.relativeTo === 'baseline' || threshold.compliance) return [];
    const label = describeThreshold({ ...threshold, stop: undefined });
    if (seen.has(label)) return [];
    seen.add(label);
    return [{ label, valueMs: threshold.value }];
  });
}

type ManifestLoad = NonNullable<RunView['manifest']>['load'];

/**
 * The plan's phases: each scenario from its start to the end of its profile, when the plan has
 * more than one (a single scenario's band would be the whole chart). From the run's manifest:
 * the load as it ran, whatever the plan says now.
 */
export function phaseBands(load: ManifestLoad | null | undefined): ChartBand[] {
  return bandsOfPhases(runPhases(load));
}

/** Phases as bands: the share page has the phases (run.phases) but not the manifest they come from. */
export function bandsOfPhases(phases: readonly RunPhase[]): ChartBand[] {
  return phases.map((phase) => ({ from: phase.from, to: phase.to, label: phase.name }));
}

/** The moment a stop rule stopped the run (seconds from the load's start), as a mark. */
export function stopMarks(atSeconds: number | null | undefined): ChartMark[] {
  return atSeconds === null || atSeconds === undefined ? [] : [{ x: atSeconds, label: `stopped by a threshold at ${atSeconds} s` }];
}
