import { durationToSeconds } from './duration.js';
import { planDurationSeconds, type LoadProfile, type PlanSpec } from './plan.js';
import type { MergedSecond } from './series-merge.js';
import type { RunSummary } from './summary.js';
import type { Diagnostic } from './diagnostics-schema.js';
import { statsFor, type ThresholdResult } from './threshold.js';
import { CONFIGURATION_KEYS, GRPC_STATUS_PREFIX, NO_RESPONSE_KEYS, RATE_LIMITED_KEYS } from './request-status.js';

/**
 * The limits behind each diagnostic, in one place so the report and the docs can cite them.
 * Shares are fractions of all requests (or seconds, or iterations).
 */
export const DIAGNOSTIC_LIMITS = {
  /**
   * A second counts as saturated when the machine's cores are this busy (k6's timers and
   * the scheduler already delay requests well before 100 %)...
   */
  saturatedHostCpu: 0.9,
  /** ...and the run is saturated when this share of its seconds were (at least 3 of them). */
  saturatedShareCritical: 0.25,
  saturatedShareWarning: 0.05,
  droppedShareCritical: 0.01,
  arrivalShortfallCritical: 0.05,
  rateLimitedCritical: 0.1,
  rateLimitedWarning: 0.01,
  configErrorsCritical: 0.5,
  configErrorsWarning: 0.1,
  connectionErrorsCritical: 0.5,
  connectionErrorsWarning: 0.05,
  /** A percentile pq needs at least this many samples beyond it: n·(1−q) ≥ 10. */
  samplesBeyondPercentile: 10,
} as const;

const L = DIAGNOSTIC_LIMITS;
const pct = (share: number) => `${(share * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

export interface DiagnoseInput {
  spec: PlanSpec;
  summary: RunSummary;
  seconds: readonly MergedSecond[];
  partial: boolean;
}

/** Iterations the profile asks for over the whole run (arrival-rate executors), else null. */
export function askedIterations(load: LoadProfile): number | null {
  if (load.executor === 'constant-arrival-rate') {
    return (load.rate / durationToSeconds(load.timeUnit)) * durationToSeconds(load.duration);
  }
  if (load.executor === 'ramping-arrival-rate') {
    const unit = durationToSeconds(load.timeUnit);
    let rate = load.startRate;
    let total = 0;
    for (const stage of load.stages) {
      total += ((rate + stage.target) / 2 / unit) * durationToSeconds(stage.duration);
      rate = stage.target;
    }
    return total;
  }
  return null;
}

/** Requests whose status (as statusCounts keys it) is one of `keys`, with how many were gRPC. */
function statusShare(summary: RunSummary, keys: readonly string[]): { count: number; share: number; grpc: number } {
  const total = summary.overall.count;
  let count = 0;
  let grpc = 0;
  for (const [status, n] of Object.entries(summary.overall.statusCounts)) {
    if (!keys.includes(status)) continue;
    count += n;
    if (status.startsWith(GRPC_STATUS_PREFIX)) grpc += n;
  }
  return { count, share: total ? count / total : 0, grpc };
}

function generatorSaturation(seconds: readonly MergedSecond[]): Diagnostic | null {
  const sampled = seconds.filter((second) => second.hostCpu !== null);
  if (!sampled.length) return null;
  const saturated = sampled.filter(
    (second) => second.hostCpu! >= L.saturatedHostCpu || (second.cores !== null && second.k6Cpu! >= second.cores * L.saturatedHostCpu),
  );
  const share = saturated.length / sampled.length;
  if (saturated.length < 3 || share < L.saturatedShareWarning) return null;
  const critical = share >= L.saturatedShareCritical;
  return {
    code: 'GENERATOR_SATURATED',
    severity: critical ? 'critical' : 'warning',
    message: `The load generator's CPU was saturated in ${saturated.length} of ${sampled.length} seconds (${pct(share)}): latencies and throughput then measure the generator, not the target. Use more segments or a bigger runner.`,
    evidence: {
      saturatedSeconds: saturated.length,
      sampledSeconds: sampled.length,
      peakHostCpu: Math.max(...sampled.map((second) => second.hostCpu!)),
      peakK6Cores: Math.max(...sampled.map((second) => second.k6Cpu ?? 0)),
      cores: sampled[0]!.cores ?? 0,
    },
    affects: critical ? ['latency', 'rps'] : [],
  };
}

