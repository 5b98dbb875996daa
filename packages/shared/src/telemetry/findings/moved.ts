import type { MovedWithLatency } from '../report.js';
import type { TelemetryFindingsInput } from './index.js';
import type { SourceView } from './series.js';
import { spearman } from './stats.js';

export const MOVED_LIMITS = {
  /** Seconds of load with both a p95 and the series' value needed to rank it. */
  minSeconds: 5,
  /** Series kept in the report (the schema's bound). */
  top: 20,
  /**
   * Weaker than this with p95 and with errors, a series did not move with them: listing it
   * would read as a lead when it is noise (a steady run's seconds rank at random).
   */
  minStrength: 0.3,
} as const;

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Every kept series ranked by how closely it followed p95 over the load's seconds (Spearman's
 * rank correlation: a queue or a CPU that rises with latency need not rise in proportion), and
 * beside it how closely it followed the error share. Strength counts, not sign: free memory
 * falling as latency rises moved with it too. Constant series say nothing and are left out.
 */
export function movedWithLatency(input: TelemetryFindingsInput, views: readonly SourceView[]): MovedWithLatency[] {
  const load = input.load.filter((second) => second.t >= input.loadStart && second.t <= input.loadEnd && second.p95 !== null);
  const ranked: MovedWithLatency[] = [];
  for (const view of views) {
    for (const series of view.catalog.series) {
      const values: number[] = [];
      const p95: number[] = [];
      const errors: number[] = [];
      for (const second of load) {
        const value = view.good.get(second.t)?.[series.key];
        if (value === undefined || !Number.isFinite(value)) continue;
        values.push(value);
        p95.push(second.p95!);
        errors.push(second.errorRate);
      }
      if (values.length < MOVED_LIMITS.minSeconds || values.every((value) => value === values[0])) continue;
      const withLatency = spearman(values, p95);
      if (withLatency === null) continue;
      const withErrors = spearman(values, errors);
      if (Math.max(Math.abs(withLatency), Math.abs(withErrors ?? 0)) < MOVED_LIMITS.minStrength) continue;
      ranked.push({ source: view.name, key: series.key, withLatency: round(withLatency), withErrors: withErrors === null ? null : round(withErrors) });
    }
  }
  return ranked
    .sort(
      (a, b) =>
        Math.abs(b.withLatency) - Math.abs(a.withLatency) ||
        Math.abs(b.withErrors ?? 0) - Math.abs(a.withErrors ?? 0) ||
        a.source.localeCompare(b.source) ||
        a.key.localeCompare(b.key),
    )
    .slice(0, MOVED_LIMITS.top);
}
