import { z } from 'zod';
import type { RequestStats, RunSummary } from './summary.js';

export const LATENCY_STATS = ['avg', 'min', 'p50', 'p90', 'p95', 'p99', 'max'] as const;
export type LatencyStat = (typeof LATENCY_STATS)[number];
export const THRESHOLD_OPS = ['<', '<=', '>', '>='] as const;
export type ThresholdOp = (typeof THRESHOLD_OPS)[number];

const scope = { request: z.string().min(1).max(100).optional() };
const op = z.enum(THRESHOLD_OPS);

/** One SLA requirement. `request` narrows it to one request name; absent = the whole run. */
export const thresholdSchema = z.discriminatedUnion('metric', [
  z.object({ metric: z.literal('latency'), stat: z.enum(LATENCY_STATS), op, value: z.number().positive(), ...scope }),
  z.object({ metric: z.literal('error_rate'), op, value: z.number().min(0).max(1), ...scope }),
  z.object({ metric: z.literal('rps'), op, value: z.number().nonnegative(), ...scope }),
]);
export type Threshold = z.infer<typeof thresholdSchema>;

export const VERDICTS = ['PASS', 'FAIL', 'INCONCLUSIVE'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const thresholdResultSchema = z.object({
  threshold: thresholdSchema,
  verdict: z.enum(VERDICTS),
  /** The measured value in the threshold's unit (ms, fraction or req/s); null if none. */
  measured: z.number().nullable(),
  /** Human sentence: "p95 1.86 ms against < 50 ms: 27x headroom". */
  explanation: z.string(),
});
export type ThresholdResult = z.infer<typeof thresholdResultSchema>;

export function describeThreshold(threshold: Threshold): string {
  const scopeText = threshold.request ? ` of ${threshold.request}` : '';
  return `${metricLabel(threshold)}${scopeText} ${threshold.op} ${formatValue(threshold, threshold.value)}`;
}

function metricLabel(threshold: Threshold): string {
  switch (threshold.metric) {
    case 'latency':
      return threshold.stat;
    case 'error_rate':
      return 'error rate';
    case 'rps':
      return 'RPS';
  }
}

export function formatValue(threshold: Threshold, value: number): string {
  switch (threshold.metric) {
    case 'latency':
      return `${formatNumber(value)} ms`;
    case 'error_rate':
      return `${formatNumber(value * 100)} %`;
    case 'rps':
      return `${formatNumber(value)} req/s`;
  }
}

function formatNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
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

/** "27x headroom", "12 % headroom", "over by 40 %", "short by 5 %". */
function margin(measured: number, op: ThresholdOp, value: number, passed: boolean): string {
  const upperBound = op === '<' || op === '<=';
  if (passed) {
    const ratio = upperBound ? (measured > 0 ? value / measured : Infinity) : value > 0 ? measured / value : Infinity;
    if (!Number.isFinite(ratio)) return 'none measured, full headroom';
    return ratio >= 2 ? `${ratio >= 10 ? Math.round(ratio).toLocaleString('en-US') : formatNumber(ratio)}x headroom` : `${formatNumber((ratio - 1) * 100)} % headroom`;
  }
  if (value === 0) return upperBound ? 'over the limit' : 'under the limit';
  const off = Math.abs(measured - value) / value;
  return upperBound ? `over by ${formatNumber(off * 100)} %` : `short by ${formatNumber(off * 100)} %`;
}

function measure(threshold: Threshold, stats: RequestStats): number | null {
  switch (threshold.metric) {
    case 'latency':
      return stats.latency ? stats.latency[threshold.stat] : null;
    case 'error_rate':
      return stats.count > 0 ? stats.errorRate : null;
    case 'rps':
      return stats.rps;
  }
}

/**
 * Evaluates each threshold against the summary. INCONCLUSIVE when the run has nothing to
 * judge by (no request of that name finished). Validity diagnostics may later downgrade
 * PASS/FAIL to INCONCLUSIVE; that decision lives with the diagnostics, not here.
 */
export function evaluateThresholds(thresholds: readonly Threshold[], summary: RunSummary): ThresholdResult[] {
  return thresholds.map((threshold) => {
    const label = describeThreshold(threshold);
    const stats = threshold.request
      ? summary.requests.find((request) => request.name === threshold.request)
      : summary.overall;
    const measured = stats ? measure(threshold, stats) : null;
    if (measured === null) {
      return {
        threshold,
        verdict: 'INCONCLUSIVE',
        measured: null,
        explanation: `${label}: no ${threshold.request ?? ''} requests completed, nothing to judge`.replace('  ', ' '),
      };
    }
    const passed = compare(measured, threshold.op, threshold.value);
    return {
      threshold,
      verdict: passed ? 'PASS' : 'FAIL',
      measured,
      explanation: `${metricLabel(threshold)} ${formatValue(threshold, measured)} against ${threshold.op} ${formatValue(threshold, threshold.value)}: ${margin(measured, threshold.op, threshold.value, passed)}`,
    };
  });
}

/** A run fails if any requirement fails; otherwise it is inconclusive if any requirement is. */
export function overallVerdict(results: readonly ThresholdResult[]): Verdict {
  if (results.some((result) => result.verdict === 'FAIL')) return 'FAIL';
  if (results.some((result) => result.verdict === 'INCONCLUSIVE')) return 'INCONCLUSIVE';
  return 'PASS';
}
