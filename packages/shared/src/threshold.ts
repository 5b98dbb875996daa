import { z } from 'zod';
import type { RequestStats, RunSummary } from './summary.js';
import { GRPC_STATUS_CODES } from './plan-steps.js';
import {
  checkedSeconds,
  complianceIssues,
  complianceSchema,
  describeWindow,
  stopRuleSchema,
  thresholdWindowSchema,
  type ThresholdWindow,
  type WindowSummaries,
} from './threshold-time.js';
import { describeSubject, describeThreshold, formatNumber, formatValue, margin, metricLabel } from './threshold-text.js';
import { withoutBaseline, withoutSeconds, withoutTelemetry, type RelativeJudge, type SecondsJudge, type TelemetryJudge } from './threshold-judges.js';
import { customMetricFigure, customPercentileInterval, percentileOfStat } from './custom-metrics.js';
import { telemetryThresholdIssues, telemetryThresholdShape } from './telemetry/threshold.js';

export { withoutBaseline, withoutTelemetry, type RelativeJudge, type SecondsJudge, type TelemetryJudge } from './threshold-judges.js';

export const LATENCY_STATS = ['avg', 'min', 'p50', 'p90', 'p95', 'p99', 'max'] as const;
export type LatencyStat = (typeof LATENCY_STATS)[number];
export const THRESHOLD_OPS = ['<', '<=', '>', '>='] as const;
export type ThresholdOp = (typeof THRESHOLD_OPS)[number];

/**
 * `request` narrows a threshold to one request name, `scenario` to one scenario; neither = the
 * whole run. `window` narrows it in time (after a warm-up); `stop` ends the run early when the
 * threshold stays breached (see threshold-time.ts and stop-rule.ts).
 */
/**
 * A threshold read from a custom script's `options.thresholds` (k6-thresholds.ts): the k6
 * metric selector and expression it was written as. Set by Loadline when the plan is saved.
 */
export const thresholdFromScriptSchema = z.object({
  /** "http_req_duration{name:Checkout}" */
  metric: z.string().min(1).max(300),
  /** "p(95)<500" */
  expression: z.string().min(1).max(300),
});
export type ThresholdFromScript = z.infer<typeof thresholdFromScriptSchema>;

/**
 * "baseline": `value` is a share of the same figure in the run's baseline (1.1: at most 10 %
 * above it, 0.95: at least 95 % of it), judged with the interval of the change between the two
 * runs (report/relative-threshold.ts). Latencies and RPS only.
 */
const relativeTo = z.literal('baseline').optional();

const scope = {
  relativeTo,
  request: z.string().min(1).max(100).optional(),
  scenario: z.string().min(1).max(64).optional(),
  window: thresholdWindowSchema.optional(),
  stop: stopRuleSchema.optional(),
  fromScript: thresholdFromScriptSchema.optional(),
  compliance: complianceSchema.optional(),
};
const op = z.enum(THRESHOLD_OPS);
const fraction = z.number().min(0).max(1);

const GRPC_STATUS_NAMES = Object.keys(GRPC_STATUS_CODES).join('|');

/** A status class ("4xx"), one status code ("429"), or one gRPC status ("grpc:RESOURCE_EXHAUSTED"), as statusCounts keys them. */
export const statusClassSchema = z
  .string()
  .regex(
    new RegExp(`^([1-5]xx|[1-5]\\d\\d|0|grpc:(${GRPC_STATUS_NAMES}))$`),
    'must be a class such as 4xx, a status such as 429 (0: no response) or a gRPC status such as grpc:RESOURCE_EXHAUSTED',
  );

/**
 * k6's statistics of a custom metric: avg, min, med, max and p(N) of a Trend; count and rate of
 * a Counter; rate of a Rate; value (the last), min and max of a Gauge (custom-metrics.ts).
 */
