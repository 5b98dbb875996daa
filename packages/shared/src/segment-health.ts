import { askedIterations } from './diagnostics.js';
import type { Diagnostic } from './diagnostics-schema.js';
import type { PlanSpec } from './plan.js';
import { peakVus } from './plan-load.js';
import type { SegmentHealth } from './run-dispatch.js';
import type { StoredSecond } from './series-merge.js';
import { summarizeSeconds } from './summary.js';

/**
 * Each segment's share of an arrival-rate scenario's iterations, as k6 v1.8 splits them. k6
 * does not split the rate by the segments' lengths but re-splits the sequence by maxVUs
 * (lib/executor/*_arrival_rate.go: GetNewExecutionTupleFromValue(maxVUs)): for N equal
 * segments, k6's striping gives segment k floor(M/N) VUs, plus one when k < M mod N, and the
 * iterations follow that split. maxVUs 20 over 3 segments: 7/20, 7/20, 6/20 of the rate.
 * Ported rather than assumed because the split is k6's alone and not the obvious one.
 */
export function arrivalRateSegmentShares(maxVUs: number, segments: number): number[] {
  return Array.from({ length: segments }, (_, k) => (Math.floor(maxVUs / segments) + (k < maxVUs % segments ? 1 : 0)) / maxVUs);
}

/** Iterations an arrival-rate plan asks of each segment (null unless every scenario is arrival-rate). */
export function askedIterationsPerSegment(spec: PlanSpec, segments: number): number[] | null {
  if (spec.script || !spec.scenarios.length) return null;
  const asked = new Array<number>(segments).fill(0);
  for (const scenario of spec.scenarios) {
    const iterations = askedIterations(scenario.load);
    if (iterations === null) return null;
    const shares = arrivalRateSegmentShares(peakVus(scenario.load), segments);
    shares.forEach((share, k) => (asked[k]! += iterations * share));
  }
  return asked;
}

/**
 * Per-segment figures of a split run, from the seconds each segment stored: the same
 * definitions as the merged summary (rps is the summary's), so a segment that lagged stands
 * out beside the others. Pure.
 */
export function segmentHealth(spec: PlanSpec, seconds: readonly StoredSecond[], segments: number): Map<number, SegmentHealth> {
  const asked = askedIterationsPerSegment(spec, segments);
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
      deliveredShare: asked && asked[index]! > 0 ? summary.iterations / asked[index]! : null,
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

/**
 * Scenarios of a split plan with fewer VUs than segments: k6 gives each segment whole VUs,
 * so some segments would have none (an arrival-rate segment without VUs fails to start).
 */
export function scenariosTooSmallToSplit(spec: {
  segments: number;
  script?: unknown;
  scenarios: ReadonlyArray<Pick<PlanSpec['scenarios'][number], 'name' | 'load'>>;
}): Array<{ scenario: string; vus: number }> {
  if (spec.script || spec.segments <= 1) return [];
  return spec.scenarios.flatMap((scenario) => {
    const vus = peakVus(scenario.load);
    return vus < spec.segments ? [{ scenario: scenario.name, vus }] : [];
  });
}