function droppedIterations(input: DiagnoseInput): Diagnostic[] {
  const { summary, spec } = input;
  const found: Diagnostic[] = [];
  const attempted = summary.iterations + summary.droppedIterations;
  if (summary.droppedIterations > 0) {
    const share = summary.droppedIterations / attempted;
    const critical = share >= L.droppedShareCritical;
    found.push({
      code: 'DROPPED_ITERATIONS',
      severity: critical ? 'critical' : 'warning',
      message: `k6 dropped ${summary.droppedIterations.toLocaleString('en-US')} iterations (${pct(share)}) because no VU was free: the asked rate was not delivered. Raise preAllocatedVUs/maxVUs.`,
      evidence: { dropped: summary.droppedIterations, iterations: summary.iterations, share },
      affects: critical ? ['rps', 'latency'] : [],
    });
  }
  // A run cut short (cancelled, a runner lost) was only asked for its share of the plan.
  const planned = planDurationSeconds(spec);
  const ranShare = planned > 0 ? Math.min(1, summary.durationSeconds / planned) : 1;
  const asked = spec.scenarios.reduce((sum, scenario) => sum + (askedIterations(scenario.load) ?? 0), 0) * ranShare;
  if (asked > 0) {
    const shortfall = 1 - attempted / asked;
    if (shortfall >= L.arrivalShortfallCritical) {
      found.push({
        code: 'ARRIVAL_RATE_SHORTFALL',
        severity: 'critical',
        message: `Only ${pct(1 - shortfall)} of the ${Math.round(asked).toLocaleString('en-US')} asked iterations were started: the arrival rate was not delivered.`,
        evidence: { asked: Math.round(asked), started: attempted, shortfall },
        affects: ['rps', 'latency'],
      });
    }
  }
  return found;
}

function statusDiagnostics(summary: RunSummary): Diagnostic[] {
  const found: Diagnostic[] = [];
  const total = summary.overall.count;
  if (!total) return found;

  // A gRPC RESOURCE_EXHAUSTED is a rate limiter's answer as much as a 429 is.
  const limited = statusShare(summary, RATE_LIMITED_KEYS);
  if (limited.share >= L.rateLimitedWarning) {
    const critical = limited.share >= L.rateLimitedCritical;
    const answer = limited.grpc === 0 ? '429 Too Many Requests' : limited.grpc === limited.count ? 'gRPC RESOURCE_EXHAUSTED' : '429 Too Many Requests or gRPC RESOURCE_EXHAUSTED';
    found.push({
      code: 'RATE_LIMITED',
      severity: critical ? 'critical' : 'warning',
      message: `${pct(limited.share)} of requests were answered ${answer}: the target's rate limiter, not its capacity, set the throughput.`,
      evidence: { status429: limited.count - limited.grpc, ...(limited.grpc ? { grpcResourceExhausted: limited.grpc } : {}), requests: total, share: limited.share },
      affects: critical ? ['rps', 'latency'] : [],
    });
  }

  // Only unexpected 401/403/404 (and their gRPC counterparts) count: a plan may expect them on purpose.
  const config = { status401: 0, status403: 0, status404: 0 };
  let configGrpc = 0;
  for (const request of summary.requests) {
    if (request.errors === 0) continue;
    for (const kind of ['status401', 'status403', 'status404'] as const) {
      for (const key of CONFIGURATION_KEYS[kind]) {
        const count = Math.min(request.statusCounts[key] ?? 0, request.errors);
        config[kind] += count;
        if (key.startsWith(GRPC_STATUS_PREFIX)) configGrpc += count;
      }
    }
  }
  const configCount = config.status401 + config.status403 + config.status404;
  const configShare = configCount / total;
  if (configShare >= L.configErrorsWarning) {
    const critical = configShare >= L.configErrorsCritical;
    const statuses = configGrpc === 0 ? '401/403/404' : configGrpc === configCount ? 'gRPC UNAUTHENTICATED/PERMISSION_DENIED/UNIMPLEMENTED' : '401/403/404 or their gRPC counterparts';
    found.push({
      code: 'CONFIGURATION_ERRORS',
      severity: critical ? 'critical' : 'warning',
      message: `${pct(configShare)} of requests failed with ${statuses}: the run measured a misconfiguration (credentials, paths), not the service.`,
      evidence: { ...config, ...(configGrpc ? { grpc: configGrpc } : {}), requests: total, share: configShare },
      affects: critical ? ['latency', 'error_rate', 'rps', 'check_rate'] : [],
    });
  }

  const failed = statusShare(summary, NO_RESPONSE_KEYS);
  if (failed.share >= L.connectionErrorsWarning) {
    const critical = failed.share >= L.connectionErrorsCritical;
    found.push({
      code: 'CONNECTION_ERRORS',
      severity: critical ? 'critical' : 'warning',
      message: `${pct(failed.share)} of requests got no response (timeouts, refused or reset connections${failed.grpc ? '; gRPC UNAVAILABLE or DEADLINE_EXCEEDED' : ''}): latencies describe the few that did.`,
      evidence: { noResponse: failed.count, ...(failed.grpc ? { grpc: failed.grpc } : {}), requests: total, share: failed.share },
      affects: critical ? ['latency', 'rps'] : [],
    });
  }
  return found;
}

