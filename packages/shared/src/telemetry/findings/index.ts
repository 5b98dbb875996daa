import type { TelemetryCatalog, TelemetrySecond } from '../sample.js';
import type { TelemetryReport } from '../report.js';

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

/**
 * The findings of a run's telemetry. NOT YET WRITTEN (issue 28 is in progress): answers no
 * findings until the rules land in this folder.
 */
export function telemetryFindings(input: TelemetryFindingsInput): TelemetryReport {
  void input;
  return { v: 1, findings: [], bottleneck: [], movedWithLatency: [] };
}
