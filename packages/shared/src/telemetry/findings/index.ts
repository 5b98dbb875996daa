import type { TelemetryCatalog, TelemetrySecond } from '../sample.js';
import type { TelemetryFinding, TelemetryReport } from '../report.js';
import { backlogFindings } from './backlog.js';
import { bottleneck } from './bottleneck.js';
import { telemetryFigures } from './figures.js';
import { leakFindings } from './leaks.js';
import { movedWithLatency } from './moved.js';
import { readFailureFindings } from './read-failures.js';
import { restartFindings } from './restarts.js';
import { saturationFindings } from './saturation.js';
import { viewOf } from './series.js';
import { steadyStretch } from './steady.js';

export { BACKLOG_LIMITS } from './backlog.js';
export { FIGURE_LIMITS } from './figures.js';
export { LEAK_LIMITS } from './leaks.js';
export { MOVED_LIMITS } from './moved.js';
export { RESTART_LIMITS } from './restarts.js';
export { SATURATION_LIMITS } from './saturation.js';
export { STEADY_LIMITS } from './steady.js';

/** What the findings read: the sources' seconds beside the load's, on one Unix-second axis. */
export interface TelemetryFindingsInput {
  /** First and last second of the load (Unix seconds); telemetry before and after is baseline and recovery. */
  loadStart: number;
  loadEnd: number;
  sources: { catalog: TelemetryCatalog; seconds: TelemetrySecond[] }[];
  /** The load per second, merged over segments: busy VUs, requests/s, p95 (ms, null without requests), error share. */
  load: { t: number; vus: number; rps: number; p95: number | null; errorRate: number }[];
  /** The load generators per second (the busiest segment): k6's cores and the machine's. */
  generator: { t: number; k6Cpu: number; cores: number; hostCpu: number }[];
  /** The plan's scenarios as they ran (Unix seconds), to say in which phase something happened. */
  phases: { name: string; start: number; end: number }[];
  /** When latency broke, from the capacity statement, to place a saturation before or after it. */
  knee: { t: number; vus: number; criterion: string } | null;
}

const SEVERITY_ORDER: Record<TelemetryFinding['severity'], number> = { critical: 0, warning: 1, info: 2 };

/**
 * The findings of a run's telemetry, worked out once when the run ends: saturation, restarts,
 * backlogs, leaks, the generator saturating first, sources that could not be read; the
 * bottleneck table; the series that moved with latency; each source's figures. Pure: the same input gives the same
 * report. Most severe first, then in time order.
 */
export function telemetryFindings(input: TelemetryFindingsInput): TelemetryReport {
  const views = input.sources.map(viewOf);
  const steady = steadyStretch(input);
  const table = bottleneck(input, views);
  const findings = [
    ...saturationFindings(input, views),
    ...restartFindings(input, views),
    ...backlogFindings(input, views, steady),
    ...leakFindings(input, views, steady),
    ...(table.finding ? [table.finding] : []),
    ...readFailureFindings(input, views),
  ].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.atSeconds ?? 0) - (b.atSeconds ?? 0));
  return {
    v: 1,
    findings,
    bottleneck: table.rows,
    movedWithLatency: movedWithLatency(input, views),
    figures: telemetryFigures(input, views, steady),
  };
}
