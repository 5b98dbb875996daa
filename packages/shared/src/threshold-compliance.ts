import { minimumSamples } from './diagnostics.js';
import { emptyHistogram, mergeHistogramInto, quantile } from './histogram.js';
import type { SecondSample } from './series.js';
import { inScope } from './stop-rule.js';
import { describeThreshold, formatNumber } from './threshold-text.js';
import { inWindow } from './threshold-time.js';
import { meets, statusInClass, type SecondsJudge, type ThresholdResult } from './threshold.js';

/**
 * Compliance over time: "p95 < 200 ms in ≥ 99 % of seconds". Each second of the run (of the
 * threshold's window) is judged on its own requests in the threshold's scope; the threshold is
 * met when the share of judged seconds that meet the limit reaches `compliance.share`. The
 * same honesty as any verdict:
 * - a second with too few requests for its own figure (a p99 needs n·(1−q) ≥ 10) is not
 *   judged, and when most seconds are not, neither is the threshold;
 * - with fewer judged seconds than 1 / (1 − share) (100 for 99 %), a single second would
 *   decide; and never fewer than COMPLIANCE_MIN_SECONDS: INCONCLUSIVE.
 */

/** The fewest seconds a share of seconds is read from. */
export const COMPLIANCE_MIN_SECONDS = 10;

/** The metrics a second can be judged on by itself. */
export const COMPLIANCE_METRICS = ['latency', 'error_rate', 'status_share'] as const;

const QUANTILE: Record<string, number> = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 };

/** One second's figure of the threshold, or why it has none. */
function secondFigure(threshold: Parameters<SecondsJudge>[0], second: SecondSample): number | 'none' | 'few' {
  const rows = second.requests.filter((row) => inScope(threshold, row));
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  if (count === 0) return 'none';
  switch (threshold.metric) {
    case 'latency': {
      const histogram = emptyHistogram();
      for (const row of rows) mergeHistogramInto(histogram, row.latency);
      if (histogram.count === 0) return 'none';
      const q = QUANTILE[threshold.stat];
      if (q !== undefined) return histogram.count < minimumSamples(q) ? 'few' : quantile(histogram, q)!;
      if (threshold.stat === 'avg') return histogram.sum / histogram.count;
      return threshold.stat === 'max' ? histogram.max : histogram.min;
    }
    case 'error_rate':
      return rows.reduce((sum, row) => sum + (row.expected ? 0 : row.count), 0) / count;
    case 'status_share':
      return rows.reduce((sum, row) => sum + (statusInClass(String(row.status), threshold.status) ? row.count : 0), 0) / count;
    default:
      return 'none';
  }
}

const pct = (share: number) => `${formatNumber(share * 100)} %`;

/** Judges compliance thresholds on the run's merged seconds (all segments, time order). Pure. */
export function complianceJudge(seconds: readonly SecondSample[]): SecondsJudge {
  const firstT = seconds[0]?.t ?? 0;
  return (threshold) => {
    const required = threshold.compliance!.share;
    const label = describeThreshold(threshold);
    const inside = seconds.filter((second) => inWindow(threshold.window, second.t - firstT));
    let judged = 0;
    let met = 0;
    let few = 0;
    for (const second of inside) {
      const figure = secondFigure(threshold, second);
      if (figure === 'none') continue;
      if (figure === 'few') {
        few++;
        continue;
      }
      judged++;
      if (meets(threshold, figure)) met++;
    }
    const needed = Math.max(COMPLIANCE_MIN_SECONDS, required < 1 ? Math.ceil(1 / (1 - required) - 1e-9) : COMPLIANCE_MIN_SECONDS);
    const inconclusive = (why: string, measured: number | null = null): ThresholdResult => ({
      threshold,
      verdict: 'INCONCLUSIVE',
      measured,
      explanation: `${label}: ${why}, nothing to judge`,
    });
    if (few > judged) {
      return inconclusive(
        `${few} of ${few + judged} seconds had too few requests for a ${threshold.metric === 'latency' ? threshold.stat : 'figure'} of their own`,
      );
    }
    if (judged < needed) {
      return inconclusive(
        `${judged} second${judged === 1 ? '' : 's'} could be judged; ${pct(required)} of seconds needs at least ${needed} (fewer, and one second decides)`,
        judged ? met / judged : null,
      );
    }
    const share = met / judged;
    const passed = share >= required;
    return {
      threshold,
      verdict: passed ? 'PASS' : 'FAIL',
      measured: share,
      explanation: `${label}: met in ${pct(share)} of ${judged.toLocaleString('en-US')} seconds (${met.toLocaleString('en-US')})${few ? `, ${few} more with too few requests to judge` : ''}: ${passed ? 'compliant' : `${judged - met} seconds over the line, ${pct(required - share)} short`}`,
    };
  };
}
