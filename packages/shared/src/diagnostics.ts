import { durationToSeconds } from './duration.js';
import { planDurationSeconds, type LoadProfile, type PlanSpec } from './plan.js';
import type { MergedSecond } from './series-merge.js';
import type { RunSummary } from './summary.js';
import type { Diagnostic } from './diagnostics-schema.js';
import { statsFor, type Threshold } from './threshold.js';
import { describeWindow, windowSummaries, type WindowSummaries } from './threshold-time.js';
import { CONFIGURATION_KEYS, GRPC_STATUS_PREFIX, NO_RESPONSE_KEYS, RATE_LIMITED_KEYS } from './request-status.js';
import { canonicalScopes, indexScopes, type Scope, type ScopeIndex, type ScopeTally } from './diagnostic-scopes.js';

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
  /** Figures per threshold window; built from `seconds` when not given. */
  windows?: WindowSummaries;
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

/** How a scope is named at the start of a message, and what "requests" are in it. */
function scopeWords(scope: Scope): { prefix: string } {
  if (scope.request !== undefined) return { prefix: `${scope.request}: ` };
  if (scope.scenario !== undefined) return { prefix: `Scenario ${scope.scenario}: ` };
  return { prefix: '' };
}

/** Unexpected answers of a scope whose status is one of `keys`, with how many were gRPC. */
function unexpectedShare(tally: ScopeTally, keys: readonly string[]): { count: number; share: number; grpc: number } {
  let count = 0;
  let grpc = 0;
  for (const [status, n] of tally.unexpected) {
    if (!keys.includes(status)) continue;
    count += n;
    if (status.startsWith(GRPC_STATUS_PREFIX)) grpc += n;
  }
  return { count, share: tally.count ? count / tally.count : 0, grpc };
}

/** Cores a second's runner host spent on other work than k6 (0 when k6 took them all). */
const otherCores = (second: MergedSecond) => Math.max(0, second.otherCores ?? second.hostCpu! * (second.cores ?? 0) - (second.k6Cpu ?? 0));
const cores = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: value < 0.1 ? 2 : 1 })} ${value === 1 ? 'core' : 'cores'}`;

/**
 * Why the generator saturated, which decides the advice: k6 itself at its CPU (more segments,
 * a bigger runner), or the runner's host busy with other work while k6 used little (run the
 * runner where nothing else runs). Read from the saturated seconds: the cause is whichever
 * took more of the busy cores there.
 */
function saturationCause(saturated: readonly MergedSecond[]): { cause: 'k6' | 'host'; k6Cores: number; otherCores: number } {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const k6Cores = mean(saturated.map((second) => second.k6Cpu ?? 0));
  const other = mean(saturated.map(otherCores));
  return { cause: other > k6Cores ? 'host' : 'k6', k6Cores, otherCores: other };
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
  const why = saturationCause(saturated);
  const machine = sampled[0]!.cores ?? 0;
  const advice =
    why.cause === 'k6'
      ? `k6 itself used ${cores(why.k6Cores)} of ${cores(machine)} there: use more segments or a bigger runner.`
      : `the runner's host was busy with other work: another process used ${cores(why.otherCores)} while k6 used ${cores(why.k6Cores)}. Run the runner where nothing else competes for its CPU.`;
  return {
    code: 'GENERATOR_SATURATED',
    severity: critical ? 'critical' : 'warning',
    message: `The load generator's CPU was saturated in ${saturated.length} of ${sampled.length} seconds (${pct(share)}): latencies and throughput then measure the generator, not the target; ${advice}`,
    evidence: {
      saturatedSeconds: saturated.length,
      sampledSeconds: sampled.length,
      peakHostCpu: Math.max(...sampled.map((second) => second.hostCpu!)),
      peakK6Cores: Math.max(...sampled.map((second) => second.k6Cpu ?? 0)),
      cores: machine,
      cause: why.cause,
      k6CoresWhenSaturated: Math.round(why.k6Cores * 100) / 100,
      otherCoresWhenSaturated: Math.round(why.otherCores * 100) / 100,
    },
    affects: critical ? ['latency', 'rps', 'count', 'custom'] : [],
  };
}

