import { askedIterations } from './diagnostics.js';
import type { Diagnostic } from './diagnostics-schema.js';
import type { PlanSpec } from './plan.js';
import type { SegmentHealth } from './run-dispatch.js';
import type { StoredSecond } from './series-merge.js';
import { summarizeSeconds } from './summary.js';

/**
 * Per-segment figures of a split run, from the seconds each segment stored: the same
 * definitions as the merged summary (rps is the summary's), so a segment that lagged stands
 * out beside the others. Pure.
 */
export function segmentHealth(spec: PlanSpec, seconds: readonly StoredSecond[], segments: number): Map<number, SegmentHealth> {
  const asked = spec.script ? 0 : spec.scenarios.reduce((sum, scenario) => sum + (askedIterations(scenario.load) ?? 0), 0);
  const arrivalRate = !spec.script && spec.scenarios.every((scenario) => askedIterations(scenario.load) !== null);
  const health = new Map<number, SegmentHealth>();
  for (let index = 0; index < segments; index++) {
    const mine = seconds.filter((second) => second.segmentIndex === index).sort((a, b) => a.sample.t - b.sample.t);
    const summary = summarizeSeconds(mine.map((second) => second.sample));
    const generators = mine.flatMap((second) => (second.generator ? [second.generator] : []));
    const max = (values: number[]) => (values.length ? Math.max(...values) : null);
    health.set(index, {
      v: 1,
      requests: summary.overall.count,
      rps: summary.overall.rps,
      // k6 splits an arrival rate evenly over the execution segments.
      deliveredShare: arrivalRate && asked > 0 ? summary.iterations / (asked / segments) : null,
      iterations: summary.iterations,
      droppedIterations: summary.droppedIterations,
      seconds: mine.length,
      k6CpuAvg: generators.length ? generators.reduce((sum, g) => sum + g.k6Cpu, 0) / generators.length : null,
      k6CpuMax: max(generators.map((g) => g.k6Cpu)),
      hostCpuMax: max(generators.map((g) => g.hostCpu)),
      runnerRssMbMax: max(generators.map((g) => g.runnerRssMb)),
    });
  }
  return health;
}

/** Milliseconds between the first and the last segment's start; null below two starts. */
export function startSpreadMs(starts: ReadonlyArray<Date | null>): number | null {
  const times = starts.flatMap((start) => (start ? [start.getTime()] : []));
  if (times.length < 2) return null;
  return Math.max(...times) - Math.min(...times);
}

/** Above this, segments did not begin together. */
export const START_SKEW_WARNING_MS = 1_000;
/** ...and above this share of the planned duration, the run never applied its whole load at once. */
export const START_SKEW_CRITICAL_SHARE = 0.1;

/**
 * SEGMENT_START_SKEW: the segments of a split run began more than a second apart, so for a
 * while only part of the load was applied. Critical (rate and latency thresholds become
 * INCONCLUSIVE) once the skew is a tenth of the planned duration.
 */
export function startSkewDiagnostic(spreadMs: number | null, plannedSeconds: number): Diagnostic | null {
  if (spreadMs === null || spreadMs <= START_SKEW_WARNING_MS) return null;
  const critical = plannedSeconds > 0 && spreadMs / 1000 >= plannedSeconds * START_SKEW_CRITICAL_SHARE;
  return {
    code: 'SEGMENT_START_SKEW',
    severity: critical ? 'critical' : 'warning',
    message: `The run's segments began ${(spreadMs / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} s apart: until the last one began, only part of the planned load was applied.`,
    evidence: { spreadMs, plannedSeconds },
    affects: critical ? ['rps', 'latency'] : [],
  };
}
