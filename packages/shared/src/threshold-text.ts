import { durationToSeconds } from './duration.js';
import { describeWindow } from './threshold-time.js';
import type { Threshold, ThresholdOp } from './threshold.js';
import { telemetryLabel, telemetryValue } from './telemetry/threshold.js';

/** Thresholds in words: what they are about, their limits and figures, and the margin of a verdict. */

/** What a threshold is about, without the limit: "p95 of Checkout after 30 s". */
export function describeSubject(threshold: Threshold): string {
  const scopeText = threshold.request ? ` of ${threshold.request}` : threshold.scenario ? ` of scenario ${threshold.scenario}` : '';
  const windowText = threshold.window ? ` ${describeWindow(threshold.window)}` : '';
  return `${metricLabel(threshold)}${scopeText}${windowText}`;
}

/** "p95 of Checkout after 30 s < 500 ms", with "(stops the run after 10 s in breach)" when it may. */
export function describeThreshold(threshold: Threshold): string {
  const stopText = threshold.stop ? ` (stops the run after ${durationToSeconds(threshold.stop.after).toLocaleString('en-US')} s in breach)` : '';
  const share = threshold.compliance ? ` in ≥ ${formatNumber(threshold.compliance.share * 100)} % of seconds` : '';
  return `${describeSubject(threshold)} ${threshold.op} ${formatLimit(threshold)}${share}${stopText}`;
}

export function metricLabel(threshold: Threshold): string {
  switch (threshold.metric) {
    case 'latency':
      return threshold.stat;
    case 'error_rate':
      return 'error rate';
    case 'rps':
      return 'RPS';
    case 'check_rate':
      return 'check pass rate';
    case 'status_share':
      return `share of ${threshold.status} responses`;
    case 'count':
      return 'request count';
    case 'custom':
      return `${threshold.stat} of ${threshold.name}`;
    case 'telemetry':
      return telemetryLabel(threshold);
  }
}

/** A result's measured figure: "104 ms", for a limit relative to the baseline "118.3 % of baseline", for a share of seconds "99.3 % of seconds". */
export function formatMeasured(threshold: Threshold, measured: number): string {
  if (threshold.compliance) return `${formatNumber(measured * 100)} % of seconds`;
  return threshold.relativeTo === 'baseline' ? `${formatNumber(measured * 100)} % of baseline` : formatValue(threshold, measured);
}

/** The limit as written: "500 ms", or "110 % of baseline". */
export function formatLimit(threshold: Threshold): string {
  return threshold.relativeTo === 'baseline' ? `${formatNumber(threshold.value * 100)} % of baseline` : formatValue(threshold, threshold.value);
}

export function formatValue(threshold: Threshold, value: number): string {
  switch (threshold.metric) {
    case 'latency':
      return `${formatNumber(value)} ms`;
    case 'error_rate':
    case 'check_rate':
    case 'status_share':
      return `${formatNumber(value * 100)} %`;
    case 'rps':
      return `${formatNumber(value)} req/s`;
    case 'count':
      return `${formatNumber(value)} requests`;
    case 'custom':
      // A custom metric is in the script's own units, which k6 does not tell.
      return formatNumber(value);
    case 'telemetry':
      return telemetryValue(threshold, value);
  }
}

export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** "27x headroom", "12 % headroom", "over by 40 %", "short by 5 %". */
export function margin(measured: number, op: ThresholdOp, value: number, passed: boolean): string {
  const upperBound = op === '<' || op === '<=';
  if (passed) {
    const ratio = upperBound ? (measured > 0 ? value / measured : Infinity) : value > 0 ? measured / value : Infinity;
    if (!Number.isFinite(ratio)) return 'none measured, full headroom';
    return ratio >= 2
      ? `${ratio >= 10 ? Math.round(ratio).toLocaleString('en-US') : formatNumber(ratio)}x headroom`
      : `${formatNumber((ratio - 1) * 100)} % headroom`;
  }
  if (value === 0) return upperBound ? 'over the limit' : 'under the limit';
  const off = Math.abs(measured - value) / value;
  return upperBound ? `over by ${formatNumber(off * 100)} %` : `short by ${formatNumber(off * 100)} %`;
}