/** Dropped iterations and undelivered arrival rate of one scope (the run or one scenario). */
function loadDiagnostics(scope: Scope, started: { iterations: number; dropped: number }, asked: number): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { prefix } = scopeWords(scope);
  const where = scope.scenario !== undefined ? { scenario: scope.scenario } : {};
  const attempted = started.iterations + started.dropped;
  if (started.dropped > 0) {
    const share = started.dropped / attempted;
    const critical = share >= L.droppedShareCritical;
    found.push({
      code: 'DROPPED_ITERATIONS',
      severity: critical ? 'critical' : 'warning',
      message: `${prefix}k6 dropped ${started.dropped.toLocaleString('en-US')} iterations (${pct(share)}) because no VU was free: the asked rate was not delivered. Raise preAllocatedVUs/maxVUs.`,
      evidence: { dropped: started.dropped, iterations: started.iterations, share },
      affects: critical ? ['rps', 'count', 'latency'] : [],
      ...where,
    });
  }
  if (asked > 0) {
    const shortfall = 1 - attempted / asked;
    if (shortfall >= L.arrivalShortfallCritical) {
      found.push({
        code: 'ARRIVAL_RATE_SHORTFALL',
        severity: 'critical',
        message: `${prefix}${prefix ? 'only' : 'Only'} ${pct(1 - shortfall)} of the ${Math.round(asked).toLocaleString('en-US')} asked iterations were started: the arrival rate was not delivered.`,
        evidence: { asked: Math.round(asked), started: attempted, shortfall },
        affects: ['rps', 'count', 'latency'],
        ...where,
      });
    }
  }
  return found;
}

/**
 * Load k6 did not deliver, for the run and, where k6 tags iterations with their scenario and
 * the run has several, for each scenario: a phase that could not be driven is named, and only
 * the figures made of its requests are in doubt.
 */
function droppedIterations(input: DiagnoseInput, index: ScopeIndex): Diagnostic[] {
  const { summary, spec } = input;
  // A run cut short (cancelled, a runner lost) was only asked for its share of the plan.
  const planned = planDurationSeconds(spec);
  const ranShare = planned > 0 ? Math.min(1, summary.durationSeconds / planned) : 1;
  const askedOf = (scenario: PlanSpec['scenarios'][number]) => (askedIterations(scenario.load) ?? 0) * ranShare;
  const found = loadDiagnostics(
    {},
    { iterations: summary.iterations, dropped: summary.droppedIterations },
    spec.scenarios.reduce((sum, scenario) => sum + askedOf(scenario), 0),
  );
  if (!index.loadPerScenario) return found;
  for (const scenario of spec.scenarios) {
    const tally = index.scenarios.get(scenario.name);
    if (!tally) continue;
    found.push(...loadDiagnostics({ scenario: scenario.name }, { iterations: tally.iterations, dropped: tally.droppedIterations }, askedOf(scenario)));
  }
  return found;
}