export const customStatSchema = z
  .string()
  .regex(/^(avg|min|med|max|count|rate|value|p\(\d+(\.\d+)?\))$/, 'must be avg, min, med, max, p(N), count, rate or value')
  .refine((stat) => (percentileOfStat(stat) ?? 0) <= 100, 'a percentile is between p(0) and p(100)');

/** One SLA requirement. */
export const thresholdSchema = z
  .discriminatedUnion('metric', [
    z.object({ metric: z.literal('latency'), stat: z.enum(LATENCY_STATS), op, value: z.number().positive(), ...scope }),
    z.object({ metric: z.literal('error_rate'), op, value: fraction, ...scope }),
    /** Achieved request rate, e.g. rps >= 500: the target must have taken the load. */
    z.object({ metric: z.literal('rps'), op, value: z.number().nonnegative(), ...scope }),
    /** Share of checks passed (checks are counted per request, not per scenario). */
    z.object({ metric: z.literal('check_rate'), op, value: fraction, ...scope }),
    /** Share of responses in a status class, e.g. 429 under 1 %. */
    z.object({ metric: z.literal('status_share'), status: statusClassSchema, op, value: fraction, ...scope }),
    /** Requests completed (k6's `http_reqs` count). */
    z.object({ metric: z.literal('count'), op, value: z.number().nonnegative(), ...scope }),
    /** A custom script's own k6 metric, by name, in the script's own units. */
    z.object({ metric: z.literal('custom'), name: z.string().min(1).max(128), stat: customStatSchema, op, value: z.number(), ...scope }),
    /** A figure of the target's telemetry, e.g. p95 of api CPU < 0.8 (telemetry/threshold.ts). */
    z.object(telemetryThresholdShape({ stat: z.enum(LATENCY_STATS).optional(), op, value: z.number(), ...scope })),
  ])
  .superRefine((threshold, ctx) => {
    if (threshold.metric === 'telemetry') for (const issue of telemetryThresholdIssues(threshold)) ctx.addIssue({ code: 'custom', ...issue });
    for (const issue of complianceIssues(threshold)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .refine((threshold) => !(threshold.request && threshold.scenario), { message: 'scope a threshold to a request or a scenario, not both', path: ['scenario'] })
  .refine((threshold) => !(threshold.metric === 'check_rate' && threshold.scenario), {
    message: 'check pass rates are kept per request, not per scenario',
    path: ['scenario'],
  })
  .refine((threshold) => !((threshold.metric === 'custom' || threshold.metric === 'count') && !threshold.fromScript), {
    message:
      "thresholds on a request count or a custom metric are written in a custom script's options (k6's syntax), and read from there when the plan is saved",
    path: ['metric'],
  })
  .refine((threshold) => !(threshold.metric === 'custom' && (threshold.request || threshold.scenario)), {
    message: 'custom metrics are kept per metric name, not per request or scenario',
    path: ['request'],
  })
  .refine(
    (threshold) => !(threshold.stop && (threshold.metric === 'count' || (threshold.metric === 'custom' && ['count', 'value'].includes(threshold.stat)))),
    {
      message:
        "a stop rule judges each second on its own, and a total (a count) or a gauge's last value is read at the end of the run: stop on a latency, an error rate, a rate or a trend",
      path: ['stop'],
    },
  )
  .refine((threshold) => !(threshold.metric === 'rps' && threshold.stop), {
    message:
      "a stop rule judges each second on its own, and a rate is judged over the whole time its scope applied load (a ramp's first seconds are low by design): stop on latency, error rate, a status share or the check pass rate",
    path: ['stop'],
  })
  .refine(
    (threshold) => !(threshold.relativeTo === 'baseline' && threshold.metric !== 'latency' && threshold.metric !== 'rps' && threshold.metric !== 'telemetry'),
    {
      message:
        'relative to the baseline, Loadline judges latencies and RPS (shares and counts near 0 have no meaningful share of a baseline): give this one an absolute limit',
      path: ['relativeTo'],
    },
  )
  .refine((threshold) => !(threshold.relativeTo === 'baseline' && threshold.metric === 'latency' && (threshold.stat === 'min' || threshold.stat === 'max')), {
    message: 'a minimum or maximum is one request, too few to tell a change from noise: relative to the baseline, judge avg or a percentile',
    path: ['stat'],
  })
  .refine((threshold) => !(threshold.relativeTo === 'baseline' && (threshold.window || threshold.stop || threshold.scenario || threshold.fromScript)), {
    message:
      'a threshold relative to the baseline judges the whole run or one request against the same figure of the baseline: no window, stop rule or scenario',
    path: ['relativeTo'],
  })
  .refine((threshold) => !(threshold.relativeTo === 'baseline' && threshold.value > 100), {
    message: 'relative to the baseline, the value is a share of its figure (1.1 = 110 %), at most 100',
    path: ['value'],
  })
  .refine((threshold) => !threshold.stop || !threshold.window || (windowLength(threshold.window) ?? Infinity) >= (checkedSeconds(threshold.stop.after) ?? 0), {
    message: "the window is shorter than the stop rule's duration: the breach could never last long enough to stop the run",
    path: ['stop', 'after'],
  });
export type Threshold = z.infer<typeof thresholdSchema>;

/** Whether a threshold's limit is a share of its baseline's figure. */
export function isRelative(threshold: Threshold): boolean {
  return threshold.relativeTo === 'baseline';
}

/**
 * How a threshold relative to the baseline was judged (stored with its result, versioned):
 * the baseline run (null: there was none, and the threshold was not judged), both figures,
 * head / base and its 95 % interval from the two runs' seconds.
 */
export const relativeJudgementSchema = z.object({
  v: z.literal(1),
  baselineRunId: z.string().nullable(),
  base: z.number().nullable(),
  head: z.number().nullable(),
  ratio: z.number().nullable(),
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
});
export type RelativeJudgement = z.infer<typeof relativeJudgementSchema>;

export const VERDICTS = ['PASS', 'FAIL', 'INCONCLUSIVE'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const thresholdResultSchema = z.object({
  threshold: thresholdSchema,
  verdict: z.enum(VERDICTS),
  /** The measured value in the threshold's unit (ms, fraction or req/s); null if none. */
  measured: z.number().nullable(),
  /** Human sentence: "p95 1.86 ms against < 50 ms: 27x headroom". */
  explanation: z.string(),
  /** Percentile thresholds: the measured percentile's 95 % confidence interval (ms). */
  interval: z.object({ low: z.number(), high: z.number() }).optional(),
  /** Thresholds relative to the baseline: what they were judged against. */
  relative: relativeJudgementSchema.optional(),
});
export type ThresholdResult = z.infer<typeof thresholdResultSchema>;

/** Whole seconds a bounded window takes; null when it runs to the end of the run (or is malformed). */
function windowLength(window: ThresholdWindow): number | null {
  const after = checkedSeconds(window.after ?? '0s');
  const until = checkedSeconds(window.until);
  return after === null || until === null ? null : Math.floor(until) - Math.ceil(after);
}

/** Whether a measured figure meets the threshold. */
export function meets(threshold: Threshold, measured: number): boolean {
  return compare(measured, threshold.op, threshold.value);
}

function compare(measured: number, op: ThresholdOp, value: number): boolean {
  switch (op) {
    case '<':
      return measured < value;
    case '<=':
      return measured <= value;
    case '>':
      return measured > value;
    case '>=':
      return measured >= value;
  }
}

/** Whether a status (as the summary keys it) is in a class such as "4xx", or is that status. */
export function statusInClass(status: string, statusClass: string): boolean {
  return statusClass.endsWith('xx') ? status.length === 3 && status[0] === statusClass[0] : status === statusClass;
}

function checkRate(summary: RunSummary, request: string | undefined): number | null {
  // The generator names each check "<request>: <what>", so a request's checks share its prefix.
  const checks = request ? summary.checks.filter((check) => check.name.startsWith(`${request}: `)) : summary.checks;
  const total = checks.reduce((sum, check) => sum + check.passes + check.fails, 0);
  return total > 0 ? checks.reduce((sum, check) => sum + check.passes, 0) / total : null;
}

function measure(threshold: Threshold, stats: RequestStats, summary: RunSummary): number | null {
  switch (threshold.metric) {
    case 'latency':
      return stats.latency ? stats.latency[threshold.stat] : null;
    case 'error_rate':
      return stats.count > 0 ? stats.errorRate : null;
    case 'rps':
      return stats.rps;
    case 'check_rate':
      return checkRate(summary, threshold.request);
    case 'status_share': {
      if (stats.count === 0) return null;
      const inClass = Object.entries(stats.statusCounts).reduce((sum, [status, count]) => sum + (statusInClass(status, threshold.status) ? count : 0), 0);
      return inClass / stats.count;
    }
    case 'count':
      return stats.count;
    case 'custom': {
      const metric = summary.customMetrics.find((custom) => custom.name === threshold.name);
      return metric ? customMetricFigure(metric, threshold.stat) : null;
    }
    case 'telemetry':
      // Not in the load's summary: judged from the target's telemetry (TelemetryJudge).
      return null;
  }
}

type Percentile = 'p50' | 'p90' | 'p95' | 'p99';
const isPercentile = (stat: LatencyStat): stat is Percentile => stat === 'p50' || stat === 'p90' || stat === 'p95' || stat === 'p99';

/** The 95 % interval of a percentile threshold's figure, when the summary has one. */
function percentileIntervalOf(threshold: Threshold, stats: RequestStats | undefined, summary: RunSummary): { low: number; high: number } | undefined {
  if (threshold.metric === 'custom') {
    const metric = summary.customMetrics.find((custom) => custom.name === threshold.name);
    const interval = metric ? customPercentileInterval(metric, threshold.stat) : null;
    return interval ? { low: interval.low, high: interval.high } : undefined;
  }
  if (threshold.metric !== 'latency' || !isPercentile(threshold.stat)) return undefined;
  return stats?.latency?.intervals?.[threshold.stat];
}

/** Why a threshold has nothing to judge: "no Checkout requests completed", "no value of cart_size was recorded". */
function nothingMeasured(threshold: Threshold, summary: RunSummary): string {
  if (threshold.metric === 'check_rate') return 'no checks ran';
  if (threshold.metric !== 'custom')
    return `no ${threshold.request ?? (threshold.scenario ? `scenario ${threshold.scenario}` : '')} requests completed`.replace('  ', ' ');
  const metric = summary.customMetrics.find((custom) => custom.name === threshold.name);
  // k6 checks the statistic against the metric's type when the script is saved; a script changed since cannot be.
  return metric ? `${threshold.name} is a ${metric.type}, which has no ${threshold.stat}` : `no value of ${threshold.name} was recorded`;
}

/**
 * The figures a threshold is judged on: its request's, its scenario's, or the whole run's,
 * within the summary given (the run's, or its window's).
 */
export function statsFor(threshold: Threshold, summary: RunSummary): RequestStats | undefined {
  if (threshold.request) return summary.requests.find((request) => request.name === threshold.request);
  if (threshold.scenario) return summary.scenarios.find((scenario) => scenario.name === threshold.scenario);
  return summary.overall;
}

/** The threshold's figure in its unit (ms, fraction, req/s) from a summary; null: nothing to judge. */
export function thresholdFigure(threshold: Threshold, summary: RunSummary): number | null {
  const stats = statsFor(threshold, summary);
  return stats ? measure(threshold, stats, summary) : null;
}

/**
 * Evaluates each threshold against the summary, or against its window's summary. INCONCLUSIVE
 * when there is nothing to judge by (no request of that name finished, no second in the
 * window). `windows` gives the figures of a window (windowSummaries of the run's merged
 * seconds); without it a windowed threshold has nothing to judge. Validity diagnostics may
 * later downgrade PASS/FAIL to INCONCLUSIVE; that decision lives with the diagnostics, not here.
 * Thresholds relative to the baseline are handed to `relative`, those on the target's
 * telemetry to `telemetry`, those on a share of seconds to `compliance`.
 */
export function evaluateThresholds(
  thresholds: readonly Threshold[],
  summary: RunSummary,
  windows: WindowSummaries = () => null,
  relative: RelativeJudge = withoutBaseline,
  telemetry: TelemetryJudge = withoutTelemetry,
  compliance: SecondsJudge = withoutSeconds,
): ThresholdResult[] {
  return thresholds.map((threshold) => {
    if (threshold.metric === 'telemetry') return telemetry(threshold);
    if (threshold.compliance) return compliance(threshold);
    if (isRelative(threshold)) return relative(threshold);
    const label = describeThreshold(threshold);
    const judged = threshold.window ? windows(threshold.window) : summary;
    if (!judged) {
      return {
        threshold,
        verdict: 'INCONCLUSIVE',
        measured: null,
        explanation: `${label}: no second was measured ${describeWindow(threshold.window)} (the load lasted ${formatNumber(summary.durationSeconds)} s), nothing to judge`,
      };
    }
    const measured = thresholdFigure(threshold, judged);
    if (measured === null) {
      const when = threshold.window ? ` ${describeWindow(threshold.window)}` : '';
      return {
        threshold,
        verdict: 'INCONCLUSIVE',
        measured: null,
        explanation: `${label}: ${nothingMeasured(threshold, judged)}${when}, nothing to judge`,
      };
    }
    const stats = statsFor(threshold, judged);
    const interval = percentileIntervalOf(threshold, stats, judged);
    if (interval && interval.low <= threshold.value && threshold.value <= interval.high) {
      // The requests measured cannot tell which side of the limit the percentile is on.
      return {
        threshold,
        verdict: 'INCONCLUSIVE',
        measured,
        interval,
        explanation:
          `${threshold.window ? describeSubject(threshold) : metricLabel(threshold)} in ${formatNumber(interval.low)}–${formatValue(threshold, interval.high)} at 95 % confidence ` +
          `(${formatValue(threshold, measured)} from ${sampleCount(threshold, stats!, judged).toLocaleString('en-US')} ${threshold.metric === 'custom' ? 'values' : 'requests'}); the limit ${formatValue(threshold, threshold.value)} lies inside`,
      };
    }
    const passed = compare(measured, threshold.op, threshold.value);
    // A windowed figure says which figure it is: the subject names the scope and the window.
    const subject = threshold.window ? `${describeSubject(threshold)} =` : metricLabel(threshold);
    return {
      ...(interval ? { interval } : {}),
      threshold,
      verdict: passed ? 'PASS' : 'FAIL',
      measured,
      explanation: `${subject} ${formatValue(threshold, measured)} against ${threshold.op} ${formatValue(threshold, threshold.value)}: ${margin(measured, threshold.op, threshold.value, passed)}`,
    };
  });
}

/** How many values a percentile threshold's figure was read from. */
function sampleCount(threshold: Threshold, stats: RequestStats, summary: RunSummary): number {
  if (threshold.metric !== 'custom') return stats.count;
  const metric = summary.customMetrics.find((custom) => custom.name === threshold.name);
  return metric?.type === 'trend' ? metric.count : 0;
}

/**
 * A run fails if any requirement fails; otherwise it is inconclusive if any requirement is. A
 * threshold relative to a baseline that does not exist yet (a plan's first runs) is left out:
 * otherwise no run could ever pass and become the baseline.
 */
export function overallVerdict(results: readonly ThresholdResult[]): Verdict {
  const judged = results.filter((result) => !(result.relative && result.relative.baselineRunId === null));
  if (judged.some((result) => result.verdict === 'FAIL')) return 'FAIL';
  if (judged.some((result) => result.verdict === 'INCONCLUSIVE')) return 'INCONCLUSIVE';
  return 'PASS';
}