const QUANTILE_OF: Record<string, number> = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 };

/** The smallest sample that can support the percentile q: n·(1−q) ≥ 10. */
export function minimumSamples(q: number): number {
  // The epsilon keeps float noise (10 / 0.1 = 100.00000000000001) from adding one.
  return Math.ceil(L.samplesBeyondPercentile / (1 - q) - 1e-9);
}

function tooFewSamples(spec: PlanSpec, summary: RunSummary): Diagnostic[] {
  return spec.thresholds.flatMap((threshold, index): Diagnostic[] => {
    if (threshold.metric !== 'latency') return [];
    const q = QUANTILE_OF[threshold.stat];
    if (q === undefined) return [];
    // Judged on the threshold's own scope: a p99 of one phase from that phase's requests,
    // and on the latencies it is read from: requests that failed before any answer have none
    // (summaries stored before latencies were counted apart count every request).
    const stats = statsFor(threshold, summary);
    const samples = stats?.latency ? (stats.latency.samples ?? stats.count) : 0;
    const needed = minimumSamples(q);
    if (samples === 0 || samples >= needed) return [];
    const scope = threshold.request ?? (threshold.scenario ? `scenario ${threshold.scenario}` : 'the run');
    return [
      {
        code: 'TOO_FEW_SAMPLES',
        severity: 'critical',
        message: `A ${threshold.stat} of ${scope} from ${samples} requests is not meaningful; it needs at least ${needed.toLocaleString('en-US')}.`,
        evidence: { samples, needed, stat: threshold.stat },
        affects: ['latency'],
        ...(threshold.request ? { request: threshold.request } : {}),
        thresholdIndex: index,
      },
    ];
  });
}

/**
 * Reasons to doubt a run's result, each with its evidence. Pure: everything comes from the
 * summary, the merged seconds and the plan.
 */
export function diagnoseRun(input: DiagnoseInput): Diagnostic[] {
  const found: Diagnostic[] = [];
  const saturation = generatorSaturation(input.seconds);
  if (saturation) found.push(saturation);
  found.push(...droppedIterations(input), ...statusDiagnostics(input.summary), ...tooFewSamples(input.spec, input.summary));
  if (input.partial) {
    found.push({
      code: 'PARTIAL_DATA',
      severity: 'warning',
      message: 'Some measurements are missing (a segment failed or its runner stopped); figures cover what arrived.',
      evidence: {},
      affects: [],
    });
  }
  return found;
}

/**
 * Turns PASS/FAIL into INCONCLUSIVE where a critical diagnostic undermines the measurement
 * a threshold relies on, saying why.
 */
export function applyDiagnostics(results: readonly ThresholdResult[], diagnostics: readonly Diagnostic[]): ThresholdResult[] {
  return results.map((result, index) => {
    if (result.verdict === 'INCONCLUSIVE') return result;
    const doubt = diagnostics.find(
      (diagnostic) =>
        diagnostic.severity === 'critical' &&
        diagnostic.affects.includes(result.threshold.metric) &&
        (diagnostic.thresholdIndex === undefined || diagnostic.thresholdIndex === index) &&
        (diagnostic.request === undefined || diagnostic.request === result.threshold.request),
    );
    if (!doubt) return result;
    return {
      ...result,
      verdict: 'INCONCLUSIVE',
      explanation: `${result.explanation} (would be ${result.verdict}, but ${doubt.code.toLowerCase().replaceAll('_', ' ')})`,
    };
  });
}