/** Answers that say the run did not measure the target's capacity, judged on one scope's requests. */
function answerDiagnostics(scope: Scope, tally: ScopeTally): Diagnostic[] {
  const found: Diagnostic[] = [];
  if (!tally.count) return found;
  const { prefix } = scopeWords(scope);
  const where = scope.request !== undefined ? { request: scope.request } : scope.scenario !== undefined ? { scenario: scope.scenario } : {};
  const of = prefix ? `of its ${tally.count.toLocaleString('en-US')} requests` : 'of requests';

  // A gRPC RESOURCE_EXHAUSTED is a rate limiter's answer as much as a 429 is.
  const limited = unexpectedShare(tally, RATE_LIMITED_KEYS);
  if (limited.share >= L.rateLimitedWarning) {
    const critical = limited.share >= L.rateLimitedCritical;
    const answer =
      limited.grpc === 0
        ? '429 Too Many Requests'
        : limited.grpc === limited.count
          ? 'gRPC RESOURCE_EXHAUSTED'
          : '429 Too Many Requests or gRPC RESOURCE_EXHAUSTED';
    found.push({
      code: 'RATE_LIMITED',
      severity: critical ? 'critical' : 'warning',
      message: `${prefix}${pct(limited.share)} ${of} were answered ${answer}: the target's rate limiter, not its capacity, set the throughput.`,
      evidence: {
        status429: limited.count - limited.grpc,
        ...(limited.grpc ? { grpcResourceExhausted: limited.grpc } : {}),
        requests: tally.count,
        share: limited.share,
      },
      affects: critical ? ['rps', 'count', 'latency'] : [],
      ...where,
    });
  }

  // Only unexpected 401/403/404 (and their gRPC counterparts) count: a plan may expect them on purpose.
  const config = { status401: 0, status403: 0, status404: 0 };
  let configGrpc = 0;
  for (const kind of ['status401', 'status403', 'status404'] as const) {
    const share = unexpectedShare(tally, CONFIGURATION_KEYS[kind]);
    config[kind] = share.count;
    configGrpc += share.grpc;
  }
  const configCount = config.status401 + config.status403 + config.status404;
  const configShare = configCount / tally.count;
  if (configShare >= L.configErrorsWarning) {
    const critical = configShare >= L.configErrorsCritical;
    const statuses =
      configGrpc === 0
        ? '401/403/404'
        : configGrpc === configCount
          ? 'gRPC UNAUTHENTICATED/PERMISSION_DENIED/UNIMPLEMENTED'
          : '401/403/404 or their gRPC counterparts';
    found.push({
      code: 'CONFIGURATION_ERRORS',
      severity: critical ? 'critical' : 'warning',
      message: `${prefix}${pct(configShare)} ${of} failed with ${statuses}: the run measured a misconfiguration (credentials, paths), not the service.`,
      evidence: { ...config, ...(configGrpc ? { grpc: configGrpc } : {}), requests: tally.count, share: configShare },
      affects: critical ? ['latency', 'error_rate', 'rps', 'count', 'check_rate', 'custom'] : [],
      ...where,
    });
  }

  const failed = unexpectedShare(tally, NO_RESPONSE_KEYS);
  if (failed.share >= L.connectionErrorsWarning) {
    const critical = failed.share >= L.connectionErrorsCritical;
    found.push({
      code: 'CONNECTION_ERRORS',
      severity: critical ? 'critical' : 'warning',
      message: `${prefix}${pct(failed.share)} ${of} got no response (timeouts, refused or reset connections${failed.grpc ? '; gRPC UNAVAILABLE or DEADLINE_EXCEEDED' : ''}): latencies describe the few that did.`,
      evidence: { noResponse: failed.count, ...(failed.grpc ? { grpc: failed.grpc } : {}), requests: tally.count, share: failed.share },
      affects: critical ? ['latency', 'rps', 'count'] : [],
      ...where,
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

/**
 * The samples a percentile threshold's figure is read from and how many it needs, or null when
 * the rule does not apply (not a latency percentile, a share of seconds, nothing measured, or
 * enough). The final verdict's TOO_FEW_SAMPLES and the live view's "not enough samples yet"
 * both read it, so "so far" and "at the end" use one rule.
 */
export function sampleShortfall(threshold: Threshold, summary: RunSummary, windows: WindowSummaries): { samples: number; needed: number } | null {
  // A share of seconds judges each second's own sample (threshold-compliance.ts).
  if (threshold.metric !== 'latency' || threshold.compliance) return null;
  const q = QUANTILE_OF[threshold.stat];
  if (q === undefined) return null;
  // Judged on the threshold's own scope (a p99 of one phase from that phase's requests, a
  // windowed p95 from the requests inside its window) and on the latencies it is read from:
  // requests that failed before any answer have none (summaries stored before latencies
  // were counted apart count every request).
  const judged = threshold.window ? windows(threshold.window) : summary;
  const stats = judged ? statsFor(threshold, judged) : undefined;
  const samples = stats?.latency ? (stats.latency.samples ?? stats.count) : 0;
  const needed = minimumSamples(q);
  return samples === 0 || samples >= needed ? null : { samples, needed };
}

function tooFewSamples(spec: PlanSpec, summary: RunSummary, windows: WindowSummaries): Diagnostic[] {
  return spec.thresholds.flatMap((threshold, index): Diagnostic[] => {
    const shortfall = sampleShortfall(threshold, summary, windows);
    if (!shortfall || threshold.metric !== 'latency') return [];
    const { samples, needed } = shortfall;
    const scope =
      (threshold.request ?? (threshold.scenario ? `scenario ${threshold.scenario}` : 'the run')) +
      (threshold.window ? ` ${describeWindow(threshold.window)}` : '');
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
  const windows = input.windows ?? windowSummaries(input.seconds.map((second) => second.sample));
  const index = indexScopes(input.seconds.map((second) => second.sample));
  found.push(
    ...droppedIterations(input, index),
    ...canonicalScopes(index).flatMap(({ scope, tally }) => answerDiagnostics(scope, tally)),
    ...tooFewSamples(input.spec, input.summary, windows),
  );
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
